/// Why a ``ServerLanguageModel`` produced no response. Failures every backend shares (the token
/// limit) are ``ResponseError``s instead.
public enum ServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The ``ServerConfiguration`` cannot be used; the message says which value and why.
    case invalidConfiguration(String)
    /// The engine takes no grammar, and the request has no schema to send instead.
    case grammarUnsupported(engine: ServerEngine)
    /// The engine's endpoint takes a conversation, and the request is a written prompt
    /// (``GenerationRequest/promptText``).
    case promptTextUnsupported(engine: ServerEngine)
    /// The request's constraint starts at a trigger (``OutputConstraint/trigger``: prose, then a
    /// model's own tool-call format), which only llama-server's lazy grammars take.
    case lazyGrammarUnsupported(trigger: String)
    /// Bridle's matcher cannot check answers against the grammar (a rule used but never
    /// defined, an impossible repetition), so no answer could be trusted.
    case grammarUncheckable(reason: String)
    /// The server refused the request with an error that another replica would repeat (a
    /// grammar it can't parse, a prompt longer than its context): no retry.
    case rejected(endpoint: String, status: Int, message: String)
    /// The answer had started (its first bytes were yielded) when the connection broke or the
    /// server failed. A second generation is never spliced onto the first.
    case interrupted(endpoint: String, partialText: String, reason: String)
    /// The server's answer is not what the request allows: a piece outside the grammar, a
    /// sentence left unfinished, or a stream that doesn't parse. Nothing after the first
    /// invalid byte was yielded.
    case invalidAnswer(endpoint: String, text: String, reason: String)
    /// Every attempt failed before the answer started; one entry per attempt, in order.
    case allEndpointsFailed([EndpointFailure])
    /// ``ServerProbe`` could not tell which engine serves the endpoint.
    case probeFailed(endpoint: String, reason: String)

    public var description: String {
        switch self {
        case .invalidConfiguration(let message):
            "Invalid server configuration: \(message)."
        case .grammarUnsupported(let engine):
            "The \(engine.rawValue) engine takes no grammar, and this request has no JSON Schema to send instead; use an engine with grammar support (llama-server, vllm, sglang) or generate from a schema."
        case .promptTextUnsupported(let engine):
            "The \(engine.rawValue) engine answers conversations (chat completions), and this request is a written prompt; use an engine with a text completion endpoint (llama-server, vllm, sglang) or send messages."
        case .lazyGrammarUnsupported(let trigger):
            "The request's grammar starts only at the trigger \(String(reflecting: trigger)) (prose first, then a model's own tool-call format), which only llama-server's lazy grammars take; use llama-server, or send the grammar without a trigger."
        case .grammarUncheckable(let reason):
            "Answers can't be checked against the grammar: \(reason); fix the grammar (OutputConstraint(grammar:) reports the same before a request)."
        case let .rejected(endpoint, status, message):
            "\(endpoint) refused the request (HTTP \(status)): \(message)"
        case let .interrupted(endpoint, partialText, reason):
            "\(endpoint) failed after the answer had started (\(reason)); it was not retried, so that two answers are never joined. Partial answer: \(partialText.debugDescription)"
        case let .invalidAnswer(endpoint, text, reason):
            "\(endpoint) sent an answer Bridle refused: \(reason). Answer so far: \(text.debugDescription)"
        case .allEndpointsFailed(let failures):
            "Every attempt failed before an answer started; check that the servers run and are reachable:\n"
                + failures.map { "  - \($0)" }.joined(separator: "\n")
        case let .probeFailed(endpoint, reason):
            "Could not tell which engine serves \(endpoint): \(reason)."
        }
    }
}
