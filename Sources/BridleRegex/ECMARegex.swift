/// A JSON Schema `pattern`: an ECMA-262 regular expression, parsed by the same parser the
/// grammar compiler uses and matched without backtracking, within a work budget.
///
/// JSON Schema's `pattern` is a *search* (ECMA-262 `RegExp.test`): `"b"` matches `"abc"`;
/// write `^…$` to match the whole text. ``containsMatch(in:)`` is that search;
/// ``matchesWhole(_:)`` asks for the whole text.
///
/// ```swift
/// let zip = try ECMARegex(#"\d{5}"#)
/// try zip.containsMatch(in: "PO 12345")   // true: a search, as JSON Schema's pattern
/// try zip.matchesWhole("PO 12345")        // false
/// try ECMARegex("(a*)*b").containsMatch(in: String(repeating: "a", count: 10_000))   // false, in linear time
/// ```
///
/// ## Dialect
/// ECMA-262 with the `u` flag and no other flags: text is a sequence of Unicode scalars
/// (not UTF-16 code units, not grapheme clusters), case-sensitive, `^`/`$` at the ends of the
/// whole text (no multiline), `.` not across line terminators (no dotAll).
/// - `\d` is `[0-9]`, `\w` is `[A-Za-z0-9_]` (ASCII, never Unicode digits or letters);
/// - `\s` is ECMA-262's white space and line terminators: `\t \n \v \f \r`, space, U+00A0,
///   U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF;
/// - `.` is any scalar but the line terminators `\n \r U+2028 U+2029`;
/// - classes `[…]`, `[^…]`, escapes `\t \n \v \f \r \0 \cX \xHH \uHHHH \u{H…}` (a surrogate
///   pair `\uD83D\uDE00` is one scalar), `\p{…}`/`\P{…}` for general categories and `Any`,
///   `ASCII`, `Alphabetic`, `White_Space`, `Uppercase`, `Lowercase`;
/// - groups `(…)`, `(?:…)`, `(?<name>…)`, alternation, quantifiers `* + ? {n} {n,} {n,m}` and
///   their lazy forms (counts up to 10 000), and `^`/`$` anywhere.
///
/// Refused with ``ECMARegexError/Kind/unsupported`` (the grammar compiler refuses the same):
/// backreferences, lookahead, lookbehind, `\b`/`\B`, inline modifiers, unknown properties,
/// octal escapes. The grammar compiler also refuses `^`/`$` away from the pattern's ends, and
/// admits only what every mainstream engine agrees on where engines differ by a few scalars
/// (`.` and `\v \f U+0085`, `\s` and U+FEFF); this matcher judges by ECMA-262 itself.
///
/// ## Budgets
/// Matching is Thompson's simulation of the pattern's automaton: a judgment visits each state
/// at most once per text position, so it takes at most `2 × states × (scalars + 1)` steps (a
/// visit and a scalar test per state and position), with no exponential case. The ``ECMARegexBudget`` bounds the states (checked when the regex is
/// built) and the steps of each judgment; going over either is an
/// ``ECMARegexError/Kind/budgetExceeded`` error, never a hang.
public struct ECMARegex: Sendable {
    /// The pattern as given.
    public let pattern: String
    /// The work this regex may do.
    public let budget: ECMARegexBudget
    private let program: RegexProgram

    /// Parses and compiles `pattern`.
    ///
    /// - Throws: ``ECMARegexError``: invalid syntax, an unsupported feature, or a pattern whose
    ///   automaton needs more than `budget.maximumStates` states.
    public init(_ pattern: String, budget: ECMARegexBudget = .standard) throws(ECMARegexError) {
        self.pattern = pattern
        self.budget = budget
        program = try RegexProgram(try RegexParser.parse(pattern), pattern: pattern, maximumStates: budget.maximumStates)
    }

    /// Whether the pattern matches somewhere in `text`: JSON Schema's `pattern` keyword,
    /// ECMA-262's `RegExp.prototype.test`.
    ///
    /// - Throws: ``ECMARegexError`` of kind ``ECMARegexError/Kind/budgetExceeded`` when
    ///   judging takes more than `budget.maximumSteps` steps.
    public func containsMatch(in text: String) throws(ECMARegexError) -> Bool {
        var search = RegexSearch(program: program, pattern: pattern, maximumSteps: budget.maximumSteps)
        return try search.run(text, anchored: false)
    }

    /// Whether the pattern matches all of `text`, as if written `^(?:pattern)$`.
    ///
    /// - Throws: ``ECMARegexError`` of kind ``ECMARegexError/Kind/budgetExceeded`` when
    ///   judging takes more than `budget.maximumSteps` steps.
    public func matchesWhole(_ text: String) throws(ECMARegexError) -> Bool {
        var search = RegexSearch(program: program, pattern: pattern, maximumSteps: budget.maximumSteps)
        return try search.run(text, anchored: true)
    }

    /// How many automaton states the pattern compiled to (what ``ECMARegexBudget/maximumStates``
    /// bounds).
    public var stateCount: Int { program.states.count }
}
