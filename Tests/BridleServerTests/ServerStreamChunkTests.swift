@testable import BridleServer
import Testing

/// One event of each engine's stream, read into the same chunk: text, ending, usage.
@Suite struct ServerStreamChunkTests {
    @Test func llamaServerPiece() throws {
        let chunk = try ServerStreamChunk(data: #"{"content":"{\"a","stop":false,"id_slot":0}"#, engine: .llamaServer)
        #expect(chunk.text == #"{"a"# && chunk.ending == nil && chunk.usage == nil && !chunk.isDone)
    }

    @Test(arguments: [("eos", ServerStreamChunk.Ending.complete), ("word", .complete), ("limit", .tokenLimit), ("none", .other("none"))])
    func llamaServerLastEvent(stopType: String, ending: ServerStreamChunk.Ending) throws {
        let data = #"{"content":"","stop":true,"stop_type":"\#(stopType)","tokens_evaluated":12,"tokens_predicted":5,"timings":{"cache_n":4,"prompt_ms":20.0,"predicted_ms":50.0}}"#
        let chunk = try ServerStreamChunk(data: data, engine: .llamaServer)
        #expect(chunk.ending == ending)
        #expect(chunk.usage == ServerStreamChunk.Usage(promptTokens: 12, cachedPromptTokens: 4, responseTokens: 5, promptSeconds: 0.02, responseSeconds: 0.05))
    }

    @Test(arguments: [ServerEngine.vLLM, .vLLMGuidedGrammar, .sglang])
    func completionChunks(engine: ServerEngine) throws {
        let piece = try ServerStreamChunk(data: #"{"id":"c","object":"text_completion","choices":[{"index":0,"text":"yes","finish_reason":null}]}"#, engine: engine)
        #expect(piece.text == "yes" && piece.ending == nil)
        let last = try ServerStreamChunk(data: #"{"choices":[{"index":0,"text":"","finish_reason":"length"}]}"#, engine: engine)
        #expect(last.ending == .tokenLimit)
        let usage = try ServerStreamChunk(data: #"{"choices":[],"usage":{"prompt_tokens":9,"completion_tokens":3,"prompt_tokens_details":{"cached_tokens":2}}}"#, engine: engine)
        #expect(usage.usage == ServerStreamChunk.Usage(promptTokens: 9, cachedPromptTokens: 2, responseTokens: 3))
        #expect(try ServerStreamChunk(data: " [DONE]", engine: engine).isDone)
    }

    @Test func chatDeltas() throws {
        let role = try ServerStreamChunk(data: #"{"choices":[{"index":0,"delta":{"role":"assistant","content":null}}]}"#, engine: .openAICompatible)
        #expect(role.text.isEmpty && role.ending == nil)
        let piece = try ServerStreamChunk(data: #"{"choices":[{"index":0,"delta":{"content":"\"no\""},"finish_reason":"stop"}]}"#, engine: .openAICompatible)
        #expect(piece.text == #""no""# && piece.ending == .complete)
    }

    @Test(arguments: [
        (#"{"content": oops"#, ServerEngine.llamaServer, "not JSON"),
        (#"{"text":"x"}"#, .llamaServer, "no \"content\""),
        (#"{"object":"x"}"#, .vLLM, "no \"choices\""),
        (#"{"choices":[{"text":7}]}"#, .sglang, "not a string"),
    ])
    func malformedEvents(data: String, engine: ServerEngine, fragment: String) {
        #expect {
            try ServerStreamChunk(data: data, engine: engine)
        } throws: { error in
            guard case ServerStreamChunkError.malformed(let message)? = error as? ServerStreamChunkError else { return false }
            return message.contains(fragment)
        }
    }

    /// A server's own error in the stream (llama-server sends `{"error": {...}}`) keeps its
    /// message.
    @Test func serverErrorsInTheStream() {
        #expect(throws: ServerStreamChunkError.serverError("the context is full")) {
            try ServerStreamChunk(data: #"{"error":{"code":500,"message":"the context is full"}}"#, engine: .llamaServer)
        }
    }
}
