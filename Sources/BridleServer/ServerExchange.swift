import AsyncHTTPClient
import BridleBackend
import BridleSchema
import OpenAPIRuntime
import Foundation
import NIOCore
import NIOHTTP1

/// One attempt at one endpoint: posts the request, reads the event stream, checks each piece
/// and yields it.
///
/// A failure before the first piece was yielded is an ``AttemptOutcome/failedBeforeAnswer(_:refused:)``
/// when another replica might do better (connection errors, 429/502/503/504, a refused answer);
/// one that any replica would repeat, or one after the first piece, is thrown.
struct ServerExchange {
    let client: HTTPClient
    let configuration: ServerConfiguration
    let endpoint: URL
    var checker: AnswerChecker
    let yield: @Sendable (GenerationEvent) -> Void

    /// Statuses another replica may not answer with: overloaded, or a proxy's upstream down.
    private static let retryableStatuses: Set<UInt> = [429, 502, 503, 504]
    /// The most of an error body kept for the message.
    private static let errorBodyLimit = 16 * 1024

    init(
        client: HTTPClient, configuration: ServerConfiguration, endpoint: URL, checker: AnswerChecker,
        yield: @escaping @Sendable (GenerationEvent) -> Void
    ) {
        self.client = client
        self.configuration = configuration
        self.endpoint = endpoint
        self.checker = checker
        self.yield = yield
    }

    private var name: String { endpoint.absoluteString }

