import BridleJSON

/// What ``OpenAIEndpoint`` answers: a status, and JSON, text or a stream of server-sent events.
public struct EndpointResponse: Sendable {
    public enum Body: Sendable {
        case json(GeneratedContent)
        case text(String, contentType: String)
        /// Server-sent events; `cancel` stops the answers behind them (the client went away).
        case events(AsyncStream<ServerSentEvent>, cancel: @Sendable () -> Void)
    }

    public let status: Int
    public let body: Body
    /// Seconds before a refused request may be sent again (`Retry-After`).
    public let retryAfterSeconds: Int?

    init(status: Int, body: Body, retryAfterSeconds: Int? = nil) {
        self.status = status
        self.body = body
        self.retryAfterSeconds = retryAfterSeconds
    }

    init(json: GeneratedContent) {
        self.init(status: 200, body: .json(json))
    }

    init(error: EndpointError) {
        self.init(status: error.status, body: .json(error.body), retryAfterSeconds: error.retryAfterSeconds)
    }
}
