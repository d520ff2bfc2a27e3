import BridleGrammar

/// A grammar, enforced exactly: Bridle's mask engine (``TokenMasker``), with the rules on values
/// already written (``ValueRules``: distinct elements, related properties) on top.
///
/// The candidates a draw sees are exactly those the whole mask would leave, found the cheapest
/// exact way for the draw's ``CandidateSelection``: the k most likely allowed tokens by checking
/// the model's favourites one by one, in order of logit (the whole mask when they run out);
/// the whole mask; or nothing before the draw, and a check of the drawn token after.
///
/// ```swift
/// let constraint = MaskedConstraint(masker: try TokenMasker(grammar, vocabulary: vocabulary))
/// constraint.forcedTokens(tokenize: tokenizer)      // `{"name": ` split by the tokenizer
/// constraint.commit(token, healingWith: tokenizer)  // the tokens to decode
/// ```
public final class MaskedConstraint: TokenConstraint {
    private var masker: TokenMasker
    /// The whole mask at the current position, once computed (reset by each commit).
    private var positionMask: TokenMask?
    private var valueGuard: ValueGuard?
    private let guardWorkspace: MatcherWorkspace?
    /// Whether any text was committed.
    private var hasMoved = false

    /// Enforces the grammar of `masker`, and the value rules `valueRules` on top of it.
    public init(masker: TokenMasker, valueRules: ValueRules = .none) {
        self.masker = masker
        valueGuard = ValueGuard(rules: valueRules)
        guardWorkspace = valueGuard == nil ? nil : masker.position.makeWorkspace()
    }

    /// Where the output stands in the grammar.
    public var position: GrammarMatcher { masker.position }

    public var exhaustedWorkBudget: Int? {
        position.isStoppedByWorkBudget ? position.workBudget : nil
    }

    public var undecidedValueSearches: Int { valueGuard?.searchesOverBudget ?? 0 }

    public var freeText: FreeTextOutcome? { nil }

    public var expectsDigit: Bool { masker.position.expectsDigit }

    public func forcedTokens(tokenize: ([UInt8]) -> [Int32]?) -> [Int32] {
        let forced = masker.forcedBytes()
        guard !forced.isEmpty else { return [] }
        // Text forced from the start was never asked of the value rules (after a token they
        // allowed, what the grammar forces is on the way they found): refused (every value
        // excluded), it is left to the mask, which is then empty.
        if !hasMoved, let guardWorkspace, valueGuard?.permits(forced, from: masker.position, using: guardWorkspace) == false { return [] }
        guard var tokens = tokenize(forced) else { return [] }
        var probe = masker
        for token in tokens where !probe.accept(token) { return [] }
        if !probe.isComplete || probe.position.canContinue { tokens.removeLast() }
        return tokens
    }

    public func candidates(_ selection: CandidateSelection, from row: UnsafeBufferPointer<TokenCandidate>) -> Candidates {
        switch selection {
        case .drawFirst:
            return .unchecked
        case .mostLikely(let count):
            if let kept = CandidateRanking.mostLikely(max(count, 1), allowedBy: allows, in: row) {
                return kept.isEmpty ? .none : .mostLikely(kept)
            }
            return wholeMaskCandidates()
        case .allowed:
            return wholeMaskCandidates()
        }
    }

    public func allows(_ token: Int32) -> Bool {
        if let positionMask { return positionMask.contains(token) }
        guard masker.allows(token) else { return false }
        guard valueGuard != nil, let guardWorkspace else { return true }
        switch masker.vocabulary.kind(of: token) {
        case .text: break
        case .endOfGeneration: return valueGuard?.permitsEnd ?? true
        case .excluded: return true
        }
        return valueGuard?.permits(masker.vocabulary.bytes(of: token), from: masker.position, using: guardWorkspace) ?? true
    }

    /// Sampled `com` followed by forced `plete"` is text the model never saw split that way: the
    /// tokenizer writes `complete` and `"`, and the constraint moves past both. As in
    /// ``forcedTokens(tokenize:)``, the last token is left open unless the output ends there,
    /// except where leaving it would not cover the sampled bytes (then the whole split is
    /// taken: still the tokenizer's own). Where the split is not the grammar's, the token
    /// stands alone.
    public func commit(_ token: Int32, healingWith tokenize: (([UInt8]) -> [Int32]?)?) -> Commit? {
        var after = masker
        guard after.accept(token) else { return nil }
        let kind = masker.vocabulary.kind(of: token)
        let alone = Commit(tokens: [token], stop: kind == .endOfGeneration)
        guard let tokenize, kind == .text else {
            move(to: after, past: alone.tokens)
            return alone
        }
        let forced = after.forcedBytes()
        let sampled = masker.vocabulary.bytes(of: token)
        guard !forced.isEmpty, let healed = tokenize(sampled + forced), let first = healed.first, first != token else {
            move(to: after, past: alone.tokens)
            return alone
        }
        var probe = masker
        var beforeLast = masker
        for (index, piece) in healed.enumerated() {
            if index == healed.count - 1 { beforeLast = probe }
            guard probe.accept(piece) else {
                move(to: after, past: alone.tokens)
                return alone
            }
        }
        if !probe.isComplete || probe.position.canContinue {
            let shortened = Array(healed.dropLast())
            if shortened.reduce(0, { $0 + masker.vocabulary.bytes(of: $1).count }) >= sampled.count {
                move(to: beforeLast, past: shortened)
                return Commit(tokens: shortened, healed: true)
            }
        }
        move(to: probe, past: healed)
        return Commit(tokens: healed, healed: true)
    }

    /// Moves past `bytes`, text that reaches the grammar inside a token whose first bytes were
    /// not the grammar's (a token that spans the trigger ending a free segment); `false`, with
    /// nothing changed, if the grammar or the value rules refuse them.
    public func accept(text bytes: [UInt8]) -> Bool {
        var after = masker
        guard after.accept(text: bytes) else { return false }
        if let guardWorkspace, valueGuard?.permits(bytes, from: masker.position, using: guardWorkspace) == false { return false }
        masker = after
        valueGuard?.advance(bytes)
        positionMask = nil
        hasMoved = true
        return true
    }

    /// Takes `masker`, which has moved past `tokens`, as the constraint's own.
    private func move(to masker: TokenMasker, past tokens: [Int32]) {
        self.masker = masker
        for token in tokens where masker.vocabulary.kind(of: token) == .text {
            valueGuard?.advance(masker.vocabulary.bytes(of: token))
        }
        positionMask = nil
        hasMoved = true
    }

    private func wholeMaskCandidates() -> Candidates {
        let mask = positionMask ?? computeMask()
        return mask.isEmpty ? .none : .allowed(mask)
    }

    /// The whole mask at the current position, narrowed by the value rules; kept until the next commit.
    private func computeMask() -> TokenMask {
        var mask = masker.mask()
        if let guardWorkspace {
            valueGuard?.restrict(&mask, vocabulary: masker.vocabulary, from: masker.position, using: guardWorkspace)
        }
        positionMask = mask
        return mask
    }
}
