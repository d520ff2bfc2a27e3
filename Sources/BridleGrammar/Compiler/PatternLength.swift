/// A set of string lengths as sorted, disjoint, non-adjacent ranges, where one value, the
/// `cap`, stands for "more than anyone asked about": sums and counts saturate there.
///
/// ```swift
/// let digits = PatternLengthSet(ranges: [1...3])
/// digits.sum(PatternLengthSet(ranges: [0...0, 5...5]), cap: 7).ranges   // [1...3, 6...7]
/// ```
struct PatternLengthSet: Sendable, Hashable {
    /// More ranges than this are merged into their hull (a harmless over-estimate: narrowing
    /// checks that every part it keeps is possible).
    static let maximumRanges = 256

    private(set) var ranges: [ClosedRange<Int>]

    init(ranges: [ClosedRange<Int>]) {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Int>] = []
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        if merged.count > Self.maximumRanges, let last = merged.last {
            let keep = Self.maximumRanges - 1
            merged = Array(merged[..<keep]) + [merged[keep].lowerBound...last.upperBound]
        }
        self.ranges = merged
    }

    static let zero = PatternLengthSet(ranges: [0...0])
    static let none = PatternLengthSet(ranges: [])

    var isEmpty: Bool { ranges.isEmpty }
    var minimum: Int? { ranges.first?.lowerBound }
    var maximum: Int? { ranges.last?.upperBound }

    func contains(_ length: Int) -> Bool {
        ranges.contains { $0.contains(length) }
    }

    func union(_ other: PatternLengthSet) -> PatternLengthSet {
        PatternLengthSet(ranges: ranges + other.ranges)
    }

    /// Every `a + b` with `a` in `self` and `b` in `other`, values above `cap` counted as `cap`.
    func sum(_ other: PatternLengthSet, cap: Int) -> PatternLengthSet {
        var result: [ClosedRange<Int>] = []
        result.reserveCapacity(ranges.count * other.ranges.count)
        for first in ranges {
            for second in other.ranges {
                let low = min(first.lowerBound + second.lowerBound, cap)
                result.append(low...min(first.upperBound + second.upperBound, cap))
            }
        }
        return PatternLengthSet(ranges: result)
    }

    /// The lengths within `bounds`.
    func clamped(to bounds: ClosedRange<Int>) -> PatternLengthSet {
        PatternLengthSet(ranges: ranges.compactMap { range in
            let low = max(range.lowerBound, bounds.lowerBound)
            let high = min(range.upperBound, bounds.upperBound)
            return low <= high ? low...high : nil
        })
    }

    /// The smallest length in the set above `length`.
    func next(after length: Int) -> Int? {
        for range in ranges where range.upperBound > length {
            return max(range.lowerBound, length + 1)
        }
        return nil
    }

    /// The largest length in the set below `length`.
    func previous(before length: Int) -> Int? {
        for range in ranges.reversed() where range.lowerBound < length {
            return min(range.upperBound, length - 1)
        }
        return nil
    }

    /// The lengths in words: "3", "2…5", "1, 3…4, 9 or more" (`cap` read as "more than
    /// cap - 1").
    func description(cap: Int) -> String {
        var words = ranges.prefix(4).map { range -> String in
            if range.lowerBound >= cap { return "more than \(cap - 1)" }
            if range.upperBound >= cap { return "\(range.lowerBound) or more" }
            return range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound)…\(range.upperBound)"
        }
        if ranges.count > 4 { words.append("…") }
        return words.joined(separator: ", ")
    }
}

/// Narrows a pattern's language to the strings whose length (in decoded Unicode scalars) is
/// within a bound, exactly: every string left has such a length, and the result is empty only
/// when no string of the pattern has one.
///
/// A set keeps its one scalar or goes; alternatives that can't fit are dropped. A sequence
/// first finds lengths for its parts that add up to something within the bound, giving each
/// part its shortest length and then spreading any shortfall one scalar at a time across the
/// parts; it then widens each part's share, in turns, while the total stays within the bound,
/// and narrows every part to its share. A repetition narrows its count and its item together
/// (`[a-z]{1,16}` within 3…5 becomes `[a-z]{3,5}`), falling back to a fixed count of
/// separately narrowed copies when no uniform share works (`(a|bcd){1,4}` of length 5).
///
/// ```swift
/// try PatternLength.narrow(node, to: 3...5, pattern: "^[a-z]+$", maximumRepeat: 16)
/// // [a-z]{3,5}
/// ```
enum PatternLength {
    static func narrow(_ node: PatternNode, to bounds: ClosedRange<Int>, pattern: String, maximumRepeat: Int) throws(PatternGrammarError) -> PatternNode {
        let low = max(0, bounds.lowerBound)
        let high = bounds.upperBound
        if high >= 0, low <= high, let narrowed = restrict(node, low, high) {
            return narrowed.simplified
        }
        // Saturating well above the bound, so the message shows the lengths near it exactly.
        let cap = max(high, 0) * 2 + 100
        let lengths = lengths(of: node, cap: cap)
        let bound = bounds.lowerBound == bounds.upperBound ? "\(bounds.lowerBound)" : "\(bounds.lowerBound)…\(bounds.upperBound)"
        throw PatternGrammarError(
            kind: .lengthConflict, pattern: pattern, offset: 0,
            message: "no string of the pattern has a length within \(bound): its strings are \(lengths.description(cap: cap)) \(lengths == PatternLengthSet(ranges: [1...1]) ? "character" : "characters") long (unbounded quantifiers repeat at most \(maximumRepeat) times); widen the length bounds, raise the repeat limit, or change the pattern")
    }

