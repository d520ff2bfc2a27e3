/// Why a ``Grammar`` cannot be turned into a ``GrammarMatcher`` or a ``SentenceGenerator``, or
/// why a matcher gave up on a text.
///
/// ```swift
/// do {
///     _ = try GrammarMatcher(Grammar(rules: [Rule(name: "root", body: .reference("item"))]))
/// } catch {
///     // error == .undefinedRule("item", referencedBy: "root")
/// }
/// ```
public enum GrammarMatcherError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The grammar has no rule named after its ``Grammar/rootName``.
    case missingRoot(String)
    /// Two rules share this name, so references to it would be ambiguous.
    case duplicateRule(String)
    /// A rule refers to a rule that does not exist.
    case undefinedRule(String, referencedBy: String)
    /// A repetition in this rule has a negative minimum or a maximum below its minimum.
    case invalidRepetition(rule: String, minimum: Int, maximum: Int?)
    /// The compiled grammar would need more than 2³¹ parser states (repetition bounds in the
    /// billions, for instance).
    case grammarTooLarge
    /// The generator cannot finish any sentence: this rule (the root) derives no finite text.
    case noFiniteDerivation(String)
    /// The generator cannot finish a sentence of this rule (the root) within its work budget:
    /// even the quickest takes more steps (a chain of rules that each double the next).
    case sentenceTooCostly(String, budget: Int)
    /// The matcher gave up reading the text at this byte: matching it would take more than
    /// its work budget (a grammar so ambiguous that matching costs cubic work, such as
    /// `s ::= s s s | "a" | ""`, on a long text). Whether the text matches is unknown.
    case workBudgetExceeded(budget: Int, byteOffset: Int)

    public var description: String {
        switch self {
        case .missingRoot(let name):
            "the grammar has no root rule '\(name)'"
        case .duplicateRule(let name):
            "the rule '\(name)' is defined more than once"
        case .undefinedRule(let name, let referencedBy):
            "the rule '\(referencedBy)' refers to '\(name)', which is not defined"
        case .invalidRepetition(let rule, let minimum, let maximum):
            "the rule '\(rule)' repeats something {\(minimum),\(maximum.map(String.init) ?? "")}, which is not a valid range"
        case .grammarTooLarge:
            "the grammar is too large to compile (repetition bounds too high?)"
        case .noFiniteDerivation(let name):
            "the rule '\(name)' derives no finite text"
        case .sentenceTooCostly(let name, let budget):
            "even the quickest sentence of the rule '\(name)' takes more than \(budget) steps to write; shorten the grammar, or raise SentenceGenerator's workBudget"
        case .workBudgetExceeded(let budget, let byteOffset):
            "matching gave up at byte \(byteOffset): it took more than \(budget) steps (the grammar is too ambiguous for a text this long, as `s ::= s s s` is); write such rules as repetitions (`s ::= item+`), or raise GrammarMatcher's workBudget"
        }
    }
}
