import Foundation
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
    ///
    /// - Parameter reasoningBlock: The model's own reasoning block, when its template has one:
    ///   the reasoning ends at the block's end marker instead of Bridle's `Answer:`.
    func constraint(
        for request: GenerationRequest, reasoningBlock: ReasoningFormat? = nil
    ) throws -> (constraint: any TokenConstraint, compileSeconds: Double) {
        let budget = request.options.reasoningBudget
        let segment = budget > 0 ? Self.reasoningSegment(budget: budget, block: reasoningBlock) : nil
        guard let constraint = request.constraint else {
            let answer = Unconstrained(isEndOfGeneration: isEndOfGeneration)
            return (segment.map { afterFreeText($0.text, then: answer) } ?? answer, 0)
        }
        let vocabulary = tokenVocabulary
        let start = ContinuousClock.now
        let matcher: GrammarMatcher
        do {
            let grammar = if let segment, constraint.trigger == nil {
                Self.afterProse(constraint.grammar, spaces: segment.spaces)
            } else {
                constraint.grammar
            }
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
        return (segment.map { afterFreeText($0.text, then: answer) } ?? answer, seconds)
    }

    /// The free text of reasoning: ended by the model's own block's end marker (its markup, with
    /// the whitespace before it as what Bridle writes first and the newlines after it allowed
    /// before the answer), or by Bridle's `Answer:` after at most one space or newline.
    static func reasoningSegment(budget: Int, block: ReasoningFormat?) -> (text: FreeText, spaces: Int) {
        guard let block else {
            return (FreeText(trigger: Array(ReasoningStyle.trigger.utf8), lead: Array(ReasoningStyle.lead.utf8), budget: budget), 1)
        }
        let marker = block.end.trimmingCharacters(in: .whitespacesAndNewlines)
        let lead = String(block.end.prefix { $0.isWhitespace })
        let trailing = block.end.reversed().prefix { $0.isWhitespace }.count
        return (FreeText(trigger: Array(marker.utf8), lead: Array(lead.utf8), budget: budget), max(1, trailing))
    }

    private func afterFreeText(_ segment: FreeText, then answer: any TokenConstraint) -> SegmentedConstraint {
        SegmentedConstraint(segment, then: answer, vocabulary: tokenVocabulary) { [self] in tokenize(plainText: $0) }
    }

    /// `grammar` after at most `spaces` spaces or newlines, as prose writes `Answer: {…}` (one)
    /// and a reasoning block ends (`</think>\n\n`, two): JSON parsers and the value rules read
    /// them as JSON's own whitespace.
    static func afterProse(_ grammar: Grammar, spaces: Int = 1) -> Grammar {
        let names = Set(grammar.rules.map(\.name))
        var start = "after_prose"
        while names.contains(start) { start += "_" }
        let space = GrammarExpression.characterClass(CharacterClass(ranges: [0x20...0x20, 0x0A...0x0A]))
        let body = GrammarExpression.sequence([.repetition(space, minimum: 0, maximum: spaces), .reference(grammar.rootName)])
        return Grammar(rules: [Rule(name: start, body: body)] + grammar.rules, rootName: start)
    }
}
