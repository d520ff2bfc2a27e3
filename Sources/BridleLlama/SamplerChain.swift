import BridleGeneration
import BridleMask
import CLlama

/// A llama.cpp sampler chain for one response: the options' strategy (top-k, top-p,
/// temperature, the seeded draw), after Bridle's token step has ruled out what the grammar
/// forbids (``TokenStep``), or, with ``GrammarEngine/llama``, after a logit bias that removes
/// the tokens that can never be text and llama.cpp's grammar sampler. The grammar always comes
/// first: llama.cpp aborts the process when a top-k filter runs before its grammar and none of
/// the k tokens fits it, and a mask applied after a filter would change the distribution the
/// filter chose from.
final class SamplerChain {
    let pointer: UnsafeMutablePointer<llama_sampler>

    /// - Parameter llamaGrammar: GBNF (start rule `root`) for llama.cpp's grammar sampler.
    init(model: LlamaModel, llamaGrammar: String?, options: GenerationOptions) throws {
        guard MemoryLayout<TokenCandidate>.size == MemoryLayout<llama_token_data>.size,
            MemoryLayout<TokenCandidate>.stride == MemoryLayout<llama_token_data>.stride,
            MemoryLayout<TokenCandidate>.offset(of: \.logit) == MemoryLayout<llama_token_data>.offset(of: \.logit)
        else {
            throw LlamaError.contextCreationFailed(llamaMessages: ["TokenCandidate is not laid out like llama_token_data in this build"])
        }
        // Checked before any backend work (``GenerationOptions/problems(for:)``).
        let temperature = options.temperature ?? 1
        let sampling = options.sampling ?? .random(probabilityThreshold: 1)
        var parameters = llama_sampler_chain_default_params()
        parameters.no_perf = false
        guard let chain = llama_sampler_chain_init(parameters) else {
            throw LlamaError.contextCreationFailed(llamaMessages: ["llama_sampler_chain_init returned NULL"])
        }
        pointer = chain

        if let gbnf = llamaGrammar {
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

    /// Chooses the next token from `logits`: `step` rules out what its grammar forbids and
    /// checks the token this chain draws from the rest (see ``TokenStep/choose(logits:draw:)``).
    ///
    /// - Returns: the token, and how many draws were refused; `nil` if no token is allowed.
    func sample(logits: UnsafeBufferPointer<Float>, emphasis: TokenStep.Emphasis? = nil, step: TokenStep) -> TokenStep.Choice? {
        let choice = step.choose(logits: logits, emphasis: emphasis) { candidates in
            candidates.withMemoryRebound(to: llama_token_data.self) { buffer in
                var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
                llama_sampler_apply(pointer, &array)
                guard array.selected >= 0, array.selected < array.size else { return nil }
                return Int(array.selected)
            }
        }
        if let choice { llama_sampler_accept(pointer, choice.token) }
        return choice
    }
}
