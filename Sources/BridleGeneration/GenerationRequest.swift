import BridleGrammar
import BridleSchema

/// Everything a ``LanguageModel`` needs for one response.
public struct GenerationRequest: Sendable, Hashable {
    /// The conversation so far; the backend appends the start of the assistant's turn.
    public var messages: [ChatMessage]
    /// When present, every token is chosen among those that keep the output a prefix of a
    /// sentence of this grammar, and the response ends only when the sentence is complete.
    public var grammar: Grammar?
    /// The schema ``grammar`` was compiled from, when there is one, for a backend that takes
    /// JSON Schema instead of a grammar (an OpenAI-compatible server). Such a backend still
    /// checks its output against ``grammar``.
    public var schema: GenerationSchema?
    public var options: GenerationOptions

    public init(
        messages: [ChatMessage], grammar: Grammar? = nil, schema: GenerationSchema? = nil,
        options: GenerationOptions = GenerationOptions()
    ) {
        self.messages = messages
        self.grammar = grammar
        self.schema = schema
        self.options = options
    }
}
