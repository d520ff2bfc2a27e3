import BridleGrammar
import Foundation

/// The token step: from a model's logits (plain memory) to the next token under a grammar —
/// the candidates the sampler may see, the check of the token it draws, and the tokens the
/// grammar forces. It knows no backend: the backend decodes, hands over the logits and a
/// `draw` function (its sampler), and moves the step past each token it decodes.
///
/// The candidates a sampling filter sees are exactly those the whole mask would leave, found
/// the cheapest exact way (``Filter``):
/// - greedy and top-k keep the k most likely allowed tokens: checking the model's favourites
///   one by one, in order of logit, finds exactly the k the whole mask would leave (the whole
///   mask when the favourites run out);
/// - top-p needs every allowed token's probability: the whole mask;
/// - no filter (plain temperature sampling) draws first and checks only the drawn token; a
///   refused token is removed and the draw made again, and after a few refusals the whole mask
///   removes the rest. The first allowed token of draws without replacement comes out with
///   probability p(t)/p(allowed): the masked distribution. With a filter this shortcut would
///   change which tokens the filter keeps, so it is used only here.
///
/// ```swift
/// let step = TokenStep(masker: try TokenMasker(grammar, vocabulary: vocabulary), filter: .topK(40))
/// let choice = step.choose(logits: logits) { candidates in sampler.draw(candidates) }
/// step.accept(choice!.token)   // true: the drawn token is always one the grammar allows
/// ```
public final class TokenStep {
    /// What the backend's sampler does with the candidates after the step: the sampling mode's
    /// filter, which decides how much of the mask the step must compute.
    public enum Filter: Sendable, Hashable {
        case greedy
        case topK(Int)
        /// Top-p with a threshold below 1.
        case topP(Double)
        /// Temperature and the draw only.
        case none
    }

    /// Request emphasis for one choice (classifier-free guidance): the logits the model gives
    /// the conversation without its request, and γ. Each candidate's logit `a` becomes
    /// `γ·a + (1 − γ)·b`, with `b` its baseline logit, among the *plausible* candidates only:
    /// those the model, given the request, finds at least α times as likely as the likeliest
    /// allowed one. Both rows are log-probabilities up to a constant, which no draw sees, so
    /// neither needs normalising.
    public struct Emphasis {
        public let weight: Float
        /// ln α; −∞ (α = 0) cuts nothing.
        public let logPlausibility: Float
        public let baseline: UnsafeBufferPointer<Float>

        /// - Parameter plausibility: α, from 0 to 1.
        public init(weight: Float, plausibility: Float, baseline: UnsafeBufferPointer<Float>) {
            self.weight = weight
            logPlausibility = plausibility > 0 ? logf(plausibility) : -.infinity
            self.baseline = baseline
        }

        /// Greedy and top-k choose among at least this many allowed candidates, so the cut, not
        /// the filter, decides which the emphasis may pick.
        static let candidates = 32
    }

    /// A drawn token, and how many draws before it the grammar refused.
    public struct Choice: Sendable, Hashable {
        public let token: Int32
        public let refused: Int
    }

    private enum Judge {
        /// Bridle's mask engine.
        case mask(TokenMasker, Selection)
        /// A backend's own grammar already filters the candidates; Bridle's strict matcher
        /// checks each choice (llama.cpp reads UTF-8 leniently).
        case checked(GrammarMatcher, bytes: (Int32) -> [UInt8], isEndOfGeneration: (Int32) -> Bool)
        /// No grammar: every token is allowed.
        case free
    }

    private enum Selection {
        case wholeMask
        case mostLikely(Int)
        case drawFirst
    }

    private var judge: Judge
    /// The whole mask at the current position, once computed (reset by ``accept(_:)``).
    private var positionMask: TokenMask?
    /// The matcher after the token ``allows(_:)`` last accepted (checked steps).
    private var checkedTrial: (token: Int32, matcher: GrammarMatcher)?
    /// The logits as given (less refused tokens), and the copy each draw filters; reused.
    private var candidates: [TokenCandidate] = []
    private var working: [TokenCandidate] = []