    mutating func run(body: String) async throws -> AttemptOutcome {
        let start = ContinuousClock.now
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request(body: body), timeout: TimeAmount(configuration.attemptTimeout))
        } catch {
            try Task.checkCancellation()
            return .failedBeforeAnswer("could not send the request (\(error))", refused: false)
        }
        guard response.status == .ok else {
            let message = await Self.errorMessage(of: response)
            if Self.retryableStatuses.contains(response.status.code) {
                return .failedBeforeAnswer("HTTP \(response.status.code): \(message)", refused: false)
            }
            throw ServerError.rejected(endpoint: name, status: Int(response.status.code), message: message)
        }
        var firstPiece: ContinuousClock.Instant?
        var usage: ServerStreamChunk.Usage?
        do {
            var events = ResponseChunks(body: response.body).asDecodedServerSentEvents().makeAsyncIterator()
            while let event = try await events.next() {
                guard let data = event.data else { continue }
                let chunk: ServerStreamChunk
                do {
                    chunk = try ServerStreamChunk(data: data, engine: configuration.engine)
                } catch {
                    return try fail(Self.reason(error))
                }
                if chunk.isDone { break }
                if let reason = checker.accept(chunk.text) { return try refuse(reason) }
                if !chunk.text.isEmpty {
                    firstPiece = firstPiece ?? .now
                    yield(.text(chunk.text))
                }
                usage = chunk.usage ?? usage
                guard let ending = chunk.ending else { continue }
                switch ending {
                case .complete:
                    if let reason = checker.incompleteness { return try refuse(reason) }
                    let end = ContinuousClock.now
                    if usage == nil { usage = await Self.trailingUsage(after: &events, engine: configuration.engine) }
                    return .finished(Self.statistics(usage, start: start, firstPiece: firstPiece, end: end))
                case .tokenLimit:
                    throw ResponseError.exceededMaximumResponseTokens(
                        limit: checker.limit ?? usage?.responseTokens ?? 0,
                        partialText: checker.text.lossyText)
                case .other(let reason):
                    return try fail("the server stopped the answer (\(reason))")
                }
            }
        } catch let error as ResponseError {
            throw error
        } catch let error as ServerError {
            throw error
        } catch {
            try Task.checkCancellation()
            return try fail("the stream broke (\(error))")
        }
        try Task.checkCancellation()
        return try fail("the stream ended before the answer did")
    }

    private func request(body: String) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: endpoint.absoluteString.trimmingTrailingSlashes + configuration.engine.completionPath)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "text/event-stream")
        if configuration.engine.closesStreamedConnections { request.headers.add(name: "Connection", value: "close") }
        if let key = configuration.apiKey { request.headers.add(name: "Authorization", value: "Bearer \(key)") }
        request.body = .bytes(ByteBuffer(string: body))
        return request
    }

    /// A failure of the server (not of its answer's content): retried while nothing was yielded.
    private func fail(_ reason: String) throws -> AttemptOutcome {
        guard checker.text.bytes.isEmpty else {
            throw ServerError.interrupted(endpoint: name, partialText: checker.text.lossyText, reason: reason)
        }
        return .failedBeforeAnswer(reason, refused: false)
    }

    /// An answer Bridle refuses: retried while nothing was yielded, else thrown as invalid.
    private func refuse(_ reason: String) throws -> AttemptOutcome {
        guard checker.text.bytes.isEmpty else {
            throw ServerError.invalidAnswer(endpoint: name, text: checker.text.lossyText, reason: reason)
        }
        return .failedBeforeAnswer("its answer was refused: \(reason)", refused: true)
    }

    private static func reason(_ error: ServerStreamChunkError) -> String {
        switch error {
        case .malformed(let message): "the stream is malformed: \(message)"
        case .serverError(let message): "the server reported an error: \(message)"
        }
    }

    private static func errorMessage(of response: HTTPClientResponse) async -> String {
        guard let buffer = try? await response.body.collect(upTo: errorBodyLimit) else {
            return response.status.reasonPhrase
        }
        let text = String(buffer: buffer)
        if let content = try? GeneratedContent(json: text),
           case .string(let message)? = (content[property: "error"]?[property: "message"] ?? content[property: "message"])?.kind {
            return message
        }
        return text.isEmpty ? response.status.reasonPhrase : text
    }

    /// The most events read after the one that completes the answer.
    private static let trailingEventLimit = 8

    /// Reads on, up to `[DONE]`, after an event that completed the answer without the usage:
    /// OpenAI-style servers send it in a chunk of its own after `finish_reason` (llama-server
    /// puts it in its last event). A response read to its end also leaves its connection to
    /// the pool instead of cancelling the request, which closes the connection. The answer is
    /// already complete and checked, so a broken, endless or malformed tail only ends the
    /// reading; a server that holds the stream open after the answer without `[DONE]` delays
    /// the summary until ``ServerConfiguration/attemptTimeout``.
    private static func trailingUsage<Events: AsyncIteratorProtocol>(
        after events: inout Events, engine: ServerEngine
    ) async -> ServerStreamChunk.Usage? where Events.Element == ServerSentEvent {
        var usage: ServerStreamChunk.Usage?
        for _ in 0..<trailingEventLimit {
            guard let event = try? await events.next() else { return usage }
            guard let data = event.data else { continue }
            guard let chunk = try? ServerStreamChunk(data: data, engine: engine), chunk.text.isEmpty, !chunk.isDone else {
                return usage
            }
            usage = chunk.usage ?? usage
        }
        return usage
    }

    private static func statistics(
        _ usage: ServerStreamChunk.Usage?, start: ContinuousClock.Instant, firstPiece: ContinuousClock.Instant?,
        end: ContinuousClock.Instant
    ) -> GenerationStatistics {
        let measuredPrompt = ((firstPiece ?? end) - start).seconds
        return GenerationStatistics(
            promptTokens: usage?.promptTokens ?? 0,
            reusedPromptTokens: usage?.cachedPromptTokens ?? 0,
            responseTokens: usage?.responseTokens ?? 0,
            promptSeconds: usage?.promptSeconds ?? measuredPrompt,
            responseSeconds: usage?.responseSeconds ?? (end - (firstPiece ?? end)).seconds,
            samplingSeconds: 0)
    }
}

extension String {
    fileprivate var trimmingTrailingSlashes: String {
        var text = self
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}

extension Duration {
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}

extension TimeAmount {
    fileprivate init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