    /// The lengths of `node`'s strings, saturated at `cap`.
    static func lengths(of node: PatternNode, cap: Int) -> PatternLengthSet {
        switch node {
        case .set(let set):
            return set.withoutSurrogates.isEmpty ? .none : PatternLengthSet(ranges: [min(1, cap)...min(1, cap)])
        case .sequence(let items):
            var total = PatternLengthSet.zero
            for item in items {
                total = total.sum(lengths(of: item, cap: cap), cap: cap)
                if total.isEmpty { break }
            }
            return total
        case .alternation(let items):
            return items.reduce(PatternLengthSet.none) { $0.union(lengths(of: $1, cap: cap)) }
        case .repetition(let item, let minimum, let maximum):
            let single = lengths(of: item, cap: cap)
            var power = PatternLengthSet.zero
            var count = 0
            while count < minimum {
                let next = power.sum(single, cap: cap)
                count += 1
                if next == power { break }  // stable from here on
                power = next
            }
            var total = power
            while count < maximum {
                let next = power.sum(single, cap: cap)
                count += 1
                if next == power { break }
                power = next
                total = total.union(power)
            }
            return total
        }
    }

    /// `node`'s strings whose lengths are within `low...high` (nil: none).
    static func restrict(_ node: PatternNode, _ low: Int, _ high: Int) -> PatternNode? {
        guard low <= high, high >= 0 else { return nil }
        switch node {
        case .set(let set):
            return !set.withoutSurrogates.isEmpty && low <= 1 && 1 <= high ? node : nil
        case .alternation(let items):
            let kept = items.compactMap { restrict($0, low, high) }
            if kept.isEmpty { return nil }
            return kept.count == 1 ? kept[0] : .alternation(kept)
        case .sequence(let items):
            return restrictSequence(items, low, high)
        case .repetition(let item, let minimum, let maximum):
            return restrictRepetition(item, minimum: minimum, maximum: maximum, low, high)
        }
    }

    private static func restrictSequence(_ items: [PatternNode], _ low: Int, _ high: Int) -> PatternNode? {
        if items.isEmpty { return low == 0 ? .empty : nil }
        let cap = high + 1
        let sets = items.map { lengths(of: $0, cap: cap).clamped(to: 0...high) }
        if sets.contains(where: \.isEmpty) { return nil }
        var suffix = Array(repeating: PatternLengthSet.zero, count: items.count + 1)
        for index in items.indices.reversed() {
            suffix[index] = sets[index].sum(suffix[index + 1], cap: cap)
        }
        guard !suffix[0].clamped(to: low...high).isEmpty else { return nil }
        guard var shares = evenShares(sets, low, high) ?? exactShares(sets, suffix, low, high) else { return nil }
        widen(&shares, sets, low, high)
        var parts: [PatternNode] = []
        for (item, share) in zip(items, shares) {
            guard let part = restrict(item, share.lowerBound, share.upperBound) else { return nil }
            parts.append(part)
        }
        return .sequence(parts)
    }

    /// One length per part, each part's shortest, then raised in turns, one step at a time,
    /// until the total reaches `low` (nil if a jump would pass `high` before that).
    private static func evenShares(_ sets: [PatternLengthSet], _ low: Int, _ high: Int) -> [ClosedRange<Int>]? {
        var lengths = sets.map { $0.minimum ?? 0 }
        var total = lengths.reduce(0, +)
        guard total <= high else { return nil }
        var progressed = true
        while total < low && progressed {
            progressed = false
            for index in lengths.indices where total < low {
                guard let next = sets[index].next(after: lengths[index]), total - lengths[index] + next <= high else { continue }
                total += next - lengths[index]
                lengths[index] = next
                progressed = true
            }
        }
        return total >= low ? lengths.map { $0...$0 } : nil
    }

