import Foundation

/// Exact comparisons of JSON numbers for the evaluator: through `Decimal` (38 digits) when
/// both fit, through `Double` otherwise (numbers beyond `Decimal`'s range, like `1e400`).
enum NumberOrder {
    static func compare(_ lhs: JSONNumber, _ rhs: JSONNumber) -> ComparisonResult {
        if lhs == rhs { return .orderedSame }
        if let a = lhs.decimal, let b = rhs.decimal {
            return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        }
        let a = Double(lhs.text) ?? 0
        let b = Double(rhs.text) ?? 0
        return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }

    /// Whether `value / divisor` is an integer, or `nil` when exact arithmetic and binary
    /// floating point (in which Python's jsonschema and JavaScript validators divide) disagree:
    /// `0.3` is a multiple of `0.1` exactly but not in `Double`. Judging either way would make
    /// Bridle disagree with one kind of validator, so the caller reports it can't decide.
    static func isMultiple(_ value: JSONNumber, of divisor: JSONNumber) -> Bool? {
        if value.isIntegral, divisor.isIntegral, let a = value.int128, let b = divisor.int128, b != 0 {
            return a % b == 0
        }
        let exact = isExactMultiple(value, of: divisor)
        return exact == isBinaryMultiple(value, of: divisor) ? exact : nil
    }

    static func isExactMultiple(_ value: JSONNumber, of divisor: JSONNumber) -> Bool {
        value.isMultiple(of: divisor)
    }

    /// As validators that divide in `Double` decide; a quotient past `Double`'s range is
    /// not a multiple (Python's jsonschema reports it so).
    static func isBinaryMultiple(_ value: JSONNumber, of divisor: JSONNumber) -> Bool {
        guard let a = Double(value.text), let b = Double(divisor.text), b != 0 else { return false }
        let quotient = a / b
        return quotient.isFinite && quotient.rounded() == quotient
    }
}
