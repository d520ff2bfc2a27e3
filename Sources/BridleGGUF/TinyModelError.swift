/// Why a `TinyModel` configuration cannot be built.
public enum TinyModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The vocabulary needs the 256 byte tokens, at least one merge, a template's special
    /// tokens and the end token.
    case vocabularyTooSmall(requested: Int, minimum: Int)
    /// Larger vocabularies than this are never needed for tests and would
    /// only make generation slow.
    case vocabularyTooLarge(requested: Int, maximum: Int)
    /// A shape parameter is out of range; `reason` says which and why.
    case invalidShape(reason: String)
    /// A template's BOS or EOS text cannot be a special token; `reason` says why.
    case invalidSpecialToken(token: String, reason: String)

    public var description: String {
        switch self {
        case .vocabularyTooSmall(let requested, let minimum):
            "A tiny model's vocabulary needs at least \(minimum) tokens (256 byte tokens, one merge, the template's special tokens if any and the end token); \(requested) were requested."
        case .vocabularyTooLarge(let requested, let maximum):
            "A tiny model's vocabulary can have at most \(maximum) tokens; \(requested) were requested."
        case .invalidShape(let reason):
            "Invalid tiny model shape: \(reason)."
        case .invalidSpecialToken(let token, let reason):
            "\"\(token)\" cannot be a tiny model's special token: \(reason)."
        }
    }
}
