import BridleGrammar
import BridleSchema

/// Everything a ``LanguageModel`` needs for one response.
public struct GenerationRequest: Sendable, Hashable {
    /// The conversation so far; the backend appends the start of the assistant's turn.
    public var messages: [ChatMessage]
    /// When present, every token is chosen among those that keep the output a prefix of a
    /// sentence of its grammar, and the response ends only when the sentence is complete. A
    /// backend that takes JSON Schema instead of a grammar (an OpenAI-compatible server) sends
    /// its schema and still checks the output against its grammar.
    public var constraint: OutputConstraint?
    public var options: GenerationOptions

    public init(messages: [ChatMessage], constraint: OutputConstraint? = nil, options: GenerationOptions = GenerationOptions()) {
        self.messages = messages
        self.constraint = constraint
        self.options = options
    }
}
