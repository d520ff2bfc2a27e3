/// A set of Unicode scalars, as GBNF's `[a-z0-9_]` writes it: inclusive ranges of scalar
/// values, possibly negated (`[^"\\]`).
public struct CharacterClass: Sendable, Hashable {
    /// Inclusive ranges of Unicode scalar values, in the order written.
    public var ranges: [ClosedRange<UInt32>]
    /// Whether the class matches every scalar *not* in `ranges`.
    public var isNegated: Bool

    public init(ranges: [ClosedRange<UInt32>], isNegated: Bool = false) {
        self.ranges = ranges
        self.isNegated = isNegated
    }

    /// A class of one range of scalars: `CharacterClass("a"..."z")`.
    public init(_ range: ClosedRange<Unicode.Scalar>, isNegated: Bool = false) {
        self.init(ranges: [range.lowerBound.value...range.upperBound.value], isNegated: isNegated)
    }

    /// Whether `scalar` is in the class.
    public func contains(_ scalar: UInt32) -> Bool {
        ranges.contains { $0.contains(scalar) } != isNegated
    }
}
