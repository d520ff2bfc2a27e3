import BridleSchema
import Foundation

/// `multipleOf`, exactly: integer steps through ``MultipleOfGrammar``'s remainder automaton,
/// decimal steps `p·10⁻ⁿ` as the same automaton over the number times `10ⁿ`.
extension SchemaGrammarCompiler {
    mutating func integerMultiples(_ constraints: IntegerConstraints, at pointer: String) throws(GrammarCompileError) -> GrammarExpression? {
        let step = constraints.multipleOf ?? 1
        var states = 0
        let expression: GrammarExpression?
        do {
            expression = try MultipleOfGrammar.integers(
                minimum: constraints.minimum, maximum: constraints.maximum, step: step,
                excluding: constraints.excludedMultiples, maximumDigits: options.maximumIntegerDigits, builder: &builder,
                states: &states)
        } catch {
            let excluded = constraints.excludedMultiples.map(String.init).joined(separator: ", ")
            throw Self.tooManyStates(step: excluded.isEmpty ? "\(step)" : "\(step), and no multiple of \(excluded),", error, at: pointer)
        }
        try spend(states, at: "\(pointer)/multipleOf")
        return expression
    }

    /// Integers other than a few excluded values, exactly: the range split around them, each
    /// piece compiled as before (with its steps).
    mutating func integerAvoiding(_ constraints: IntegerConstraints, at pointer: String, hint: String) throws(GrammarCompileError) -> GrammarExpression? {
        var pieces: [GrammarExpression] = []
        var lower = constraints.minimum
        let cuts = Set(constraints.excludedValues).sorted().filter { value in
            (constraints.minimum.map { value >= $0 } ?? true) && (constraints.maximum.map { value <= $0 } ?? true)
        }
        for cut in cuts + [nil] as [Int128?] {
            var piece = constraints
            piece.excludedValues = []
            piece.minimum = lower
            piece.maximum = cut.map { $0 - 1 } ?? constraints.maximum
            lower = cut.map { $0 + 1 }
            if let low = piece.minimum, let high = piece.maximum, low > high { continue }
            if let part = try expression(for: .integer(piece), at: pointer, hint: hint) { pieces.append(part) }
        }
        return pieces.isEmpty ? nil : .either(pieces)
    }

    mutating func numberMultiples(_ constraints: NumberConstraints, at pointer: String) throws(GrammarCompileError) -> GrammarExpression? {
        guard let step = constraints.multipleOf, step > 0, let text = JSONNumber(step)?.text else { return nil }
        // The step as digits·10^exponent, exactly, from its JSON text.
        guard let (digits, exponent) = Self.scientific(text), let stepDigits = Int128(digits) else {
            throw GrammarCompileError(pointer: "\(pointer)/multipleOf", message: "multipleOf \(text) has too many digits; use a step with at most 36 digits")
        }
        if exponent >= 0 {
            // A whole step: every multiple is an integer.
            var integer = IntegerConstraints()
            integer.minimum = constraints.minimum.flatMap { Self.ceiling($0, strictly: constraints.minimumIsExclusive) }
            integer.maximum = constraints.maximum.flatMap { Self.floor($0, strictly: constraints.maximumIsExclusive) }
            var scaled = stepDigits
            for _ in 0..<exponent { scaled *= 10 }
            integer.multipleOf = scaled
            if scaled == 1 {
                return IntegerRangeGrammar.expression(
                    minimum: integer.minimum, maximum: integer.maximum, maximumDigits: options.maximumNumberIntegerDigits
                ).map { builder.rule("number-integer", $0) }
            }
            return try integerMultiples(integer, at: pointer)
        }
        let fractionDigits = -exponent
        if stepDigits == 1 {
            // 10⁻ⁿ: any number with at most n fraction digits.
            var bounded = constraints
            bounded.multipleOf = nil
            let body = constraints.minimum == nil && constraints.maximum == nil
                ? NumberRangeGrammar.unboundedNumber(maximumIntegerDigits: options.maximumNumberIntegerDigits, maximumFractionDigits: fractionDigits)
                : NumberRangeGrammar.expression(bounded, maximumIntegerDigits: options.maximumNumberIntegerDigits, maximumFractionDigits: fractionDigits)
            return body.map { builder.rule("number-step", $0) }
        }
        var scale = Decimal(1)
        for _ in 0..<fractionDigits { scale *= 10 }
        var reach = Int128(1)
        for _ in 0..<min(options.maximumNumberIntegerDigits + fractionDigits, 36) { reach *= 10 }
        let minimum = constraints.minimum.flatMap { Self.ceiling($0 * scale, strictly: constraints.minimumIsExclusive) } ?? -(reach - 1)
        let maximum = constraints.maximum.flatMap { Self.floor($0 * scale, strictly: constraints.maximumIsExclusive) } ?? (reach - 1)
        var states = 0
        let expression: GrammarExpression?
        do {
            expression = try MultipleOfGrammar.scaled(
                minimum: minimum, maximum: maximum, step: stepDigits, fractionDigits: fractionDigits, builder: &builder,
                states: &states)
        } catch {
            throw Self.tooManyStates(step: text, error, at: pointer)
        }
        try spend(states, at: "\(pointer)/multipleOf")
        return expression.map { builder.rule("number-step", $0) }
    }

    private static func tooManyStates(step: String, _ error: MultipleOfError, at pointer: String) -> GrammarCompileError {
        GrammarCompileError(
            pointer: "\(pointer)/multipleOf",
            message: "multipleOf \(step) over this range needs \(error.states == Int.max ? "more than \(MultipleOfGrammar.stateLimit)" : "\(error.states)") grammar states (at most \(MultipleOfGrammar.stateLimit)); narrow the range with minimum/maximum, or use a smaller step")
    }

    /// `digits` and `exponent` with value digits·10^exponent, from JSON number text.
    static func scientific(_ text: String) -> (String, Int)? {
        var mantissa = text
        var exponent = 0
        if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(mantissa[mantissa.index(after: e)...]) else { return nil }
            exponent = value
            mantissa = String(mantissa[..<e])
        }
        if mantissa.hasPrefix("-") { mantissa.removeFirst() }
        if let point = mantissa.firstIndex(of: ".") {
            exponent -= mantissa.distance(from: point, to: mantissa.endIndex) - 1
            mantissa.remove(at: point)
        }
        while mantissa.count > 1, mantissa.hasSuffix("0") {
            mantissa.removeLast()
            exponent += 1
        }
        while mantissa.count > 1, mantissa.hasPrefix("0") { mantissa.removeFirst() }
        guard mantissa.count <= 36, abs(exponent) <= 36 else { return nil }
        return (mantissa, exponent)
    }

    /// The smallest integer ≥ `value` (> when `strictly`), or nil beyond `Int128`.
    static func ceiling(_ value: Decimal, strictly: Bool) -> Int128? {
        guard let rounded = integer(value) else { return nil }
        if rounded.1 < value || (strictly && rounded.1 == value) { return rounded.0 + 1 }
        return rounded.0
    }

    /// The largest integer ≤ `value` (< when `strictly`), or nil beyond `Int128`.
    static func floor(_ value: Decimal, strictly: Bool) -> Int128? {
        guard let rounded = integer(value) else { return nil }
        if rounded.1 > value || (strictly && rounded.1 == value) { return rounded.0 - 1 }
        return rounded.0
    }

    /// `value` rounded to an integer, as `Int128` and as `Decimal`.
    private static func integer(_ value: Decimal) -> (Int128, Decimal)? {
        var source = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &source, 0, .plain)
        guard let integer = Int128("\(rounded)") else { return nil }
        return (integer, rounded)
    }
}
