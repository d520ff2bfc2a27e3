import Foundation

/// A JSON number, kept as its exact text.
///
/// JSON numbers have unlimited range and precision, but Swift's numeric types do not:
/// `18446744073709551615` or `3.14159265358979323846` would silently change if they were
/// stored as a `Double`. Keeping the text means a number read from a model's output can be
/// written back byte for byte, and each consumer converts it to exactly the type it needs,
/// finding out (with `nil`) when it doesn't fit.
///
/// Equality and hashing are numeric, so `1`, `1.0`, `1e0` and `10e-1` are all equal.
///
/// ```swift
/// let big = JSONNumber(text: "18446744073709551615")!
/// big.exactInteger(UInt64.self)          // 18446744073709551615
/// big.exactInteger(Int64.self)           // nil: doesn't fit
/// JSONNumber(text: "1e2")?.exactInteger(Int.self)   // 100
/// JSONNumber(text: "1.0") == JSONNumber(1)          // true
/// JSONNumber(0.1)?.text                  // "0.1"
/// ```
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's text; always valid RFC 8259 number syntax.
    public let text: String

    /// Creates a number from JSON number text, or `nil` when `text` isn't valid RFC 8259
    /// number syntax (`"01"`, `"+1"`, `".5"`, `"1."`, `"NaN"` and surrounding spaces are all
    /// rejected).
    public init?(text: String) {
        var source = text
        let isValid = source.withUTF8 { bytes in
            if case .success(let end) = JSONNumberSyntax.scan(bytes, from: 0) {
                return end == bytes.count
            }
            return false
        }
        guard isValid else { return nil }
        self.text = text
    }

    /// For callers (the parser) that have already checked the syntax.
    package init(validatedText: String) {
        self.text = validatedText
    }

    /// Creates a number with the integer's exact decimal value.
    public init<I: BinaryInteger>(_ value: I) {
        self.text = String(value)
    }

    /// Creates a number with the shortest text that reads back as exactly `value`, or `nil`
    /// when `value` is infinite or NaN, which JSON cannot represent.
    ///
    /// A zero fraction is dropped (`100.0` becomes `"100"`, as `JSONEncoder` writes it).
    public init?(_ value: Double) {
        guard value.isFinite,
              let number = JSONNumber(floatingPointDescription: value.description)
        else { return nil }
        self = number
    }

    /// Creates a number with the shortest text that reads back as exactly `value` as a
    /// `Float` (so `Float(0.1)` becomes `"0.1"`, not `"0.10000000149011612"`), or `nil` when
    /// `value` is infinite or NaN.
    public init?(_ value: Float) {
        guard value.isFinite,
              let number = JSONNumber(floatingPointDescription: value.description)
        else { return nil }
        self = number
    }

    /// Creates a number with the decimal's exact digits, or `nil` when `value` is NaN.
    ///
    /// ```swift
    /// JSONNumber(Decimal(string: "3.14159265358979323846")!)?.text  // "3.14159265358979323846"
    /// ```
    public init?(_ value: Decimal) {
        guard !value.isNaN, let number = JSONNumber(text: value.description) else { return nil }
        self = number
    }

    /// Swift prints floating-point values as e.g. `1.5e-07` or `100.0`; both are valid JSON, but
    /// trimming them keeps generated JSON tidy and matches what other JSON writers produce.
    private init?(floatingPointDescription description: String) {
        var mantissa = Substring(description)
        var exponent: Substring?
        if let marker = description.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = description[..<marker]
            exponent = description[description.index(after: marker)...]
        }
        if mantissa.hasSuffix(".0") {
            mantissa = mantissa.dropLast(2)
        }
        var text = String(mantissa)
        if var exponent {
            var sign = ""
            if let first = exponent.first, first == "+" || first == "-" {
                sign = String(first)
                exponent = exponent.dropFirst()
            }
            let digits = exponent.drop(while: { $0 == "0" })
            text += "e" + sign + (digits.isEmpty ? "0" : String(digits))
        }
        self.init(text: text)
    }

    /// The number's text, as it appears in JSON.
    public var description: String { text }

    /// The value as a `Decimal`, or `nil` when it is beyond `Decimal`'s range.
    ///
    /// Digits beyond `Decimal`'s 38-digit precision are rounded, and numbers too small for it
    /// become zero, just as `double` behaves for `Double`.
    public var decimal: Decimal? {
        let canonical = self.canonical
        if canonical.digits.isEmpty { return Decimal(0) }
        guard case .small(var exponent) = canonical.exponent else {
            // A huge negative exponent underflows; a huge positive one overflows.
            if case .huge(let isNegative, _) = canonical.exponent, isNegative { return Decimal(0) }
            return nil
        }
        var digits = canonical.digits
        let maximumDigits = 38
        if digits.count > maximumDigits {
            exponent += digits.count - maximumDigits
            digits = Self.roundedDigits(digits, keeping: maximumDigits, exponent: &exponent)
        }
        // Decimal's exponent is an Int8; move magnitude between digits and exponent to fit.
        while exponent > Int(Int8.max), digits.count < maximumDigits {
            digits.append(0)
            exponent -= 1
        }
        if exponent > Int(Int8.max) { return nil }
        if exponent < Int(Int8.min) {
            let excess = Int(Int8.min) - exponent
            if excess > digits.count { return Decimal(0) }
            exponent = Int(Int8.min)
            digits = Self.roundedDigits(digits, keeping: digits.count - excess, exponent: &exponent)
            if digits.isEmpty { return Decimal(0) }
        }
        // With at most 38 digits and an in-range exponent, Decimal's own parser reads this
        // exactly. (Building it arithmetically is subtler: Decimal may store 1000 as 1e3, and
        // then `Decimal(sign:exponent:significand:)` overflows the exponent to NaN.)
        let digitText = String(decoding: digits.map { $0 &+ UInt8(ascii: "0") }, as: UTF8.self)
        let sign = canonical.isNegative ? "-" : ""
        guard let value = Decimal(string: "\(sign)\(digitText)e\(exponent)"), !value.isNaN else { return nil }
        return value
    }

    /// Rounds half up to `count` leading digits; `exponent` is already adjusted for the dropped
    /// digits, and gains one more if rounding carries into a new leading digit.
    private static func roundedDigits(_ digits: [UInt8], keeping count: Int, exponent: inout Int) -> [UInt8] {
        guard count < digits.count else { return digits }
        if count <= 0 {
            // Every digit is dropped; the value rounds to one unit at the new scale or to zero.
            return count == 0 && digits[0] >= 5 ? [1] : []
        }
        var kept = Array(digits[..<count])
        if digits[count] >= 5 {
            var position = kept.count - 1
            while position >= 0 {
                if kept[position] == 9 {
                    kept[position] = 0
                    position -= 1
                } else {
                    kept[position] += 1
                    break
                }
            }
            if position < 0 {
                kept.insert(1, at: 0)
                kept.removeLast()
                exponent += 1
            }
        }
        return kept
    }

    /// The value as the nearest `Double`, or `nil` when it overflows to infinity.
    public var double: Double? {
        // Swift's parser is correctly rounded and accepts every JSON number spelling.
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The value as the nearest `Float`, or `nil` when it overflows `Float`'s finite range.
    package var float: Float? {
        // Parsing the text directly avoids rounding twice (text → Double → Float).
        guard let value = Float(text), value.isFinite else { return nil }
        return value
    }

    /// The exact value as an `I`, or `nil` when the number isn't an integer or doesn't fit.
    ///
    /// Works on the digits, never through `Double`, so every value of every width is exact.
    ///
    /// ```swift
    /// JSONNumber(text: "-9223372036854775808")?.exactInteger(Int64.self)  // Int64.min
    /// JSONNumber(text: "100e-2")?.exactInteger(Int.self)                  // 1
    /// JSONNumber(text: "1.5")?.exactInteger(Int.self)                     // nil
    /// ```
    public func exactInteger<I: FixedWidthInteger>(_ type: I.Type) -> I? {
        let canonical = self.canonical
        if canonical.digits.isEmpty { return 0 }
        guard case .small(let exponent) = canonical.exponent, exponent >= 0 else { return nil }
        // An n-bit integer has at most ⌊n·log₁₀2⌋+1 digits; checking first means `1e1000000000`
        // is rejected without a billion multiplications.
        let maximumDigits = I.bitWidth * 30103 / 100000 + 1
        guard canonical.digits.count <= maximumDigits, exponent <= maximumDigits - canonical.digits.count else {
            return nil
        }
        var magnitude: I.Magnitude = 0
        for digit in canonical.digits {
            guard let next = Self.appendingDigit(digit, to: magnitude) else { return nil }
            magnitude = next
        }
        for _ in 0..<exponent {
            guard let next = Self.appendingDigit(0, to: magnitude) else { return nil }
            magnitude = next
        }
        if canonical.isNegative {
            guard I.isSigned, magnitude <= I.min.magnitude else { return nil }
            // Two's-complement negation in the unsigned type reaches I.min, which `-I(magnitude)`
            // could not (I.max < |I.min|).
            return I(truncatingIfNeeded: 0 &- magnitude)
        }
        return I(exactly: magnitude)
    }

    private static func appendingDigit<M: FixedWidthInteger>(_ digit: UInt8, to value: M) -> M? {
        let (scaled, overflow) = value.multipliedReportingOverflow(by: 10)
        let (sum, carry) = scaled.addingReportingOverflow(M(truncatingIfNeeded: digit))
        return overflow || carry ? nil : sum
    }

    /// The exact value as an `Int128`, or `nil` when it isn't an integer or doesn't fit.
    public var int128: Int128? {
        exactInteger(Int128.self)
    }

    /// Whether the value is a whole number (`1.0` and `1e2` are; `1.5` is not).
    package var isIntegral: Bool {
        let canonical = self.canonical
        if canonical.digits.isEmpty { return true }
        switch canonical.exponent {
        case .small(let exponent): return exponent >= 0
        case .huge(let isNegative, _): return !isNegative
        }
    }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        lhs.text == rhs.text || lhs.canonical == rhs.canonical
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(canonical)
    }

    // MARK: - Numeric normal form

    /// The value as `±digits × 10^exponent` with no leading or trailing zeros in `digits`, so
    /// numerically equal texts have equal canonical forms. Zero is always `+[] × 10^0`, which
    /// makes `-0` equal to `0`, as it is numerically.
    package struct Canonical: Hashable {
        package var isNegative: Bool
        /// Digit values 0...9, most significant first.
        package var digits: [UInt8]
        package var exponent: Exponent
    }

    /// A decimal exponent. Valid JSON may spell exponents of any length, so exponents beyond
    /// `Int` are kept exactly as digits rather than saturated, which would make distinct
    /// numbers compare equal.
    package enum Exponent: Hashable {
        /// Any exponent whose magnitude is below 10¹⁸; always used when it is.
        case small(Int)
        /// Magnitude digit values, most significant first, without leading zeros.
        case huge(isNegative: Bool, magnitude: [UInt8])
    }

    package var canonical: Canonical {
        let bytes = Array(text.utf8)
        var index = 0
        var isNegative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            isNegative = true
            index += 1
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(bytes.count)
        while index < bytes.count, Self.isDigit(bytes[index]) {
            digits.append(bytes[index] &- UInt8(ascii: "0"))
            index += 1
        }
        var fractionCount = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, Self.isDigit(bytes[index]) {
                digits.append(bytes[index] &- UInt8(ascii: "0"))
                fractionCount += 1
                index += 1
            }
        }
        var exponentIsNegative = false
        var exponentDigits: ArraySlice<UInt8> = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentIsNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            exponentDigits = bytes[index...]
        }
        guard let first = digits.firstIndex(where: { $0 != 0 }),
              let last = digits.lastIndex(where: { $0 != 0 })
        else {
            return Canonical(isNegative: false, digits: [], exponent: .small(0))
        }
        let trailingZeros = digits.count - 1 - last
        let exponent = Self.exponent(
            isNegative: exponentIsNegative,
            asciiDigits: exponentDigits,
            adding: trailingZeros - fractionCount
        )
        return Canonical(isNegative: isNegative, digits: Array(digits[first...last]), exponent: exponent)
    }

    private static let smallExponentLimit = 1_000_000_000_000_000_000

    private static func exponent(isNegative: Bool, asciiDigits: ArraySlice<UInt8>, adding delta: Int) -> Exponent {
        let magnitude = Array(asciiDigits.drop(while: { $0 == UInt8(ascii: "0") }).map { $0 &- UInt8(ascii: "0") })
        if magnitude.count <= 18 {
            var value = 0
            for digit in magnitude { value = value * 10 + Int(digit) }
            if isNegative { value = -value }
            let (sum, overflow) = value.addingReportingOverflow(delta)
            if !overflow, sum.magnitude < UInt(smallExponentLimit) { return .small(sum) }
        }
        let deltaMagnitude = String(delta.magnitude).utf8.map { $0 &- UInt8(ascii: "0") }
        let (sumIsNegative, sumMagnitude) = BigDecimalDigits.add(
            (isNegative, magnitude),
            (delta < 0, deltaMagnitude)
        )
        if sumMagnitude.count <= 18 {
            var value = 0
            for digit in sumMagnitude { value = value * 10 + Int(digit) }
            return .small(sumIsNegative ? -value : value)
        }
        return .huge(isNegative: sumIsNegative, magnitude: sumMagnitude)
    }

    package static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

