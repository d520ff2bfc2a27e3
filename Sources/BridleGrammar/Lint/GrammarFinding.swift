/// One problem ``Grammar/lint()`` found: how bad it is, which check found it, the rule it is
/// in, and what to do about it.
///
/// ```swift
/// Grammar(rules: [Rule(name: "root", body: .reference("value"))]).lint().first?.description
/// // error: rule 'root' refers to 'value', which is not defined: define 'value' or fix the name
/// ```
public struct GrammarFinding: Sendable, Hashable, CustomStringConvertible {
    /// How bad a finding is.
    public enum Severity: String, Sendable, Hashable {
        /// llama.cpp rejects the grammar, loops or crashes on it, or it cannot match anything.
        case error
        /// The grammar works but something in it is likely a mistake.
        case warning
    }

    /// Which check produced a finding, for code that reacts to some and not others.
    public enum Check: String, Sendable, Hashable, CaseIterable {
        /// The grammar has no rule named by its `rootName`.
        case missingRoot
        /// A rule name is empty or has characters other than letters, digits and `-`.
        case invalidRuleName
        /// Two rules share a name.
        case duplicateRule
        /// A reference to a rule that is not defined.
        case undefinedReference
        /// A rule that cannot be reached from the root.
        case unreachableRule
        /// A rule that can start with itself, directly or through other rules.
        case leftRecursion
        /// `*`, `+` or `{m,}` of something that can match the empty string (an error), or a
        /// bounded repetition of it (a warning: it is ambiguous).
        case emptyRepetition
        /// A rule with no finite derivation: every way through it needs itself again.
        case unproductiveRule
        /// An empty character class or `.alternatives([])`.
        case matchesNothing
        /// A repetition whose bounds are invalid, or which llama.cpp cannot be given.
        case repetitionBounds
    }

    public var severity: Severity
    public var check: Check
    /// The rule the problem is in; for ``Check/missingRoot`` the missing root's name.
    public var ruleName: String
    /// What is wrong and what to do, in a sentence.
    public var message: String

    public init(severity: Severity, check: Check, ruleName: String, message: String) {
        self.severity = severity
        self.check = check
        self.ruleName = ruleName
        self.message = message
    }

    public var description: String {
        "\(severity.rawValue): \(message)"
    }
}
