import BridleSchema
import Foundation

/// JSON number text for exactly the decimals of a range, as one recursion-free expression.
///
/// The text is `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with bounded digit counts and no exponent.
/// Trailing zeros in the fraction are allowed (`1.50` is `1.5`, and a model may well write
/// it), but a number is admitted only by its value, so an exclusive maximum of 1.5 rejects
/// `1.5`, `1.50` and `1.500` alike. Zero is never negative: `-0` and `-0.0` are noise a model
/// has no reason to write, so they are left out, while `-0.5` is an ordinary negative number.
///
/// The digits a grammar can write fix a grid: with F fraction digits, exactly the multiples
/// of 10⁻ᶠ. Each bound is first moved onto that grid (an inclusive bound between grid points,
/// or an exclusive one on a grid point, becomes the next grid point inwards), so bounds with
/// more fraction digits than F stay exact for every number the grammar can write. Then the
/// range is split by integer part: the fraction compares lexicographically once padded with
/// zeros, so "fraction ≥ .25" is a digit-range decomposition like `IntegerRangeGrammar`'s.
///
/// ```swift
/// NumberRangeGrammar.expression(NumberConstraints(minimum: 0.25, maximum: 1.5, maximumIsExclusive: true),
///                               maximumFractionDigits: 3)
/// // "0." ("2" [5-9] [0-9]? | [3-9] [0-9]{0,2}) | "1" ("." [0-4] [0-9]{0,2})?
/// ```
enum NumberRangeGrammar {
    /// The largest digit count honoured for either part: far beyond what a model writes or
    /// llama.cpp should match, and it keeps the work bounded whatever a caller passes.
    static let digitLimit = 1_000

    /// The decimals the constraints admit, as JSON text with at most `maximumIntegerDigits`
    /// integer and `maximumFractionDigits` fraction digits, or `nil` when there are none (or
    /// a bound is NaN, which nothing satisfies).
    ///
    /// A missing bound reaches as far as the digit counts do (or as far as the other bound's
    /// integer digits, if those are more, so a satisfiable range never comes back empty).
    /// Narrowing an unbounded side is sound: every admitted text satisfies the constraints.
    /// Given bounds are honoured exactly, even beyond `maximumIntegerDigits`.
    ///
    /// ```swift
    /// NumberRangeGrammar.expression(NumberConstraints(minimum: -1, maximum: 1),
    ///                               maximumIntegerDigits: 1, maximumFractionDigits: 1)
    /// // "-" ("0." [1-9] | "1" ".0"?) | "0" ("." [0-9])? | "1" ".0"?
    /// ```
    static func expression(
        _ constraints: NumberConstraints,
        maximumIntegerDigits: Int = 15,
        maximumFractionDigits: Int = 6
    ) -> GrammarExpression? {
        let integerDigits = Swift.min(Swift.max(maximumIntegerDigits, 1), digitLimit)
        let fractionDigits = Swift.min(Swift.max(maximumFractionDigits, 0), digitLimit)
        var lower: Scaled?
        var upper: Scaled?
        if let minimum = constraints.minimum {
            guard let exact = ExactDecimal(minimum) else { return nil }
            lower = exact.scaledUp(fractionDigits: fractionDigits, exclusive: constraints.minimumIsExclusive)
        }
        if let maximum = constraints.maximum {
            guard let exact = ExactDecimal(maximum) else { return nil }
            upper = exact.scaledDown(fractionDigits: fractionDigits, exclusive: constraints.maximumIsExclusive)
        }
        let reach = integerDigits + fractionDigits
        let lowest = lower ?? Scaled(
            isNegative: true,
            magnitude: IntegerRangeGrammar.nines(Swift.max(reach, upper.map { $0.isNegative ? $0.magnitude.count : 0 } ?? 0))
        )
        let highest = upper ?? Scaled(
            isNegative: false,
            magnitude: IntegerRangeGrammar.nines(Swift.max(reach, lower.map { $0.isNegative ? 0 : $0.magnitude.count } ?? 0))
        )
        guard lowest <= highest else { return nil }

        var parts: [GrammarExpression] = []
        // Magnitudes run backwards for negatives; starting them at 1 keeps "-0" out.
        if lowest.isNegative {
            let smallest = highest.isNegative ? highest.magnitude : [1]
            parts.append(.all([
                .literal("-"),
                magnitudes(from: smallest, through: lowest.magnitude, fractionDigits: fractionDigits),
            ]))
        }
        if !highest.isNegative {
            let smallest = lowest.isNegative ? [0] : lowest.magnitude
            parts.append(magnitudes(from: smallest, through: highest.magnitude, fractionDigits: fractionDigits))
        }
        return .either(parts)
    }

