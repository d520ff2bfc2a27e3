import Foundation

/// Where a ``ServerLanguageModel`` sends requests and how.
///
/// ```swift
/// var configuration = ServerConfiguration(endpoints: [
///     URL(string: "http://127.0.0.1:8080")!, URL(string: "http://127.0.0.1:8081")!,
/// ])
/// configuration.replicaChoice = .leastBusy
/// let model = try ServerLanguageModel(configuration: configuration)
/// ```
public struct ServerConfiguration: Sendable {
    /// The replicas' base URLs (scheme, host, port; a path prefix is kept). Requests go to
    /// ``ServerEngine``'s path below each.
    public var endpoints: [URL]
    public var engine: ServerEngine
    /// The served model's name, which the OpenAI-style endpoints require (`vllm serve NAME`);
    /// llama-server ignores it. `nil` sends none.
    public var model: String?
    /// Sent as `Authorization: Bearer …` when set.
    public var apiKey: String?
    /// How messages become the prompt on the completion endpoints; chat endpoints
    /// (``ServerEngine/openAICompatible``) send the messages and the server's template applies.
    public var promptFormat: PromptFormat
    public var replicaChoice: ReplicaChoice
    public var retry: RetryPolicy
    /// The longest one attempt may take, from sending the request to the answer's last byte.
    public var attemptTimeout: Duration

    public init(
        endpoints: [URL],
        engine: ServerEngine = .llamaServer,
        model: String? = nil,
        apiKey: String? = nil,
        promptFormat: PromptFormat = .plain,
        replicaChoice: ReplicaChoice = .roundRobin,
        retry: RetryPolicy = RetryPolicy(),
        attemptTimeout: Duration = .seconds(300)
    ) {
        self.endpoints = endpoints
        self.engine = engine
        self.model = model
        self.apiKey = apiKey
        self.promptFormat = promptFormat
        self.replicaChoice = replicaChoice
        self.retry = retry
        self.attemptTimeout = attemptTimeout
    }

    /// Throws what makes this configuration unusable, before any request is sent.
    func validate() throws(ServerError) {
        guard !endpoints.isEmpty else {
            throw .invalidConfiguration("no endpoints; give the URL of at least one server, such as http://127.0.0.1:8080")
        }
        for endpoint in endpoints where !["http", "https"].contains(endpoint.scheme?.lowercased() ?? "") || endpoint.host == nil {
            throw .invalidConfiguration("the endpoint '\(endpoint.absoluteString)' is not an http(s) URL with a host, such as http://127.0.0.1:8080")
        }
        guard retry.maximumAttempts >= 1 else {
            throw .invalidConfiguration("retry.maximumAttempts is \(retry.maximumAttempts); it counts the first attempt, so it must be at least 1")
        }
        guard attemptTimeout > .zero else {
            throw .invalidConfiguration("attemptTimeout must be positive")
        }
    }
}
