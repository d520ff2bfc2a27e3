@testable import BridleGrammar

/// Swift `Regex` source text for a recursion-free ``GrammarExpression``, so tests can check
/// membership with an engine that shares no code with Bridle's own matcher.
///
/// ```swift
/// let source = RegexSource.source(of: .sequence([.literal("a."), .repetition(.characterClass(CharacterClass("0"..."9")), minimum: 1, maximum: 3)]))
/// // "a\.(?:[\u{30}-\u{39}]){1,3}"
/// try RegexSource.regex(for: expression).wholeMatch(in: "a.12") != nil   // true
/// ```
///
/// Every construct is written in a form whose meaning does not depend on context: literals
/// escape everything but ASCII letters and digits, classes spell each bound as `\u{…}`,
/// groups are non-capturing. `.anyCharacter` and classes match one Unicode scalar, as GBNF's
/// do, because ``regex(for:rules:)`` switches the regex to Unicode-scalar semantics.
enum RegexSource {
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    /// The regex source of `expression`; references are inlined from `rules`, and a
    /// reference that is missing or recursive throws.
    static func source(of expression: GrammarExpression, rules: [String: GrammarExpression] = [:]) throws -> String {
        try write(expression, rules: rules, expanding: [])
    }

    /// A compiled regex for `expression`, matching Unicode scalars (not grapheme clusters).
    static func regex(for expression: GrammarExpression, rules: [String: GrammarExpression] = [:]) throws -> Regex<AnyRegexOutput> {
        try Regex(try source(of: expression, rules: rules)).matchingSemantics(.unicodeScalar)
    }

    private static func write(_ expression: GrammarExpression, rules: [String: GrammarExpression], expanding: Set<String>) throws -> String {
        switch expression {
        case .sequence(let parts):
            // No group: concatenation binds tighter than `|`, and repetitions group their own
            // operand. Fewer groups keep deep expressions (a digit-range decomposition of
            // Int128 nests ~40 levels) within the regex parser's nesting limit.
            return try parts.map { try write($0, rules: rules, expanding: expanding) }.joined()
        case .alternatives(let choices):
            // An empty alternation matches nothing; `(?!)` says so without relying on `(?:)`.
            guard !choices.isEmpty else { return "(?!)" }
            return "(?:" + (try choices.map { try write($0, rules: rules, expanding: expanding) }.joined(separator: "|")) + ")"
        case .literal(let text):
            return text.unicodeScalars.map(escaped).joined()
        case .characterClass(let characterClass):
            if characterClass.ranges.isEmpty {
                // [] matches nothing and [^] everything; neither is valid regex syntax.
                return characterClass.isNegated ? "(?s:.)" : "(?!)"
            }
            let body = characterClass.ranges.map { range in
                range.lowerBound == range.upperBound
                    ? scalar(range.lowerBound) : "\(scalar(range.lowerBound))-\(scalar(range.upperBound))"
            }.joined()
            return "[" + (characterClass.isNegated ? "^" : "") + body + "]"
        case .anyCharacter:
            return "(?s:.)"
        case .reference(let name):
            guard let body = rules[name] else { throw Unsupported(description: "no rule named \(name)") }
            guard !expanding.contains(name) else { throw Unsupported(description: "rule \(name) is recursive") }
            return try write(body, rules: rules, expanding: expanding.union([name]))
        case .repetition(let inner, let minimum, let maximum):
            let quantifier = maximum.map { $0 == minimum ? "{\(minimum)}" : "{\(minimum),\($0)}" } ?? "{\(minimum),}"
            return "(?:" + (try write(inner, rules: rules, expanding: expanding)) + ")" + quantifier
        }
    }

    private static func escaped(_ character: Unicode.Scalar) -> String {
        switch character {
        case "a"..."z", "A"..."Z", "0"..."9": String(character)
        default: scalar(character.value)
        }
    }

    private static func scalar(_ value: UInt32) -> String {
        "\\u{" + String(value, radix: 16) + "}"
    }
}
