import Bridle
@testable import BridleServer
import Foundation
import NIOHTTP1
import Testing

/// The streams of the engines that can't run here (vLLM, SGLang, OpenAI-style servers), as
/// their documentation shows them, served over real HTTP by a scripted server: the answer in
/// pieces, `finish_reason` on the last, then a chunk of its own with the usage (what
/// `stream_options.include_usage` asks for), then `[DONE]`.
@Suite struct ServerExchangeTests {
    static let schema = try! GenerationSchema(root: DynamicGenerationSchema(name: "Answer", anyOf: ["yes", "no"]), dependencies: [])
    static let pieces = [#"""#, "ye", #"s""#]

    /// The request each engine gets, and the marker of its grammar field in the body.
    static let engines: [(ServerEngine, String)] = [
        (.vLLM, #""structured_outputs":{"grammar":"#), (.vLLMGuidedGrammar, #""guided_grammar":"#),
        (.sglang, #""ebnf":"#), (.openAICompatible, #""response_format":{"type":"json_schema""#),
    ]

    /// OpenAI's chunk for one piece: `text` on completions, `delta.content` on chat.
    static func chunk(_ piece: String, engine: ServerEngine, finish: String? = nil) -> String {
        let text = String(decoding: (try? JSONEncoder().encode(piece)) ?? Data(), as: UTF8.self)
        let finishReason = finish.map { #""\#($0)""# } ?? "null"
        let choice = engine == .openAICompatible
            ? #"{"index":0,"delta":{"content":\#(text)},"finish_reason":\#(finishReason)}"#
            : #"{"index":0,"text":\#(text),"logprobs":null,"finish_reason":\#(finishReason)}"#
        return #"{"id":"cmpl-1","object":"text_completion","created":1,"model":"m","choices":[\#(choice)],"usage":null}"#
    }

    static func answer(for engine: ServerEngine) -> ScriptedServer.Reply {
        let texts = pieces.enumerated().map { index, piece in
            chunk(piece, engine: engine, finish: index == pieces.count - 1 ? "stop" : nil)
        }
        let usage = #"{"id":"cmpl-1","object":"text_completion","created":1,"model":"m","choices":[],"usage":{"prompt_tokens":12,"total_tokens":15,"completion_tokens":3}}"#
        return .events(texts + [usage])
    }

    static func request() throws -> GenerationRequest {
        GenerationRequest(messages: [.user("Ready?")], constraint: try OutputConstraint(schema: schema), options: GenerationOptions(sampling: .greedy))
    }

    @Test(arguments: engines)
    func answerThenUsageInAChunkOfItsOwn(engine: ServerEngine, grammarField: String) async throws {
        let server = try await ScriptedServer { method, path in
            method == .POST && path == engine.completionPath ? Self.answer(for: engine) : .notFound
        }
        defer { Task { await server.stop() } }
        let model = try ServerLanguageModel(configuration: ServerConfiguration(endpoints: [server.url], engine: engine, model: "m"))
        for _ in 0..<2 {
            var text = ""
            var summaries: [GenerationStatistics] = []
            for try await event in model.generate(try Self.request()) {
                switch event {
                case .text(let piece): text += piece
                case .finished(let statistics): summaries.append(statistics)
                case .token: Issue.record("a server yields text, not token ids")
                case .answerBegins: Issue.record("a server has no reasoning to split off")
                }
            }
            #expect(text == #""yes""#)
            #expect(summaries.map(\.promptTokens) == [12], "the usage after finish_reason is read")
            #expect(summaries.map(\.responseTokens) == [3])
            #expect(summaries.map(\.retries) == [0])
        }
        let requests = server.requests
        #expect(requests.map(\.path) == [engine.completionPath, engine.completionPath])
        #expect(requests.allSatisfy { $0.body.contains(grammarField) })
    }

    /// An answer whose stream ends at `finish_reason` before the grammar's sentence does is
    /// refused; its pieces were yielded already, so it is not generated again.
    @Test func anAnswerThatStopsShortIsRefused() async throws {
        let server = try await ScriptedServer { _, _ in
            .events([Self.chunk(#""ye"#, engine: .vLLM, finish: "stop")])
        }
        defer { Task { await server.stop() } }
        let model = try ServerLanguageModel(configuration: ServerConfiguration(endpoints: [server.url], engine: .vLLM, model: "m"))
        await #expect {
            for try await _ in model.generate(try Self.request()) {}
        } throws: { error in
            guard case .invalidAnswer(_, let text, let reason)? = error as? ServerError else { return false }
            return text == #""ye"# && reason.contains("before the grammar's sentence was complete")
        }
        #expect(server.requests.count == 1)
    }
}
