import BridleSchema
import Foundation
import Testing
@testable import BridleGrammar
import BridleTestSupport

@Suite struct NumberRangeGrammarTests {
    /// Bounds and values in thousandths, so expectations are plain integer comparisons.
    private struct Range: CustomStringConvertible {
        var minimum: Int?
        var minimumIsExclusive = false
        var maximum: Int?
        var maximumIsExclusive = false

        var constraints: NumberConstraints {
            NumberConstraints(
                minimum: minimum.map(thousandths), minimumIsExclusive: minimumIsExclusive,
                maximum: maximum.map(thousandths), maximumIsExclusive: maximumIsExclusive
            )
        }

        /// Whether `value` (thousandths) satisfies the bounds; `reach` limits open sides.
        func contains(_ value: Int, reach: Int) -> Bool {
            if let minimum, minimumIsExclusive ? value <= minimum : value < minimum { return false }
            if let maximum, maximumIsExclusive ? value >= maximum : value > maximum { return false }
            return abs(value) < reach
        }

        var description: String {
            "\(minimumIsExclusive ? "(" : "[")\(minimum.map { "\($0)‰" } ?? "-∞"), \(maximum.map { "\($0)‰" } ?? "∞")\(maximumIsExclusive ? ")" : "]")"
        }
    }

    private static func randomRange(seed: UInt64, fractionDigits: ClosedRange<Int>) -> Range {
        var generator = SplitMix64(seed: seed)
        func bound() -> Int {
            // 0–3 fraction digits: round thousandths to a multiple of 10^(3 - digits).
            let step = [1000, 100, 10, 1][Int.random(in: fractionDigits, using: &generator)]
            return Int.random(in: -2000...2000, using: &generator) / step * step
        }
        var range = Range(minimum: bound(), maximum: bound())
        if let low = range.minimum, let high = range.maximum, low > high, seed % 10 != 0 {
            (range.minimum, range.maximum) = (high, low)
        }
        range.minimumIsExclusive = Bool.random(using: &generator)
        range.maximumIsExclusive = Bool.random(using: &generator)
        if seed % 6 == 1 { range.minimum = nil }
        if seed % 7 == 2 { range.maximum = nil }
        return range
    }