    /// How long deciding the allowed tokens took for each chosen token, in microseconds, in
    /// order; a draw-first choice that needed no mask adds nothing.
    public private(set) var maskMicroseconds: [Double] = []

    /// Redrawing without a refused token is cheap while refusals are few; a run of them means
    /// the model wants what the grammar forbids, and screening every candidate ends it.
    static let refusalsBeforeScreening = 4

    /// The rules on values already written (distinct elements, related properties), when the
    /// constraint has any; enforced on top of the grammar's mask.
    private var valueGuard: ValueGuard?
    private var guardWorkspace: MatcherWorkspace?

    /// How many value-rule searches ran past their budget and let a token through undecided
    /// (the check after generation still judges the answer).
    public var undecidedValueSearches: Int { valueGuard?.searchesOverBudget ?? 0 }

    /// Bridle's mask engine under `masker`, for a sampler with `filter`, with the value rules
    /// `valueRules` on top of the grammar.
    public init(masker: TokenMasker, filter: Filter, valueRules: ValueRules = .none) {
        valueGuard = ValueGuard(rules: valueRules)
        if valueGuard != nil { guardWorkspace = masker.position.makeWorkspace() }
        let selection: Selection = switch filter {
        case .greedy: .mostLikely(1)
        case .topK(let k): .mostLikely(max(k, 1))
        case .topP: .wholeMask
        case .none: .drawFirst
        }
        judge = .mask(masker, selection)
    }

    /// Checks each token a backend's own grammar sampler draws with Bridle's strict matcher.
    public init(checking matcher: GrammarMatcher, bytes: @escaping (Int32) -> [UInt8], isEndOfGeneration: @escaping (Int32) -> Bool) {
        judge = .checked(matcher, bytes: bytes, isEndOfGeneration: isEndOfGeneration)
    }

    /// No grammar: the draw is the choice.
    public init() {
        judge = .free
    }

    /// Where the output stands in the grammar; `nil` without one.
    public var position: GrammarMatcher? {
        switch judge {
        case .mask(let masker, _): masker.position
        case .checked(let matcher, _, _): matcher
        case .free: nil
        }
    }

    /// Chooses the next token from `logits` (one per vocabulary token, indexed by id).
    ///
    /// - Parameter draw: The backend's sampler: picks one of the candidates and returns its
    ///   index, or `nil`. It sees the whole vocabulary with −∞ where the step rules a token out,
    ///   or, under greedy and top-k, only the k most likely allowed tokens.
    /// - Returns: The token, allowed by the grammar; `nil` when no token is.
    /// - Parameter emphasis: Request emphasis, applied to the candidates before the draw.
    public func choose(
        logits: UnsafeBufferPointer<Float>, emphasis: Emphasis? = nil, draw: (UnsafeMutableBufferPointer<TokenCandidate>) -> Int?
    ) -> Choice? {
        if candidates.count != logits.count {
            candidates = (0..<logits.count).map { TokenCandidate(id: Int32($0), logit: 0) }
            working = candidates
        }
        candidates.withUnsafeMutableBufferPointer { candidates in
            for index in logits.indices {
                candidates[index] = TokenCandidate(id: Int32(index), logit: logits[index])
            }
        }
        var refused = 0
        var maskSeconds = 0.0
        var usedMask = false
        defer { if usedMask { maskMicroseconds.append(maskSeconds * 1e6) } }
        while true {
            let start = ContinuousClock.now
            let token: Int32
            if let kept = keptCandidates(emphasised: emphasis != nil) {
                // Greedy and top-k: only the kept candidates go to the draw. Every other one
                // would be −∞, which no filter or draw can choose, and handing over a whole
                // vocabulary (or copying it) costs a pass over it.
                maskSeconds += (ContinuousClock.now - start).seconds
                usedMask = true
                // A sampler must never see only −∞: some abort the process.
                guard !kept.isEmpty else { return nil }
                var compact = kept.map { candidates[$0] }
                if let emphasis { compact.withUnsafeMutableBufferPointer { Self.emphasise($0, with: emphasis, cut: true) } }
                guard let index = compact.withUnsafeMutableBufferPointer({ draw($0) }), compact.indices.contains(index),
                    compact[index].logit > -Float.infinity
                else { return nil }
                token = compact[index].id
            } else {
                working.withUnsafeMutableBufferPointer { working in
                    candidates.withUnsafeBufferPointer { _ = working.initialize(fromContentsOf: $0) }
                }
                let restriction = working.withUnsafeMutableBufferPointer { restrict($0, emphasised: emphasis != nil) }
                maskSeconds += (ContinuousClock.now - start).seconds
                switch restriction {
                case .none: break
                case .masked: usedMask = true
                case .nothingAllowed: usedMask = true; return nil
                }
                if let emphasis {
                    // Only where the candidates are known to be allowed may the cut rule some
                    // out: under a backend's own grammar it could leave that grammar nothing.
                    let cut = if case .checked = judge { false } else { true }
                    working.withUnsafeMutableBufferPointer { Self.emphasise($0, with: emphasis, cut: cut) }
                }
                guard let index = working.withUnsafeMutableBufferPointer({ draw($0) }), working.indices.contains(index),
                    working[index].logit > -Float.infinity
                else { return nil }
                token = working[index].id
            }
            if allows(token) { return Choice(token: token, refused: refused) }
            refused += 1
            candidates[Int(token)].logit = -Float.infinity
            if refused == Self.refusalsBeforeScreening {
                let start = ContinuousClock.now
                candidates.withUnsafeMutableBufferPointer { screen($0) }
                maskSeconds += (ContinuousClock.now - start).seconds
                usedMask = true
            }
        }
    }

