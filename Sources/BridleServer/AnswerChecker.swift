import BridleBackend
import BridleGrammar

/// Checks a server's answer piece by piece against the request's grammar and token limit,
/// before any of it is yielded. Under a lazy grammar (a `trigger`), text before the trigger is
/// free and the grammar checks the rest from the trigger on, as the server applies it.
struct AnswerChecker {
    private var matcher: GrammarMatcher?
    let limit: Int?
    private(set) var text = ResponseText()
    private var pieces = 0
    /// The trigger not yet seen, under a lazy grammar.
    private var trigger: [UInt8]?

    init(grammar: Grammar?, trigger: String? = nil, limit: Int?, workBudget: Int = GrammarMatcher.defaultWorkBudget) throws(ServerError) {
        do {
            matcher = try grammar.map { grammar throws(GrammarMatcherError) in try GrammarMatcher(grammar, workBudget: workBudget) }
        } catch {
            throw .grammarUncheckable(reason: error.description)
        }
        self.trigger = grammar == nil ? nil : trigger.map { Array($0.utf8) }
        self.limit = limit
    }

    /// The part of `piece` the grammar reads: all of it once the trigger has come; from the
    /// trigger's start (which may lie in earlier pieces) when it completes here; none before.
    private mutating func constrained(_ piece: [UInt8]) -> [UInt8] {
        guard let pending = trigger else { return piece }
        let seen = Array(text.bytes.suffix(pending.count - 1)) + piece
        guard seen.count >= pending.count,
            let start = (0...(seen.count - pending.count)).first(where: { seen[$0..<($0 + pending.count)].elementsEqual(pending) })
        else { return [] }
        trigger = nil
        return Array(seen[start...])
    }

    /// Takes `piece` into the answer, or says why not (leaving the answer as it was).
    mutating func accept(_ piece: String) -> String? {
        guard !piece.isEmpty else { return nil }
        if let limit, pieces >= limit {
            return "it sent more than \(limit) pieces, past the token limit it was given"
        }
        let lazyBefore = trigger
        let checked = constrained(Array(piece.utf8))
        if var attempt = matcher, !checked.isEmpty {
            if let offset = attempt.accept(bytes: checked) {
                trigger = lazyBefore
                let refused = String(decoding: checked.dropFirst(offset), as: UTF8.self)
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
        // Under a lazy grammar the answer may be the free text alone.
        guard trigger == nil, let matcher, !matcher.isComplete else { return nil }
        return "it ended before the grammar's sentence was complete"
    }
}
