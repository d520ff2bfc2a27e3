import AsyncHTTPClient
import BridleBackend
import BridleGrammar
import Foundation

/// A ``LanguageModel`` served over HTTP by llama-server, vLLM, SGLang or any OpenAI-compatible
/// server, with Bridle's grammar in the request and Bridle's checks on the answer.
///
/// Switching a session from the in-process backend is one line:
///
/// ```swift
/// // let model = try LlamaLanguageModel(contentsOf: modelURL)
/// let model = try ServerLanguageModel(url: URL(string: "http://127.0.0.1:8080")!)
/// let session = LanguageModelSession(model: model, tools: [FindContacts()])
/// let reply = try await session.respond(to: "Find Ann", generating: ContactQuery.self)
/// ```
///
/// The server is never trusted: every piece of the answer is checked against the request's
/// grammar as it arrives and is yielded only if the text is still the start of a sentence of
/// it; the answer must end complete. The session then parses and validates it as it does an
/// in-process answer. An answer refused before its first byte was yielded is retried on another
/// replica (``RetryPolicy``); after that, the error is thrown.
///
/// Servers stream text, not token ids, so the stream yields ``GenerationEvent/text(_:)``.
public struct ServerLanguageModel: LanguageModel {
    public let configuration: ServerConfiguration
    let client: HTTPClient
    let replicas: ReplicaPool

    /// The client every model uses unless given another: like AsyncHTTPClient's shared one, but
    /// a connection that can't be made within 3 seconds fails the request (the shared client
    /// keeps trying until the request's deadline), so that ``RetryPolicy`` moves on to another
    /// replica; and idle connections are dropped after 4 seconds, before llama-server drops
    /// them (after 5), so a request is rarely sent on a connection the server has closed.
    public static let defaultHTTPClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(3))
        configuration.connectionPool.idleTimeout = .seconds(4)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// - Parameter httpClient: The client requests go through; ``defaultHTTPClient`` unless
    ///   given. Pass your own for other timeouts or TLS settings; you shut it down.
    public init(configuration: ServerConfiguration, httpClient: HTTPClient = ServerLanguageModel.defaultHTTPClient) throws(ServerError) {
        try configuration.validate()
        self.configuration = configuration
        client = httpClient
        replicas = ReplicaPool(
            endpoints: configuration.endpoints, choice: configuration.replicaChoice,
            capacity: configuration.maximumRequestsPerEndpoint)
    }

    /// One llama-server (or another engine) at `url`.
    public init(url: URL, engine: ServerEngine = .llamaServer, httpClient: HTTPClient = ServerLanguageModel.defaultHTTPClient) throws(ServerError) {
        try self.init(configuration: ServerConfiguration(endpoints: [url], engine: engine), httpClient: httpClient)
    }

    public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        AsyncThrowingStream { continuation in
            let work = Task {
                do {
                    try await run(request, yield: { continuation.yield($0) })
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in work.cancel() }
        }
    }

    /// The JSON body this model posts for `request`, as text: for logs, and to check what an
    /// engine receives.
    public func requestBody(for request: GenerationRequest) throws(ServerError) -> String {
        try ServerRequestBody(configuration: configuration).content(for: request).jsonString
    }

    /// Requests in flight per endpoint, in configuration order.
    public var load: [Int] {
        get async { await replicas.load }
    }

    /// `request` with its seed moved on by `step`, as the session does for a regeneration.
    private static func reseeded(_ request: GenerationRequest, by step: Int) -> GenerationRequest {
        guard let sampling = request.options.sampling, let seed = sampling.seed.map({ $0 &+ UInt64(step) }) else { return request }
        var request = request
        switch sampling.strategy {
        case .greedy: return request
        case .topK(let k): request.options.sampling = .random(top: k, seed: seed)
        case .nucleus(let threshold): request.options.sampling = .random(probabilityThreshold: threshold, seed: seed)
        }
        return request
    }

    private func run(_ request: GenerationRequest, yield: @escaping @Sendable (GenerationEvent) -> Void) async throws {
        try request.options.validate(for: capabilities)
        var body = try requestBody(for: request)
        let checker = try AnswerChecker(
            grammar: request.constraint?.grammar, trigger: request.constraint?.trigger, limit: request.options.maximumResponseTokens,
            workBudget: request.options.matchingWorkBudget)
        var failures: [EndpointFailure] = []
        var refusals = 0
        for attempt in 0..<configuration.retry.maximumAttempts {
            try await Task.sleep(for: configuration.retry.backoff(before: attempt))
            let (index, endpoint) = await replicas.acquire()
            let outcome: AttemptOutcome
            do {
                var exchange = ServerExchange(
                    client: client, configuration: configuration, endpoint: endpoint, checker: checker, yield: yield)
                outcome = try await exchange.run(body: body)
            } catch {
                await replicas.release(index)
                throw error
            }
            await replicas.release(index)
            switch outcome {
            case .finished(var statistics):
                statistics.retries = failures.count
                yield(.finished(statistics))
                return
            case .failedBeforeAnswer(let reason, let refused):
                failures.append(EndpointFailure(endpoint: endpoint.absoluteString, reason: reason))
                if refused {
                    // The same seed would write the same refused answer again.
                    refusals += 1
                    body = try requestBody(for: Self.reseeded(request, by: refusals))
                }
            }
        }
        throw ServerError.allEndpointsFailed(failures)
    }
}

/// How one attempt ended, when it didn't throw.
enum AttemptOutcome {
    case finished(GenerationStatistics)
    /// Nothing was yielded, so another attempt may follow; the reason is kept for the error.
    /// `refused`: the server answered, and Bridle refused its answer.
    case failedBeforeAnswer(String, refused: Bool)
}
