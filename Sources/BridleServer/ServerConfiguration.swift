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
    /// The most requests in flight on one endpoint; more wait for one to finish. The default,
    /// 8, is AsyncHTTPClient's connection limit per host; raise both together. llama-server
    /// answers as many at once as it has slots (`--parallel`) and queues the rest.
    public var maximumRequestsPerEndpoint: Int
    /// Token ids of the served model that must never be sampled, sent as `logit_bias`.
    ///
    /// llama.cpp's grammar sampler reads UTF-8 leniently: a byte token `C1` followed by `AE` passes
    /// as the "n" an overlong encoding would spell, a lead byte followed by ASCII passes as some
    /// other character, and a token with a NUL byte reads as empty. Bridle checks every piece strictly and refuses such an answer
    /// (retried with the next seed before its first byte, ``ServerError/invalidAnswer(endpoint:text:reason:)``
    /// after it). Trained models almost never write these bytes; random-weight models do. A
    /// client that knows the model's byte tokens (Bridle's tests do) rules them out here.
    public var excludedTokens: [Int]

    public init(
        endpoints: [URL],
        engine: ServerEngine = .llamaServer,
        model: String? = nil,
        apiKey: String? = nil,
        promptFormat: PromptFormat = .plain,
        replicaChoice: ReplicaChoice = .roundRobin,
        retry: RetryPolicy = RetryPolicy(),
        attemptTimeout: Duration = .seconds(300),
        maximumRequestsPerEndpoint: Int = 8,
        excludedTokens: [Int] = []
    ) {
        self.endpoints = endpoints
        self.engine = engine
        self.model = model
        self.apiKey = apiKey
        self.promptFormat = promptFormat
        self.replicaChoice = replicaChoice
        self.retry = retry
        self.attemptTimeout = attemptTimeout
        self.maximumRequestsPerEndpoint = maximumRequestsPerEndpoint
        self.excludedTokens = excludedTokens
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
        guard maximumRequestsPerEndpoint >= 1 else {
            throw .invalidConfiguration("maximumRequestsPerEndpoint is \(maximumRequestsPerEndpoint); it must be at least 1")
        }
        guard attemptTimeout > .zero else {
            throw .invalidConfiguration("attemptTimeout must be positive")
        }
    }
}
