import BridleMask
import BridleTestSupport
import Foundation
import Testing

@Suite struct LogProbabilityTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func itIsTheLogSoftmaxOfTheLogits(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let logits = (0..<1000).map { _ in Float.random(in: -20...20, using: &generator) }
        let total = logits.map { exp(Double($0)) }.reduce(0, +)
        logits.withUnsafeBufferPointer { buffer in
            for token in [0, 17, 999] as [Int32] {
                let expected = Double(logits[Int(token)]) - log(total)
                #expect(abs(LogProbability.of(token, in: buffer) - expected) < 1e-4)
            }
        }
    }

    @Test func probabilitiesSumToOne() {
        let logits: [Float] = [2, 1, 0, -Float.infinity]
        let sum = logits.withUnsafeBufferPointer { buffer in
            (0..<4).map { exp(LogProbability.of(Int32($0), in: buffer)) }.reduce(0, +)
        }
        #expect(abs(sum - 1) < 1e-6)
    }

    @Test func aMaskedOrUnknownTokenIsImpossible() {
        let logits: [Float] = [2, -Float.infinity]
        logits.withUnsafeBufferPointer { buffer in
            #expect(LogProbability.of(1, in: buffer) == -Double.infinity)
            #expect(LogProbability.of(2, in: buffer) == -Double.infinity)
            #expect(LogProbability.of(-1, in: buffer) == -Double.infinity)
        }
    }
}