/// Signed arithmetic on decimal digit arrays, just enough to adjust exponents of any length.
private enum BigDecimalDigits {
    package typealias Signed = (isNegative: Bool, magnitude: [UInt8])

    package static func add(_ lhs: Signed, _ rhs: Signed) -> Signed {
        if lhs.isNegative == rhs.isNegative {
            return normalized((lhs.isNegative, addMagnitudes(lhs.magnitude, rhs.magnitude)))
        }
        switch compareMagnitudes(lhs.magnitude, rhs.magnitude) {
        case 0: return (false, [])
        case 1: return normalized((lhs.isNegative, subtractMagnitudes(lhs.magnitude, rhs.magnitude)))
        default: return normalized((rhs.isNegative, subtractMagnitudes(rhs.magnitude, lhs.magnitude)))
        }
    }

    private static func normalized(_ value: Signed) -> Signed {
        let magnitude = Array(value.magnitude.drop(while: { $0 == 0 }))
        return (magnitude.isEmpty ? false : value.isNegative, magnitude)
    }

    private static func compareMagnitudes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        let lhs = Array(lhs.drop(while: { $0 == 0 }))
        let rhs = Array(rhs.drop(while: { $0 == 0 }))
        if lhs.count != rhs.count { return lhs.count < rhs.count ? -1 : 1 }
        for (left, right) in zip(lhs, rhs) where left != right {
            return left < right ? -1 : 1
        }
        return 0
    }

    private static func addMagnitudes(_ lhs: [UInt8], _ rhs: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var carry: UInt8 = 0
        var left = lhs.count - 1
        var right = rhs.count - 1
        while left >= 0 || right >= 0 || carry > 0 {
            let sum = (left >= 0 ? lhs[left] : 0) + (right >= 0 ? rhs[right] : 0) + carry
            result.append(sum % 10)
            carry = sum / 10
            left -= 1
            right -= 1
        }
        return result.reversed()
    }

    /// Requires `lhs >= rhs`.
    private static func subtractMagnitudes(_ lhs: [UInt8], _ rhs: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var borrow: Int = 0
        var left = lhs.count - 1
        var right = rhs.count - 1
        while left >= 0 {
            var difference = Int(lhs[left]) - borrow - (right >= 0 ? Int(rhs[right]) : 0)
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += 10 }
            result.append(UInt8(difference))
            left -= 1
            right -= 1
        }
        return result.reversed()
    }
}
