import BridleEndpoint
import BridleJSONSchema
import BridleLlama
import BridleSchema
import BridleTestSupport
import Foundation
import Testing

/// `bridle serve`'s endpoint on llama.cpp with a tiny random model, over real HTTP: whatever the
/// seed, every answer matches its schema and every call names an offered tool with arguments
/// that match; a stream is the same answer as the whole response for the same seed.
@Suite(.serialized) struct LlamaEndpointTests {
    static let schema = #"{"type":"object","properties":{"name":{"type":"string","maxLength":12},"count":{"type":"integer","minimum":1,"maximum":9},"mood":{"enum":["calm","wild"]},"tags":{"type":"array","items":{"type":"string","maxLength":6},"maxItems":3,"uniqueItems":true},"at":{"type":"string","format":"date"}},"required":["name","count","mood","tags","at"],"additionalProperties":false}"#
    static let tools = #"[{"type":"function","function":{"name":"set_timer","parameters":{"type":"object","properties":{"minutes":{"type":"integer","minimum":1,"maximum":90}},"required":["minutes"],"additionalProperties":false}}},{"type":"function","function":{"name":"play","parameters":{"type":"object","properties":{"song":{"type":"string","maxLength":10},"loud":{"type":"boolean"}},"required":["song"],"additionalProperties":false}}}]"#

    static func body(seed: Int, extra: String = "") -> String {
        #"{"messages":[{"role":"user","content":"Describe a pet"}],"response_format":{"type":"json_schema","json_schema":{"name":"pet","strict":true,"schema":"# + schema + #"}},"seed":"# + String(seed) + extra + "}"
    }

    static func server() async throws -> RunningEndpoint {
        let model = try #require(EndpointModels.tiny, "the tiny model did not load")
        return try await RunningEndpoint(OpenAIEndpoint(model: model, configuration: EndpointConfiguration(modelID: "tiny")))
    }

    @Test(arguments: 0..<8) func everyAnswerMatchesItsSchema(seed: Int) async throws {
        let server = try await Self.server()
        let reply = try await server.send(.POST, "/v1/chat/completions", body: Self.body(seed: seed, extra: #","n":2"#))
        #expect(reply.status == 200, "\(reply.text)")
        let schema = try GenerationSchema(jsonSchema: Self.schema)
        let choices = try #require(reply.json?["choices"])
        #expect(choices.count == 2)
        for index in 0..<2 {
            let text = try #require(choices[index]?["message"]?["content"]?.text)
            let answer = try GeneratedContent(json: text)
            #expect(schema.violations(of: answer).isEmpty, "\(text)")
            #expect(choices[index]?["finish_reason"]?.text == "stop")
        }
        let usage = try #require(reply.json?["usage"])
        #expect((usage["completion_tokens"].flatMap { Int($0.jsonString) } ?? 0) > 0)
    }

    @Test(arguments: 0..<4) func aStreamIsTheWholeAnswerInPieces(seed: Int) async throws {
        let server = try await Self.server()
        let whole = try await server.send(.POST, "/v1/chat/completions", body: Self.body(seed: seed))
        let expected = try #require(whole.json?["choices"]?[0]?["message"]?["content"]?.text)
        let events = try await server.events(Self.body(seed: seed, extra: #","stream":true,"stream_options":{"include_usage":true}"#))
        #expect(events.last == "[DONE]")
        let chunks = try events.dropLast().map { try GeneratedContent(json: $0) }
        #expect(chunks.allSatisfy { $0["object"]?.text == "chat.completion.chunk" })
        #expect(Set(chunks.compactMap { $0["id"]?.text }).count == 1)
        let deltas = chunks.compactMap { $0["choices"]?[0]?["delta"] }
        #expect(deltas.first?["role"]?.text == "assistant")
        #expect(deltas.compactMap { $0["content"]?.text }.joined() == expected)
        #expect(chunks.compactMap { $0["choices"]?[0]?["finish_reason"]?.text } == ["stop"])
        #expect(chunks.last?["usage"]?["completion_tokens"] == whole.json?["usage"]?["completion_tokens"])
    }

    @Test(arguments: ["\"required\"", #"{"type":"function","function":{"name":"play"}}"#], 0..<4)
    func everyCallNamesAnOfferedToolWithMatchingArguments(choice: String, seed: Int) async throws {
        let server = try await Self.server()
        let body = #"{"messages":[{"role":"user","content":"Do it"}],"tools":"# + Self.tools + #","tool_choice":"# + choice + #","seed":"# + String(seed) + "}"
        let reply = try await server.send(.POST, "/v1/chat/completions", body: body)
        #expect(reply.status == 200, "\(reply.text)")
        let call = try #require(reply.json?["choices"]?[0]?["message"]?["tool_calls"]?[0]?["function"])
        let name = try #require(call["name"]?.text)
        let arguments = try GeneratedContent(json: try #require(call["arguments"]?.text))
        let tools = try GeneratedContent(json: Self.tools)
        let offered = (0..<tools.count).compactMap { tools[$0]?["function"] }
        let tool = try #require(offered.first { $0["name"]?.text == name }, "\(name) was not offered")
        if choice != "\"required\"" { #expect(name == "play") }
        let schema = try GenerationSchema(jsonSchema: try #require(tool["parameters"]))
        #expect(schema.violations(of: arguments).isEmpty, "\(arguments.jsonString)")
        #expect(reply.json?["choices"]?[0]?["finish_reason"]?.text == "tool_calls")
    }

    /// Text completions under a grammar: every answer a sentence of it, a stream the whole
    /// answer in pieces, with no role chunk.
    @Test(arguments: 0..<3) func textCompletionsFollowTheirGrammar(seed: Int) async throws {
        let server = try await Self.server()
        let body = #"{"prompt":"Yes or no?","bridle":{"grammar":"root ::= (\" yes\" | \" no\") \".\""},"seed":"# + String(seed)
        let whole = try await server.send(.POST, "/v1/completions", body: body + #","n":2}"#)
        #expect(whole.status == 200, "\(whole.text)")
        let texts = (0..<2).compactMap { whole.json?["choices"]?[$0]?["text"]?.text }
        #expect(texts.count == 2 && texts.allSatisfy { [" yes.", " no."].contains($0) }, "\(texts)")
        let events = try await server.events(body + #","stream":true}"#, path: "/v1/completions")
        let chunks = try events.dropLast().map { try GeneratedContent(json: $0) }
        #expect(chunks.allSatisfy { $0["object"]?.text == "text_completion" })
        #expect(chunks.compactMap { $0["choices"]?[0]?["text"]?.text }.joined() == texts.first)
    }

    /// A conversation past the context is 400 with OpenAI's code; the server goes on serving.
    @Test func aConversationPastTheContextIsRefused() async throws {
        let server = try await Self.server()
        let long = String(repeating: "word ", count: 20_000)
        let reply = try await server.send(.POST, "/v1/chat/completions", body: #"{"messages":[{"role":"user","content":""# + long + #""}]}"#)
        #expect(reply.status == 400)
        #expect(reply.json.flatMap(EndpointBody.error(in:))?.code == "context_length_exceeded")
        #expect(try await server.send(.POST, "/v1/chat/completions", body: Self.body(seed: 1)).status == 200)
    }
}
