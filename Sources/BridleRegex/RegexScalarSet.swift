/// A set of Unicode scalar values as sorted, disjoint, non-adjacent inclusive ranges within
/// `0...0x10FFFF`. Surrogate code points (`D800…DFFF`) may be in a set (a complement contains
/// them) but never occur in text; ``withoutSurrogates`` drops them.
///
/// ```swift
/// RegexScalarSet(ranges: [0x61...0x7A, 0x30...0x39]).ranges   // [0x30...0x39, 0x61...0x7A]
/// RegexScalarSet(ranges: [0x30...0x39]).complement.contains(0x35)   // false
/// ```
package struct RegexScalarSet: Sendable, Hashable {
    package static let maximumScalar: UInt32 = 0x10FFFF
    package static let surrogates: ClosedRange<UInt32> = 0xD800...0xDFFF

    /// Sorted, disjoint and non-adjacent.
    package private(set) var ranges: [ClosedRange<UInt32>]

    package init(ranges: [ClosedRange<UInt32>]) {
        let sorted = ranges
            .compactMap { range -> ClosedRange<UInt32>? in
                range.lowerBound > Self.maximumScalar ? nil : range.lowerBound...min(range.upperBound, Self.maximumScalar)
            }
            .sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    package init(scalar: UInt32) { self.init(ranges: [scalar...scalar]) }

    package init(scalars: [UInt32]) { self.init(ranges: scalars.map { $0...$0 }) }

    package static let empty = RegexScalarSet(ranges: [])
    package static let all = RegexScalarSet(ranges: [0...maximumScalar])

    package var isEmpty: Bool { ranges.isEmpty }

    /// The one scalar in the set, if it has exactly one.
    package var singleScalar: UInt32? {
        ranges.count == 1 && ranges[0].lowerBound == ranges[0].upperBound ? ranges[0].lowerBound : nil
    }

    package func contains(_ scalar: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar {
                low = middle + 1
            } else if ranges[middle].lowerBound > scalar {
                high = middle
            } else {
                return true
            }
        }
        return false
    }

    /// Both sets' ranges merged in one linear pass (they are sorted already).
    package func union(_ other: RegexScalarSet) -> RegexScalarSet {
        if other.ranges.isEmpty { return self }
        if ranges.isEmpty { return other }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(ranges.count + other.ranges.count)
        var (left, right) = (0, 0)
        while left < ranges.count || right < other.ranges.count {
            let range: ClosedRange<UInt32>
            if right == other.ranges.count || (left < ranges.count && ranges[left].lowerBound <= other.ranges[right].lowerBound) {
                range = ranges[left]
                left += 1
            } else {
                range = other.ranges[right]
                right += 1
            }
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        var set = RegexScalarSet.empty
        set.ranges = merged
        return set
    }

    package var complement: RegexScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            if range.upperBound == Self.maximumScalar { break }
            next = range.upperBound + 1
        }
        if ranges.last?.upperBound != Self.maximumScalar { result.append(next...Self.maximumScalar) }
        var set = RegexScalarSet.empty
        set.ranges = result  // sorted, and gaps between ranges are never adjacent
        return set
    }

    /// Both sets' ranges walked together, in one linear pass.
    package func intersection(_ other: RegexScalarSet) -> RegexScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var (left, right) = (0, 0)
        while left < ranges.count && right < other.ranges.count {
            let (a, b) = (ranges[left], other.ranges[right])
            let lower = max(a.lowerBound, b.lowerBound)
            let upper = min(a.upperBound, b.upperBound)
            if lower <= upper { result.append(lower...upper) }
            if a.upperBound < b.upperBound { left += 1 } else { right += 1 }
        }
        var set = RegexScalarSet.empty
        set.ranges = result  // sorted and disjoint; adjacent ones can't arise from two such sets
        return set
    }

    package func subtracting(_ other: RegexScalarSet) -> RegexScalarSet {
        intersection(other.complement)
    }

    /// The set less the surrogate code points, which never occur as scalars.
    package var withoutSurrogates: RegexScalarSet {
        subtracting(RegexScalarSet(ranges: [Self.surrogates]))
    }
}
