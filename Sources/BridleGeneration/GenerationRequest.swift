import BridleGrammar

/// Everything a ``LanguageModel`` needs for one response.
public struct GenerationRequest: Sendable, Hashable {
    /// The conversation so far; the backend appends the start of the assistant's turn.
    public var messages: [ChatMessage]
    /// When present, every token is chosen among those that keep the output a prefix of a
    /// sentence of this grammar, and the response ends only when the sentence is complete.
    public var grammar: Grammar?
    public var options: GenerationOptions

    public init(messages: [ChatMessage], grammar: Grammar? = nil, options: GenerationOptions = GenerationOptions()) {
        self.messages = messages
        self.grammar = grammar
        self.options = options
    }
}
