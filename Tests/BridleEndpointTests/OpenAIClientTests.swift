import BridleEndpoint
import BridleLlama
import BridleSchema
import BridleTestSupport
import Foundation
import Testing

/// PyPI's `openai` package, as an application uses it (Tests/Fixtures/openai/client.py), against
/// the endpoint serving SmolLM2 over real HTTP: JSON Schema answers, the pydantic `parse`
/// helper, tools, streaming, and the SDK's own errors.
@Suite(
    .serialized,
    .enabled(if: EndpointModels.pythonIsAvailable, EndpointModels.pythonMissing),
    .enabled(if: EndpointModels.smolLM2IsAvailable, EndpointModels.smolLM2Missing))
struct OpenAIClientTests {
    static let key = "sk-bridle-test"

    /// Runs one scenario of the client and reads the line it prints.
    func run(_ scenario: String) async throws -> GeneratedContent {
        let python = try #require(EndpointModels.python, EndpointModels.pythonMissing)
        let model = try #require(EndpointModels.smolLM2, "SmolLM2 did not load")
        let server = try await RunningEndpoint(OpenAIEndpoint(model: model, configuration: EndpointConfiguration(modelID: "smollm2", apiKey: Self.key)))
        let script = Fixtures.directory("openai/client.py")
        let (status, output, errors) = try await BuiltExecutable.runOffThePool(
            python, arguments: [script.path, server.baseURL + "/v1", Self.key, scenario])
        #expect(status == 0, "\(errors)")
        let line = try #require(output.split(separator: "\n").last.map(String.init), "no output; stderr: \(errors)")
        return try GeneratedContent(json: line)
    }

    /// Values pydantic has already validated: here only what the schema can't say.
    @Test func createWithAJSONSchemaValidatesWithPydantic() async throws {
        let result = try await run("json_schema")
        #expect(result["finish_reason"]?.text == "stop")
        #expect(["drama", "comedy", "thriller"].contains(result["film"]?["genre"]?.text))
        #expect((result["usage"]?["prompt_tokens"].flatMap { Int($0.jsonString) } ?? 0) > 0)
    }

    @Test func parseGivesPydanticObjectsForEveryChoice() async throws {
        let result = try await run("parse")
        #expect(result["films"]?.count == 2)
    }

    @Test func toolsReturnACallTheSDKParses() async throws {
        let result = try await run("tools")
        #expect(result["name"]?.text == "GetWeather")
        #expect(result["finish_reason"]?.text == "tool_calls")
        #expect(result["id_prefix"]?.text == "call_")
        #expect(["celsius", "fahrenheit"].contains(result["arguments"]?["unit"]?.text))
    }

    @Test func aStreamJoinsIntoOneValidAnswer() async throws {
        let result = try await run("stream")
        #expect(result["finish_reason"]?.text == "stop")
        #expect((result["chunks"].flatMap { Int($0.jsonString) } ?? 0) > 3)
        #expect((result["completion_tokens"].flatMap { Int($0.jsonString) } ?? 0) > 0)
    }

    @Test func theStreamingHelperParsesTheFinalAnswer() async throws {
        let result = try await run("stream_helper")
        #expect(result["film"]?["year"] != nil)
    }

    @Test func aBadSchemaIsABadRequestErrorPointingAtTheKeyword() async throws {
        let result = try await run("errors")
        #expect(result["status"] == 400)
        #expect(result["param"]?.text == "response_format.json_schema.schema#/type")
        #expect(result["code"]?.text == "invalid_schema")
    }

    @Test func aTokenLimitIsFinishReasonLength() async throws {
        let result = try await run("length")
        #expect(result["finish_reason"]?.text == "length")
        #expect(result["completion_tokens"] == 5)
        // The cut answer's prompt is counted too, as a whole answer's is.
        let prompt = result["prompt_tokens"].flatMap { Int($0.jsonString) } ?? 0
        #expect(prompt > 10)
        #expect(result["total_tokens"].flatMap { Int($0.jsonString) } == prompt + 5)
    }

    @Test func aTextCompletionFollowsBridlesGrammarField() async throws {
        let result = try await run("completions")
        #expect(result["object"]?.text == "text_completion")
        #expect([" yes", " no"].contains(result["text"]?.text))
        #expect(result["finish_reason"]?.text == "stop")
    }

    @Test func modelsAndKeys() async throws {
        #expect(try await run("models")["ids"]?[0]?.text == "smollm2")
        let refused = try await run("unauthorized")
        #expect(refused["status"] == 401)
        #expect(refused["code"]?.text == "invalid_api_key")
    }
}
