import BridleGeneration
import BridleGrammar
import BridleMask
import CLlama

/// How one response is held to its grammar, by either engine (``GrammarEngine``): what the
/// sampler chain applies, which tokens may be chosen, and where the text stands.
///
/// Bridle's engine decides, before the chain samples, every token the chain may see, in the
/// cheapest way that leaves the sampled distribution exactly the masked one:
/// - greedy and top-k keep the k most likely allowed tokens: checking the model's favourites
///   one by one, in order, finds exactly the k the whole mask would leave (the whole mask when
///   the favourites run out);
/// - top-p needs every allowed token's probability, so the whole mask;
/// - plain temperature sampling draws first and checks only the drawn token; a refused token
///   is removed and the draw made again, and after a few refusals the whole mask removes the
///   rest. The first allowed token of draws without replacement comes out with probability
///   p(t)/p(allowed): the masked distribution. (With top-k or top-p in the chain this shortcut
///   would change which tokens the filter keeps, so it is used only here.)
///
/// llama.cpp's engine lets its grammar sampler filter the candidates and checks each choice
/// with Bridle's strict matcher (see ``SamplerChain/sample(in:vocabularySize:isAllowed:screen:)``).
final class ResponseConstraint {
    private enum Engine {
        case mask(TokenMasker, MaskSampler, Strategy)
        case checked(GrammarMatcher)
    }

    private enum Strategy {
        case wholeMask
        case mostLikely(Int)
        case drawFirst
    }

    private var engine: Engine
    let samplerConstraint: SamplerChain.Constraint
    /// Seconds to compile the grammar (almost none when the model has compiled it before).
    /// The vocabulary's own view is built once per model, before this clock starts.
    let compileSeconds: Double
    /// How long the engine took to decide the allowed tokens for each sampled token, in
    /// microseconds, in order (Bridle's engine only).
    private(set) var maskMicroseconds: [Double] = []
    /// The matcher after the token ``allows(_:model:)`` last accepted (llama.cpp's engine).
    private var checkedTrial: (token: llama_token, matcher: GrammarMatcher)?

    init(_ constraint: OutputConstraint, options: GenerationOptions, model: LlamaModel) throws {
        let vocabulary = options.grammarEngine == .bridle ? model.tokenVocabulary : nil
        let start = ContinuousClock.now
        let matcher: GrammarMatcher
        do {
            matcher = try model.compiledGrammars.matcher(for: constraint.grammar).withWorkBudget(options.matchingWorkBudget)
        } catch {
            throw LlamaError.invalidGrammar(reason: String(describing: error))
        }
        if let vocabulary {
            let sampler = MaskSampler()
            let strategy: Strategy = switch (options.sampling ?? .random(probabilityThreshold: 1)).strategy {
            case .greedy: .mostLikely(1)
            case .topK(let k): .mostLikely(k)
            case .nucleus(let p) where p >= 1: .drawFirst
            case .nucleus: .wholeMask
            }
            engine = .mask(TokenMasker(matcher, vocabulary: vocabulary), sampler, strategy)
            samplerConstraint = .mask(sampler)
        } else {
            engine = .checked(matcher)
            samplerConstraint = .llamaGrammar(gbnf: constraint.gbnf)
        }
        compileSeconds = (ContinuousClock.now - start).seconds
    }

    /// Gets ready to choose the next token: tells the chain's mask what to apply.
    ///
    /// - Returns: `false` if no token of the vocabulary is allowed.
    func prepare() -> Bool {
        guard case .mask(let masker, let sampler, let strategy) = engine else { return true }
        switch strategy {
        case .wholeMask:
            var masker = masker
            let start = ContinuousClock.now
            let mask = masker.mask()
            maskMicroseconds.append((ContinuousClock.now - start).seconds * 1e6)
            engine = .mask(masker, sampler, strategy)
            sampler.step = .mask(mask)
            return !mask.isEmpty
        case .mostLikely(let count):
            sampler.step = .mostLikely(count: count, allows: masker.allows, fullMask: { [masker] in
                var copy = masker
                return copy.mask()
            })
        case .drawFirst:
            sampler.step = nil
        }
        return true
    }