    /// Any JSON number with at most the given digit counts, and an exponent of at most
    /// `maximumExponentDigits` digits (`0`: none). `-0` is left out, as in `expression`.
    ///
    /// The exponent is held to what keeps every admitted number a finite `Double`: at most
    /// two digits, and fewer when `maximumIntegerDigits` plus the largest exponent would pass
    /// 10³⁰⁸. With the defaults and two exponent digits, magnitudes stay below 10¹¹⁴.
    ///
    /// ```swift
    /// NumberRangeGrammar.unboundedNumber(maximumIntegerDigits: 2, maximumFractionDigits: 1, maximumExponentDigits: 2)
    /// // ("-" ("0." [1-9] | [1-9] [0-9]? ("." [0-9])?) | ([0-9] | [1-9] [0-9]) ("." [0-9])?) ([Ee] [+-]? [0-9]{1,2})?
    /// ```
    static func unboundedNumber(
        maximumIntegerDigits: Int = 15,
        maximumFractionDigits: Int = 6,
        maximumExponentDigits: Int = 0
    ) -> GrammarExpression {
        let integerDigits = Swift.min(Swift.max(maximumIntegerDigits, 1), digitLimit)
        let mantissa = expression(
            NumberConstraints(),
            maximumIntegerDigits: integerDigits,
            maximumFractionDigits: maximumFractionDigits
        ) ?? .literal("0")
        var exponentDigits = Swift.min(Swift.max(maximumExponentDigits, 0), 2)
        while exponentDigits > 0, integerDigits + largestExponent(digits: exponentDigits) > 308 {
            exponentDigits -= 1
        }
        guard exponentDigits > 0 else { return mantissa }
        let exponent = GrammarExpression.all([
            characters("E", "e"),
            characters("+", "-").optional,
            IntegerRangeGrammar.digitClass(0, 9).repeated(1, exponentDigits),
        ])
        return .all([mantissa, exponent.optional])
    }

    private static func largestExponent(digits: Int) -> Int {
        digits == 1 ? 9 : 99
    }

    private static func characters(_ scalars: Unicode.Scalar...) -> GrammarExpression {
        .characterClass(CharacterClass(ranges: scalars.map { $0.value...$0.value }))
    }

    // MARK: - Magnitudes on the grid

    /// The texts of the grid points `lower...upper` (magnitudes in units of 10⁻ᶠ), as
    /// integer part and optional fraction.
    private static func magnitudes(
        from lower: IntegerRangeGrammar.Digits,
        through upper: IntegerRangeGrammar.Digits,
        fractionDigits: Int
    ) -> GrammarExpression {
        let (lowerInteger, lowerFraction) = split(lower, fractionDigits: fractionDigits)
        let (upperInteger, upperFraction) = split(upper, fractionDigits: fractionDigits)
        if lowerInteger == upperInteger {
            return .all([
                .literal(text(lowerInteger)),
                fraction(from: lowerFraction, through: upperFraction),
            ])
        }
        // Between the bounds' integer parts any fraction goes; at a bound's own integer part
        // only the fractions on its side do, unless that is every fraction anyway.
        let lowerTakesAll = lowerFraction.allSatisfy { $0 == 0 }
        let upperTakesAll = upperFraction.allSatisfy { $0 == 9 }
        var parts: [GrammarExpression] = []
        if !lowerTakesAll {
            parts.append(.all([
                .literal(text(lowerInteger)),
                fraction(from: lowerFraction, through: IntegerRangeGrammar.nines(fractionDigits)),
            ]))
        }
        let middleLower = lowerTakesAll ? lowerInteger : IntegerRangeGrammar.successor(lowerInteger)
        let middleUpper = upperTakesAll ? upperInteger : IntegerRangeGrammar.predecessor(upperInteger)
        if IntegerRangeGrammar.compare(middleLower, middleUpper) <= 0,
           let integers = IntegerRangeGrammar.naturals(from: middleLower, through: middleUpper, maximumLength: middleUpper.count) {
            parts.append(.all([
                integers,
                fraction(from: IntegerRangeGrammar.zeros(fractionDigits), through: IntegerRangeGrammar.nines(fractionDigits)),
            ]))
        }
        if !upperTakesAll {
            parts.append(.all([
                .literal(text(upperInteger)),
                fraction(from: IntegerRangeGrammar.zeros(fractionDigits), through: upperFraction),
            ]))
        }
        return .either(parts)
    }

    /// The optional `.digits` after an integer part, for fractions whose zero-padded digits
    /// lie in `lower...upper` (both `F` digits). Without a dot the fraction is zero, so the
    /// dot is optional exactly when zero is in range.
    private static func fraction(from lower: IntegerRangeGrammar.Digits, through upper: IntegerRangeGrammar.Digits) -> GrammarExpression {
        if lower.isEmpty { return .empty }
        let written = GrammarExpression.all([
            .literal("."),
            IntegerRangeGrammar.fixedLength(lower[...], upper[...], truncatable: true),
        ])
        return lower.allSatisfy { $0 == 0 } ? written.optional : written
    }

