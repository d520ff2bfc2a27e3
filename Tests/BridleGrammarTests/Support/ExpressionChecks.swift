@testable import BridleGrammar

extension Regex {
    /// Whether the regex matches all of `text`.
    func admits(_ text: String) -> Bool {
        ((try? wholeMatch(in: text)) ?? nil) != nil
    }
}

extension GrammarExpression {
    /// How many expression nodes there are: a rough measure of the work llama.cpp's sampler
    /// does to track the expression.
    var nodeCount: Int {
        switch self {
        case .sequence(let parts), .alternatives(let parts):
            return 1 + parts.reduce(0) { $0 + $1.nodeCount }
        case .repetition(let inner, _, _):
            return 1 + inner.nodeCount
        case .literal, .characterClass, .anyCharacter, .reference:
            return 1
        }
    }
}
