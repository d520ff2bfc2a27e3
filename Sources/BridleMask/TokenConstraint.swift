/// What one sequence's output must satisfy, asked by the decoding loop at each token. It answers
/// questions and moves when told; it never calls the sampler, and the sampler never calls it.
///
/// One token, in order (the loop lives in the backend):
/// 1. ``forcedTokens(tokenize:)``: text the constraint forces, appended without sampling;
/// 2. ``candidates(_:from:)``: what the draw may see;
/// 3. the backend's logits transforms and draw, over a ``CandidateBuffer``;
/// 4. ``allows(_:)``: the drawn token's check (a refused one leaves the buffer and the draw is
///    made again);
/// 5. ``commit(_:healingWith:)``: move past it, and learn what to decode.
///
/// ```swift
/// let constraint = MaskedConstraint(masker: try TokenMasker(grammar, vocabulary: vocabulary))
/// buffer.load(logits)
/// let drawn = buffer.narrow(to: constraint.candidates(.mostLikely(40), from: buffer.row))
/// // … the sampler draws `token` from `drawn` …
/// if constraint.allows(token) { let commit = constraint.commit(token, healingWith: nil) }
/// ```
public protocol TokenConstraint: AnyObject {
    /// Tokens for the text the constraint forces next, split by `tokenize` (the model's
    /// tokenizer); empty when the next byte is a choice. The last token is left for sampling
    /// unless the forced text ends the output: the model might continue it into a longer token.
    func forcedTokens(tokenize: ([UInt8]) -> [Int32]?) -> [Int32]

    /// The candidates a draw after a filter that needs `selection` may see, given the model's
    /// `row` of candidates (indexed by token id; refused tokens at −∞).
    func candidates(_ selection: CandidateSelection, from row: UnsafeBufferPointer<TokenCandidate>) -> Candidates

    /// Whether `token` may come next.
    func allows(_ token: Int32) -> Bool

    /// Moves past `token`, sampled or forced; `nil`, with nothing changed, if it is not allowed.
    ///
    /// - Parameter tokenize: The model's tokenizer, for token healing under fast-forward: the
    ///   sampled token and the text forced after it, split the way the tokenizer splits them
    ///   together; `nil` takes the token alone.
    func commit(_ token: Int32, healingWith tokenize: (([UInt8]) -> [Int32]?)?) -> Commit?

    /// Moves past `bytes`: text a token carries into this constraint's part of the output after
    /// bytes that were not its own (a token that spans the trigger ending a free segment).
    /// `false`, with nothing changed, if the text is not allowed here.
    func accept(text bytes: [UInt8]) -> Bool

    /// How the free text before the answer ended, once it has (``SegmentedConstraint``); `nil`
    /// while it goes on, and always for a constraint whose answer is the whole output.
    var freeText: FreeTextOutcome? { get }

    /// Whether the output must go on with an ASCII digit (``GrammarMatcher/expectsDigit``):
    /// a date's or a time's fields, a number's digits. The sampler may treat such positions
    /// apart: request emphasis leaves them to the model, which writes digits in their order.
    var expectsDigit: Bool { get }

    /// The matcher's work budget, when running out of it is why nothing is allowed; `nil` when
    /// the constraint itself allows nothing more.
    var exhaustedWorkBudget: Int? { get }

    /// Value-rule searches that ran past their budget and let a token through undecided (the
    /// check after generation still judges the answer).
    var undecidedValueSearches: Int { get }
}

/// How much of the allowed set a draw needs to see, decided by the sampling filter after it:
/// the cheapest exact answer differs by filter.
public enum CandidateSelection: Sendable, Hashable {
    /// Greedy and top-k: the k most likely allowed tokens are all the filter could keep.
    case mostLikely(Int)
    /// Top-p, and anything that weighs candidates against each other: every allowed token.
    case allowed
    /// Plain temperature sampling: draw from everything, then check the drawn token. The first
    /// allowed token of draws without replacement comes out with probability p(t)/p(allowed),
    /// the masked distribution; with a filter this shortcut would change what the filter keeps.
    case drawFirst

    /// Redrawing without a refused token is cheap while refusals are few; a run of them means
    /// the model wants what the constraint forbids, and showing only allowed tokens ends it.
    public static let refusalsBeforeScreening = 4

    /// What a draw needs after `refused` refusals in this choice.
    public func after(refused: Int) -> Self {
        refused >= Self.refusalsBeforeScreening ? .allowed : self
    }

    /// What a logits transform that compares candidates with the likeliest allowed one needs:
    /// only allowed candidates, and under greedy and top-k at least `count` of them, so that the
    /// transform, not the filter, decides which it may pick.
    public func checked(atLeast count: Int) -> Self {
        switch self {
        case .mostLikely(let k): .mostLikely(max(k, count))
        case .allowed, .drawFirst: .allowed
        }
    }
}

/// A constraint's answer to ``TokenConstraint/candidates(_:from:)``.
public enum Candidates {
    /// The ids of the most likely allowed tokens, likeliest first.
    case mostLikely([Int32])
    /// Every token the mask holds.
    case allowed(TokenMask)
    /// Every token, each allowed (no constraint).
    case all
    /// Every token, to be checked once drawn (``CandidateSelection/drawFirst``).
    case unchecked
    /// No token is allowed: the output cannot go on.
    case none

    /// Whether every candidate the draw sees is allowed.
    public var areAllowed: Bool {
        switch self {
        case .mostLikely, .allowed, .all: true
        case .unchecked, .none: false
        }
    }

    /// Whether the answer took the constraint's mask work (anything but drawing first).
    public var usedMask: Bool {
        switch self {
        case .mostLikely, .allowed, .none: true
        case .all, .unchecked: false
        }
    }
}

/// What committing a token gives the loop to decode.
public struct Commit: Sendable, Hashable {
    /// Tokens to decode, in order: the committed token, or, healed, the tokenizer's own split of
    /// it and the text forced after it.
    public var tokens: [Int32]
    /// Whether ``tokens`` is a healed split rather than the committed token alone.
    public var healed: Bool
    /// Whether the token ends the output (end of generation).
    public var stop: Bool

    public init(tokens: [Int32], healed: Bool = false, stop: Bool = false) {
        self.tokens = tokens
        self.healed = healed
        self.stop = stop
    }
}
