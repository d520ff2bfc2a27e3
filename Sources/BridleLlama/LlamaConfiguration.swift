/// How a model is loaded and its context sized.
public struct LlamaConfiguration: Sendable, Hashable {
    /// Tokens the context holds (prompt and response together). `nil` takes the model's
    /// training context, capped at 4096 so a model trained for 128k tokens does not claim
    /// gigabytes of KV cache by default.
    public var contextSize: Int?
    /// Tokens decoded per `llama_decode` call while reading the prompt.
    public var batchSize: Int
    /// CPU threads for decoding. `nil` uses every core the process may run on.
    public var threads: Int?
    /// How conversations become prompt text; ``PromptTemplate/automatic`` documents the rule.
    public var promptTemplate: PromptTemplate

    public init(contextSize: Int? = nil, batchSize: Int = 512, threads: Int? = nil, promptTemplate: PromptTemplate = .automatic) {
        self.contextSize = contextSize
        self.batchSize = batchSize
        self.threads = threads
        self.promptTemplate = promptTemplate
    }

    static let defaultContextCap = 4096
}
