import BridleBackend
import BridleGrammar

/// Checks a server's answer piece by piece against the request's grammar and token limit,
/// before any of it is yielded.
struct AnswerChecker {
    private var matcher: GrammarMatcher?
    let limit: Int?
    private(set) var text = ResponseText()
    private var pieces = 0

    init(grammar: Grammar?, limit: Int?, workBudget: Int = GrammarMatcher.defaultWorkBudget) throws(ServerError) {
        do {
            matcher = try grammar.map { grammar throws(GrammarMatcherError) in try GrammarMatcher(grammar, workBudget: workBudget) }
        } catch {
            throw .grammarUncheckable(reason: error.description)
        }
        self.limit = limit
    }

    /// Takes `piece` into the answer, or says why not (leaving the answer as it was).
    mutating func accept(_ piece: String) -> String? {
        guard !piece.isEmpty else { return nil }
        if let limit, pieces >= limit {
            return "it sent more than \(limit) pieces, past the token limit it was given"
        }
        if var attempt = matcher {
            if let offset = attempt.accept(bytes: piece.utf8) {
                let refused = String(decoding: Array(piece.utf8)[offset...], as: UTF8.self)
                if attempt.hasExceededWorkBudget {
                    return "checking it against the grammar took more than the matcher's work budget (\(attempt.workBudget) steps) after \(text.bytes.count + offset) bytes"
                }
                return "the text \(refused.debugDescription) after \(text.bytes.count + offset) bytes is outside the grammar"
            }
            matcher = attempt
        }
        pieces += 1
        text.append(Array(piece.utf8))
        return nil
    }

    /// Why the answer can't end here, or `nil` when it can.
    var incompleteness: String? {
        guard let matcher, !matcher.isComplete else { return nil }
        return "it ended before the grammar's sentence was complete"
    }
}
