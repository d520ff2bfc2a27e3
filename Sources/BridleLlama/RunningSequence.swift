import BridleGeneration
import BridleMask
import CLlama

/// One request decoding in its own sequence of a ``LlamaContext``: its token step and sampler
/// chain, the response so far, and the tokens it has yet to decode. The context decodes every
/// running sequence's pending tokens in one batch, then asks each sequence whose logits came
/// back for its next tokens (``advance(logits:held:)``).
final class RunningSequence: DecodingFeed {
    let ticket: SequenceTicket
    /// The llama.cpp sequence id, which is also the index of its ``CacheSlot``.
    let sequence: Int
    /// The whole prompt, the part already cached included.
    let prompt: [llama_token]
    private let model: LlamaModel
    private let step: TokenStep
    private let sampler: SamplerChain
    private let contextSize: Int
    private(set) var statistics: GenerationStatistics
    private var response = ResponseText()
    /// The conversation without its request, under ``GenerationOptions/requestEmphasis``.
    let baseline: BaselineSequence?

    /// Tokens to decode next, in order: the rest of the prompt, then each step's new tokens.
    var pending: ArraySlice<llama_token>
    /// Where this sequence's logits are in the batch just decoded, when it is its turn to choose.
    var logitsRow: Int32?
    /// Set once the whole prompt is in the cache.
    private(set) var responseStart: ContinuousClock.Instant?
    private let start: ContinuousClock.Instant

    /// What a step did for the sequence.
    enum Progress {
        /// It has tokens to decode (``pending``).
        case decoding
        /// The model ended the response; the statistics are final.
        case finished
    }

    init(
        ticket: SequenceTicket, sequence: Int, model: LlamaModel, step: TokenStep, sampler: SamplerChain, contextSize: Int,
        prompt: [llama_token], reused: Int, shared: Int, compileSeconds: Double, start: ContinuousClock.Instant,
        baseline: BaselineSequence? = nil
    ) {
        self.baseline = baseline
        self.ticket = ticket
        self.sequence = sequence
        self.model = model
        self.step = step
        self.sampler = sampler
        self.contextSize = contextSize
        self.start = start
        self.prompt = prompt
        pending = prompt[reused...]
        statistics = GenerationStatistics(
            promptTokens: prompt.count, reusedPromptTokens: reused, responseTokens: 0, promptSeconds: 0, responseSeconds: 0,
            samplingSeconds: 0)
        statistics.sharedPromptTokens = shared
        statistics.grammarCompileSeconds = compileSeconds
    }

    var options: GenerationOptions { ticket.request.options }

    /// Called once the last prompt token is decoded.
    func promptDecoded(at now: ContinuousClock.Instant) {
        guard responseStart == nil else { return }
        responseStart = now
        statistics.promptSeconds = (now - start).seconds
    }

    /// Chooses what comes after the tokens decoded so far, from `logits`: the text the grammar
    /// forces (fast-forward), or one sampled token. Throws when the response cannot go on.
    ///
    /// - Parameters:
    ///   - logits: The model's logits after the whole conversation; with a ``baseline``, the
    ///     choice weighs them against the baseline's (request emphasis). Best-of-N scores a
    ///     token by these alone: the model's likelihood of the answer, given the request.
    ///   - held: Tokens the sequence holds in the cache.
    func advance(logits: UnsafeBufferPointer<Float>, held: Int) throws -> Progress {
        if options.fastForward {
            let forced = step.forcedTokens(tokenize: model.tokenize(plainText:))
            if !forced.isEmpty {
                for token in forced where !step.accept(token) {
                    throw noToken()
                }
                let first = statistics.responseTokens
                try emit(forced, held: held)
                statistics.forcedTokens += forced.count
                statistics.forcedTokenIndices += first..<(first + forced.count)
                return .decoding
            }
        }
        let sampleStart = ContinuousClock.now
        let choice = sampler.sample(logits: logits, emphasis: baseline?.choiceEmphasis, step: step)
        statistics.samplingSeconds += (ContinuousClock.now - sampleStart).seconds
        guard let choice else { throw noToken() }
        if baseline != nil { statistics.emphasisedTokens += 1 }
        statistics.refusedTokens += choice.refused
        if ticket.request.scoresTokens {
            statistics.logProbability += score(of: choice.token, logits: logits)
            statistics.scoredTokens += 1
        }
        // Under fast-forward, the sampled token and the forced text after it, as the tokenizer
        // splits them together.
        let model = model
        let tokenize: (([UInt8]) -> [llama_token]?)? = options.fastForward ? { model.tokenize(plainText: $0) } : nil
        guard let tokens = step.accept(sampled: choice.token, healingWith: tokenize) else { throw noToken() }
        if tokens != [choice.token] {
            statistics.healedTokens += 1
            let first = statistics.responseTokens + 1
            try emit(tokens, held: held)
            statistics.forcedTokens += tokens.count - 1
            statistics.forcedTokenIndices += first..<(first + tokens.count - 1)
            return .decoding
        }
        if model.isEndOfGeneration(choice.token) {
            finishStatistics()
            return .finished
        }
        try emit([choice.token], held: held)
        return .decoding
    }

    /// What `token` adds to best of N's score: its log-probability under the model, given the
    /// request; under emphasis, weighed against its absence as the choice was,
    /// `γ·log p(t | request) + (1 − γ)·log p(t | no request)`, so the candidate chosen is the
    /// one the request explains best, not the one the examples alone make likeliest.
    private func score(of token: llama_token, logits: UnsafeBufferPointer<Float>) -> Double {
        let given = LogProbability.of(token, in: logits)
        guard let emphasis = baseline?.choiceEmphasis else { return given }
        let weight = Double(emphasis.weight)
        return weight * given + (1 - weight) * LogProbability.of(token, in: emphasis.baseline)
    }

    /// The statistics so far, with the response's timings up to now (a failed request's too).
    func finishStatistics() {
        if let responseStart { statistics.responseSeconds = (ContinuousClock.now - responseStart).seconds }
        statistics.maskMicroseconds = step.maskMicroseconds
    }

    /// Appends `tokens` to the response and queues them for decoding. A forced run longer than
    /// the tokens left is cut at the limit, so the partial text shows all that fits.
    private func emit(_ tokens: [llama_token], held: Int) throws {
        guard held + tokens.count <= contextSize else {
            throw GenerationError.contextFilledDuringResponse(contextSize: contextSize, partialText: response.lossyText)
        }
        let limit = options.maximumResponseTokens
        for token in tokens {
            if let limit, statistics.responseTokens >= limit {
                throw GenerationError.exceededMaximumResponseTokens(limit: limit, partialText: response.lossyText)
            }
            let bytes = model.bytes(of: token)
            response.append(bytes)
            statistics.responseTokens += 1
            ticket.continuation.yield(.token(id: token, bytes: bytes))
        }
        pending = tokens[...]
        baseline?.follow(tokens[...])
    }

    /// Why no token may follow: the grammar ends, or the matcher's work budget ran out.
    private func noToken() -> LlamaError {
        if let budget = step.exhaustedWorkBudget {
            return .responseExceededWorkBudget(budget: budget, partialText: response.lossyText)
        }
        return .noAllowedToken(partialText: response.lossyText)
    }
}
