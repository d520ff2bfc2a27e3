import BridleBackend
import BridleMask
import CLlama

/// One request decoding in a ``LlamaContext``: its feeds (its own sequence, and under request
/// emphasis the conversation without the request beside it), its constraint and sampler chain,
/// and the response so far. The context decodes every feed's queued tokens in one batch, then
/// asks each request whose logits are in for its next tokens (``advance(held:)``).
///
/// One token runs one way: the constraint's forced text, or a ``TokenChoice`` (candidates →
/// request emphasis → the chain's draw → the check), then the constraint's commit.
final class RunningSequence {
    let ticket: SequenceTicket
    /// Where the request's own conversation decodes.
    let main: SequenceFeed
    /// The conversation without its request, under ``GenerationOptions/requestEmphasis``.
    let baseline: SequenceFeed?
    private let emphasis: EmphasisTransform?
    private let model: LlamaModel
    private let constraint: any TokenConstraint
    private let choice: TokenChoice
    private let contextSize: Int
    private(set) var statistics: GenerationStatistics
    private var response = ResponseText()
    private var maskMicroseconds: [Double] = []
    /// Whether the free text before the answer has ended (and ``GenerationEvent/answerBegins(afterBytes:)`` was yielded).
    private var answerHasBegun = false
    /// Set once the whole prompt is in the cache.
    private(set) var responseStart: ContinuousClock.Instant?
    private let start: ContinuousClock.Instant

    /// What a step did for the request.
    enum Progress {
        /// It has tokens to decode (its feed's ``SequenceFeed/pending``).
        case decoding
        /// The model ended the response; the statistics are final.
        case finished
    }

    init(
        _ prepared: PreparedRequest, main: SequenceFeed, baseline: SequenceFeed?, model: LlamaModel, contextSize: Int,
        reused: Int, shared: Int
    ) {
        ticket = prepared.ticket
        self.main = main
        self.baseline = baseline
        emphasis = baseline == nil ? nil : prepared.baseline.map { EmphasisTransform($0.emphasis) }
        self.model = model
        constraint = prepared.constraint
        choice = TokenChoice(
            constraint: prepared.constraint, sampler: prepared.sampler, emphasis: emphasis, measuresPressure: prepared.ticket.request.options.measuresPressure)
        self.contextSize = contextSize
        start = prepared.begun
        main.start(reused: reused)
        statistics = GenerationStatistics(
            promptTokens: main.prompt.count, reusedPromptTokens: reused, responseTokens: 0, promptSeconds: 0, responseSeconds: 0,
            samplingSeconds: 0)
        statistics.sharedPromptTokens = shared
        statistics.grammarCompileSeconds = prepared.compileSeconds
    }

    var options: GenerationOptions { ticket.request.options }

    /// Its feeds, its own first.
    var feeds: [SequenceFeed] { [main] + (baseline.map { [$0] } ?? []) }

    /// Whether every feed's logits are in: under emphasis the choice waits for both rows.
    var isReadyToChoose: Bool { main.hasLogits && (baseline?.hasLogits ?? true) }

    /// Called after each decode: the response's clock starts once the whole prompt is in.
    func decoded(at now: ContinuousClock.Instant) {
        guard responseStart == nil, main.hasLogits else { return }
        responseStart = now
        statistics.promptSeconds = (now - start).seconds
    }

    /// Chooses what comes after the tokens decoded so far: the text the constraint forces
    /// (fast-forward), or one sampled token. Throws when the response cannot go on.
    ///
    /// - Parameter held: Tokens the request's own sequence holds in the cache.
    func advance(held: Int) throws -> Progress {
        guard let logits = main.takeLogits() else { return .decoding }
        let baselineLogits = baseline?.takeLogits()
        let model = model
        let tokenize: (([UInt8]) -> [llama_token]?)? = options.fastForward ? { model.tokenize(plainText: $0) } : nil
        if let tokenize {
            let forced = constraint.forcedTokens(tokenize: tokenize)
            if !forced.isEmpty {
                for token in forced where constraint.commit(token, healingWith: nil) == nil { throw noToken() }
                try emit(forced, held: held, forced: 0..<forced.count)
                return .decoding
            }
        }
        let sampleStart = ContinuousClock.now
        let outcome = choice.choose(from: logits, baseline: baselineLogits)
        statistics.samplingSeconds += (ContinuousClock.now - sampleStart).seconds
        guard let outcome else { throw noToken() }
        let token = outcome.token
        statistics.refusedTokens += outcome.refused
        if let seconds = outcome.maskSeconds { maskMicroseconds.append(seconds * 1e6) }
        if outcome.emphasised { statistics.emphasisedTokens += 1 }
        if let pressure = outcome.pressure { record(pressure) }
        if ticket.request.scoresTokens {
            statistics.logProbability += score(of: token, logits: logits, baseline: outcome.emphasised ? baselineLogits : nil)
            statistics.scoredTokens += 1
        }
        guard let commit = constraint.commit(token, healingWith: tokenize) else { throw noToken() }
        if commit.healed { statistics.healedTokens += 1 }
        if commit.stop {
            finishStatistics()
            return .finished
        }
        try emit(commit.tokens, held: held, forced: commit.healed ? 1..<commit.tokens.count : 0..<0)
        return .decoding
    }

