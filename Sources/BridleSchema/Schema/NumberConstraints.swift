import Foundation

/// What a JSON number (integral or not) may be.
///
/// Bounds are `Decimal` so that a bound written as `0.1` means exactly one tenth.
///
/// ```swift
/// NumberConstraints(minimum: 0, maximum: 1)
/// // {"type":"number","minimum":0,"maximum":1}
/// ```
public struct NumberConstraints: Sendable, Hashable {
    public var minimum: Decimal?
    public var minimumIsExclusive: Bool
    public var maximum: Decimal?
    public var maximumIsExclusive: Bool
    /// Every value is an integer multiple of this positive step (`multipleOf`), judged
    /// exactly in decimal: `0.3` is a multiple of `0.1`.
    public var multipleOf: Decimal?

    public init(
        minimum: Decimal? = nil, minimumIsExclusive: Bool = false,
        maximum: Decimal? = nil, maximumIsExclusive: Bool = false, multipleOf: Decimal? = nil
    ) {
        self.multipleOf = multipleOf
        self.minimum = minimum
        self.minimumIsExclusive = minimumIsExclusive
        self.maximum = maximum
        self.maximumIsExclusive = maximumIsExclusive
    }

    package mutating func intersect(minimum newMinimum: Decimal, exclusive: Bool = false) {
        if let minimum, minimum > newMinimum || (minimum == newMinimum && minimumIsExclusive) { return }
        minimum = newMinimum
        minimumIsExclusive = exclusive
    }

    package mutating func intersect(maximum newMaximum: Decimal, exclusive: Bool = false) {
        if let maximum, maximum < newMaximum || (maximum == newMaximum && maximumIsExclusive) { return }
        maximum = newMaximum
        maximumIsExclusive = exclusive
    }

    /// Whether `number` lies within the bounds. Numbers beyond `Decimal`'s range (about
    /// 1e165) are compared as `Double`s, which is exact at that distance from any bound.
    public func contains(_ number: JSONNumber) -> Bool {
        if let value = number.decimal { return contains(value) }
        guard let value = number.double else { return minimum == nil && maximum == nil }
        if let minimum, value < NSDecimalNumber(decimal: minimum).doubleValue { return false }
        if let maximum, value > NSDecimalNumber(decimal: maximum).doubleValue { return false }
        return true
    }

    /// Whether `value` lies within the bounds.
    public func contains(_ value: Decimal) -> Bool {
        if let minimum, minimumIsExclusive ? value <= minimum : value < minimum { return false }
        if let maximum, maximumIsExclusive ? value >= maximum : value > maximum { return false }
        return true
    }
}
