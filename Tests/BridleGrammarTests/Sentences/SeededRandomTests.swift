import Testing
@testable import BridleGrammar
import BridleTestSupport

@Suite("SeededRandom")
struct SeededRandomTests {
    @Test("matches the published xoshiro256** stream seeded by SplitMix64", arguments: [
        (0, [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0, 0x6AA5_94F1_262D_2D2C]),
        (42, [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1, 0xECB8_AD47_03B3_60A1]),
    ] as [(UInt64, [UInt64])])
    func referenceValues(seed: UInt64, expected: [UInt64]) {
        var random = SeededRandom(seed: seed)
        #expect((0..<4).map { _ in random.next() } == expected)
    }

    @Test("uniform(below:) stays in range and covers it")
    func uniformRange() {
        var random = SeededRandom(seed: 7)
        var seen = Set<UInt64>()
        for _ in 0..<1_000 {
            let value = random.uniform(below: 6 as UInt64)
            #expect(value < 6)
            seen.insert(value)
        }
        #expect(seen.count == 6)
        #expect(random.uniform(below: 0 as UInt64) == 0)
        #expect(random.uniform(below: -3) == 0)
        #expect(random.uniform(below: UInt64.max) < UInt64.max)
    }

    @Test("uniform(below:) is pinned for a seed (values checked against a Python model)")
    func uniformIsPinned() {
        var random = SeededRandom(seed: 1)
        #expect((0..<8).map { _ in random.uniform(below: 10) } == [7, 5, 5, 3, 6, 1, 0, 3])
    }
}
