import AsyncHTTPClient
import BridleEndpoint
import BridleSchema
import BridleTestSupport
import Foundation
import NIOCore
import Testing

/// The endpoint over real HTTP with models whose answers are held open: routes, keys, the
/// bound on answers in flight, clients that hang up.
@Suite struct OpenAIEndpointTests {
    static let hello = #"{"messages":[{"role":"user","content":"Hi"}]}"#

    @Test func routesAnswerInOpenAIsShapes() async throws {
        let model = ScriptedModel(replies: ["Hello"])
        let server = try await RunningEndpoint(OpenAIEndpoint(model: model, configuration: EndpointConfiguration(modelID: "tiny")))
        let health = try await server.send(.GET, "/health")
        #expect(health.status == 200 && health.json?["status"]?.text == "ok")
        let models = try await server.send(.GET, "/v1/models")
        #expect(models.json?["data"]?[0]?["id"]?.text == "tiny")
        #expect(try await server.send(.GET, "/v1/models/tiny").json?["id"]?.text == "tiny")
        let unknownModel = try await server.send(.GET, "/v1/models/gpt-9")
        #expect(unknownModel.status == 404)
        #expect(unknownModel.json.flatMap(EndpointBody.error(in:))?.code == "model_not_found")
        let unknownRoute = try await server.send(.POST, "/v1/embeddings", body: "{}")
        #expect(unknownRoute.status == 404)
        #expect(unknownRoute.json.flatMap(EndpointBody.error(in:))?.message.contains("POST /v1/chat/completions") == true)
        #expect(try await server.send(.GET, "/v1/chat/completions").status == 405)
        // Any model name is served, as llama-server serves it.
        let answer = try await server.send(.POST, "/v1/chat/completions", body: #"{"model":"gpt-4o-mini","messages":[{"role":"user","content":"Hi"}]}"#)
        #expect(answer.status == 200)
        #expect(answer.json?["model"]?.text == "gpt-4o-mini")
        #expect(answer.json?["choices"]?[0]?["message"]?["content"]?.text == "Hello")
    }

    @Test func aKeyIsAskedOfEveryRouteButHealth() async throws {
        let server = try await RunningEndpoint(OpenAIEndpoint(
            model: ScriptedModel(replies: ["a"]), configuration: EndpointConfiguration(modelID: "tiny", apiKey: "sk-local")))
        #expect(try await server.send(.GET, "/health").status == 200)
        let missing = try await server.send(.GET, "/v1/models")
        #expect(missing.status == 401)
        #expect(missing.json.flatMap(EndpointBody.error(in:))?.type == "authentication_error")
        #expect(try await server.send(.GET, "/v1/models", key: "sk-other").status == 401)
        #expect(try await server.send(.GET, "/metrics").status == 401)
        #expect(try await server.send(.GET, "/v1/models", key: "sk-local").status == 200)
    }

    @Test func aBodyPastTheLimitIsRefused() async throws {
        let server = try await RunningEndpoint(OpenAIEndpoint(
            model: ScriptedModel(), configuration: EndpointConfiguration(modelID: "tiny", maximumBodyBytes: 1024)))
        let body = #"{"messages":[{"role":"user","content":""# + String(repeating: "x", count: 4096) + #""}]}"#
        let reply = try await server.send(.POST, "/v1/chat/completions", body: body)
        #expect(reply.status == 413)
        #expect(reply.json.flatMap(EndpointBody.error(in:))?.code == "body_too_large")
    }

    /// Past the bound a request is refused at once with 429 and Retry-After; a client that hangs
    /// up mid-stream cancels its answer, which frees its room; the server goes on serving.
    @Test func theBoundRefusesAndAHangUpCancels() async throws {
        let model = HeldModel()
        let server = try await RunningEndpoint(OpenAIEndpoint(
            model: model, configuration: EndpointConfiguration(modelID: "held", maximumAnswersInFlight: 1)))
        let streamed = #"{"messages":[{"role":"user","content":"Hi"}],"stream":true}"#
        // A streamed answer that holds the only room, read until its first token arrives.
        let reader = Task {
            var request = HTTPClientRequest(url: server.baseURL + "/v1/chat/completions")
            request.method = .POST
            request.body = .bytes(ByteBuffer(string: streamed))
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
            var received = ""
            for try await buffer in response.body {
                received += String(buffer: buffer)
                if received.contains(#""content":"a""#) { break }
            }
            return received
        }
        _ = try await reader.value
        let refused = try await server.send(.POST, "/v1/chat/completions", body: Self.hello)
        #expect(refused.status == 429)
        #expect(refused.headers.first(name: "Retry-After") == "1")
        #expect(refused.json.flatMap(EndpointBody.error(in:))?.type == "rate_limit_error")
        // The reader stopped reading and its connection closed: the held answer is cancelled.
        try await eventually { model.cancelled == 1 }
        try await eventually { try await server.send(.GET, "/metrics").text.contains("bridle_answers_in_flight 0") }
        let next = Task { try await server.send(.POST, "/v1/chat/completions", body: Self.hello) }
        try await eventually { model.started == 2 }
        model.release()
        #expect(try await next.value.status == 200)
    }

    /// A whole (not streamed) answer is cancelled as soon as its client hangs up.
    @Test func aHangUpBeforeTheAnswerCancelsIt() async throws {
        let model = HeldModel()
        let server = try await RunningEndpoint(OpenAIEndpoint(model: model, configuration: EndpointConfiguration(modelID: "held")))
        let client = Task { try await server.send(.POST, "/v1/chat/completions", body: Self.hello) }
        try await eventually { model.started == 1 }
        client.cancel()
        try await eventually { model.cancelled == 1 }
        #expect(try await server.send(.GET, "/health").status == 200)
    }

    @Test func metricsCountRequestsAndTokens() async throws {
        let server = try await RunningEndpoint(OpenAIEndpoint(model: ScriptedModel(replies: ["four"]), configuration: EndpointConfiguration(modelID: "tiny")))
        _ = try await server.send(.POST, "/v1/chat/completions", body: Self.hello)
        _ = try await server.send(.POST, "/v1/chat/completions", body: "{")
        let metrics = try await server.send(.GET, "/metrics")
        #expect(metrics.headers.first(name: "Content-Type")?.hasPrefix("text/plain") == true)
        #expect(metrics.text.contains(#"bridle_requests_total{path="/v1/chat/completions",status="200"} 1"#))
        #expect(metrics.text.contains(#"bridle_requests_total{path="/v1/chat/completions",status="400"} 1"#))
        #expect(metrics.text.contains("bridle_completion_tokens_total 4"))
    }

    /// Polls `condition` for up to 10 s.
    private func eventually(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<200 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the condition did not hold within 10 s")
    }
}
