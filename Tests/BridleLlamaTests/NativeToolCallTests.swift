import Bridle
import BridleGGUF
import BridleLlama
import BridleTemplate
import BridleTestSupport
import Foundation
import Synchronization
import Testing

/// Every real chat template in the pinned llama.cpp source runs a session end to end on a tiny
/// model that carries it (`bridle make-model --template`): where Bridle derives the template's
/// own call format, a call decodes in that format under the tool's grammar, parses, is checked
/// and dispatched, and its result goes back through the template into the next turn's prompt.
@Suite(.enabled(if: NativeTemplates.directory != nil, "llama.cpp's chat templates not found: run `bash scripts/llama.sh`"))
struct NativeToolCallTests {
    @Test(arguments: NativeTemplates.names)
    func aCallRunsThroughTheModelsOwnFormat(template name: String) async throws {
        let folder = try #require(NativeTemplates.directory)
        let source = try String(contentsOf: folder.appendingPathComponent(name + ".jinja"), encoding: .utf8)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bridle-native-\(ProcessInfo.processInfo.processIdentifier)-\(name).gguf")
        defer { try? FileManager.default.removeItem(at: url) }
        try TinyModel(vocabularySize: 600, seed: 5, template: try TinyModelTemplate(source: source), contextLength: 8192).write(to: url)
        let model = try LlamaLanguageModel(contentsOf: url, configuration: LlamaConfiguration(contextSize: 8192))
        let expected = try? ChatTemplate(source: source).nativeFormats(bosToken: "", eosToken: "").toolCalls.get()
        // No format of its own (or a template Bridle's renderer refuses): Bridle's envelope.
        #expect(model.toolCallFormat?.trigger == expected?.trigger, "\(name): the model's call format is not its template's")
        let native = model.toolCallFormat != nil
        let weather = NativeTemplates.Weather()
        var policy = ToolPolicy()
        policy.maximumToolRounds = 1
        policy.answerAfterLastRound = true
        let session = LanguageModelSession(model: model, tools: [weather], instructions: "You tell the weather.", policy: policy)
        var options = GenerationOptions(sampling: .random(top: 40, seed: 3))
        options.toolCallingMode = .required
        do {
            _ = try await session.respond(to: "Weather in Oslo for three days?", schema: NativeTemplates.answer, options: options)
        } catch LlamaError.chatTemplateFailed(let reason) {
            // The template's own rules refuse the session's conversation (a system message, a
            // tool result): a typed error naming them, never a wrong prompt.
            #expect(NativeTemplates.refusing[name].map { reason.contains($0) } == true, "\(name): \(reason)")
            return
        }
        #expect(NativeTemplates.refusing[name] == nil, "\(name) no longer refuses the session")
        let calls = weather.recorder.calls
        #expect(!calls.isEmpty, "\(name): no call was dispatched")
        for arguments in calls {
            #expect(["Oslo", "Paris"].contains(try arguments.value(String.self, forProperty: "city")))
        }
        let entries = session.transcript.entries
        let outputs = entries.compactMap { if case .toolOutput(let output) = $0 { output } else { nil } }
        #expect(outputs.count == calls.count)
        // The result goes back through the template: the answer turn's prompt shows it.
        let declared = ToolDeclaration(name: weather.name, description: weather.description, parameters: weather.parameters.jsonSchema)
        let prompt = try model.prompt(for: SessionPrompt.messages(systemText: nil, entries: entries, callFormat: model.toolCallFormat), tools: native ? [declared] : [])
        #expect(prompt.contains("forecast-ok-4711"), "\(name): the tool's result is not in the next prompt")
        guard case .response(let response)? = entries.last else {
            Issue.record("\(name): the session did not answer after the call")
            return
        }
        #expect(NativeTemplates.answer.violations(of: response.content).isEmpty)
    }
}

/// The real templates, and what the tests run with them.
enum NativeTemplates {
    static let directory = CachedArtifact.url(
        environment: "BRIDLE_CHAT_TEMPLATES",
        cachePath: "llama-cpp-python-0.3.36/llama-cpp-python-0.3.36/vendor/llama.cpp/models/templates")

    static let names: [String] = {
        guard let directory, let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return files.filter { $0.hasSuffix(".jinja") }.sorted().map { String($0.dropLast(".jinja".count)) }
    }()

    /// Templates whose own rules refuse the conversation a session sends, and what they say.
    static let refusing = ["CohereForAI-c4ai-command-r-plus-tool_use": "'NoneType' object is not iterable"]

    static let answer: GenerationSchema = {
        // A literal schema: reading it can't fail.
        (try? GenerationSchema(jsonSchema: #"{"type":"object","properties":{"summary":{"type":"string","maxLength":12}},"required":["summary"]}"#))
            ?? GenerationSchema(root: .string())
    }()

    final class Recorder: Sendable {
        private let state = Mutex<[GeneratedContent]>([])
        var calls: [GeneratedContent] { state.withLock { $0 } }
        func record(_ arguments: GeneratedContent) { state.withLock { $0.append(arguments) } }
    }

    /// Records what it was called with, and answers with a forecast the next turn must show.
    struct Weather: Tool {
        typealias Arguments = GeneratedContent
        typealias Output = ToolOutput
        let name = "get_weather"
        let description = "Today's weather in a city"
        let parameters: GenerationSchema = (try? GenerationSchema(jsonSchema: #"""
            {"type":"object","properties":{"city":{"type":"string","enum":["Oslo","Paris"]},"days":{"type":"integer","minimum":1,"maximum":7}},"required":["city","days"]}
            """#)) ?? GenerationSchema(root: .string())
        let recorder = Recorder()

        func call(arguments: GeneratedContent) async throws -> ToolOutput {
            recorder.record(arguments)
            return ToolOutput("forecast-ok-4711")
        }
    }
}
