@testable import BridleLlama
import Testing

/// `std::mt19937` as the C++ standard defines it, and libstdc++'s uniform `double` from it.
struct MersenneTwisterTests {
    @Test func theStandardsOutputsForItsDefaultSeed() {
        var twister = MersenneTwister(seed: 5489)
        #expect(twister.next() == 3_499_211_612)
        for _ in 2..<10_000 { _ = twister.next() }
        // The C++ standard's check: the 10,000th output of a default-constructed mt19937.
        #expect(twister.next() == 4_123_659_995)
    }

    @Test("a uniform double is two outputs, the first the low half, scaled by 2⁻⁶⁴", arguments: [0, 1, 42, 4_294_967_294] as [UInt32])
    func unitIntervalFromTwoOutputs(seed: UInt32) {
        var outputs = MersenneTwister(seed: seed)
        var doubles = MersenneTwister(seed: seed)
        for _ in 0..<1_000 {
            let (low, high) = (Double(outputs.next()), Double(outputs.next()))
            let value = doubles.nextUnitInterval()
            #expect(value == min((low + high * 4_294_967_296) / 18_446_744_073_709_551_616, Double(1).nextDown))
            #expect((0..<1).contains(value))
        }
    }
}
