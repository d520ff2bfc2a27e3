import Foundation

/// Exact comparisons of JSON numbers for JSON Schema's keywords: through `Decimal` (38 digits) when
/// both fit, through `Double` otherwise (numbers beyond `Decimal`'s range, like `1e400`).
package enum NumberOrder {
    package static func compare(_ lhs: JSONNumber, _ rhs: JSONNumber) -> ComparisonResult {
        if lhs == rhs { return .orderedSame }
        if let a = lhs.decimal, let b = rhs.decimal {
            return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        }
        let a = Double(lhs.text) ?? 0
        let b = Double(rhs.text) ?? 0
        return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }

    /// Whether `value / divisor` is an integer, exactly, as the specification says: `0.3` is
    /// a multiple of `0.1`, though a `Double` division says otherwise.
    package static func isExactMultiple(_ value: JSONNumber, of divisor: JSONNumber) -> Bool {
        value.isMultiple(of: divisor)
    }

}
