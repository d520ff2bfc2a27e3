import BridleSchema
import Foundation

/// One server-sent event of a streamed answer, read the same way for every engine.
struct ServerStreamChunk: Equatable {
    enum Ending: Equatable {
        /// The model ended the answer (end-of-generation token, or a stop word).
        case complete
        /// The answer reached the token limit.
        case tokenLimit
        /// The server ended the answer for a reason Bridle doesn't know; the text says which.
        case other(String)
    }

    /// Counts a server reports, in the units of ``GenerationStatistics``.
    struct Usage: Equatable {
        var promptTokens: Int?
        var cachedPromptTokens: Int?
        var responseTokens: Int?
        var promptSeconds: Double?
        var responseSeconds: Double?
    }

    var text = ""
    var ending: Ending?
    var usage: Usage?
    /// The stream's end marker (`[DONE]` on OpenAI-style endpoints).
    var isDone = false

    /// Reads one event's `data`.
    ///
    /// - Throws: ``ServerStreamChunkError`` when the data is not JSON of the engine's shape,
    ///   or carries the server's own error.
    init(data: String, engine: ServerEngine) throws(ServerStreamChunkError) {
        if engine != .llamaServer, data.trimmingCharacters(in: .whitespaces) == "[DONE]" {
            isDone = true
            return
        }
        let content: GeneratedContent
        do {
            content = try GeneratedContent(json: data)
        } catch {
            throw .malformed("the event's data is not JSON (\(error.description))")
        }
        if let error = content[property: "error"] {
            throw .serverError(Self.message(of: error))
        }
        switch engine {
        case .llamaServer: try readLlamaServer(content)
        case .vLLM, .vLLMGuidedGrammar, .sglang, .openAICompatible: try readOpenAI(content, chat: engine == .openAICompatible)
        }
    }

    /// llama-server's `/completion` stream: `{"content": …, "stop": false}` per piece, then one
    /// with `"stop": true`, `stop_type` and `timings`.
    private mutating func readLlamaServer(_ content: GeneratedContent) throws(ServerStreamChunkError) {
        guard case .string(let piece)? = content[property: "content"]?.kind else {
            throw .malformed("llama-server's event has no \"content\" string")
        }
        text = piece
        guard case .bool(true)? = content[property: "stop"]?.kind else { return }
        switch Self.string(content[property: "stop_type"]) {
        case "eos", "word": ending = .complete
        case "limit": ending = .tokenLimit
        case let other: ending = .other(other ?? "no stop_type")
        }
        let timings = content[property: "timings"]
        usage = Usage(
            promptTokens: Self.int(content[property: "tokens_evaluated"]),
            cachedPromptTokens: Self.int(timings?[property: "cache_n"]),
            responseTokens: Self.int(content[property: "tokens_predicted"]),
            promptSeconds: Self.double(timings?[property: "prompt_ms"]).map { $0 / 1000 },
            responseSeconds: Self.double(timings?[property: "predicted_ms"]).map { $0 / 1000 })
    }

    /// OpenAI's completion chunks, `{"choices": [{"text": …, "finish_reason": …}]}` (chat:
    /// `delta.content`), and the last chunk's `usage` when `stream_options.include_usage` is set.
    private mutating func readOpenAI(_ content: GeneratedContent, chat: Bool) throws(ServerStreamChunkError) {
        if let usage = content[property: "usage"], case .structure = usage.kind {
            self.usage = Usage(
                promptTokens: Self.int(usage[property: "prompt_tokens"]),
                cachedPromptTokens: Self.int(usage[property: "prompt_tokens_details"]?[property: "cached_tokens"]),
                responseTokens: Self.int(usage[property: "completion_tokens"]))
        }
        guard case .array(let choices)? = content[property: "choices"]?.kind else {
            throw .malformed("the chunk has no \"choices\" array")
        }
        guard let choice = choices.first else { return }
        let piece = chat ? choice[property: "delta"]?[property: "content"] : choice[property: "text"]
        switch piece?.kind {
        case .string(let value): text = value
        case .null, nil: break
        default: throw .malformed("the chunk's text is not a string")
        }
        switch Self.string(choice[property: "finish_reason"]) {
        case nil: break
        case "stop": ending = .complete
        case "length": ending = .tokenLimit
        case let other?: ending = .other(other)
        }
    }

    private static func message(of error: GeneratedContent) -> String {
        string(error[property: "message"]) ?? string(error) ?? error.jsonString
    }

    private static func string(_ content: GeneratedContent?) -> String? {
        if case .string(let value)? = content?.kind { value } else { nil }
    }

    private static func int(_ content: GeneratedContent?) -> Int? {
        if case .number(let number)? = content?.kind { number.exactInteger(Int.self) } else { nil }
    }

    private static func double(_ content: GeneratedContent?) -> Double? {
        if case .number(let number)? = content?.kind { number.double } else { nil }
    }
}

/// Why an event of a server's stream could not be read.
enum ServerStreamChunkError: Error, Equatable {
    case malformed(String)
    /// The server sent its own error in the stream.
    case serverError(String)
}
