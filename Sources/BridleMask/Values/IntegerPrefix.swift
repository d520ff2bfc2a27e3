import BridleGrammar
import BridleSchema

/// Which integers a partly written integer can still become, decided exactly from its text:
/// the canonical integers (no leading zeros, no `-0`) that start with it.
///
/// ```swift
/// IntegerPrefix(Array("19".utf8))?.reaches(from: 1888, to: 2100)   // true: 1888…1999
/// IntegerPrefix(Array("19".utf8))?.reaches(from: 2015, to: 2100)   // false
/// ```
struct IntegerPrefix {
    let isNegative: Bool
    /// The magnitude's digits so far; empty when only the sign (or nothing) is written.
    let digits: Int128?
    let digitCount: Int
    /// Whether the text is the whole integer: no digit may follow.
    let isWhole: Bool

    /// `nil` when `text` is not the beginning of an integer.
    init?(_ text: [UInt8], isWhole: Bool = false) {
        self.isWhole = isWhole
        var bytes = text[...]
        isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { bytes = bytes.dropFirst() }
        var value: Int128 = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = times + Int128(byte - UInt8(ascii: "0"))
        }
        digits = bytes.isEmpty ? nil : value
        digitCount = bytes.count
    }

    /// Whether some integer it can become lies within `lower...upper` (`nil`: open).
    func reaches(from lower: Int128?, to upper: Int128?) -> Bool {
        let lower = lower ?? Int128.min + 1
        let upper = upper ?? Int128.max
        guard lower <= upper else { return false }
        guard let digits else {
            return isNegative ? lower <= -1 : true
        }
        if digits == 0 {
            // "0" is whole; "-0…" is not canonical, and "00" never written.
            return !isNegative && digitCount == 1 && lower <= 0 && 0 <= upper
        }
        var scale: Int128 = 1
        while true {
            let (low, lowOverflow) = digits.multipliedReportingOverflow(by: scale)
            let (next, nextOverflow) = (digits + 1).multipliedReportingOverflow(by: scale)
            if lowOverflow || nextOverflow { return false }
            let (first, last) = isNegative ? (-(next - 1), -low) : (low, next - 1)
            if first <= upper && lower <= last { return true }
            if isWhole { return false }
            // Longer magnitudes only move away from a range they already passed.
            if isNegative ? last < lower : first > upper { return false }
            let (wider, overflow) = scale.multipliedReportingOverflow(by: 10)
            if overflow { return false }
            scale = wider
        }
    }

    /// Whether some integer it can become lies in `bounds` and is `comparison` to `other`
    /// (`nil`: no comparison).
    func reaches(_ bounds: ValueRules.IntegerBounds, _ comparison: PropertyRelation.Comparison? = nil, _ other: Int128 = 0) -> Bool {
        let (lower, upper) = (bounds.minimum, bounds.maximum)
        switch comparison {
        case nil: return reaches(from: lower, to: upper)
        case .atLeast: return reaches(from: max(lower ?? other, other), to: upper)
        case .greaterThan: return other < Int128.max && reaches(from: max(lower ?? (other + 1), other + 1), to: upper)
        case .atMost: return reaches(from: lower, to: min(upper ?? other, other))
        case .lessThan: return other > Int128.min + 1 && reaches(from: lower, to: min(upper ?? (other - 1), other - 1))
        case .notEqual:
            return (other > Int128.min + 1 && reaches(from: lower, to: min(upper ?? (other - 1), other - 1)))
                || (other < Int128.max && reaches(from: max(lower ?? (other + 1), other + 1), to: upper))
        }
    }
}
