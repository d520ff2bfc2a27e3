import BridleGeneration
import BridleGrammar
import BridleMask
import CLlama
import Foundation

/// One llama.cpp context and its KV cache. An actor: llama.cpp contexts are not thread-safe,
/// so requests run one at a time, on a thread of the context's own (see
/// ``DispatchQueueExecutor``). The cache is kept between requests, and a new prompt that
/// starts like the last conversation (the usual case in a chat) decodes only what is new.
actor LlamaContext {
    private nonisolated let executor = DispatchQueueExecutor(label: "Bridle.LlamaContext")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private let model: LlamaModel
    private let formatter: ChatFormatter
    /// Used only from the actor (and its deinit, when nothing else can reach it).
    nonisolated(unsafe) private let pointer: OpaquePointer
    private let batchSize: Int
    /// Tokens the context holds, as llama.cpp allocated it.
    nonisolated let contextSize: Int
    /// Counts and timings of the most recent request, whether it completed or not.
    private(set) var lastStatistics: GenerationStatistics?
    /// The tokens whose keys and values are in the cache, in order.
    private var cachedTokens: [llama_token] = []

    init(model: LlamaModel, formatter: ChatFormatter, configuration: LlamaConfiguration) throws(LlamaError) {
        let trained = model.trainedContextLength
        let requested = configuration.contextSize ?? min(trained, LlamaConfiguration.defaultContextCap)
        guard requested <= trained else { throw .contextTooLarge(requested: requested, trained: trained) }
        var parameters = llama_context_default_params()
        parameters.n_ctx = UInt32(clamping: max(requested, 1))
        parameters.n_batch = UInt32(clamping: max(configuration.batchSize, 1))
        parameters.n_ubatch = parameters.n_batch
        let threads = Int32(clamping: configuration.threads ?? ProcessInfo.processInfo.activeProcessorCount)
        parameters.n_threads = threads
        parameters.n_threads_batch = threads
        parameters.no_perf = false
        let mark = LlamaLog.mark()
        guard let context = llama_init_from_model(model.pointer, parameters) else {
            throw .contextCreationFailed(llamaMessages: LlamaLog.messages(since: mark))
        }
        self.model = model
        self.formatter = formatter
        self.pointer = context
        self.batchSize = Int(parameters.n_batch)
        self.contextSize = Int(llama_n_ctx(context))
    }

    deinit {
        llama_free(pointer)
    }

    /// Forgets the cached conversation; the next request decodes its whole prompt.
    func clearCache() {
        llama_memory_clear(llama_get_memory(pointer), true)
        cachedTokens = []
    }

    /// Runs one request, yielding each token to `continuation`; throws instead of finishing
    /// when the response cannot be completed.
    ///
    /// One step of the loop: the token step rules out what the constraint forbids (Bridle's
    /// engine) or nothing (llama.cpp's), the sampler chain draws from the rest, the step checks
    /// the token and moves past it, and the model decodes it. Where the grammar forces the next
    /// bytes, their tokens are appended and decoded in one batch instead (fast-forward).
    func generate(_ request: GenerationRequest, into continuation: AsyncThrowingStream<GenerationEvent, any Error>.Continuation) throws {
        let (step, compileSeconds) = try TokenStep.make(for: request, model: model)
        let llamaGrammar = request.options.grammarEngine == .llama ? request.constraint?.gbnf : nil
        let sampler = try SamplerChain(model: model, llamaGrammar: llamaGrammar, options: request.options)
        if let limit = request.options.maximumResponseTokens, limit < 0 {
            throw GenerationError.invalidOptions("maximumResponseTokens must be ≥ 0, not \(limit)")
        }

        var statistics = GenerationStatistics(
            promptTokens: 0, reusedPromptTokens: 0, responseTokens: 0, promptSeconds: 0, responseSeconds: 0, samplingSeconds: 0
        )
        statistics.grammarCompileSeconds = compileSeconds
        defer { lastStatistics = statistics }

        let promptStart = ContinuousClock.now
        let prompt = try model.tokenize(formatter.prompt(for: request.messages))
        statistics.promptTokens = prompt.count
        guard !prompt.isEmpty else { throw GenerationError.emptyPrompt }
        guard prompt.count < contextSize else {
            throw GenerationError.exceededContextWindowSize(promptTokens: prompt.count, contextSize: contextSize)
        }
        statistics.reusedPromptTokens = try reuseCache(for: prompt)
        try decode(Array(prompt[statistics.reusedPromptTokens...]))
        statistics.promptSeconds = (ContinuousClock.now - promptStart).seconds

        let responseStart = ContinuousClock.now
        defer {
            statistics.responseSeconds = (ContinuousClock.now - responseStart).seconds
            statistics.maskMicroseconds = step.maskMicroseconds
        }
        var response = ResponseText()
        let vocabularySize = model.vocabularySize
        let limit = request.options.maximumResponseTokens
        // Appends tokens to the response; the caller decodes them. A forced run longer than
        // the tokens left is cut at the limit, so the partial text shows all that fits.
        func emit(_ tokens: [llama_token]) throws {
            guard cachedTokens.count + tokens.count <= contextSize else {
                throw GenerationError.contextFilledDuringResponse(contextSize: contextSize, partialText: response.lossyText)
            }
            for token in tokens {
                if let limit, statistics.responseTokens >= limit {
                    throw GenerationError.exceededMaximumResponseTokens(limit: limit, partialText: response.lossyText)
                }
                let bytes = model.bytes(of: token)
                response.append(bytes)
                statistics.responseTokens += 1
                continuation.yield(.token(id: token, bytes: bytes))
            }
        }
        // Why no token may follow: the grammar ends, or the matcher's work budget ran out.
        func noToken() -> LlamaError {
            if let budget = step.exhaustedWorkBudget {
                return .responseExceededWorkBudget(budget: budget, partialText: response.lossyText)
            }
            return .noAllowedToken(partialText: response.lossyText)
        }
        while true {
            try Task.checkCancellation()
            if request.options.fastForward {
                let forced = step.forcedTokens(tokenize: model.tokenize(plainText:))
                if !forced.isEmpty {
                    for token in forced where !step.accept(token) {
                        throw noToken()
                    }
                    try emit(forced)
                    statistics.forcedTokens += forced.count
                    try decode(forced)
                    continue
                }
            }
            let sampleStart = ContinuousClock.now
            let choice = sampler.sample(in: pointer, vocabularySize: vocabularySize, step: step)
            statistics.samplingSeconds += (ContinuousClock.now - sampleStart).seconds
            guard let choice, step.accept(choice.token) else {
                throw noToken()
            }
            statistics.refusedTokens += choice.refused
            let token = choice.token
            if model.isEndOfGeneration(token) { break }
            try emit([token])
            try decode([token])
        }
        statistics.responseSeconds = (ContinuousClock.now - responseStart).seconds
        statistics.maskMicroseconds = step.maskMicroseconds
        continuation.yield(.finished(statistics))
    }

    /// Decodes the prompt for `messages` into the cache, so a request that begins the same way
    /// reuses it. A hint: a prompt that cannot be decoded (too long, a failed batch) is left
    /// for the request itself to report.
    func prewarm(_ messages: [ChatMessage]) {
        guard let prompt = try? model.tokenize(formatter.prompt(for: messages)), !prompt.isEmpty, prompt.count < contextSize,
            let reused = try? reuseCache(for: prompt)
        else { return }
        try? decode(Array(prompt[reused...]))
    }

    /// Keeps the longest cached prefix of `prompt` and drops the rest; returns its length.
    /// At least the prompt's last token is decoded again, since sampling needs its logits.
    private func reuseCache(for prompt: [llama_token]) throws -> Int {
        var shared = zip(cachedTokens, prompt).prefix(while: { $0 == $1 }).count
        shared = min(shared, prompt.count - 1)
        if !llama_memory_seq_rm(llama_get_memory(pointer), 0, llama_pos(shared), -1) {
            clearCache()
            shared = 0
        }
        cachedTokens.removeSubrange(shared...)
        return max(shared, 0)
    }

    private func decode(_ tokens: [llama_token]) throws {
        var start = 0
        while start < tokens.count {
            try Task.checkCancellation()
            var chunk = Array(tokens[start..<min(start + batchSize, tokens.count)])
            let mark = LlamaLog.mark()
            let status = chunk.withUnsafeMutableBufferPointer { buffer in
                llama_decode(pointer, llama_batch_get_one(buffer.baseAddress, Int32(buffer.count)))
            }
            guard status == 0 else {
                // The failed batch may have left part of itself in the cache.
                clearCache()
                if status == 1 {
                    throw GenerationError.exceededContextWindowSize(promptTokens: cachedTokens.count + tokens.count, contextSize: contextSize)
                }
                throw LlamaError.decodeFailed(status: status, llamaMessages: LlamaLog.messages(since: mark))
            }
            cachedTokens.append(contentsOf: chunk)
            start += chunk.count
        }
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
