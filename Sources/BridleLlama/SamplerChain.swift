import BridleGeneration
import CLlama

/// A llama.cpp sampler chain for one response: the constraint first, then the options'
/// strategy.
///
/// The constraint is Bridle's mask (``MaskSampler``), or, with ``GrammarEngine/llama``, a
/// logit bias that removes the tokens that can never be text followed by llama.cpp's grammar
/// sampler. It must come first: llama.cpp aborts the process when a top-k filter runs before
/// its grammar and none of the k tokens fits it, and a mask applied after a filter would
/// change the distribution the filter chose from.
final class SamplerChain {
    /// What constrains the chain's choices.
    enum Constraint {
        case mask(MaskSampler)
        /// llama.cpp's grammar sampler, given GBNF whose start rule is `root`.
        case llamaGrammar(gbnf: String)
    }

    let pointer: UnsafeMutablePointer<llama_sampler>

    init(model: LlamaModel, constraint: Constraint?, options: GenerationOptions) throws {
        let temperature = options.temperature ?? 1
        guard temperature.isFinite, temperature >= 0 else {
            throw GenerationError.invalidOptions("temperature must be a finite number ≥ 0, not \(temperature)")
        }
        let sampling = options.sampling ?? .random(probabilityThreshold: 1)
        switch sampling.strategy {
        case let .topK(k) where k < 1:
            throw GenerationError.invalidOptions("random(top:) needs k ≥ 1, not \(k)")
        case let .nucleus(p) where !(p > 0 && p <= 1):
            throw GenerationError.invalidOptions("random(probabilityThreshold:) needs a threshold in (0, 1], not \(p)")
        default:
            break
        }
        var parameters = llama_sampler_chain_default_params()
        parameters.no_perf = false
        guard let chain = llama_sampler_chain_init(parameters) else {
            throw LlamaError.contextCreationFailed(llamaMessages: ["llama_sampler_chain_init returned NULL"])
        }
        pointer = chain

        switch constraint {
        case nil:
            break
        case .mask(let mask):
            guard let sampler = mask.makeLlamaSampler() else {
                throw LlamaError.contextCreationFailed(llamaMessages: ["llama_sampler_init returned NULL"])
            }
            llama_sampler_chain_add(chain, sampler)
        case let .llamaGrammar(gbnf):
            if !model.tokensNeverInText.isEmpty {
                let biases = model.tokensNeverInText.map { llama_logit_bias(token: $0, bias: -Float.infinity) }
                llama_sampler_chain_add(chain, llama_sampler_init_logit_bias(Int32(model.vocabularySize), Int32(biases.count), biases))
            }
            let mark = LlamaLog.mark()
            guard let grammar = llama_sampler_init_grammar(model.vocabulary, gbnf, "root") else {
                throw LlamaError.grammarRejected(gbnf: gbnf, llamaMessages: LlamaLog.messages(since: mark))
            }
            llama_sampler_chain_add(chain, grammar)
        }
        switch sampling.strategy {
        case .greedy:
            llama_sampler_chain_add(chain, llama_sampler_init_greedy())
        case let .topK(k):
            llama_sampler_chain_add(chain, llama_sampler_init_top_k(Int32(clamping: k)))
            addRandom(temperature: temperature, seed: sampling.seed)
        case let .nucleus(p):
            if p < 1 { llama_sampler_chain_add(chain, llama_sampler_init_top_p(Float(p), 1)) }
            addRandom(temperature: temperature, seed: sampling.seed)
        }
    }

    deinit {
        llama_sampler_free(pointer)
    }

    private func addRandom(temperature: Double, seed: UInt64?) {
        if temperature != 1 { llama_sampler_chain_add(pointer, llama_sampler_init_temp(Float(temperature))) }
        llama_sampler_chain_add(pointer, llama_sampler_init_dist(Self.llamaSeed(seed)))
    }

    /// llama.cpp's seeds are 32 bits, and `LLAMA_DEFAULT_SEED` (all ones) means "random": a
    /// 64-bit seed is folded into 32 bits, and the one value that would mean "random" is moved.
    static func llamaSeed(_ seed: UInt64?) -> UInt32 {
        guard let seed else { return LLAMA_DEFAULT_SEED }
        let folded = UInt32(truncatingIfNeeded: seed ^ (seed >> 32))
        return folded == LLAMA_DEFAULT_SEED ? 0 : folded
    }

    /// Chooses the next token as `llama_sampler_sample` does, except that `isAllowed` has the
    /// last word: a token it refuses is masked and the choice made again, and after a few
    /// refusals `screen` removes every disallowed candidate at once, so the loop always ends.
    ///
    /// Redrawing without the refused token is exact for greedy and plain temperature sampling:
    /// the first allowed token of draws without replacement has probability p(t)/p(allowed).
    /// llama.cpp's grammar sampler reads UTF-8 leniently (an overlong `C1 65` passes as "e",
    /// continuation bits go unchecked), so a random model can steer it through bytes that are
    /// not text; Bridle's strict matcher refuses those.
    ///
    /// - Returns: the token, and how many choices were refused; `nil` if no token is allowed.
    func sample(
        in context: OpaquePointer, vocabularySize: Int,
        isAllowed: (llama_token) -> Bool, screen: (inout [llama_token_data]) -> Void
    ) -> (token: llama_token, refused: Int)? {
        guard let logits = llama_get_logits_ith(context, -1) else { return nil }
        if candidates.count != vocabularySize {
            candidates = [llama_token_data](repeating: llama_token_data(id: 0, logit: 0, p: 0), count: vocabularySize)
            working = candidates
        }
        for index in 0..<vocabularySize {
            candidates[index] = llama_token_data(id: llama_token(index), logit: logits[index], p: 0)
        }
        var refused = 0
        while true {
            working.withUnsafeMutableBufferPointer { working in
                candidates.withUnsafeBufferPointer { candidates in
                    _ = working.initialize(fromContentsOf: candidates)
                }
            }
            let chosen: llama_token_data? = working.withUnsafeMutableBufferPointer { buffer in
                var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
                llama_sampler_apply(pointer, &array)
                guard array.selected >= 0, array.selected < array.size else { return nil }
                return array.data[Int(array.selected)]
            }
            guard let chosen, chosen.logit > -Float.infinity else { return nil }
            if isAllowed(chosen.id) {
                llama_sampler_accept(pointer, chosen.id)
                return (chosen.id, refused)
            }
            refused += 1
            candidates[Int(chosen.id)].logit = -Float.infinity
            if refused == Self.refusalsBeforeScreening { screen(&candidates) }
        }
    }

    /// Reused from token to token: the logits as llama.cpp gave them (less refused tokens),
    /// and the copy the chain filters and sorts.
    private var candidates: [llama_token_data] = []
    private var working: [llama_token_data] = []

    /// Redrawing without a refused token is cheap while refusals are few; a run of them means
    /// the model wants what the grammar forbids, and screening every candidate ends it.
    private static let refusalsBeforeScreening = 4
}
