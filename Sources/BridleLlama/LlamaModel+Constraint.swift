import BridleBackend
import BridleGrammar
import BridleMask

extension LlamaModel {
    /// The constraint for `request`: Bridle's mask engine under the request's grammar and value
    /// rules, or no constraint at all.
    ///
    /// - Returns: The constraint and the seconds its grammar took to compile (almost none when
    ///   the model has compiled it before; the vocabulary's own view is built once per model,
    ///   before this clock starts).
    func constraint(for request: GenerationRequest) throws -> (constraint: any TokenConstraint, compileSeconds: Double) {
        guard let constraint = request.constraint else { return (Unconstrained(isEndOfGeneration: isEndOfGeneration), 0) }
        let vocabulary = tokenVocabulary
        let start = ContinuousClock.now
        let matcher: GrammarMatcher
        do {
            matcher = try compiledGrammars.matcher(for: constraint.grammar).withWorkBudget(request.options.matchingWorkBudget)
        } catch {
            throw LlamaError.invalidGrammar(reason: String(describing: error))
        }
        let masked = MaskedConstraint(masker: TokenMasker(matcher, vocabulary: vocabulary), valueRules: constraint.valueRules)
        return (masked, (ContinuousClock.now - start).seconds)
    }
}
