/// Why an ``ECMARegex`` could not be built or could not judge a text: which pattern, where in
/// it (an offset in Unicode scalars from its start), and a message that says what to do.
///
/// ```swift
/// try ECMARegex(#"^(\d)\1$"#)
/// // error: pattern ^(\d)\1$ at offset 5: backreference \1 is not supported: …
/// ```
public struct ECMARegexError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad reason, for callers that react differently to each.
    public enum Kind: String, Sendable, Hashable {
        /// Not a valid ECMA-262 regular expression (an unclosed group, a quantifier with nothing
        /// to repeat, a range out of order…), or a form Bridle rejects as ambiguous (`{,3}`).
        case invalidSyntax
        /// Valid ECMA-262 that Bridle doesn't support because neither a grammar nor a
        /// backtracking-free matcher can express it: backreferences, lookaround, word
        /// boundaries, inline modifiers, unknown Unicode properties, counts above 10 000.
        case unsupported
        /// The pattern needs more matcher states, or a judgment more steps, than its
        /// ``ECMARegexBudget`` allows. Raise the budget if the input is trusted.
        case budgetExceeded
    }

    public var kind: Kind
    /// The pattern as given.
    public var pattern: String
    /// Where the problem starts, in Unicode scalars from the pattern's start (0 for problems
    /// of the whole pattern, such as an exceeded budget).
    public var offset: Int
    /// What is wrong and what to do instead.
    public var message: String

    public init(kind: Kind, pattern: String, offset: Int, message: String) {
        self.kind = kind
        self.pattern = pattern
        self.offset = offset
        self.message = message
    }

    public var description: String { "pattern \(pattern) at offset \(offset): \(message)" }
}