    /// Whether `token` may come next.
    public func allows(_ token: Int32) -> Bool {
        switch judge {
        case .mask(let masker, _):
            if let positionMask { return positionMask.contains(token) }
            guard masker.allows(token) else { return false }
            guard valueGuard != nil, let guardWorkspace, masker.vocabulary.kind(of: token) == .text else { return true }
            return valueGuard?.permits(masker.vocabulary.bytes(of: token), from: masker.position, using: guardWorkspace) ?? true
        case .checked(let matcher, let bytes, let isEndOfGeneration):
            if isEndOfGeneration(token) { return matcher.isComplete }
            var trial = matcher
            guard trial.accept(bytes: bytes(token)) == nil else { return false }
            checkedTrial = (token, trial)
            return true
        case .free:
            return true
        }
    }

    /// Moves past `token`, which the step chose or the grammar forced.
    ///
    /// - Returns: `false`, with nothing changed, if the grammar does not allow it.
    @discardableResult
    public func accept(_ token: Int32) -> Bool {
        switch judge {
        case .mask(var masker, let selection):
            guard masker.accept(token) else { return false }
            move(to: masker, selection: selection, past: [token])
        case .checked(var matcher, let bytes, let isEndOfGeneration):
            if isEndOfGeneration(token) { return matcher.isComplete }
            if let checkedTrial, checkedTrial.token == token {
                matcher = checkedTrial.matcher
            } else {
                guard matcher.accept(bytes: bytes(token)) == nil else { return false }
            }
            judge = .checked(matcher, bytes: bytes, isEndOfGeneration: isEndOfGeneration)
        case .free:
            break
        }
        checkedTrial = nil
        positionMask = nil
        return true
    }

    /// Tokens for the text the grammar forces next, to append without sampling; empty when the
    /// next byte is a choice, or when the step only checks a backend's grammar (whose state
    /// would have to follow them one by one).
    ///
    /// The forced bytes are split by `tokenize`, the model's own tokenizer. The last of those
    /// tokens is left for sampling unless the forced text ends the output: the model might
    /// continue it into a longer token (`"` into `"name`), and forcing the short one would
    /// show it a split it never makes.
    public func forcedTokens(tokenize: ([UInt8]) -> [Int32]?) -> [Int32] {
        guard case .mask(let masker, _) = judge else { return [] }
        let forced = masker.forcedBytes()
        guard !forced.isEmpty, var tokens = tokenize(forced) else { return [] }
        var probe = masker
        for token in tokens where !probe.accept(token) { return [] }
        if !probe.isComplete || probe.position.canContinue { tokens.removeLast() }
        return tokens
    }

