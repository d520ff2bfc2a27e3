import BridleSchema

/// Why a response could not be produced. Backend-specific failures (a model file that will not
/// load) have their own types; these are the ones every backend shares.
public enum ResponseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The formatted prompt has no tokens at all.
    case emptyPrompt
    /// The formatted prompt needs more tokens than the context holds.
    case exceededContextWindowSize(promptTokens: Int, contextSize: Int)
    /// The context filled up while the response was still being generated.
    case contextFilledDuringResponse(contextSize: Int, partialText: String)
    /// The response reached `maximumResponseTokens` before it was complete. The partial text is
    /// kept for diagnosis; it is never returned as a value.
    case exceededMaximumResponseTokens(limit: Int, partialText: String)
    /// The response is not valid UTF-8 (possible only without a grammar).
    case invalidUTF8(bytes: [UInt8])
    /// The text does not parse as JSON or does not decode into the requested type. Under a
    /// grammar compiled from the type's schema this means a bug in Bridle or in the backend;
    /// please report it with the text.
    case undecodableResponse(text: String, reason: String)
    /// The response parsed, but breaks the schema (for example a repeated dictionary key, which
    /// no grammar can rule out).
    case schemaViolation(text: String, violations: [String])
    /// The options cannot be used: the message says which value and why.
    case invalidOptions(String)

    public var description: String {
        switch self {
        case .emptyPrompt:
            "The prompt has no tokens; give the model at least one message."
        case let .exceededContextWindowSize(promptTokens, contextSize):
            "The prompt takes \(promptTokens) tokens but the context holds \(contextSize); shorten the prompt or load the model with a larger context."
        case let .contextFilledDuringResponse(contextSize, partialText):
            "The context (\(contextSize) tokens) filled up before the response was complete; load the model with a larger context or set maximumResponseTokens. Partial response: \(partialText.debugDescription)"
        case let .exceededMaximumResponseTokens(limit, partialText):
            "The response reached maximumResponseTokens (\(limit)) before it was complete; raise the limit or tighten the schema's bounds. Partial response: \(partialText.debugDescription)"
        case let .invalidUTF8(bytes):
            "The response is not valid UTF-8 (\(bytes.count) bytes); constrain it with a grammar."
        case let .undecodableResponse(text, reason):
            "The response does not decode: \(reason). Response: \(text.debugDescription)"
        case let .schemaViolation(text, violations):
            "The response breaks the schema: \(violations.joined(separator: "; ")). Response: \(text.debugDescription)"
        case let .invalidOptions(message):
            "Invalid generation options: \(message)"
        }
    }
}
