import BridleBackend
import Foundation

/// A GGUF model run in-process by llama.cpp, with grammar-constrained sampling.
///
/// ```swift
/// let model = try LlamaLanguageModel(contentsOf: URL(fileURLWithPath: "tiny.gguf"))
/// let reply = try await model.respond(
///     to: "Four searches about Swift", generating: SearchSuggestions.self,
///     options: GenerationOptions(sampling: .random(top: 40, seed: 1)))
/// reply.content.searchTerms.count   // 4
/// ```
///
/// Concurrent requests (sessions, many seeds, best-of-N candidates) are decoded together, up to
/// ``LlamaConfiguration/sequences`` at a time, one forward pass per token for all of them; the
/// KV cache is kept between requests. Requests made together in a ``RequestGroup`` (many
/// seeds of one request) are taken at once, in the group's order, so the same seeds give the
/// same answers from run to run on the same cache state. Cancelling the task that consumes a
/// response stops its decoding at the next step and leaves the others running.
public final class LlamaLanguageModel: LanguageModel {
    /// Package-visible for the benchmarks, which time the mask engine and llama.cpp's grammar
    /// sampler on the model's vocabulary directly.
    package let model: LlamaModel
    private let context: LlamaContext
    private let formatter: ChatFormatter
    public let url: URL
    /// Tokens one request may hold: prompt and response together.
    public let contextSize: Int
    public let vocabularySize: Int
    /// Guided generation and tool calling; request emphasis with two sequences or more (the
    /// conversation without its request is decoded beside the request's).
    public let capabilities: LanguageModelCapabilities

    public init(contentsOf url: URL, configuration: LlamaConfiguration = LlamaConfiguration()) throws(LlamaError) {
        let model = try LlamaModel(path: url.path)
        let formatter = ChatFormatter(configuration.promptTemplate, model: model)
        let context = try LlamaContext(model: model, formatter: formatter, configuration: configuration)
        self.model = model
        self.formatter = formatter
        self.context = context
        self.url = url
        self.contextSize = context.contextSize
        self.vocabularySize = model.vocabularySize
        self.capabilities = context.capabilities
    }

    public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<GenerationEvent, any Error>.makeStream()
        let ticket = SequenceTicket(request: request, continuation: continuation)
        continuation.onTermination = { _ in ticket.cancel() }
        let context = context
        let held = RequestGroup.hold(ticket, order: request.options.sampling?.seed ?? 0, backend: ObjectIdentifier(context)) { tickets in
            Task { await context.submit(tickets) }
        }
        if !held { Task { await context.submit([ticket]) } }
        return stream
    }

    /// Decodes the prompt for `messages` into the context's cache (see
    /// ``LanguageModelSession/prewarm(promptPrefix:)``).
    public func prewarm(_ messages: [ChatMessage]) async {
        await context.prewarm(messages)
    }

    /// `text` as the model's tokens, as a prompt is tokenized: with the model's start token if
    /// it wants one, and chat-template markers read as the special tokens they stand for.
    public func tokens(for text: String) throws(LlamaError) -> [Int32] {
        try model.tokenize(text)
    }

    /// The bytes `tokens` stand for (control tokens stand for none). Bytes, not a string: a
    /// token may end inside a UTF-8 character.
    public func bytes(for tokens: [Int32]) -> [UInt8] {
        tokens.flatMap(model.bytes(of:))
    }

    /// The prompt text for `messages` (and `tools`, when the model's own template shows
    /// them), written as ``LlamaConfiguration/promptTemplate`` says.
    ///
    /// - Throws: ``LlamaError/chatTemplateFailed(reason:)`` when the model's template refuses
    ///   the conversation.
    public func prompt(for messages: [ChatMessage], tools: [ToolDeclaration] = []) throws(LlamaError) -> String {
        try formatter.prompt(for: messages, tools: tools)
    }

    /// How many tokens `request`'s prompt is: its conversation written with the model's
    /// template (and its tools), or its prompt text, tokenized as ``generate(_:)`` reads it.
    public func promptTokenCount(for request: GenerationRequest) async throws -> Int? {
        try PreparedRequest.prompt(for: request, model: model, formatter: formatter).count
    }

    /// How the model writes tool calls of its own accord, derived from its chat template when
    /// Bridle renders it; sessions then offer tools in the template and constrain calls in
    /// that format.
    public var toolCallFormat: ToolCallFormat? { formatter.toolCallFormat }

    /// Which template the prompts are written with, and why: "the model's own chat template",
    /// "none (plain text: the model has no chat template)", …
    public var promptTemplateDescription: String { formatter.description }

    /// Counts and timings of the most recent request, including one that ended in an error
    /// (a token limit, cancellation), which a stream cannot report.
    public var lastStatistics: GenerationStatistics? {
        get async { await context.lastStatistics }
    }

    /// Requests decoding or waiting for a sequence right now: 0 once every request has ended,
    /// answered, failed or cancelled.
    public var activeRequests: Int {
        get async { await context.activeRequests }
    }

    /// Forgets the cached conversation.
    public func clearCache() async {
        await context.clearCache()
    }
}
