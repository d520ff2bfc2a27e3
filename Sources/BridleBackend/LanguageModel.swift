import BridleTemplate

/// A model that turns a conversation into a response, one token at a time, optionally under a
/// grammar. Backends (llama.cpp in `BridleLlama`, a scripted model in tests) implement only
/// ``generate(_:)``; typed responses (`respond(to:generating:)`) are built on top of it.
///
/// ```swift
/// let model: any LanguageModel = try LlamaLanguageModel(contentsOf: url)
/// let reply = try await model.respond(to: "Suggest searches", generating: SearchSuggestions.self)
/// reply.content.searchTerms   // four strings, always
/// ```
public protocol LanguageModel: Sendable {
    /// Streams one response: ``GenerationEvent/token(id:bytes:)`` for each token, then
    /// ``GenerationEvent/finished(_:)``. The stream throws ``ResponseError`` (or a backend's
    /// own error) instead of finishing when the response is incomplete, and `CancellationError`
    /// once the consuming task is cancelled, which also stops the backend's work.
    ///
    /// A backend may retry a request (another replica, a dropped connection) only before it
    /// has yielded its first event; after that a failure is thrown, never a second generation
    /// spliced onto the first.
    func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error>

    /// Prepares for a request that begins with `messages` (the last one possibly unfinished),
    /// for example by decoding them into a cache. A hint: it never fails, and a backend that
    /// cannot prepare does nothing (the default).
    func prewarm(_ messages: [ChatMessage]) async

    /// What the model can do (FoundationModels 27). Default: guided generation and tool
    /// calling, which every Bridle backend gives any model through its grammars.
    var capabilities: LanguageModelCapabilities { get }

    /// How the model writes tool calls of its own accord, derived from its chat template
    /// (``ToolCallFormat``); `nil` (the default) when it has no such format, and sessions then
    /// constrain calls to Bridle's JSON envelope.
    var toolCallFormat: ToolCallFormat? { get }

    /// How many tokens `request`'s prompt is, as ``generate(_:)`` would read it (FoundationModels
    /// 26.4's `tokenCount(for:)`); `nil` (the default) when the backend cannot tell without
    /// generating. A response cut short (a token limit, a full context) throws instead of
    /// reporting its statistics, so this is how its usage can still count the prompt.
    func promptTokenCount(for request: GenerationRequest) async throws -> Int?
}

extension LanguageModel {
    public func prewarm(_ messages: [ChatMessage]) async {}

    public var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([.guidedGeneration, .toolCalling]) }

    public var toolCallFormat: ToolCallFormat? { nil }

    public func promptTokenCount(for request: GenerationRequest) async throws -> Int? { nil }
}
