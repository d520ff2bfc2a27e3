import BridleGrammar

/// What feeding a whole text to a fresh matcher ends in, for table tests.
///
/// ```swift
/// MatchOutcome(MatchFixtures.json, "[1,") == .prefix
/// ```
enum MatchOutcome: Equatable, CustomStringConvertible {
    /// Every byte accepted and the text is a sentence.
    case sentence
    /// Every byte accepted, but more must follow.
    case prefix
    /// The byte at this offset was refused.
    case rejected(at: Int)

    init(_ grammar: Grammar, _ text: String) throws {
        var matcher = try GrammarMatcher(grammar)
        self.init(&matcher, text)
    }

    init(_ matcher: inout GrammarMatcher, _ text: String) {
        if let offset = matcher.accept(bytes: text.utf8) {
            self = .rejected(at: offset)
        } else {
            self = matcher.isComplete ? .sentence : .prefix
        }
    }

    var description: String {
        switch self {
        case .sentence: "sentence"
        case .prefix: "prefix"
        case .rejected(let offset): "rejected at \(offset)"
        }
    }
}
