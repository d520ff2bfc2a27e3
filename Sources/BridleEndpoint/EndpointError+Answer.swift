import BridleBackend

extension EndpointError {
    /// The error a client gets for a request whose answer could not be produced.
    init(answerError error: any Error) {
        switch error {
        case let error as EndpointError:
            self = error
        case ResponseError.exceededContextWindowSize(let promptTokens, let contextSize):
            self = .invalidRequest(
                "the conversation is \(promptTokens) tokens, more than the \(contextSize) this model's context holds; shorten the messages",
                parameter: "messages", code: "context_length_exceeded")
        case ResponseError.emptyPrompt:
            self = .invalidRequest("the conversation has no text to answer", parameter: "messages")
        case ResponseError.invalidOptions(let message):
            self = .invalidRequest(message, code: "unsupported_option")
        case ResponseError.schemaViolation(_, let violations):
            self = EndpointError(
                status: 500, type: "server_error",
                message: "every answer the model wrote broke the schema: \(violations.joined(separator: "; ")); try another seed, or a schema or prompt that says more",
                code: "schema_violation")
        case let error as ResponseError:
            self = EndpointError(status: 500, type: "server_error", message: error.description, code: "generation_failed")
        default:
            self = EndpointError(status: 500, type: "server_error", message: "\(error)", code: "generation_failed")
        }
    }
}
