import BridleBackend
import BridleGrammar
import BridleMask

extension LlamaModel {
    /// The constraint for `request`: Bridle's mask engine under the request's grammar and value
    /// rules, or no constraint at all; under ``GenerationOptions/reasoningLevel``, free text
    /// before it that ends at ``ReasoningStyle/trigger``; for a lazy constraint
    /// (``OutputConstraint/trigger``), prose that may end the output or go on into the grammar.
    ///
    /// - Returns: The constraint and the seconds its grammar took to compile (almost none when
    ///   the model has compiled it before; the vocabulary's own view is built once per model,
    ///   before this clock starts).
    func constraint(for request: GenerationRequest) throws -> (constraint: any TokenConstraint, compileSeconds: Double) {
        let budget = request.options.reasoningBudget
        guard let constraint = request.constraint else {
            let answer = Unconstrained(isEndOfGeneration: isEndOfGeneration)
            return (budget > 0 ? afterFreeText(budget: budget, then: answer) : answer, 0)
        }
        let vocabulary = tokenVocabulary
        let start = ContinuousClock.now
        let matcher: GrammarMatcher
        do {
            let grammar = budget > 0 && constraint.trigger == nil ? Self.afterProse(constraint.grammar) : constraint.grammar
            matcher = try compiledGrammars.matcher(for: grammar).withWorkBudget(request.options.matchingWorkBudget)
        } catch {
            throw LlamaError.invalidGrammar(reason: String(describing: error))
        }
        var answer: any TokenConstraint = MaskedConstraint(masker: TokenMasker(matcher, vocabulary: vocabulary), valueRules: constraint.valueRules)
        if let trigger = constraint.trigger {
            answer = SegmentedConstraint(.lazy(trigger: Array(trigger.utf8)), then: answer, vocabulary: vocabulary) { [self] in
                tokenize(plainText: $0)
            }
        }
        let seconds = (ContinuousClock.now - start).seconds
        return (budget > 0 ? afterFreeText(budget: budget, then: answer) : answer, seconds)
    }

    private func afterFreeText(budget: Int, then answer: any TokenConstraint) -> SegmentedConstraint {
        let segment = FreeText(trigger: Array(ReasoningStyle.trigger.utf8), lead: Array(ReasoningStyle.lead.utf8), budget: budget)
        return SegmentedConstraint(segment, then: answer, vocabulary: tokenVocabulary) { [self] in tokenize(plainText: $0) }
    }

    /// `grammar` after at most one space or newline, as prose writes `Answer: {…}`: JSON
    /// parsers and the value rules read the space as JSON's own whitespace.
    static func afterProse(_ grammar: Grammar) -> Grammar {
        let names = Set(grammar.rules.map(\.name))
        var start = "after_prose"
        while names.contains(start) { start += "_" }
        let space = GrammarExpression.characterClass(CharacterClass(ranges: [0x20...0x20, 0x0A...0x0A]))
        let body = GrammarExpression.sequence([.repetition(space, minimum: 0, maximum: 1), .reference(grammar.rootName)])
        return Grammar(rules: [Rule(name: start, body: body)] + grammar.rules, rootName: start)
    }
}
