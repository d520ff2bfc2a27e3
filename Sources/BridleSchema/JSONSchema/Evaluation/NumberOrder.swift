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

    /// Whether `value / divisor` is an integer. A quotient too large to tell (past `Double`)
    /// counts as not a multiple, as validators that divide in floating point decide.
    static func isMultiple(_ value: JSONNumber, of divisor: JSONNumber) -> Bool {
        if value.isIntegral, divisor.isIntegral, let a = value.int128, let b = divisor.int128, b != 0 {
            return a % b == 0
        }
        if let a = value.decimal, let b = divisor.decimal, !b.isZero {
            let quotient = a / b
            var rounded = Decimal()
            var copy = quotient
            NSDecimalRound(&rounded, &copy, 0, .plain)
            if quotient.isFinite, abs(NSDecimalNumber(decimal: quotient).doubleValue) < 1e30 {
                return rounded == quotient
            }
        }
        guard let a = Double(value.text), let b = Double(divisor.text), b != 0 else { return false }
        let quotient = a / b
        return quotient.isFinite && quotient.rounded() == quotient
    }
}
