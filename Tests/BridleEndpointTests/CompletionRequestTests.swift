import BridleEndpoint
import BridleTestSupport
import Testing

/// Bad request bodies: each refused with OpenAI's error shape, the right status, and `param`
/// pointing at the field, before any model runs.
@Suite struct CompletionRequestTests {
    static let user = #""messages":[{"role":"user","content":"hi"}]"#

    struct Case: CustomTestStringConvertible, Sendable {
        let body: String
        let parameter: String?
        let says: String
        var testDescription: String { says }
    }

    static let cases: [Case] = [
        Case(body: #"{"messages":"#, parameter: nil, says: "not JSON"),
        Case(body: "[1]", parameter: nil, says: "must be a JSON object"),
        Case(body: #"{"model":"m"}"#, parameter: "messages", says: "messages is required"),
        Case(body: #"{"messages":[]}"#, parameter: "messages", says: "at least one message"),
        Case(body: #"{"messages":[{"role":"robot","content":"x"}]}"#, parameter: "messages[0].role", says: "is not one of"),
        Case(body: #"{"messages":[{"role":"user","content":7}]}"#, parameter: "messages[0].content", says: "expected an array, found a number"),
        Case(body: #"{"messages":[{"role":"user","content":[{"type":"image_url","image_url":{}}]}]}"#, parameter: "messages[0].content[0]", says: "text parts only"),
        Case(body: #"{"messages":[{"role":"assistant","tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{oops"}}]}]}"#, parameter: "messages[0].tool_calls[0].function.arguments", says: "not JSON"),
        Case(body: "{\(user),\"temperature\":3}", parameter: "temperature", says: "out of range"),
        Case(body: "{\(user),\"n\":0}", parameter: "n", says: "out of range"),
        Case(body: "{\(user),\"top_p\":0}", parameter: "top_p", says: "above 0"),
        Case(body: "{\(user),\"max_tokens\":5,\"max_completion_tokens\":5}", parameter: "max_tokens", says: "not both"),
        Case(body: "{\(user),\"frequency_penalty\":0.5}", parameter: "frequency_penalty", says: "not supported"),
        Case(body: "{\(user),\"logprobs\":true}", parameter: "logprobs", says: "not supported"),
        Case(body: "{\(user),\"stop\":[\"x\"]}", parameter: "stop", says: "unrecognized request argument stop"),
        Case(body: "{\(user),\"reasoning_effort\":\"extreme\"}", parameter: "reasoning_effort", says: "is not one of"),
        Case(body: "{\(user),\"response_format\":{\"type\":\"yaml\"}}", parameter: "response_format.type", says: "is not one of"),
        Case(body: "{\(user),\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"a\"}}}", parameter: "response_format.json_schema.schema", says: "is required"),
        Case(body: "{\(user),\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"a\",\"schema\":{\"properties\":{\"a\":{\"type\":\"strin\"}}}}}}", parameter: "response_format.json_schema.schema#/properties/a/type", says: "not a JSON Schema type"),
        Case(body: "{\(user),\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"a\",\"schema\":{\"type\":\"string\",\"pattern\":\"(a\"}}}}", parameter: "response_format.json_schema.schema#", says: "pattern"),
        Case(body: "{\(user),\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"bad name\"}}]}", parameter: "tools[0].function.name", says: "letters, digits"),
        Case(body: "{\(user),\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\"}},{\"type\":\"function\",\"function\":{\"name\":\"f\"}}]}", parameter: "tools[1].function.name", says: "two tools"),
        Case(body: "{\(user),\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\",\"parameters\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"nope\"}}}}}]}", parameter: "tools[0].function.parameters#/properties/a/type", says: "not a JSON Schema type"),
        Case(body: "{\(user),\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\"}}],\"tool_choice\":{\"type\":\"function\",\"function\":{\"name\":\"g\"}}}", parameter: "tool_choice.function", says: "no tool named \"g\""),
        Case(body: "{\(user),\"tool_choice\":\"required\"}", parameter: "tool_choice", says: "has no tools"),
        Case(body: "{\(user),\"bridle\":{\"grammar\":\"root ::= \\\"a\"}}", parameter: "bridle.grammar", says: "grammar can't be used"),
        Case(body: "{\(user),\"bridle\":{\"grammar\":\"root ::= \\\"a\\\"\"},\"response_format\":{\"type\":\"json_object\"}}", parameter: "bridle.grammar", says: "not both"),
        Case(body: "{\(user),\"bridle\":{\"top_k\":40},\"top_p\":0.5}", parameter: "bridle.top_k", says: "not both"),
        Case(body: "{\(user),\"bridle\":{\"beam\":4}}", parameter: "bridle.beam", says: "unrecognized"),
    ]

    /// Text completions: one written prompt, none of chat's fields.
    static let textCases: [Case] = [
        Case(body: #"{"model":"m"}"#, parameter: "prompt", says: "prompt is required"),
        Case(body: #"{"prompt":["a","b"]}"#, parameter: "prompt", says: "give one prompt"),
        Case(body: #"{"prompt":[[1,2]]}"#, parameter: "prompt[0]", says: "expected a string"),
        Case(body: #"{"prompt":"a","echo":true}"#, parameter: "echo", says: "not supported"),
        Case(body: #"{"prompt":"a","suffix":"b"}"#, parameter: "suffix", says: "not supported"),
        Case(body: #"{"prompt":"a","best_of":2}"#, parameter: "best_of", says: "send n"),
        Case(body: #"{"prompt":"a","messages":[]}"#, parameter: "messages", says: "unrecognized"),
        Case(body: #"{"prompt":"a","tools":[]}"#, parameter: "tools", says: "unrecognized"),
        Case(body: #"{"prompt":"a","bridle":{"request_emphasis":1.5}}"#, parameter: "bridle.request_emphasis", says: "no request to take out"),
    ]

    @Test(arguments: cases) func refusedWithTheFieldNamed(_ refused: Case) async throws {
        try await expectRefused(refused, path: "/v1/chat/completions")
    }

    @Test(arguments: textCases) func textCompletionsRefusedWithTheFieldNamed(_ refused: Case) async throws {
        try await expectRefused(refused, path: "/v1/completions")
    }

    private func expectRefused(_ refused: Case, path: String) async throws {
        let model = ScriptedModel("never")
        let endpoint = OpenAIEndpoint(model: model, configuration: EndpointConfiguration(modelID: "scripted"))
        let response = await endpoint.respond(to: EndpointRequest(method: "POST", path: path, body: refused.body))
        #expect(response.status == 400)
        let error = try #require(EndpointBody.error(of: response))
        #expect(error.param == refused.parameter)
        #expect(error.message.contains(refused.says), "\(error.message)")
        #expect(error.type == "invalid_request_error")
        #expect(model.requests.isEmpty, "a refused request reached the model")
    }

    /// A tool whose parameters read but can't be compiled within the compile budget is named
    /// and pointed at, as the session names it.
    @Test func aToolPastTheCompileBudgetIsPointedAt() async throws {
        let properties = (0..<110_000).map { #""p\#($0)":{"type":"integer"}"# }.joined(separator: ",")
        let tools = #"[{"type":"function","function":{"name":"fine"}},{"type":"function","function":{"name":"huge","parameters":{"type":"object","properties":{"# + properties + "}}}}]"
        let endpoint = OpenAIEndpoint(model: ScriptedModel(), configuration: EndpointConfiguration(modelID: "scripted"))
        let response = await endpoint.respond(to: EndpointRequest(
            method: "POST", path: "/v1/chat/completions", body: "{\(Self.user),\"tools\":\(tools)}"))
        #expect(response.status == 400)
        let error = try #require(EndpointBody.error(of: response))
        #expect(error.param?.hasPrefix("tools[1].function.parameters#") == true, "\(error.param ?? "nil")")
        #expect(error.code == "schema_not_compiled")
        #expect(error.message.contains("huge"))
    }

    /// A schema past a budget (nesting 300 deep, beyond 256) is 400 too, pointed at.
    @Test func aSchemaPastABudgetIsRefused() async throws {
        let deep = String(repeating: #"{"type":"array","items":"#, count: 300) + #"{"type":"string"}"# + String(repeating: "}", count: 300)
        let body = "{\(Self.user),\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"a\",\"schema\":\(deep)}}}"
        let endpoint = OpenAIEndpoint(model: ScriptedModel(), configuration: EndpointConfiguration(modelID: "scripted"))
        let response = await endpoint.respond(to: EndpointRequest(method: "POST", path: "/v1/chat/completions", body: body))
        #expect(response.status == 400)
        let error = try #require(EndpointBody.error(of: response))
        #expect(error.param?.hasPrefix("response_format.json_schema.schema") == true)
        #expect(["schema_not_compiled", "invalid_schema"].contains(error.code))
    }
}
