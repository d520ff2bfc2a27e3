import Foundation

/// Earliest and latest instants a date or date-time may name.
public struct DateBounds: Sendable, Hashable {
    public var lower: Date?
    public var lowerIsInclusive: Bool
    public var upper: Date?
    public var upperIsInclusive: Bool

    public init(lower: Date? = nil, lowerIsInclusive: Bool = true, upper: Date? = nil, upperIsInclusive: Bool = true) {
        self.lower = lower
        self.lowerIsInclusive = lowerIsInclusive
        self.upper = upper
        self.upperIsInclusive = upperIsInclusive
    }

    /// Whether `date` lies within the bounds.
    public func contains(_ date: Date) -> Bool {
        if let lower, lowerIsInclusive ? date < lower : date <= lower { return false }
        if let upper, upperIsInclusive ? date > upper : date >= upper { return false }
        return true
    }

    /// The instants both bounds admit.
    ///
    /// ```swift
    /// DateBounds(lower: a).intersection(DateBounds(lower: b, upper: c))   // b…c when b > a
    /// ```
    public func intersection(_ other: DateBounds) -> DateBounds {
        var result = self
        if let otherLower = other.lower {
            if let lower, lower > otherLower {
                // Ours is tighter.
            } else if let lower, lower == otherLower {
                result.lowerIsInclusive = lowerIsInclusive && other.lowerIsInclusive
            } else {
                result.lower = otherLower
                result.lowerIsInclusive = other.lowerIsInclusive
            }
        }
        if let otherUpper = other.upper {
            if let upper, upper < otherUpper {
                // Ours is tighter.
            } else if let upper, upper == otherUpper {
                result.upperIsInclusive = upperIsInclusive && other.upperIsInclusive
            } else {
                result.upper = otherUpper
                result.upperIsInclusive = other.upperIsInclusive
            }
        }
        return result
    }
}
