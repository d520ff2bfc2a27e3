import BridleBackend
import BridleMask
import CLlama

/// The sampler chain for one response: the options' strategy (top-k, top-p, temperature, the
/// seeded draw). It sees only the candidates the constraint left (``CandidateBuffer/narrow(to:)``)
/// and draws one; it never sees the constraint. The constraint always comes first: a mask
/// applied after a filter would change the distribution the filter chose from.
///
/// Greedy, top-k and top-p run as llama.cpp's own chain. Temperature and the seeded draw alone
/// (Bridle's default) run as ``SeededDraw``, which draws the tokens llama.cpp's chain would.
final class SamplerChain {
    /// llama.cpp's chain, for every strategy but the plain draw.
    private let pointer: UnsafeMutablePointer<llama_sampler>?
    /// The plain draw, in Swift.
    private var seededDraw: SeededDraw?

    /// How much of the allowed set the chain's filter needs to see.
    let selection: CandidateSelection
    /// Whether the chain is temperature and the seeded draw alone, with no filter: candidates
    /// at −∞ carry no weight in its draw, so handing them over or not draws the same token.
    let isPlainDraw: Bool

    init(options: GenerationOptions) throws {
        guard MemoryLayout<TokenCandidate>.size == MemoryLayout<llama_token_data>.size,
            MemoryLayout<TokenCandidate>.stride == MemoryLayout<llama_token_data>.stride,
            MemoryLayout<TokenCandidate>.offset(of: \.logit) == MemoryLayout<llama_token_data>.offset(of: \.logit)
        else {
            throw LlamaError.contextCreationFailed(llamaMessages: ["TokenCandidate is not laid out like llama_token_data in this build"])
        }
        // Checked before any backend work (``GenerationOptions/problems(for:)``).
        let temperature = options.temperature ?? 1
        let sampling = options.sampling ?? .random(probabilityThreshold: 1)
        selection = sampling.selection
        isPlainDraw = if case .nucleus(let p) = sampling.strategy { p >= 1 } else { false }
        if isPlainDraw {
            pointer = nil
            seededDraw = SeededDraw(temperature: Float(temperature), seed: Self.llamaSeed(sampling.seed))
            return
        }
        var parameters = llama_sampler_chain_default_params()
        parameters.no_perf = false
        guard let chain = llama_sampler_chain_init(parameters) else {
            throw LlamaError.contextCreationFailed(llamaMessages: ["llama_sampler_chain_init returned NULL"])
        }
        pointer = chain
        switch sampling.strategy {
        case .greedy:
            llama_sampler_chain_add(chain, llama_sampler_init_greedy())
        case let .topK(k):
            llama_sampler_chain_add(chain, llama_sampler_init_top_k(Int32(clamping: k)))
            Self.addRandom(to: chain, temperature: temperature, seed: sampling.seed)
        case let .nucleus(p):
            llama_sampler_chain_add(chain, llama_sampler_init_top_p(Float(p), 1))
            Self.addRandom(to: chain, temperature: temperature, seed: sampling.seed)
        }
    }

    deinit {
        if let pointer { llama_sampler_free(pointer) }
    }

    private static func addRandom(to chain: UnsafeMutablePointer<llama_sampler>, temperature: Double, seed: UInt64?) {
        if temperature != 1 { llama_sampler_chain_add(chain, llama_sampler_init_temp(Float(temperature))) }
        llama_sampler_chain_add(chain, llama_sampler_init_dist(Self.llamaSeed(seed)))
    }

    /// llama.cpp's seeds are 32 bits, and `LLAMA_DEFAULT_SEED` (all ones) means "random": a
    /// 64-bit seed is folded into 32 bits, and the one value that would mean "random" is moved.
    static func llamaSeed(_ seed: UInt64?) -> UInt32 {
        guard let seed else { return LLAMA_DEFAULT_SEED }
        let folded = UInt32(truncatingIfNeeded: seed ^ (seed >> 32))
        return folded == LLAMA_DEFAULT_SEED ? 0 : folded
    }

    /// Draws one of `candidates` (logits of −∞ are out); `nil` if the chain chose none.
    func draw(_ candidates: UnsafeMutableBufferPointer<TokenCandidate>) -> Int32? {
        if seededDraw != nil { return seededDraw?.draw(UnsafeBufferPointer(candidates)) }
        guard let pointer else { return nil }
        return candidates.withMemoryRebound(to: llama_token_data.self) { buffer in
            var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
            llama_sampler_apply(pointer, &array)
            guard array.selected >= 0, array.selected < array.size, buffer[Int(array.selected)].logit > -Float.infinity else { return nil }
            return buffer[Int(array.selected)].id
        }
    }

    /// Tells the chain which token was chosen (samplers with state, such as penalties, follow it).
    func accept(_ token: Int32) {
        if let pointer { llama_sampler_accept(pointer, token) }
    }
}

extension SamplingMode {
    /// How much of the allowed set this mode's filter needs to see.
    var selection: CandidateSelection {
        switch strategy {
        case .greedy: .mostLikely(1)
        case .topK(let k): .mostLikely(max(k, 1))
        case .nucleus(let p) where p >= 1: .drawFirst
        case .nucleus: .allowed
        }
    }
}
