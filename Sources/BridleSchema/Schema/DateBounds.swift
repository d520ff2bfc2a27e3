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
}
