import BridleRegex

/// Why a JSON Schema `pattern` can't become a grammar: which pattern, where in it (an offset
/// in Unicode scalars from its start), and a message that says what to write instead.
///
/// ```swift
/// try PatternGrammar.expression(pattern: #"^(\d)\1$"#)
/// // error: pattern ^(\d)\1$ at offset 5: backreference \1 is not supported: a grammar can't
/// //        require text to repeat what a group matched; write the group's pattern out again …
/// ```
public struct PatternGrammarError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad reason, for callers that react differently to each.
    public enum Kind: String, Sendable, Hashable {
        /// Not a valid ECMA-262 regular expression (an unclosed group, a quantifier with nothing
        /// to repeat, a range out of order…), or a form Bridle rejects as ambiguous (`{,3}`).
        case invalidSyntax
        /// Valid ECMA-262 that a grammar can't express or Bridle doesn't support:
        /// backreferences, lookaround, word boundaries, anchors in the middle, modifiers,
        /// unknown Unicode properties.
        case unsupported
        /// The pattern matches no string at all (`a[]b`).
        case matchesNothing
        /// No string the pattern matches (with unbounded quantifiers capped) has a length
        /// within the requested bound.
        case lengthConflict
    }

    public var kind: Kind
    /// The pattern as given.
    public var pattern: String
    /// Where the problem starts, in Unicode scalars from the pattern's start (0 for problems
    /// of the whole pattern).
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

extension PatternGrammarError {
    /// The parser's refusal, as the grammar compiler reports it.
    init(regexError error: ECMARegexError) {
        let kind: Kind =
            switch error.kind {
            case .invalidSyntax: .invalidSyntax
            // The parser sets no budget; any other refusal is something Bridle doesn't support.
            case .unsupported, .budgetExceeded: .unsupported
            }
        self.init(kind: kind, pattern: error.pattern, offset: error.offset, message: error.message)
    }
}
