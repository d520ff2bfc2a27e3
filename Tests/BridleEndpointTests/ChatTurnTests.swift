import BridleEndpoint
import BridleSchema
import BridleTestSupport
import Testing

/// What a chat completion asks of the model and how its answer becomes a message, with a
/// scripted model that writes given text.
@Suite struct ChatTurnTests {
    static let weatherTool = #"{"type":"function","function":{"name":"get_weather","description":"The weather in a city","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}}}"#

    func complete(_ body: String, replies: [String]) async throws -> (GeneratedContent, ScriptedModel) {
        let model = ScriptedModel(replies: replies)
        let endpoint = OpenAIEndpoint(model: model, configuration: EndpointConfiguration(modelID: "scripted"))
        let response = await endpoint.respond(to: EndpointRequest(method: "POST", path: "/v1/chat/completions", body: body))
        let json = try #require(EndpointBody.json(of: response))
        #expect(response.status == 200, "\(json.jsonString)")
        return (json, model)
    }

    @Test func aCallBecomesToolCallsWithArgumentsAsAString() async throws {
        let body = #"{"messages":[{"role":"user","content":"Weather in Oslo?"}],"tools":["# + Self.weatherTool + "]}"
        let (json, model) = try await complete(body, replies: [#"{"tool":"get_weather","arguments":{"city":"Oslo"}}"#])
        let choice = try #require(json["choices"]?[0])
        #expect(choice["finish_reason"]?.text == "tool_calls")
        let call = try #require(choice["message"]?["tool_calls"]?[0])
        #expect(call["function"]?["name"]?.text == "get_weather")
        #expect(call["function"]?["arguments"]?.text == #"{"city":"Oslo"}"#)
        #expect(call["id"]?.text?.hasPrefix("call_") == true)
        #expect(choice["message"]?["content"] == .null)
        // The tool list and the reply format are in the system message, as a session writes them.
        let system = try #require(model.requests.first?.messages.first)
        #expect(system.role == .system)
        #expect(system.content.contains("get_weather: The weather in a city"))
        #expect(model.requests.first?.constraint?.schema != nil)
    }

    @Test func anAnswerInsteadOfACallIsTheContent() async throws {
        let body = #"{"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Hi"}],"tools":["# + Self.weatherTool + "]}"
        let (json, model) = try await complete(body, replies: [#"{"response":"Hello!"}"#])
        let choice = try #require(json["choices"]?[0])
        #expect(choice["message"]?["content"]?.text == "Hello!")
        #expect(choice["finish_reason"]?.text == "stop")
        // Bridle's instructions follow the client's system message, in the same message.
        let system = try #require(model.requests.first?.messages.first)
        #expect(system.content.hasPrefix("Be brief.\n\n"))
        #expect(model.requests.first?.messages.count == 2)
    }

    /// A client's earlier call and its result reach the model as the turn format writes them.
    @Test func earlierCallsAreReadInTheTurnFormat() async throws {
        let body = #"{"messages":[{"role":"user","content":"Weather?"},{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Oslo\"}"}}]},{"role":"tool","tool_call_id":"call_1","content":"4 °C"}],"tools":["# + Self.weatherTool + "]}"
        let (_, model) = try await complete(body, replies: [#"{"response":"It is 4 °C."}"#])
        let messages = try #require(model.requests.first?.messages)
        #expect(messages.map(\.role) == [.system, .user, .assistant, .tool])
        #expect(messages[2].content == #"{"tool":"get_weather","arguments":{"city":"Oslo"}}"#)
        #expect(messages[3].content == "4 °C")
    }

    @Test func aSchemaIsShownToTheModelAndEnforced() async throws {
        let body = #"{"messages":[{"role":"user","content":"A number"}],"response_format":{"type":"json_schema","json_schema":{"name":"n","schema":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}}}}"#
        let (json, model) = try await complete(body, replies: [#"{"n": 4}"#])
        #expect(json["choices"]?[0]?["message"]?["content"]?.text == #"{"n": 4}"#)
        let request = try #require(model.requests.first)
        #expect(request.messages.first?.content.contains("JSON Schema") == true)
        #expect(request.constraint?.schema != nil)
    }

    /// An answer that breaks a rule the grammar leaves to the check (here the scripted model
    /// ignores the grammar) is regenerated, with the reason fed back.
    @Test func aRefusedAnswerIsWrittenAgain() async throws {
        let body = #"{"messages":[{"role":"user","content":"A number"}],"response_format":{"type":"json_schema","json_schema":{"name":"n","schema":{"type":"integer","maximum":5}}}}"#
        let (json, model) = try await complete(body, replies: ["9", "3"])
        #expect(json["choices"]?[0]?["message"]?["content"]?.text == "3")
        #expect(model.requests.count == 2)
        #expect(model.requests.last?.messages.last?.content.contains("not accepted") == true)
    }

    /// A text completion's prompt reaches the model as it was written, with nothing added, even
    /// under a schema; the answer comes back as `text`.
    @Test func aWrittenPromptIsReadAsItIs() async throws {
        let model = ScriptedModel(replies: [#"{"n":2}"#])
        let endpoint = OpenAIEndpoint(model: model, configuration: EndpointConfiguration(modelID: "scripted"))
        let body = #"{"prompt":"Q: two as JSON\nA:","response_format":{"type":"json_schema","json_schema":{"name":"n","schema":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}}}}"#
        let response = await endpoint.respond(to: EndpointRequest(method: "POST", path: "/v1/completions", body: body))
        let json = try #require(EndpointBody.json(of: response))
        #expect(json["object"]?.text == "text_completion")
        #expect(json["id"]?.text?.hasPrefix("cmpl-") == true)
        #expect(json["choices"]?[0]?["text"]?.text == #"{"n":2}"#)
        let request = try #require(model.requests.first)
        #expect(request.promptText == "Q: two as JSON\nA:")
        #expect(request.messages.isEmpty)
        #expect(request.constraint?.schema != nil)
    }

    @Test func choicesAreSeededOneApartAndCounted() async throws {
        let body = #"{"messages":[{"role":"user","content":"Hi"}],"n":3,"seed":10}"#
        let (json, model) = try await complete(body, replies: ["a", "b", "c"])
        #expect(json["choices"]?.count == 3)
        #expect(Set(model.requests.compactMap(\.options.sampling?.seed)) == [10, 11, 12])
        #expect(json["usage"]?["completion_tokens"] == 3)
    }

    @Test func samplingFieldsBecomeOptions() async throws {
        let body = #"{"messages":[{"role":"user","content":"Hi"}],"temperature":0,"max_tokens":7,"bridle":{"request_emphasis":1}}"#
        let (_, model) = try await complete(body, replies: ["a"])
        let options = try #require(model.requests.first?.options)
        #expect(options.sampling?.strategy == .greedy)
        #expect(options.maximumResponseTokens == 7)
        #expect(options.requestEmphasis == nil)
    }
}
