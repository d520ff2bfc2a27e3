/// No constraint: every token may come next, and nothing is forced.
public final class Unconstrained: TokenConstraint {
    private let isEndOfGeneration: (Int32) -> Bool

    /// - Parameter isEndOfGeneration: Whether a token ends the output (the model's end tokens).
    public init(isEndOfGeneration: @escaping (Int32) -> Bool) {
        self.isEndOfGeneration = isEndOfGeneration
    }

    public var exhaustedWorkBudget: Int? { nil }
    public var undecidedValueSearches: Int { 0 }
    public var freeText: FreeTextOutcome? { nil }
    public var expectsDigit: Bool { false }

    public func forcedTokens(tokenize: ([UInt8]) -> [Int32]?) -> [Int32] { [] }

    public func candidates(_ selection: CandidateSelection, from row: UnsafeBufferPointer<TokenCandidate>) -> Candidates { .all }

    public func allows(_ token: Int32) -> Bool { true }

    public func accept(text bytes: [UInt8]) -> Bool { true }

    public func commit(_ token: Int32, healingWith tokenize: (([UInt8]) -> [Int32]?)?) -> Commit? {
        Commit(tokens: [token], stop: isEndOfGeneration(token))
    }
}
