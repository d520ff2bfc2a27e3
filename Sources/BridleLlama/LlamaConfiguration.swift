/// How a model is loaded and its context sized.
public struct LlamaConfiguration: Sendable, Hashable {
    /// Tokens one request's sequence may hold (prompt and response together). `nil` takes the
    /// model's training context, capped at 4096 so a model trained for 128k tokens does not
    /// claim gigabytes of KV cache by default.
    public var contextSize: Int?
    /// Tokens decoded per `llama_decode` call: a step's sampled tokens for every running
    /// sequence plus chunks of the prompts being read.
    public var batchSize: Int
    /// CPU threads for decoding. `nil` uses every core the process may run on.
    public var threads: Int?
    /// How conversations become prompt text; ``PromptTemplate/automatic`` documents the rule.
    public var promptTemplate: PromptTemplate
    /// Requests decoded together, one sequence each, in one forward pass per token (continuous
    /// batching): concurrent sessions, many seeds of one request, best-of-N candidates. More
    /// wait their turn. A small model on a CPU is limited by memory bandwidth, so a step for 8
    /// sequences costs little more than a step for one.
    ///
    /// The cache holds ``contextSize`` tokens for each sequence (less where sequences share a
    /// prompt prefix), so no request ever runs out of room because of another; its memory grows
    /// with this count. 1 decodes one request at a time.
    public var sequences: Int

    public init(
        contextSize: Int? = nil, batchSize: Int = 512, threads: Int? = nil, promptTemplate: PromptTemplate = .automatic,
        sequences: Int = LlamaConfiguration.defaultSequences
    ) {
        self.contextSize = contextSize
        self.batchSize = batchSize
        self.threads = threads
        self.promptTemplate = promptTemplate
        self.sequences = sequences
    }

    static let defaultContextCap = 4096
    /// Four: two requests at a time under request emphasis (the default, which takes a second
    /// sequence for each), or four without it, while the cache of a 4096-token model stays in
    /// the hundreds of megabytes. Best of 4 decodes all its candidates at once with 8.
    public static let defaultSequences = 4
    /// llama.cpp's limit (`LLAMA_MAX_SEQ`).
    public static let maximumSequences = 256
}
