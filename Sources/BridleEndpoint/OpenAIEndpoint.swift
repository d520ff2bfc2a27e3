import BridleGeneration
import BridleSchema
import Foundation

/// Bridle's engine behind OpenAI's HTTP API, for any client: Python's and TypeScript's `openai`
/// packages, curl, agent frameworks. Every answer is decoded under Bridle's constraint, so a
/// `json_schema` answer always parses and a tool call always names an offered tool with
/// arguments that match its schema.
///
/// ```swift
/// let model = try LlamaLanguageModel(contentsOf: url, configuration: LlamaConfiguration(sequences: 16))
/// let endpoint = OpenAIEndpoint(model: model, configuration: EndpointConfiguration(modelID: "gemma-3-270m"))
/// try await endpoint.run(host: "127.0.0.1", port: 8080)
/// ```
///
/// Routes: `POST /v1/chat/completions`, `POST /v1/completions`, `GET /v1/models`, `GET /v1/models/{id}`, `GET /health`
/// and `GET /metrics`. ``run(host:port:onRunning:)`` serves them over HTTP/1.1;
/// ``respond(to:)`` answers one request without a socket.
public final class OpenAIEndpoint: Sendable {
    public let model: any LanguageModel
    public let configuration: EndpointConfiguration
    private let admission: Admission
    let metrics = EndpointMetrics()
    private let created = Int(Date().timeIntervalSince1970)

    public init(model: any LanguageModel, configuration: EndpointConfiguration) {
        self.model = model
        self.configuration = configuration
        admission = Admission(limit: configuration.maximumAnswersInFlight)
    }

    /// The answer to one HTTP request.
    public func respond(to request: EndpointRequest) async -> EndpointResponse {
        let response: EndpointResponse
        do {
            response = try await route(request)
        } catch let error as EndpointError {
            response = EndpointResponse(error: error)
        } catch {
            response = EndpointResponse(error: EndpointError(answerError: error))
        }
        await metrics.record(path: Self.routes.contains(request.path) ? request.path : "other", status: response.status)
        return response
    }

    private static let routes: Set<String> = ["/health", "/metrics", "/v1/models", "/v1/chat/completions", "/v1/completions"]

    private func route(_ request: EndpointRequest) async throws -> EndpointResponse {
        if request.path == "/health" {
            try request.expect("GET")
            return EndpointResponse(json: ["status": "ok"])
        }
        if let key = configuration.apiKey, request.authorization != "Bearer \(key)" {
            throw EndpointError(
                status: 401, type: "authentication_error",
                message: request.authorization == nil
                    ? "this server needs an API key: send Authorization: Bearer KEY" : "the API key is not this server's",
                code: "invalid_api_key")
        }
        switch request.path {
        case "/metrics":
            try request.expect("GET")
            return EndpointResponse(status: 200, body: .text(await metrics.text(answersInFlight: admission.inFlight), contentType: "text/plain; version=0.0.4"))
        case "/v1/models":
            try request.expect("GET")
            return EndpointResponse(json: ["object": "list", "data": [modelObject]])
        case let path where path.hasPrefix("/v1/models/"):
            try request.expect("GET")
            let id = String(path.dropFirst("/v1/models/".count)).removingPercentEncoding ?? ""
            guard id == configuration.modelID else {
                throw EndpointError(
                    status: 404, type: "invalid_request_error",
                    message: "the model \"\(id)\" does not exist; this server serves \"\(configuration.modelID)\"",
                    parameter: "model", code: "model_not_found")
            }
            return EndpointResponse(json: modelObject)
        case "/v1/chat/completions":
            try request.expect("POST")
            return try await completion(request.body, kind: .chat)
        case "/v1/completions":
            try request.expect("POST")
            return try await completion(request.body, kind: .text)
        default:
            throw EndpointError(
                status: 404, type: "invalid_request_error",
                message: "no route \(request.method) \(request.path); this server answers POST /v1/chat/completions, POST /v1/completions, GET /v1/models, GET /health and GET /metrics",
                code: "unknown_url")
        }
    }

    private var modelObject: GeneratedContent {
        ["id": GeneratedContent(configuration.modelID), "object": "model", "created": GeneratedContent(created), "owned_by": "bridle"]
    }

    private func completion(_ text: String, kind: CompletionRequest.Kind) async throws -> EndpointResponse {
        let request = try CompletionRequest(body: RequestField(body: text), kind: kind)
        let completions = try Completions(model: model, request: request, configuration: configuration)
        let count = request.sampling.choices
        guard await admission.enter(count) else {
            throw EndpointError(
                status: 429, type: "rate_limit_error",
                message: "the server is decoding \(admission.limit) answers at most and has no room for \(count) more; try again shortly",
                code: "server_overloaded", retryAfterSeconds: 1)
        }
        if request.stream {
            let body = completions.events { [admission, metrics] statistics, _ in
                Task {
                    await admission.leave(count)
                    await metrics.record(statistics)
                }
            }
            return EndpointResponse(status: 200, body: body)
        }
        do {
            let (body, statistics) = try await completions.response()
            await admission.leave(count)
            await metrics.record(statistics)
            return EndpointResponse(json: body)
        } catch {
            await admission.leave(count)
            throw error
        }
    }
}