    /// What `token` adds to best of N's score: its log-probability under the model, given the
    /// request, or under emphasis weighed against the baseline as the choice was.
    private func score(of token: llama_token, logits: UnsafeBufferPointer<Float>, baseline: UnsafeBufferPointer<Float>?) -> Double {
        guard let emphasis, let baseline else { return LogProbability.of(token, in: logits) }
        return emphasis.score(of: token, logits: logits, baseline: baseline)
    }

    /// Keeps the pressure of the token about to be appended, at its offset in the response (made
    /// the answer's own once the answer begins).
    private func record(_ pressure: MaskPressure) {
        statistics.pressure.append(TokenPressure(
            answerOffset: response.bytes.count - (constraint.freeText?.bytes ?? 0), removedProbability: pressure.removedProbability,
            refusedFavourite: pressure.refusedFavourite.map(describe), refusedFavouriteProbability: pressure.refusedFavouriteProbability))
    }

    /// A token as a person reads it: its text, or its name when it has none (the end of
    /// generation, control tokens).
    private func describe(_ token: llama_token) -> String {
        let bytes = model.bytes(of: token)
        if !bytes.isEmpty { return String(decoding: bytes, as: UTF8.self) }
        return model.isEndOfGeneration(token) ? "<end of text>" : "<token \(token)>"
    }

    /// The statistics so far, with the response's timings up to now (a failed request's too).
    func finishStatistics() {
        if let responseStart { statistics.responseSeconds = (ContinuousClock.now - responseStart).seconds }
        statistics.maskMicroseconds = maskMicroseconds
        statistics.undecidedValueSearches = constraint.undecidedValueSearches
    }

    /// Appends `tokens` to the response and queues them on every feed; `forced` are the indices
    /// of those the constraint forced. A forced run longer than the tokens left is cut at the
    /// limit, so the partial text shows all that fits.
    private func emit(_ tokens: [llama_token], held: Int, forced: Range<Int>) throws {
        guard held + tokens.count <= contextSize else {
            throw ResponseError.contextFilledDuringResponse(contextSize: contextSize, partialText: response.lossyText)
        }
        let first = statistics.responseTokens
        let limit = options.maximumResponseTokens
        for token in tokens {
            if let limit, statistics.responseTokens >= limit {
                throw ResponseError.exceededMaximumResponseTokens(limit: limit, partialText: response.lossyText)
            }
            let bytes = model.bytes(of: token)
            response.append(bytes)
            statistics.responseTokens += 1
            ticket.continuation.yield(.token(id: token, bytes: bytes))
        }
        if !answerHasBegun, let freeText = constraint.freeText {
            answerHasBegun = true
            // Records of free text (left alone by the constraint) are not the answer's.
            statistics.pressure = statistics.pressure.compactMap { record in
                var record = record
                record.answerOffset -= freeText.bytes
                return record.answerOffset >= 0 ? record : nil
            }
            statistics.reasoningTokens = freeText.tokens
            if freeText.ending == .budget { statistics.reasoningCutAtBudget = 1 }
            ticket.continuation.yield(.answerBegins(afterBytes: freeText.bytes))
        }
        statistics.forcedTokens += forced.count
        statistics.forcedTokenIndices += (first + forced.lowerBound)..<(first + forced.upperBound)
        for feed in feeds { feed.queue(tokens[...]) }
    }

    /// Why no token may follow: the grammar ends, or the matcher's work budget ran out.
    private func noToken() -> LlamaError {
        if let budget = constraint.exhaustedWorkBudget {
            return .responseExceededWorkBudget(budget: budget, partialText: response.lossyText)
        }
        return .noAllowedToken(partialText: response.lossyText)
    }
}
