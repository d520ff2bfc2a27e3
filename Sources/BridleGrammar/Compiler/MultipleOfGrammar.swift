import Foundation

/// JSON number text for exactly the multiples of a step within a range (`multipleOf`).
///
/// Divisibility of a decimal numeral is regular: reading digits left to right, the
/// remainder modulo `m` after each digit is `(10·r + d) mod m`, a finite automaton. The
/// grammar is that automaton crossed with the range's digit bounds, one rule per
/// (digits left, remainder) state, shared between lengths; the builder merges states with
/// identical bodies, which minimizes the automaton as it goes (for a step of 2 only the last
/// digit matters, and the rules say so).
///
/// With excluded steps (`not` over `multipleOf`), the automaton runs modulo the least common
/// multiple of all the steps and accepts the remainders that are multiples of the step and of
/// no excluded one, within the same state budget.
///
/// Steps with trailing zeros are factored first (a multiple of 300 is a multiple of 3
/// followed by `00`), and a decimal step `p·10⁻ⁿ` becomes the integer step `p` over the
/// number times `10ⁿ`, written with exactly `n` fraction digits (`0.05` → `"0.05"`, `1` → `"1.00"`).
///
/// ```swift
/// // multiples of 3 in 0…99: "0" | [369] | [1-9] … (remainder rules)
/// ```
struct MultipleOfGrammar {
    /// The most automaton states (digit positions × remainders) one grammar may have.
    static let stateLimit = 100_000
    /// Ranges with at most this many multiples are listed outright.
    static let listLimit = 64

    typealias Digits = [UInt8]

    /// 0 when the steps' least common multiple is past the state budget: then only listing works.
    private let modulus: UInt128
    /// The step every accepted value is a multiple of, and those none may be a multiple of
    /// (`not` over `multipleOf`): the automaton runs modulo their least common multiple and
    /// accepts the remainders that are multiples of `step` and of no excluded step. Exact,
    /// since divisibility by each depends only on the remainder modulo the lcm (and on the
    /// magnitude alone, so negative numbers share the automaton).
    private let step: UInt128
    private let excluded: [UInt128]
    private let fractionDigits: Int
    private var builder: GrammarBuilder
    private var free: [Key: GrammarExpression?] = [:]

    private struct Key: Hashable {
        let remaining: Int
        let remainder: UInt128
    }

    /// Integers in `minimum...maximum` (nil: as far as `maximumDigits` digits reach) that are
    /// multiples of `step`; nil when there are none. Throws when the automaton would be too big.
    /// `states` grows by the automaton states visited.
    static func integers(
        minimum: Int128?, maximum: Int128?, step: Int128, excluding excludedSteps: [Int128] = [], maximumDigits: Int,
        builder: inout GrammarBuilder, states: inout Int
    ) throws(MultipleOfError) -> GrammarExpression? {
        guard step > 0 else { return nil }
        let excluded = excludedSteps.filter { $0 > 0 }.map { UInt128($0) }
        // A multiple of the step that is a multiple of an excluded step's divisor never passes.
        if excluded.contains(where: { UInt128(step) % $0 == 0 }) { return nil }
        let reach = power(of: 10, Swift.min(Swift.max(maximumDigits, 1), 36)) - 1
        // An unbounded side reaches `maximumDigits` digits, or one step past the other bound,
        // which always holds a multiple.
        let lower = minimum ?? Swift.min(-reach, maximum.map { $0.subtractingReportingOverflow(step).partialValue } ?? -reach)
        let upper = maximum ?? Swift.max(reach, minimum.map { $0.addingReportingOverflow(step).partialValue } ?? reach)
        if lower > upper { return nil }
        // Factor out the step's trailing zeros: multiples of m·10^j are multiples of m followed by j zeros.
        var core = step
        var zeros = 0
        while excluded.isEmpty, core % 10 == 0 {
            core /= 10
            zeros += 1
        }
        let scale = power(of: 10, zeros)
        let coreLower = ceilingDivision(lower, scale)
        let coreUpper = floorDivision(upper, scale)
        if coreLower > coreUpper { return nil }
        let suffix = String(repeating: "0", count: zeros)
        var grammar = MultipleOfGrammar(step: UInt128(core), excluding: excluded, fractionDigits: 0, builder: builder)
        defer { states += grammar.free.count }
        let result = try grammar.signed(lower: coreLower, upper: coreUpper, step: core) { text in
            text == "0" ? "0" : text + suffix
        }
        builder = grammar.builder
        return result.map { $0.appending(zeros: zeros) }
    }