    /// Moves past `token`, which the step sampled, and returns the tokens to append for it: `[token]`,
    /// or, given the model's `tokenize` (fast-forward), the token healed with the text the grammar
    /// forces after it, split the way the tokenizer splits them *together*; `nil`, with nothing
    /// changed, if the grammar does not allow `token`.
    ///
    /// Sampled `com` followed by forced `plete"` is text the model never saw split that way:
    /// the tokenizer writes `complete` and `"`, and the step moves past both. As in
    /// ``forcedTokens(tokenize:)``, the last token is left open unless the output ends there,
    /// except where leaving it would not cover the sampled bytes (then the whole split is taken:
    /// still the tokenizer's own).
    public func accept(sampled token: Int32, healingWith tokenize: (([UInt8]) -> [Int32]?)?) -> [Int32]? {
        guard let tokenize, case .mask(let masker, let selection) = judge, masker.vocabulary.kind(of: token) == .text else {
            return accept(token) ? [token] : nil
        }
        var after = masker
        guard after.accept(token) else { return nil }
        let forced = after.forcedBytes()
        let sampled = masker.vocabulary.bytes(of: token)
        guard !forced.isEmpty, let healed = tokenize(sampled + forced), let first = healed.first, first != token else {
            move(to: after, selection: selection, past: [token])
            return [token]
        }
        // The split must be the grammar's too; where it is not, the sampled token stands alone.
        var probe = masker
        var beforeLast = masker
        for (index, piece) in healed.enumerated() {
            if index == healed.count - 1 { beforeLast = probe }
            guard probe.accept(piece) else {
                move(to: after, selection: selection, past: [token])
                return [token]
            }
        }
        if !probe.isComplete || probe.position.canContinue {
            let shortened = Array(healed.dropLast())
            if shortened.reduce(0, { $0 + masker.vocabulary.bytes(of: $1).count }) >= sampled.count {
                move(to: beforeLast, selection: selection, past: shortened)
                return shortened
            }
        }
        move(to: probe, selection: selection, past: healed)
        return healed
    }

    /// Takes `masker`, which has moved past `tokens`, as the step's own.
    private func move(to masker: TokenMasker, selection: Selection, past tokens: [Int32]) {
        judge = .mask(masker, selection)
        for token in tokens where masker.vocabulary.kind(of: token) == .text {
            valueGuard?.advance(masker.vocabulary.bytes(of: token))
        }
        checkedTrial = nil
        positionMask = nil
    }

    /// The whole mask at the current position, computed once.
    private func wholeMask() -> TokenMask? {
        guard case .mask(var masker, let selection) = judge else { return nil }
        if let positionMask { return positionMask }
        var mask = masker.mask()
        judge = .mask(masker, selection)
        if let guardWorkspace {
            valueGuard?.restrict(&mask, vocabulary: masker.vocabulary, from: masker.position, using: guardWorkspace)
        }
        positionMask = mask
        return mask
    }

    private enum Restriction {
        case none
        case masked
        case nothingAllowed
    }

    /// Under greedy and top-k, the indices of the k most likely allowed candidates, highest
    /// first, read from the candidates as given; `nil` for other filters, or when the model's
    /// favourites hold too few allowed tokens and the whole mask must decide.
    private func keptCandidates(emphasised: Bool) -> [Int]? {
        guard case .mask(_, .mostLikely(var count)) = judge else { return nil }
        if emphasised { count = max(count, Emphasis.candidates) }
        return candidates.withUnsafeMutableBufferPointer { Self.mostLikely(count, allowedBy: { self.allows($0) }, in: $0) }
    }

