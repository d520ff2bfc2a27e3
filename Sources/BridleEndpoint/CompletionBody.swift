import BridleGeneration
import BridleSchema
import Foundation

/// The JSON of OpenAI's completion objects: the whole response (`chat.completion`,
/// `text_completion`) and the chunks of a stream (`chat.completion.chunk`, `text_completion`).
struct CompletionBody {
    let kind: CompletionRequest.Kind
    /// `chatcmpl-…` or `cmpl-…`, shared by every chunk of one stream.
    let id: String
    let created: Int
    let model: String

    init(kind: CompletionRequest.Kind, model: String, created: Date = Date()) {
        self.kind = kind
        id = (kind == .chat ? "chatcmpl-" : "cmpl-") + Self.randomHex()
        self.created = Int(created.timeIntervalSince1970)
        self.model = model
    }

    private var wholeObject: String { kind == .chat ? "chat.completion" : "text_completion" }
    private var chunkObject: String { kind == .chat ? "chat.completion.chunk" : "text_completion" }

    /// One finished answer.
    struct Choice {
        let index: Int
        let reply: ChatTurn.Reply
        let reasoning: String?
        /// `stop`, `length` (the token limit cut it) or `tool_calls`.
        let finishReason: String
        let statistics: GenerationStatistics
    }

    static func callID() -> String { "call_" + randomHex() }

    private static func randomHex() -> String {
        (0..<12).map { _ in String(UInt8.random(in: 0...255), radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }

    private func envelope(_ object: String, _ fields: [(String, GeneratedContent)]) -> GeneratedContent {
        GeneratedContent(properties: [
            ("id", GeneratedContent(id)), ("object", GeneratedContent(object)), ("created", GeneratedContent(created)),
            ("model", GeneratedContent(model)),
        ] + fields)
    }

    func completion(_ choices: [Choice]) -> GeneratedContent {
        envelope(wholeObject, [
            ("choices", GeneratedContent(elements: choices.map { choice in
                GeneratedContent(properties: [
                    ("index", GeneratedContent(choice.index)), kind == .chat ? ("message", message(choice)) : ("text", text(choice)),
                    ("logprobs", .null), ("finish_reason", GeneratedContent(choice.finishReason)),
                ])
            })),
            ("usage", Self.usage(choices.map(\.statistics))),
        ])
    }

    private func message(_ choice: Choice) -> GeneratedContent {
        var fields: [(String, GeneratedContent)] = [("role", "assistant")]
        switch choice.reply {
        case .content(let text):
            fields += [("content", GeneratedContent(text)), ("refusal", .null)]
        case .call(let name, let arguments):
            fields += [("content", .null), ("refusal", .null), ("tool_calls", [Self.call(name: name, arguments: arguments, index: nil)])]
        }
        if let reasoning = choice.reasoning { fields.append(("reasoning_content", GeneratedContent(reasoning))) }
        return GeneratedContent(properties: fields)
    }

    private func text(_ choice: Choice) -> GeneratedContent {
        if case .content(let text) = choice.reply { return GeneratedContent(text) }
        return ""
    }

    private static func call(name: String, arguments: String, index: Int?) -> GeneratedContent {
        GeneratedContent(properties: (index.map { [("index", GeneratedContent($0))] } ?? []) + [
            ("id", GeneratedContent(callID())), ("type", "function"),
            ("function", GeneratedContent(properties: [("name", GeneratedContent(name)), ("arguments", GeneratedContent(arguments))])),
        ])
    }

    /// Tokens of the prompt (read once for all choices) and of every answer, refused attempts
    /// included: the work the request cost.
    static func usage(_ statistics: [GenerationStatistics]) -> GeneratedContent {
        let prompt = statistics.map(\.promptTokens).max() ?? 0
        let completion = statistics.map(\.responseTokens).reduce(0, +)
        var fields: [(String, GeneratedContent)] = [
            ("prompt_tokens", GeneratedContent(prompt)), ("completion_tokens", GeneratedContent(completion)),
            ("total_tokens", GeneratedContent(prompt + completion)),
        ]
        let reasoning = statistics.map(\.reasoningTokens).reduce(0, +)
        if reasoning > 0 { fields.append(("completion_tokens_details", ["reasoning_tokens": GeneratedContent(reasoning)])) }
        return GeneratedContent(properties: fields)
    }

    // MARK: Stream chunks

    /// A chat chunk's `delta`; a text completion's chunk has its `text` in place of it (and no
    /// role chunk).
    private func chunk(index: Int, delta: [(String, GeneratedContent)], finishReason: String? = nil) -> GeneratedContent {
        let part: (String, GeneratedContent) =
            kind == .chat ? ("delta", GeneratedContent(properties: delta)) : ("text", delta.first { $0.0 == "content" }?.1 ?? "")
        return envelope(chunkObject, [
            ("choices", [
                GeneratedContent(properties: [
                    ("index", GeneratedContent(index)), part, ("logprobs", .null),
                    ("finish_reason", finishReason.map { GeneratedContent($0) } ?? .null),
                ])
            ])
        ])
    }

    /// The first chunk of a chat answer: its role (`nil` for a text completion).
    func roleChunk(index: Int) -> GeneratedContent? {
        // Not a ternary: GeneratedContent is ExpressibleByNilLiteral, and `nil` there would be JSON null.
        guard kind == .chat else { return .none }
        return chunk(index: index, delta: [("role", "assistant"), ("content", "")])
    }

    func contentChunk(index: Int, text: String) -> GeneratedContent { chunk(index: index, delta: [("content", GeneratedContent(text))]) }

    func reasoningChunk(index: Int, text: String) -> GeneratedContent {
        chunk(index: index, delta: [("reasoning_content", GeneratedContent(text))])
    }

    func callChunk(index: Int, name: String, arguments: String) -> GeneratedContent {
        chunk(index: index, delta: [("tool_calls", [Self.call(name: name, arguments: arguments, index: 0)])])
    }

    func finishChunk(index: Int, reason: String) -> GeneratedContent { chunk(index: index, delta: [], finishReason: reason) }

    /// The last chunk under `stream_options.include_usage`: no choices, the usage.
    func usageChunk(_ statistics: [GenerationStatistics]) -> GeneratedContent {
        envelope(chunkObject, [("choices", []), ("usage", Self.usage(statistics))])
    }
}
