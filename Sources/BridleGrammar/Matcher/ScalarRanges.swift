/// A set of Unicode scalars as sorted, disjoint, non-adjacent ranges that hold only valid
/// scalar values: what a ``CharacterClass`` means once negation, overlaps, surrogates and
/// values past U+10FFFF are resolved.
///
/// The matcher tests membership with it, the sentence generator draws from it; both need the exact
/// set of scalars UTF-8 can carry, so both work from this one normal form.
///
/// ```swift
/// ScalarRanges(CharacterClass(ranges: [0x61...0x7A], isNegated: true)).ranges
/// // [0x0...0x60, 0x7B...0xD7FF, 0xE000...0x10FFFF]
/// ```
package struct ScalarRanges: Sendable, Hashable {
    static let maximumScalar: UInt32 = 0x10FFFF
    static let surrogates: ClosedRange<UInt32> = 0xD800...0xDFFF

    package let ranges: [ClosedRange<UInt32>]
    // Most grammar text is ASCII; two words answer those lookups without a search.
    private let asciiLow: UInt64
    private let asciiHigh: UInt64

    /// Every scalar.
    static let all = ScalarRanges(ranges: [0...maximumScalar])

    init(_ characterClass: CharacterClass) {
        let positive = Self.merged(characterClass.ranges)
        self.init(ranges: characterClass.isNegated ? Self.complement(positive) : positive)
    }

    init(scalar: UInt32) {
        self.init(ranges: [scalar...scalar])
    }

    /// The scalars in `ranges` (in any order, overlapping or not), less the surrogates.
    package init(ranges: [ClosedRange<UInt32>]) {
        let valid = Self.withoutSurrogates(Self.merged(ranges))
        self.ranges = valid
        var low: UInt64 = 0
        var high: UInt64 = 0
        for range in valid where range.lowerBound < 128 {
            for value in range.lowerBound...min(range.upperBound, 127) {
                if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
            }
        }
        asciiLow = low
        asciiHigh = high
    }

    var isEmpty: Bool { ranges.isEmpty }

    package func contains(_ scalar: UInt32) -> Bool {
        if scalar < 64 { return asciiLow & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return asciiHigh & (1 << UInt64(scalar - 64)) != 0 }
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if scalar < range.lowerBound {
                high = middle
            } else if scalar > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Whether some scalar in `lower...upper` is in the set.
    package func intersects(_ lower: UInt32, _ upper: UInt32) -> Bool {
        let index = firstRange(endingAtOrAfter: lower)
        return index < ranges.count && ranges[index].lowerBound <= upper
    }

    /// Whether every scalar in `lower...upper` is in the set.
    func covers(_ lower: UInt32, _ upper: UInt32) -> Bool {
        let index = firstRange(endingAtOrAfter: lower)
        return index < ranges.count && ranges[index].lowerBound <= lower && ranges[index].upperBound >= upper
    }

    /// The index of the first range that ends at or after `scalar` (`ranges.count` if none).
    private func firstRange(endingAtOrAfter scalar: UInt32) -> Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The scalars in both `first` and `second`, each sorted and disjoint.
    static func intersection(_ first: [ClosedRange<UInt32>], _ second: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        var (i, j) = (0, 0)
        while i < first.count, j < second.count {
            let lower = max(first[i].lowerBound, second[j].lowerBound)
            let upper = min(first[i].upperBound, second[j].upperBound)
            if lower <= upper { result.append(lower...upper) }
            if first[i].upperBound < second[j].upperBound { i += 1 } else { j += 1 }
        }
        return result
    }

    /// The scalars in `first` but not in `second`, each sorted and disjoint.
    static func subtracting(_ first: [ClosedRange<UInt32>], _ second: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        intersection(first, complement(second))
    }

    private static func merged(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        let clamped = ranges.compactMap { range -> ClosedRange<UInt32>? in
            range.lowerBound > maximumScalar ? nil : range.lowerBound...min(range.upperBound, maximumScalar)
        }.sorted { $0.lowerBound < $1.lowerBound }
        var result: [ClosedRange<UInt32>] = []
        for range in clamped {
            if let last = result.last, range.lowerBound <= last.upperBound &+ 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    private static func complement(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= maximumScalar { result.append(next...maximumScalar) }
        return result
    }

    private static func withoutSurrogates(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        for range in ranges {
            if range.lowerBound < surrogates.lowerBound {
                result.append(range.lowerBound...min(range.upperBound, surrogates.lowerBound - 1))
            }
            if range.upperBound > surrogates.upperBound {
                result.append(max(range.lowerBound, surrogates.upperBound + 1)...range.upperBound)
            }
        }
        return result
    }
}