    /// Numbers within `minimum…maximum` that are multiples of `digits·10^-fractionDigits`,
    /// written with exactly `fractionDigits` fraction digits; the bounds are already scaled to
    /// integers (the number times 10^fractionDigits).
    static func scaled(
        minimum: Int128, maximum: Int128, step: Int128, fractionDigits: Int, builder: inout GrammarBuilder, states: inout Int
    ) throws(MultipleOfError) -> GrammarExpression? {
        guard step > 0, minimum <= maximum else { return nil }
        var grammar = MultipleOfGrammar(step: UInt128(step), excluding: [], fractionDigits: fractionDigits, builder: builder)
        defer { states += grammar.free.count }
        let result = try grammar.signed(lower: minimum, upper: maximum, step: step) { text in
            let padded = String(repeating: "0", count: Swift.max(fractionDigits + 1 - text.count, 0)) + text
            return String(padded.dropLast(fractionDigits)) + "." + String(padded.suffix(fractionDigits))
        }
        builder = grammar.builder
        return result?.expression
    }

    private init(step: UInt128, excluding excluded: [UInt128], fractionDigits: Int, builder: GrammarBuilder) {
        var modulus = step
        for other in excluded where modulus != 0 {
            var (a, b) = (modulus, other)
            while b != 0 { (a, b) = (b, a % b) }
            let (product, overflow) = (modulus / a).multipliedReportingOverflow(by: other)
            modulus = overflow || product > UInt128(Self.stateLimit) ? 0 : product
        }
        self.modulus = modulus
        self.step = step
        self.excluded = excluded
        self.fractionDigits = fractionDigits
        self.builder = builder
    }

    /// Whether a magnitude with this remainder modulo ``modulus`` is accepted.
    private func accepts(_ remainder: UInt128) -> Bool {
        remainder % step == 0 && !excluded.contains { remainder % $0 == 0 }
    }

    /// The multiples of `step` in `lower…upper` (scaled integers), as text: listed when few,
    /// else through the automaton. `render` writes one scaled integer's magnitude.
    private mutating func signed(
        lower: Int128, upper: Int128, step: Int128, render: (String) -> String
    ) throws(MultipleOfError) -> Rendered? {
        let first = Self.ceilingDivision(lower, step)
        let last = Self.floorDivision(upper, step)
        if first > last { return nil }
        if last - first < Int128(Self.listLimit) {
            var texts: [GrammarExpression] = []
            var multiple = first
            while multiple <= last {
                let value = multiple * step
                if !excluded.contains(where: { value.magnitude % $0 == 0 }) {
                    texts.append(.literal((value < 0 ? "-" : "") + render(String(value.magnitude))))
                }
                multiple += 1
            }
            return texts.isEmpty ? nil : Rendered(expression: .either(texts), isListed: true)
        }
        var parts: [GrammarExpression] = []
        if lower < 0 {
            let magnitudeLower = UInt128(Swift.min(upper, -1).magnitude)
            if let negative = try naturals(from: Swift.max(magnitudeLower, 1), through: UInt128(lower.magnitude)) {
                parts.append(.all([.literal("-"), negative]))
            }
        }
        if upper >= 0, let positive = try naturals(from: UInt128(Swift.max(lower, 0)), through: UInt128(upper)) {
            parts.append(positive)
        }
        return parts.isEmpty ? nil : Rendered(expression: .either(parts), isListed: false)
    }

    /// Text and whether it was listed (listed texts already carry their trailing zeros).
    struct Rendered {
        var expression: GrammarExpression
        var isListed: Bool

        func appending(zeros: Int) -> GrammarExpression {
            guard !isListed, zeros > 0 else { return expression }
            // "0" stays "0"; every other multiple gains the zeros.
            let zero = GrammarExpression.literal("0")
            let suffix = GrammarExpression.literal(String(repeating: "0", count: zeros))
            if case .alternatives(let parts) = expression {
                return .either(parts.map { $0 == zero ? zero : .all([$0, suffix]) })
            }
            return expression == zero ? zero : .all([expression, suffix])
        }
    }

