/// What a ``LanguageModel``'s response stream yields: each token as it is chosen (or each piece
/// of text, from a backend that sees text rather than tokens), then a summary once the response
/// is complete.
public enum GenerationEvent: Sendable, Hashable {
    /// A token the model produced, with the bytes it stands for. A token may end in the middle
    /// of a UTF-8 character; ``ResponseText`` joins the bytes back into text.
    case token(id: Int32, bytes: [UInt8])
    /// A piece of the response from a backend that receives text, not token ids: an inference
    /// server streams whole characters, some tokens at a time. Never split inside a character.
    case text(String)
    /// The free text before the answer (``GenerationOptions/reasoningLevel``: the reasoning,
    /// and the marker that ended it) is the response's first `afterBytes` bytes; what follows is
    /// the constrained answer. Yielded once, after the token that holds the boundary; a response
    /// without free text never yields it.
    case answerBegins(afterBytes: Int)
    /// The response ended because the model produced its end-of-generation token (under a
    /// grammar: only once the sentence was complete).
    case finished(GenerationStatistics)
}

/// Counts and timings of one response.
public struct GenerationStatistics: Sendable, Hashable, Codable {
    /// Tokens of the formatted prompt, and how many of them the backend reused from its cache.
    public var promptTokens: Int
    public var reusedPromptTokens: Int
    /// Of ``reusedPromptTokens``, those another sequence had decoded (a shared prefix such as
    /// instructions or tool schemas, copied in the cache instead of decoded again).
    public var sharedPromptTokens = 0
    /// Tokens of the response, not counting the end-of-generation token.
    public var responseTokens: Int
    public var promptSeconds: Double
    public var responseSeconds: Double
    /// Time spent choosing tokens (the grammar's share of the work), within `responseSeconds`.
    public var samplingSeconds: Double
    /// Draws that were refused and made again: only under plain temperature sampling, which
    /// draws first and checks the drawn token (exact, and cheaper than a whole mask); masked
    /// modes never refuse. No refused token reaches the response.
    public var refusedTokens: Int
    /// Response tokens the grammar forced and the backend appended without sampling
    /// (``GenerationOptions/fastForward``); they are counted in ``responseTokens`` too.
    public var forcedTokens = 0
    /// Where the forced tokens are: their indices among the response's tokens, in order.
    public var forcedTokenIndices: [Int] = []
    /// Sampled tokens that were written together with the forced text after them, as the
    /// model's tokenizer splits the two (token healing; fast-forward only): sampled `com` and
    /// forced `plete"` go into the response as `complete` and `"`.
    public var healedTokens = 0
    /// Sampled tokens chosen under request emphasis (``GenerationOptions/requestEmphasis``):
    /// 0 where the backend answered without it. Tokens where the grammar expects a digit are
    /// chosen without it and not counted.
    public var emphasisedTokens = 0
    /// Value-rule searches (distinct elements, related properties) that ran past their budget
    /// and let a token through undecided; the check after generation still judges the answer.
    public var undecidedValueSearches = 0
    /// Response tokens of free text before the answer (``GenerationOptions/reasoningLevel``),
    /// the marker that ended it included; counted in ``responseTokens`` too.
    public var reasoningTokens = 0
    /// Responses whose free text ran to its budget, so that Bridle wrote the marker and the
    /// answer began anyway (the model had not ended its reasoning).
    public var reasoningCutAtBudget = 0
    /// Seconds to compile the grammar for the model's vocabulary before the first token.
    public var grammarCompileSeconds: Double = 0
    /// How long each token's mask took, in microseconds, in order (Bridle's mask engine only;
    /// forced tokens need none).
    public var maskMicroseconds: [Double] = []
    /// Attempts that failed before the response's first byte and were made again, on another
    /// replica or after a wait (server backends; see `BridleServer`'s `RetryPolicy`).
    public var retries = 0
    /// The sum of the model's log-probability of each sampled token (``GenerationRequest/scoresTokens``;
    /// forced tokens are not sampled and not scored), and how many tokens it adds up. Under
    /// request emphasis each term is the weighing the token was chosen by,
    /// `γ·log p(t | request) + (1 − γ)·log p(t | no request)`.
    public var logProbability: Double = 0
    public var scoredTokens = 0
    /// How much of the model's probability the constraint took away at each sampled token of
    /// the answer, in order, the choice that ended it included (the end of generation, at the
    /// answer's length) (``GenerationOptions/measuresPressure``; empty when off). Forced tokens
    /// are not sampled and have none; nor does free text before the answer, which the
    /// constraint leaves alone.
    public var pressure: [TokenPressure] = []

    public init(
        promptTokens: Int, reusedPromptTokens: Int, responseTokens: Int,
        promptSeconds: Double, responseSeconds: Double, samplingSeconds: Double, refusedTokens: Int = 0
    ) {
        self.promptTokens = promptTokens
        self.reusedPromptTokens = reusedPromptTokens
        self.responseTokens = responseTokens
        self.promptSeconds = promptSeconds
        self.responseSeconds = responseSeconds
        self.samplingSeconds = samplingSeconds
        self.refusedTokens = refusedTokens
    }

    /// Nothing generated yet: the start of a sum.
    public static let zero = GenerationStatistics(
        promptTokens: 0, reusedPromptTokens: 0, responseTokens: 0, promptSeconds: 0, responseSeconds: 0, samplingSeconds: 0)

    /// Adds the counts and timings of another response (a session request's several turns).
    public mutating func add(_ other: GenerationStatistics) {
        forcedTokenIndices += other.forcedTokenIndices.map { $0 + responseTokens }
        promptTokens += other.promptTokens
        reusedPromptTokens += other.reusedPromptTokens
        responseTokens += other.responseTokens
        promptSeconds += other.promptSeconds
        responseSeconds += other.responseSeconds
        samplingSeconds += other.samplingSeconds
        refusedTokens += other.refusedTokens
        forcedTokens += other.forcedTokens
        healedTokens += other.healedTokens
        emphasisedTokens += other.emphasisedTokens
        undecidedValueSearches += other.undecidedValueSearches
        reasoningTokens += other.reasoningTokens
        reasoningCutAtBudget += other.reasoningCutAtBudget
        grammarCompileSeconds += other.grammarCompileSeconds
        maskMicroseconds += other.maskMicroseconds
        retries += other.retries
        sharedPromptTokens += other.sharedPromptTokens
        logProbability += other.logProbability
        scoredTokens += other.scoredTokens
        pressure += other.pressure
    }

    /// The mask time below which a share `fraction` of the masks took (0.5: the median), in
    /// microseconds; `nil` when no mask was computed.
    public func maskMicroseconds(percentile fraction: Double) -> Double? {
        guard !maskMicroseconds.isEmpty else { return nil }
        let sorted = maskMicroseconds.sorted()
        let rank = Int((Double(sorted.count - 1) * min(max(fraction, 0), 1)).rounded())
        return sorted[rank]
    }

    /// The mean log-probability of the sampled tokens: 0 (certain) when every token was forced.
    public var meanLogProbability: Double {
        scoredTokens > 0 ? logProbability / Double(scoredTokens) : 0
    }

    /// Response tokens per second, or 0 when nothing was timed.
    public var tokensPerSecond: Double {
        responseSeconds > 0 ? Double(responseTokens) / responseSeconds : 0
    }
}
