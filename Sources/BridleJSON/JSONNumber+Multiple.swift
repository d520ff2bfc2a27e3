import Foundation

extension JSONNumber {
    /// Whether this number is an integer multiple of `step` (positive), exactly: both are
    /// scaled to integers by the same power of ten and the remainder is computed digit by
    /// digit, so `0.3` is a multiple of `0.1` (a `Double` division says it is not).
    ///
    /// Steps whose scaled form exceeds 36 digits, and numbers with exponents beyond a
    /// million, fall back to `Decimal` division, exact for every realistic schema.
    package func isMultiple(of step: JSONNumber) -> Bool {
        let value = canonical
        let divisor = step.canonical
        if value.digits.isEmpty { return true }
        guard !divisor.digits.isEmpty, case .small(let valueExponent) = value.exponent,
            case .small(let stepExponent) = divisor.exponent,
            abs(valueExponent) < 1_000_000, abs(stepExponent) < 1_000_000
        else { return decimalFallback(step) }
        let common = min(valueExponent, stepExponent)
        let stepDigits = divisor.digits + Array(repeating: 0, count: stepExponent - common)
        guard stepDigits.count <= 36 else { return decimalFallback(step) }
        let modulus = stepDigits.reduce(UInt128(0)) { $0 * 10 + UInt128($1) }
        var remainder = UInt128(0)
        for digit in value.digits + Array(repeating: 0, count: valueExponent - common) {
            remainder = (remainder * 10 + UInt128(digit)) % modulus
        }
        return remainder == 0
    }

    private func decimalFallback(_ step: JSONNumber) -> Bool {
        guard let value = decimal, let divisor = step.decimal, divisor != 0 else { return false }
        var quotient = value / divisor
        var rounded = Decimal()
        NSDecimalRound(&rounded, &quotient, 0, .plain)
        return rounded == quotient && rounded * divisor == value
    }
}