    /// Records the time the chain's mask took (after the chain has run).
    func sampled() {
        guard case .mask(_, let sampler, let strategy) = engine else { return }
        if case .mostLikely = strategy { maskMicroseconds.append(sampler.lastApplyMicroseconds) }
    }

    /// The work budget, if running out of it is why no token may come next; `nil` if the
    /// grammar itself allows none.
    var exhaustedWorkBudget: Int? {
        let matcher: GrammarMatcher = switch engine {
        case .mask(let masker, _, _): masker.position
        case .checked(let matcher): matcher
        }
        return matcher.isStoppedByWorkBudget ? matcher.workBudget : nil
    }

    /// Whether `token` may come next.
    func allows(_ token: llama_token, model: LlamaModel) -> Bool {
        switch engine {
        case .mask(let masker, let sampler, _):
            if case .mask(let mask) = sampler.step { return mask.contains(token) }
            return masker.allows(token)
        case .checked(let matcher):
            if model.isEndOfGeneration(token) { return matcher.isComplete }
            var trial = matcher
            guard trial.accept(bytes: model.bytes(of: token)) == nil else { return false }
            checkedTrial = (token, trial)
            return true
        }
    }

    /// Removes every candidate the grammar does not allow, after a draw was refused.
    func screen(_ candidates: inout [llama_token_data], model: LlamaModel) {
        switch engine {
        case .mask(var masker, let sampler, let strategy):
            let start = ContinuousClock.now
            let mask = masker.mask()
            maskMicroseconds.append((ContinuousClock.now - start).seconds * 1e6)
            engine = .mask(masker, sampler, strategy)
            for index in candidates.indices where !mask.contains(candidates[index].id) {
                candidates[index].logit = -Float.infinity
            }
        case .checked:
            for index in candidates.indices
            where candidates[index].logit > -Float.infinity && !allows(candidates[index].id, model: model) {
                candidates[index].logit = -Float.infinity
            }
        }
    }

    /// Moves past `token`, which ``allows(_:model:)`` allowed or the grammar forced.
    ///
    /// - Returns: `false`, with nothing changed, if the grammar does not allow it.
    func accept(_ token: llama_token, model: LlamaModel) -> Bool {
        switch engine {
        case .mask(var masker, let sampler, let strategy):
            guard masker.accept(token) else { return false }
            engine = .mask(masker, sampler, strategy)
            return true
        case .checked(var matcher):
            if model.isEndOfGeneration(token) { return matcher.isComplete }
            if let checkedTrial, checkedTrial.token == token {
                matcher = checkedTrial.matcher
            } else {
                guard matcher.accept(bytes: model.bytes(of: token)) == nil else { return false }
            }
            checkedTrial = nil
            engine = .checked(matcher)
            return true
        }
    }

    /// Tokens for the text the grammar forces next, to append without sampling; empty when the
    /// next byte is a choice, or with llama.cpp's engine (whose grammar state would have to
    /// follow them one by one).
    ///
    /// The forced bytes are split as the model's tokenizer splits them. The last of those
    /// tokens is left for sampling unless the forced text ends the response: the model might
    /// continue it into a longer token (`"` into `"name`), and forcing the short one would
    /// show it a split it never makes.
    func forcedTokens(model: LlamaModel) -> [llama_token] {
        guard case .mask(let masker, _, _) = engine else { return [] }
        let forced = masker.forcedBytes()
        guard !forced.isEmpty, var tokens = model.tokenize(plainText: forced) else { return [] }
        var probe = masker
        for token in tokens where !probe.accept(token) { return [] }
        if !probe.isComplete || probe.position.canContinue { tokens.removeLast() }
        return tokens
    }
}