    /// Multiples of the modulus in `lower…upper` (non-negative), digits padded to at least
    /// `fractionDigits + 1` and with a point before the last `fractionDigits`.
    private mutating func naturals(from lower: UInt128, through upper: UInt128) throws(MultipleOfError) -> GrammarExpression? {
        if lower > upper { return nil }
        let lowerDigits = Self.digits(of: lower)
        let upperDigits = Self.digits(of: upper)
        let shortest = Swift.max(lowerDigits.count, fractionDigits + 1)
        let longest = Swift.max(upperDigits.count, fractionDigits + 1)
        if modulus == 0 { throw MultipleOfError(states: Int.max) }
        if UInt128(longest) * modulus > UInt128(Self.stateLimit) {
            throw MultipleOfError(states: Int(clamping: UInt128(longest) * Swift.min(modulus, UInt128(Int.max / 64))))
        }
        var parts: [GrammarExpression] = []
        for length in shortest...longest {
            // The smallest and largest numbers written with `length` digits (after padding).
            let floor = length == fractionDigits + 1 ? 0 : Self.power(of: 10, length - 1)
            let ceiling = Self.power(of: 10, length) - 1
            let low = Swift.max(UInt128(floor), lower)
            let high = Swift.min(UInt128(ceiling), upper)
            if low > high { continue }
            let lowDigits = Self.padded(Self.digits(of: low), to: length)
            let highDigits = Self.padded(Self.digits(of: high), to: length)
            if let part = bounded(position: 0, remainder: 0, low: lowDigits, high: highDigits, tightLow: true, tightHigh: true) {
                parts.append(part)
            }
        }
        return parts.isEmpty ? nil : .either(parts)
    }

    /// Digits from `position` on between the bounds (when still tight), ending at remainder 0.
    private mutating func bounded(
        position: Int, remainder: UInt128, low: Digits, high: Digits, tightLow: Bool, tightHigh: Bool
    ) -> GrammarExpression? {
        let remaining = low.count - position
        if !tightLow && !tightHigh { return freeDigits(remaining: remaining, remainder: remainder) }
        if remaining == 0 { return accepts(remainder) ? .empty : nil }
        let first = tightLow ? low[position] : 0
        let last = tightHigh ? high[position] : 9
        if first > last { return nil }
        var options: [GrammarExpression] = []
        for digit in first...last {
            let next = bounded(
                position: position + 1, remainder: (remainder * 10 + UInt128(digit)) % modulus, low: low, high: high,
                tightLow: tightLow && digit == first, tightHigh: tightHigh && digit == last)
            if let next { options.append(.all([.literal(String(digit)), next])) }
        }
        if options.isEmpty { return nil }
        return .all([pointIfDue(remaining), .either(options)])
    }

    /// Any `remaining` digits (leading zeros allowed) that bring `remainder` to 0: one rule
    /// per state, digits with the same next state grouped into one class.
    private mutating func freeDigits(remaining: Int, remainder: UInt128) -> GrammarExpression? {
        if remaining == 0 { return accepts(remainder) ? .empty : nil }
        let key = Key(remaining: remaining, remainder: remainder)
        if let known = free[key] { return known }
        var groups: [(next: GrammarExpression, digits: [UInt8])] = []
        for digit in UInt8(0)...9 {
            guard let next = freeDigits(remaining: remaining - 1, remainder: (remainder * 10 + UInt128(digit)) % modulus) else { continue }
            if let index = groups.firstIndex(where: { $0.next == next }) {
                groups[index].digits.append(digit)
            } else {
                groups.append((next, [digit]))
            }
        }
        var result: GrammarExpression?
        if !groups.isEmpty {
            let options = groups.map { group -> GrammarExpression in
                let scalars = group.digits.map { UInt32($0) + 0x30 }
                let digitClass: GrammarExpression = scalars.count == 1
                    ? .literal(String(UnicodeScalar(UInt8(scalars[0]))))
                    : .characterClass(CharacterClass(ranges: scalars.map { $0...$0 }))
                return .all([digitClass, group.next])
            }
            result = builder.rule("multiple", .all([pointIfDue(remaining), .either(options)]))
        }
        free[key] = result
        return result
    }

    private func pointIfDue(_ remaining: Int) -> GrammarExpression {
        fractionDigits > 0 && remaining == fractionDigits ? .literal(".") : .empty
    }

    // MARK: Arithmetic

    static func digits(of value: UInt128) -> Digits {
        Array(String(value).utf8).map { $0 - 0x30 }
    }

    static func padded(_ digits: Digits, to length: Int) -> Digits {
        Array(repeating: 0, count: Swift.max(length - digits.count, 0)) + digits
    }

    static func power(of base: Int128, _ exponent: Int) -> Int128 {
        var result: Int128 = 1
        for _ in 0..<exponent { result *= base }
        return result
    }

    static func floorDivision(_ value: Int128, _ divisor: Int128) -> Int128 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    static func ceilingDivision(_ value: Int128, _ divisor: Int128) -> Int128 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) == (divisor < 0)) ? quotient + 1 : quotient
    }
}

/// A `multipleOf` whose automaton would need more than ``MultipleOfGrammar/stateLimit`` states.
struct MultipleOfError: Error {
    let states: Int
}
