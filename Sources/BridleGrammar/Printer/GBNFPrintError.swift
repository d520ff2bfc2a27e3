/// Why a ``Grammar`` cannot be written as GBNF that llama.cpp reads the same way.
///
/// The printer refuses rather than guesses: renaming a rule or dropping a part would hand
/// llama.cpp a different grammar than the one built. Each case names the rule at fault;
/// ``Grammar/lint()`` reports the same problems (and more) without stopping at the first.
///
/// ```swift
/// do {
///     _ = try GBNFPrinter().print(Grammar(rules: [Rule(name: "my_rule", body: .literal("a"))]))
/// } catch {
///     print(error)
///     // rule name 'my_rule' is not valid GBNF: use only letters, digits and '-'
/// }
/// ```
public enum GBNFPrintError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A rule's name is empty or has characters other than `a-z`, `A-Z`, `0-9` and `-`.
    case invalidRuleName(String)
    /// Two rules have this name; llama.cpp would silently keep only the last.
    case duplicateRule(String)
    /// `rule` refers to a name that cannot be written in GBNF.
    case invalidReference(String, rule: String)
    /// `.alternatives([])` (matches nothing) outside any other alternatives: GBNF cannot
    /// write it.
    case emptyAlternatives(rule: String)
    /// A character class with no ranges: llama.cpp reads `[]` and `[^]` as the empty string,
    /// not as "nothing" or "anything".
    case emptyCharacterClass(rule: String)
    /// A repetition with a negative minimum or a maximum below its minimum.
    case invalidRepetition(rule: String, minimum: Int, maximum: Int?)
    /// A repetition with a bound above the 100 000 the printer will expand for llama.cpp.
    case repetitionTooLarge(rule: String, count: Int)
    /// A repetition that still breaks llama.cpp's limit on repeated items (2000 generated
    /// rules) as printed. ``Grammar/normalized()`` splits such repetitions or moves their
    /// repeated part into a rule of its own, so this means that bookkeeping is wrong: please
    /// report it, with the grammar.
    case repetitionTooComplex(rule: String)

    /// The rule the problem is in (for a rule name, the rule itself).
    public var ruleName: String {
        switch self {
        case .invalidRuleName(let rule), .duplicateRule(let rule): rule
        case .invalidReference(_, let rule), .emptyAlternatives(let rule), .emptyCharacterClass(let rule),
             .invalidRepetition(let rule, _, _), .repetitionTooLarge(let rule, _), .repetitionTooComplex(let rule):
            rule
        }
    }

    public var description: String {
        switch self {
        case .invalidRuleName(let name):
            "rule name '\(name)' is not valid GBNF: use only letters, digits and '-'"
        case .duplicateRule(let name):
            "rule '\(name)' is defined more than once: merge the definitions with '|' or rename one"
        case .invalidReference(let name, let rule):
            "rule '\(rule)' refers to '\(name)', which is not a valid GBNF rule name: use only letters, digits and '-'"
        case .emptyAlternatives(let rule):
            "rule '\(rule)' has an empty choice (.alternatives([])), which matches nothing and cannot be written in GBNF: remove it or give it an alternative"
        case .emptyCharacterClass(let rule):
            "rule '\(rule)' has a character class with no ranges, which llama.cpp would read as the empty string: remove it, or use '.' for any character"
        case .invalidRepetition(let rule, let minimum, let maximum):
            "rule '\(rule)' repeats something {\(minimum),\(maximum.map(String.init) ?? "")}: the minimum must be at least 0 and at most the maximum"
        case .repetitionTooLarge(let rule, let count):
            "rule '\(rule)' repeats something up to \(count) times, more than the printer will expand for llama.cpp (which allows 2000 per repetition and needs larger ones written as pieces): lower the bound, leave it unbounded, or move the repeated part into a rule of its own"
        case .repetitionTooComplex(let rule):
            "rule '\(rule)' repeats something llama.cpp would reject (it allows 2000 generated rules per repeated item), although the printer should have split it or moved it into a rule of its own: please report this as a Bridle bug; meanwhile, move the repeated part into a rule of its own"
        }
    }
}