    /// One length per part adding up to the smallest total within the bound, found through
    /// the sums each suffix of parts can reach.
    private static func exactShares(_ sets: [PatternLengthSet], _ suffix: [PatternLengthSet], _ low: Int, _ high: Int) -> [ClosedRange<Int>]? {
        guard var remaining = suffix[0].clamped(to: low...high).minimum else { return nil }
        var shares: [ClosedRange<Int>] = []
        for index in sets.indices {
            var chosen: Int?
            var candidate = sets[index].minimum
            while let length = candidate, length <= remaining {
                if suffix[index + 1].contains(remaining - length) {
                    chosen = length
                    break
                }
                candidate = sets[index].next(after: length)
            }
            guard let length = chosen else { return nil }
            shares.append(length...length)
            remaining -= length
        }
        return shares
    }

    /// Widens the shares in turns, one achievable length at a time, keeping the total of the
    /// upper ends within `high` and of the lower ends at least `low`.
    private static func widen(_ shares: inout [ClosedRange<Int>], _ sets: [PatternLengthSet], _ low: Int, _ high: Int) {
        var slack = high - shares.reduce(0) { $0 + $1.upperBound }
        var progressed = true
        while slack > 0 && progressed {
            progressed = false
            for index in shares.indices {
                guard let next = sets[index].next(after: shares[index].upperBound), next - shares[index].upperBound <= slack else { continue }
                slack -= next - shares[index].upperBound
                shares[index] = shares[index].lowerBound...next
                progressed = true
            }
        }
        slack = shares.reduce(0) { $0 + $1.lowerBound } - low
        progressed = true
        while slack > 0 && progressed {
            progressed = false
            for index in shares.indices {
                guard let previous = sets[index].previous(before: shares[index].lowerBound), shares[index].lowerBound - previous <= slack else { continue }
                slack -= shares[index].lowerBound - previous
                shares[index] = previous...shares[index].upperBound
                progressed = true
            }
        }
    }

    private static func restrictRepetition(_ item: PatternNode, minimum: Int, maximum: Int, _ low: Int, _ high: Int) -> PatternNode? {
        let cap = high + 1
        let single = lengths(of: item, cap: cap).clamped(to: 0...high)
        guard let shortest = single.minimum, let longest = single.maximum else {
            return minimum == 0 && low == 0 ? .empty : nil
        }
        // When the item can be empty, fewer copies are padded with empty ones: x{m,n} is x{0,n}.
        let minimum = shortest == 0 ? 0 : minimum
        let whole = PatternNode.repetition(item, minimum: minimum, maximum: maximum)
        guard !lengths(of: whole, cap: cap).clamped(to: low...high).isEmpty else { return nil }

        // Uniform: every copy within shortLength...longLength, the count within a range that
        // keeps the total within the bound.
        func counts(_ shortLength: Int, _ longLength: Int) -> (Int, Int)? {
            let fewest: Int
            if shortLength == 0 {
                guard low == 0 else { return nil }
                fewest = minimum
            } else {
                fewest = max(minimum, (low + shortLength - 1) / shortLength)
            }
            let most = longLength == 0 ? maximum : min(maximum, high / longLength)
            return fewest <= most ? (fewest, most) : nil
        }
        func gap(_ shortLength: Int, _ longLength: Int) -> Int {
            let fewest = shortLength == 0 ? (low == 0 ? minimum : Int.max / 2) : max(minimum, (low + shortLength - 1) / shortLength)
            let most = longLength == 0 ? maximum : min(maximum, high / longLength)
            return fewest - most
        }
        var shortLength = shortest
        var longLength = longest
        while shortLength <= longLength {
            if let (fewest, most) = counts(shortLength, longLength) {
                if most == 0 { return .empty }
                guard let narrowed = restrict(item, shortLength, longLength) else { break }
                return .repetition(narrowed, minimum: fewest, maximum: most)
            }
            let lowered = single.previous(before: longLength).flatMap { $0 >= shortLength ? $0 : nil }
            let raised = single.next(after: shortLength).flatMap { $0 <= longLength ? $0 : nil }
            switch (lowered, raised) {
            case (let lowered?, let raised?):
                if gap(shortLength, lowered) <= gap(raised, longLength) { longLength = lowered } else { shortLength = raised }
            case (let lowered?, nil): longLength = lowered
            case (nil, let raised?): shortLength = raised
            case (nil, nil): shortLength = longLength + 1
            }
        }

        // Fallback: the fewest copies that can add up to a length within the bound, each
        // narrowed on its own.
        var power = PatternLengthSet.zero
        for count in 0...maximum {
            if count > 0 { power = power.sum(single, cap: cap) }
            guard count >= minimum, !power.clamped(to: low...high).isEmpty else { continue }
            if count == 0 { return .empty }
            return restrictSequence(Array(repeating: item, count: count), low, high)
        }
        return nil
    }
}
