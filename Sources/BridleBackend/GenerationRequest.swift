import BridleGrammar
import BridleSchema

/// Everything a ``LanguageModel`` needs for one response.
public struct GenerationRequest: Sendable, Hashable {
    /// The conversation so far; the backend appends the start of the assistant's turn.
    public var messages: [ChatMessage]
    /// A prompt already written (a text completion's), which the backend reads as it is: no
    /// chat template, no instruction of its own, no request emphasis (there is no request to
    /// take out of it). When set, ``messages`` is not read.
    ///
    /// ```swift
    /// GenerationRequest(messages: [], promptText: "The capital of France is")
    /// ```
    public var promptText: String?
    /// When present, every token is chosen among those that keep the output a prefix of a
    /// sentence of its grammar, and the response ends only when the sentence is complete. A
    /// backend that takes JSON Schema instead of a grammar (an OpenAI-compatible server) sends
    /// its schema and still checks the output against its grammar.
    public var constraint: OutputConstraint?
    /// The tools the model's own chat template shows, for a model that calls them in its own
    /// format (``LanguageModel/toolCallFormat``); backends without a Jinja template ignore them,
    /// and sessions then describe tools in the system message instead.
    public var tools: [ToolDeclaration]
    public var options: GenerationOptions
    /// Whether the backend adds up the model's log-probability of each token it samples
    /// (``GenerationStatistics/logProbability``), which best-of-N ranks candidates by. It costs
    /// one pass over the logits per token; backends that cannot score leave the sum at 0.
    public var scoresTokens: Bool

    public init(
        messages: [ChatMessage], promptText: String? = nil, constraint: OutputConstraint? = nil, tools: [ToolDeclaration] = [],
        options: GenerationOptions = GenerationOptions(), scoresTokens: Bool = false
    ) {
        self.messages = messages
        self.promptText = promptText
        self.constraint = constraint
        self.tools = tools
        self.options = options
        self.scoresTokens = scoresTokens
    }

    /// The conversation without its request, for ``GenerationOptions/requestEmphasis``: the
    /// last user message with its content emptied (the turn stays, so a chat template frames
    /// it alike); `nil` when there is no user message, or the prompt is ``promptText``.
    ///
    /// ```swift
    /// GenerationRequest(messages: [.system("Call get_weather."), .user("Weather in Oslo?")]).messagesWithoutRequest
    /// // [.system("Call get_weather."), .user("")]
    /// ```
    public var messagesWithoutRequest: [ChatMessage]? {
        guard promptText == nil, let last = messages.lastIndex(where: { $0.role == .user }) else { return nil }
        var without = messages
        without[last].content = ""
        return without
    }
}