    /// Rules out, before the draw, what the filter must not see: the whole mask (top-p, and
    /// greedy or top-k when ``keptCandidates()`` could not decide), or nothing (draw first).
    /// Under emphasis, draw-first masks too: the cut needs the likeliest *allowed* candidate.
    private func restrict(_ candidates: UnsafeMutableBufferPointer<TokenCandidate>, emphasised: Bool) -> Restriction {
        guard case .mask(_, let selection) = judge else { return .none }
        if case .drawFirst = selection, !emphasised { return .none }
        guard let mask = wholeMask(), !mask.isEmpty else { return .nothingAllowed }
        Self.apply(mask, to: candidates)
        return .masked
    }

    /// Removes every candidate the grammar does not allow.
    private func screen(_ candidates: UnsafeMutableBufferPointer<TokenCandidate>) {
        if let mask = wholeMask() {
            Self.apply(mask, to: candidates)
            return
        }
        for index in candidates.indices where candidates[index].logit > -Float.infinity && !allows(candidates[index].id) {
            candidates[index].logit = -Float.infinity
        }
    }

    /// Applies `emphasis` to the candidates still in (logit above −∞); with `cut`, rules out
    /// those below the plausibility cut first.
    static func emphasise(_ candidates: UnsafeMutableBufferPointer<TokenCandidate>, with emphasis: Emphasis, cut: Bool) {
        var top = -Float.infinity
        for candidate in candidates where candidate.logit > top { top = candidate.logit }
        guard top.isFinite else { return }
        let rest = 1 - emphasis.weight
        for index in candidates.indices {
            let logit = candidates[index].logit
            guard logit > -Float.infinity else { continue }
            let id = Int(candidates[index].id)
            if (cut && logit - top < emphasis.logPlausibility) || !emphasis.baseline.indices.contains(id) {
                candidates[index].logit = -Float.infinity
            } else {
                candidates[index].logit = emphasis.weight * logit + rest * emphasis.baseline[id]
            }
        }
    }

    private static func apply(_ mask: TokenMask, to candidates: UnsafeMutableBufferPointer<TokenCandidate>) {
        for index in candidates.indices where !mask.contains(candidates[index].id) {
            candidates[index].logit = -Float.infinity
        }
    }

    /// The indices of the `count` candidates with the highest logits among those `allows`
    /// allows, found by checking candidates in decreasing order of logit; `nil` if the first
    /// few hundred candidates hold fewer than `count` allowed ones.
    static func mostLikely(
        _ count: Int, allowedBy allows: (Int32) -> Bool, in candidates: UnsafeMutableBufferPointer<TokenCandidate>
    ) -> [Int]? {
        let window = min(candidates.count, max(4 * count, 256))
        var kept: [Int] = []
        for index in highest(window, of: candidates) {
            guard candidates[index].logit > -Float.infinity else { break }
            if allows(candidates[index].id) {
                kept.append(index)
                if kept.count == count { return kept }
            }
        }
        // Every allowed candidate was among the window: nothing else could be kept.
        return window == candidates.count ? kept : nil
    }

    /// The indices of the `count` highest logits, highest first (ties: lower index first), in
    /// one pass with a small min-heap, then a sort of the heap.
    static func highest(_ count: Int, of candidates: UnsafeMutableBufferPointer<TokenCandidate>) -> [Int] {
        var heap: [Int] = []
        heap.reserveCapacity(count)
        func less(_ a: Int, _ b: Int) -> Bool { candidates[a].logit < candidates[b].logit }
        func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { return }
                var smallest = left
                if left + 1 < heap.count, less(heap[left + 1], heap[left]) { smallest = left + 1 }
                guard less(heap[smallest], heap[parent]) else { return }
                heap.swapAt(smallest, parent)
                parent = smallest
            }
        }
        for index in candidates.indices {
            if heap.count < count {
                heap.append(index)
                var child = heap.count - 1
                while child > 0, less(heap[child], heap[(child - 1) / 2]) {
                    heap.swapAt(child, (child - 1) / 2)
                    child = (child - 1) / 2
                }
            } else if let lowest = heap.first, candidates[index].logit > candidates[lowest].logit {
                heap[0] = index
                siftDown(0)
            }
        }
        return heap.sorted { candidates[$0].logit > candidates[$1].logit || (candidates[$0].logit == candidates[$1].logit && $0 < $1) }
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