    /// A grid magnitude's integer part (canonical) and its `F` fraction digits.
    private static func split(
        _ magnitude: IntegerRangeGrammar.Digits,
        fractionDigits: Int
    ) -> (integer: IntegerRangeGrammar.Digits, fraction: IntegerRangeGrammar.Digits) {
        let padded = IntegerRangeGrammar.zeros(fractionDigits + 1 - magnitude.count) + magnitude
        return (
            IntegerRangeGrammar.canonical(padded.dropLast(fractionDigits)),
            Array(padded.suffix(fractionDigits))
        )
    }

    private static func text(_ digits: IntegerRangeGrammar.Digits) -> String {
        String(decoding: digits.map { $0 &+ UInt8(ascii: "0") }, as: UTF8.self)
    }
}

/// A signed number of grid units (10⁻ᶠ); zero is never negative.
private struct Scaled: Comparable {
    var isNegative: Bool
    var magnitude: IntegerRangeGrammar.Digits

    init(isNegative: Bool, magnitude: IntegerRangeGrammar.Digits) {
        let magnitude = IntegerRangeGrammar.canonical(magnitude)
        self.isNegative = isNegative && magnitude != [0]
        self.magnitude = magnitude
    }

    var successor: Scaled {
        isNegative
            ? Scaled(isNegative: true, magnitude: IntegerRangeGrammar.predecessor(magnitude))
            : Scaled(isNegative: false, magnitude: IntegerRangeGrammar.successor(magnitude))
    }

    var predecessor: Scaled {
        isNegative || magnitude == [0]
            ? Scaled(isNegative: true, magnitude: IntegerRangeGrammar.successor(magnitude))
            : Scaled(isNegative: false, magnitude: IntegerRangeGrammar.predecessor(magnitude))
    }

    static func < (lhs: Scaled, rhs: Scaled) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        let order = IntegerRangeGrammar.compare(lhs.magnitude, rhs.magnitude)
        return lhs.isNegative ? order > 0 : order < 0
    }
}

/// A `Decimal`'s exact digits, so bounds are compared without rounding.
private struct ExactDecimal {
    var isNegative: Bool
    /// Canonical: no leading zeros, zero as `[0]`.
    var integer: IntegerRangeGrammar.Digits
    /// No trailing zeros.
    var fraction: IntegerRangeGrammar.Digits

    /// `nil` for NaN, which no number satisfies.
    init?(_ value: Decimal) {
        guard !value.isNaN else { return nil }
        // `significand` is a whole number, so its description is plain digits.
        let significand = value.significand.magnitude.description.utf8
        guard significand.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              abs(value.exponent) <= 4 * NumberRangeGrammar.digitLimit
        else { return nil }
        let digits = significand.map { $0 &- UInt8(ascii: "0") }
        let exponent = value.exponent
        if exponent >= 0 {
            integer = IntegerRangeGrammar.canonical(digits + IntegerRangeGrammar.zeros(exponent))
            fraction = []
        } else {
            let padded = IntegerRangeGrammar.zeros(-exponent + 1 - digits.count) + digits
            integer = IntegerRangeGrammar.canonical(padded.dropLast(-exponent))
            fraction = Array(padded.suffix(-exponent))
        }
        while fraction.last == 0 { fraction.removeLast() }
        isNegative = value < 0
    }

    /// The value in grid units, truncated towards zero, and whether anything was cut off.
    private func truncated(fractionDigits: Int) -> (Scaled, hasRemainder: Bool) {
        let kept = fraction.prefix(fractionDigits)
        let units = integer + kept + IntegerRangeGrammar.zeros(fractionDigits - kept.count)
        return (Scaled(isNegative: isNegative, magnitude: units), fraction.count > fractionDigits)
    }

    /// The smallest grid point at or above (`exclusive`: above) the value.
    func scaledUp(fractionDigits: Int, exclusive: Bool) -> Scaled {
        let (units, hasRemainder) = truncated(fractionDigits: fractionDigits)
        // Truncation moved a positive value down and a negative one up.
        if hasRemainder { return isNegative ? units : units.successor }
        return exclusive ? units.successor : units
    }

    /// The largest grid point at or below (`exclusive`: below) the value.
    func scaledDown(fractionDigits: Int, exclusive: Bool) -> Scaled {
        let (units, hasRemainder) = truncated(fractionDigits: fractionDigits)
        if hasRemainder { return isNegative ? units.predecessor : units }
        return exclusive ? units.predecessor : units
    }
}
