import BridleSchema
import BridleTestSupport
import Foundation
import Testing

@Suite struct DateBoundsTests {
    /// Bounds on a small grid of instants, so equal ends (where inclusiveness decides) are common.
    static func randomBounds(_ random: inout SplitMix64) -> DateBounds {
        func end() -> Date? {
            random.next() % 3 == 0 ? nil : Date(timeIntervalSince1970: Double(random.next() % 6))
        }
        return DateBounds(lower: end(), lowerIsInclusive: random.next() % 2 == 0, upper: end(), upperIsInclusive: random.next() % 2 == 0)
    }

    @Test(arguments: 0..<64 as Range<UInt64>)
    func theIntersectionAdmitsExactlyWhatBothAdmit(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let first = Self.randomBounds(&random)
        let second = Self.randomBounds(&random)
        let both = first.intersection(second)
        for tenth in -10...70 {
            let date = Date(timeIntervalSince1970: Double(tenth) / 10)
            #expect(both.contains(date) == (first.contains(date) && second.contains(date)), "\(first) ∩ \(second) at \(date)")
        }
    }
}