    /// Every decimal with at most three fraction digits in -3…3, written canonically and with
    /// trailing zeros, against random ranges (exclusive flags, open sides, some empty).
    @Test(arguments: 0..<24 as Swift.Range<UInt64>)
    func randomRangesAreExact(seed: UInt64) throws {
        let range = Self.randomRange(seed: seed, fractionDigits: 0...3)
        // One integer digit: open sides end at ±9.999, inside the window's reach.
        let expression = NumberRangeGrammar.expression(range.constraints, maximumIntegerDigits: 1, maximumFractionDigits: 3)
        let isEmpty = !(-10_000...10_000).contains { range.contains($0, reach: 10_000) }
        if isEmpty {
            #expect(expression == nil, "seed \(seed): \(range)")
            return
        }
        let regex = try RegexSource.regex(for: try #require(expression))
        for value in -3000...3000 {
            let expected = range.contains(value, reach: 10_000)
            for text in spellings(thousandths: value, fractionDigits: 3) {
                #expect(regex.admits(text) == expected, "seed \(seed): \(text) in \(range)")
            }
            // A fourth fraction digit is beyond the limit, even when it is a zero.
            let overlong = spellings(thousandths: value, fractionDigits: 4).last ?? ""
            #expect(!regex.admits(overlong), "seed \(seed): \(overlong)")
        }
        for text in Self.alwaysRejected {
            #expect(!regex.admits(text), "seed \(seed): \(text)")
        }
    }

    /// Bounds with three fraction digits while the grammar writes fewer: the grammar's
    /// numbers are still admitted exactly when they are in range.
    @Test(arguments: 0..<24 as Swift.Range<UInt64>)
    func boundsFinerThanTheGridAreExact(seed: UInt64) throws {
        let range = Self.randomRange(seed: seed &+ 1000, fractionDigits: 2...3)
        let fractionDigits = Int(seed % 3)  // 0, 1 or 2
        let unit = [1000, 100, 10][fractionDigits]
        let expression = NumberRangeGrammar.expression(range.constraints, maximumIntegerDigits: 1, maximumFractionDigits: fractionDigits)
        let isEmpty = !stride(from: -9999 / unit * unit, through: 9999, by: unit).contains { range.contains($0, reach: 10_000) }
        if isEmpty {
            #expect(expression == nil, "seed \(seed): \(range)")
            return
        }
        let regex = try RegexSource.regex(for: try #require(expression))
        for value in -3000...3000 {
            let writable = value % unit == 0
            let expected = writable && range.contains(value, reach: 10_000)
            for text in spellings(thousandths: value, fractionDigits: 3) {
                let fits = text.split(separator: ".").dropFirst().first.map { $0.count <= fractionDigits } ?? true
                #expect(regex.admits(text) == (expected && fits), "seed \(seed), \(fractionDigits) digits: \(text) in \(range)")
            }
        }
    }

    static let alwaysRejected = ["-0", "-0.0", "-0.00", "-0.000", "", "-", ".5", "1.", "01", "+1", "1e0", "00.5", "-.5", "0.5.0"]

    @Test func exclusiveBoundRejectsItsPaddedForms() throws {
        let regex = try language(NumberConstraints(maximum: 1.5, maximumIsExclusive: true), fractionDigits: 3)
        for text in ["1.5", "1.50", "1.500", "1.6", "2"] { #expect(!regex.admits(text), "\(text)") }
        for text in ["1.499", "1.49", "1.4", "1", "1.0", "1.000", "-1.5", "-9.999"] { #expect(regex.admits(text), "\(text)") }

        let above = try language(NumberConstraints(minimum: -1.5, minimumIsExclusive: true), fractionDigits: 3)
        for text in ["-1.5", "-1.50", "-1.500", "-2"] { #expect(!above.admits(text), "\(text)") }
        for text in ["-1.499", "-1.49", "-1", "0", "0.0", "1.5"] { #expect(above.admits(text), "\(text)") }
    }

    @Test func boundsWithMoreDigitsThanTheLimit() throws {
        let value = decimal(1_234_567, exponent: -7)
        let atLeast = try language(NumberConstraints(minimum: value), fractionDigits: 3)
        #expect(!atLeast.admits("0.123") && !atLeast.admits("0.12") && !atLeast.admits("0"))
        #expect(atLeast.admits("0.124") && atLeast.admits("0.13") && atLeast.admits("0.2") && atLeast.admits("0.130"))

        for exclusive in [false, true] {
            let atMost = try language(NumberConstraints(maximum: value, maximumIsExclusive: exclusive), fractionDigits: 3)
            #expect(atMost.admits("0.123") && atMost.admits("0.12") && atMost.admits("0") && atMost.admits("-0.5"))
            #expect(!atMost.admits("0.124") && !atMost.admits("0.1234") && !atMost.admits("0.13"))
        }

        let negative = try language(NumberConstraints(minimum: -value, maximum: -value + 1), fractionDigits: 3)
        #expect(negative.admits("-0.123") && negative.admits("-0.12") && negative.admits("0.876"))
        #expect(!negative.admits("-0.124") && !negative.admits("-0.1234") && !negative.admits("0.877"))

        // Nothing with three fraction digits lies in (0.1234, 0.1236).
        let narrow = NumberConstraints(minimum: decimal(1234, exponent: -4), maximum: decimal(1236, exponent: -4))
        #expect(NumberRangeGrammar.expression(narrow, maximumFractionDigits: 3) == nil)
        #expect(NumberRangeGrammar.expression(narrow, maximumFractionDigits: 4) != nil)

        // A bound that rounds up to a new integer part.
        let nearlyOne = try language(NumberConstraints(minimum: decimal(99999, exponent: -5)), fractionDigits: 3)
        #expect(nearlyOne.admits("1") && nearlyOne.admits("1.0") && !nearlyOne.admits("0.999"))
    }

    @Test func integralOnlyGrid() throws {
        let regex = try language(NumberConstraints(minimum: -2.5, maximum: 3.5), fractionDigits: 0)
        for text in ["-2", "-1", "0", "1", "2", "3"] { #expect(regex.admits(text), "\(text)") }
        for text in ["-3", "4", "1.0", "0.5", "-0"] { #expect(!regex.admits(text), "\(text)") }
    }

    @Test func zeroIsNeverNegative() throws {
        for constraints in [NumberConstraints(), NumberConstraints(minimum: -1, maximum: 0), NumberConstraints(maximum: 0)] {
            let regex = try language(constraints, fractionDigits: 3)
            for text in ["-0", "-0.0", "-0.000"] { #expect(!regex.admits(text), "\(text)") }
            for text in ["0", "0.0", "0.000", "-0.5", "-0.001"] { #expect(regex.admits(text), "\(text)") }
        }
        let negative = try language(NumberConstraints(maximum: 0, maximumIsExclusive: true), fractionDigits: 2)
        #expect(!negative.admits("0") && !negative.admits("0.00") && !negative.admits("-0"))
        #expect(negative.admits("-0.01") && negative.admits("-0.1"))
    }

    @Test func openSidesReachTheDigitLimits() throws {
        let regex = try language(NumberConstraints(), integerDigits: 3, fractionDigits: 2)
        for text in ["999.99", "-999.99", "0.5", "-0.01", "123"] { #expect(regex.admits(text), "\(text)") }
        for text in ["1000", "-1000", "0.001", "1e2"] { #expect(!regex.admits(text), "\(text)") }

        // A given bound beyond the digit limit is honoured, and the open side reaches past it.
        let huge = decimal(1, exponent: 20)
        let above = try language(NumberConstraints(minimum: huge), integerDigits: 3, fractionDigits: 2)
        #expect(above.admits("100000000000000000000") && above.admits("100000000000000000000.01"))
        #expect(above.admits(String(repeating: "9", count: 21) + ".99"))
        #expect(!above.admits("99999999999999999999.99") && !above.admits("1" + String(repeating: "0", count: 21)))
    }

    @Test func extremeDecimals() throws {
        let greatest = try language(NumberConstraints(maximum: Decimal.greatestFiniteMagnitude), integerDigits: 15, fractionDigits: 2)
        #expect(greatest.admits("123.45") && greatest.admits("-999999999999999.99"))
        let tiny = try language(NumberConstraints(minimum: Decimal.leastNonzeroMagnitude, maximum: 1), fractionDigits: 6)
        #expect(tiny.admits("0.000001") && !tiny.admits("0") && !tiny.admits("0.000000"))
        #expect(NumberRangeGrammar.expression(NumberConstraints(minimum: Decimal.nan)) == nil)
        #expect(NumberRangeGrammar.expression(NumberConstraints(minimum: 2, maximum: 1)) == nil)
        #expect(NumberRangeGrammar.expression(NumberConstraints(minimum: 1, minimumIsExclusive: true, maximum: 1)) == nil)
        #expect(NumberRangeGrammar.expression(NumberConstraints(minimum: 1, maximum: 1)) != nil)
    }

    @Test func documentedExamples() throws {
        let quarter = decimal(25, exponent: -2)
        let regex = try language(NumberConstraints(minimum: quarter, maximum: 1.5, maximumIsExclusive: true), fractionDigits: 3)
        for text in ["0.25", "0.250", "0.3", "1", "1.499"] { #expect(regex.admits(text), "\(text)") }
        for text in ["0.249", "0.2", "1.5", "1.50"] { #expect(!regex.admits(text), "\(text)") }
    }

    @Test(arguments: [
        (NumberConstraints(minimum: -1e15, maximum: 1e15), 100),
        (NumberConstraints(), 80),
        (NumberConstraints(minimum: 0, maximum: 1), 30),
        (NumberConstraints(minimum: Decimal(Int64.min), maximum: Decimal(UInt64.max)), 500),
    ])
    func expressionsStaySmall(constraints: NumberConstraints, limit: Int) throws {
        let expression = try #require(NumberRangeGrammar.expression(constraints))
        #expect(expression.nodeCount < limit)
    }

    @Test func unboundedNumberExponents() throws {
        let regex = try RegexSource.regex(for: NumberRangeGrammar.unboundedNumber(maximumExponentDigits: 2))
        for text in ["0", "-0.5", "1.5e10", "1E-5", "-123456789012345.123456e+99", "0e0", "2e05"] {
            #expect(regex.admits(text), "\(text)")
        }
        for text in ["-0", "-0e5", "1e100", "1e", "1e+", "01", "1.", ".5", "1.1234567", "1234567890123456"] {
            #expect(!regex.admits(text), "\(text)")
        }
        let plain = try RegexSource.regex(for: NumberRangeGrammar.unboundedNumber())
        #expect(plain.admits("12.5") && !plain.admits("1e5"))
        // Three exponent digits could overflow Double, so two is the most there are.
        let clamped = try RegexSource.regex(for: NumberRangeGrammar.unboundedNumber(maximumExponentDigits: 3))
        #expect(clamped.admits("1e99") && !clamped.admits("1e100"))
        // Two exponent digits on 250 integer digits could reach 10³⁴⁸; one is the most.
        let wide = try RegexSource.regex(for: NumberRangeGrammar.unboundedNumber(maximumIntegerDigits: 250, maximumExponentDigits: 2))
        #expect(wide.admits("1e9") && !wide.admits("1e10"))
        #expect(Double(String(repeating: "9", count: 250) + "e9")?.isFinite == true)
    }

    private func language(_ constraints: NumberConstraints, integerDigits: Int = 1, fractionDigits: Int) throws -> Regex<AnyRegexOutput> {
        let expression = try #require(NumberRangeGrammar.expression(
            constraints, maximumIntegerDigits: integerDigits, maximumFractionDigits: fractionDigits
        ))
        return try RegexSource.regex(for: expression)
    }
}

private func thousandths(_ value: Int) -> Decimal {
    decimal(value, exponent: -3)
}

/// `significand × 10^exponent`, exactly (no detour through `Double` or parsing).
private func decimal(_ significand: Int, exponent: Int) -> Decimal {
    Decimal(sign: significand < 0 ? .minus : .plus, exponent: exponent, significand: Decimal(significand.magnitude))
}

/// Every way to write a value given in thousandths with up to `fractionDigits` fraction
/// digits: canonical first, then with trailing zeros.
private func spellings(thousandths value: Int, fractionDigits: Int) -> [String] {
    let sign = value < 0 ? "-" : ""
    let integer = value.magnitude / 1000
    var fraction = String(value.magnitude % 1000)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.last == "0" { fraction.removeLast() }
    guard fraction.count <= fractionDigits else { return [] }
    return (fraction.count...fractionDigits).map { length in
        let digits = fraction + String(repeating: "0", count: length - fraction.count)
        return "\(sign)\(integer)" + (digits.isEmpty ? "" : "." + digits)
    }
}
