import BridleGeneration
import BridleGrammar
import BridleMask

extension TokenStep {
    /// The token step for `request` on `model`: Bridle's mask engine under the request's
    /// constraint (the default ``GrammarEngine``), llama.cpp's grammar sampler with each choice
    /// checked by Bridle's matcher (``GrammarEngine/llama``), or no grammar at all.
    ///
    /// - Returns: The step and the seconds its grammar took to compile (almost none when the
    ///   model has compiled it before; the vocabulary's own view is built once per model,
    ///   before this clock starts).
    static func make(for request: GenerationRequest, model: LlamaModel) throws -> (step: TokenStep, compileSeconds: Double) {
        guard let constraint = request.constraint else { return (TokenStep(), 0) }
        let options = request.options
        let vocabulary = options.grammarEngine == .bridle ? model.tokenVocabulary : nil
        let start = ContinuousClock.now
        let matcher: GrammarMatcher
        do {
            matcher = try model.compiledGrammars.matcher(for: constraint.grammar).withWorkBudget(options.matchingWorkBudget)
        } catch {
            throw LlamaError.invalidGrammar(reason: String(describing: error))
        }
        let step = if let vocabulary {
            TokenStep(
                masker: TokenMasker(matcher, vocabulary: vocabulary), filter: (options.sampling ?? .random(probabilityThreshold: 1)).filter,
                valueRules: constraint.valueRules)
        } else {
            TokenStep(checking: matcher, bytes: model.bytes(of:), isEndOfGeneration: model.isEndOfGeneration)
        }
        return (step, (ContinuousClock.now - start).seconds)
    }

    /// The work budget, if running out of it is why no token may come next; `nil` if the
    /// grammar itself allows none.
    var exhaustedWorkBudget: Int? {
        guard let position, position.isStoppedByWorkBudget else { return nil }
        return position.workBudget
    }
}

extension SamplingMode {
    /// What llama.cpp's chain does after the token step: the filter the step must prepare for.
    var filter: TokenStep.Filter {
        switch strategy {
        case .greedy: .greedy
        case .topK(let k): .topK(k)
        case .nucleus(let p) where p >= 1: .none
        case .nucleus(let p): .topP(p)
        }
    }
}
