import Bridle
import BridleGrammar
import BridleLlama
import CLlama
import Foundation

/// One answer decoded with llama.cpp's own grammar sampler, the way llama.cpp's examples do:
/// its grammar sampler, then top-k and the seeded draw, on a context of its own. Bridle's strict
/// matcher checks each drawn token (llama.cpp reads UTF-8 leniently); a refused one is ruled out
/// and the draw made again. Tokens that are never text are ruled out first, as Bridle does.
/// Not on Bridle's token path: the comparison its benchmarks print.
struct LlamaGrammarRun {
    let model: LlamaLanguageModel
    let tokenCap: Int
    /// Redraws after which a step counts as stuck and the run as not completed.
    static let redrawLimit = 64

    /// The run's counts and timings, as one run in ``Totals``.
    func run(_ grammar: Grammar, seed: UInt64) throws -> Totals {
        let llama = model.model
        let gbnf = try OutputConstraint(grammar: grammar).gbnf
        let grammarSampler = try LlamaGrammarSampler(model: llama, gbnf: gbnf)
        var matcher = try GrammarMatcher(grammar)
        var parameters = llama_context_default_params()
        parameters.n_ctx = 2048
        parameters.n_batch = 512
        parameters.n_threads = 1
        parameters.n_threads_batch = 1
        guard let context = llama_init_from_model(llama.pointer, parameters) else { throw ConverterFailure(status: -2) }
        defer { llama_free(context) }
        guard let chain = llama_sampler_chain_init(llama_sampler_chain_default_params()) else { throw ConverterFailure(status: -3) }
        defer { llama_sampler_free(chain) }
        llama_sampler_chain_add(chain, llama_sampler_init_top_k(40))
        llama_sampler_chain_add(chain, llama_sampler_init_dist(UInt32(truncatingIfNeeded: seed)))

        var prompt = try llama.tokenize(model.prompt(for: [.user("Call the function.")]))
        for start in stride(from: 0, to: prompt.count, by: 512) {
            let count = min(512, prompt.count - start)
            let status = prompt.withUnsafeMutableBufferPointer { buffer in
                llama_decode(context, llama_batch_get_one(buffer.baseAddress! + start, Int32(count)))
            }
            guard status == 0 else { throw ConverterFailure(status: status) }
        }
        let never = Set(llama.tokensNeverInText)
        let size = llama.vocabularySize
        var pristine = [llama_token_data](repeating: llama_token_data(id: 0, logit: 0, p: 0), count: size)
        var working = pristine
        var totals = Totals()
        totals.runs = 1
        let responseStart = ContinuousClock.now
        while totals.tokens < tokenCap {
            guard let logits = llama_get_logits_ith(context, -1) else { throw ConverterFailure(status: -4) }
            let sampleStart = ContinuousClock.now
            for id in 0..<size {
                pristine[id] = llama_token_data(id: llama_token(id), logit: never.contains(llama_token(id)) ? -.infinity : logits[id], p: 0)
            }
            var chosen: llama_token?
            for _ in 0..<Self.redrawLimit {
                working = pristine
                let token = working.withUnsafeMutableBufferPointer { buffer -> llama_token? in
                    var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
                    llama_sampler_apply(grammarSampler.pointer, &array)
                    llama_sampler_apply(chain, &array)
                    guard array.selected >= 0, array.selected < array.size else { return nil }
                    return array.data[Int(array.selected)].id
                }
                guard let token else { break }
                if llama.isEndOfGeneration(token) ? matcher.isComplete : allows(token, &matcher) {
                    chosen = token
                    break
                }
                totals.refused += 1
                pristine[Int(token)].logit = -.infinity
            }
            totals.samplingSeconds += (ContinuousClock.now - sampleStart).seconds
            guard var token = chosen else { break }
            llama_sampler_accept(grammarSampler.pointer, token)
            llama_sampler_accept(chain, token)
            totals.tokens += 1
            if llama.isEndOfGeneration(token) {
                totals.completed = 1
                break
            }
            let status = llama_decode(context, llama_batch_get_one(&token, 1))
            guard status == 0 else { throw ConverterFailure(status: status) }
        }
        totals.seconds = (ContinuousClock.now - responseStart).seconds
        return totals
    }

    private func allows(_ token: llama_token, _ matcher: inout GrammarMatcher) -> Bool {
        var trial = matcher
        guard trial.accept(bytes: model.model.bytes(of: token)) == nil else { return false }
        matcher = trial
        return true
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
