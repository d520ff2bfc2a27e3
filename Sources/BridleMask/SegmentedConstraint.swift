/// Free text, then a constrained answer (``FreeText``): reasoning before the JSON, prose
/// before a call. The free text costs no mask work: every token may come, and only the trigger
/// is watched for. From the trigger on, `answer` decides every token.
///
/// The switch is exact. A token that spans the trigger is split there: its bytes after the
/// trigger go to the answer if the answer allows them (the token is decoded as sampled), and
/// are dropped otherwise (the tokenizer's split of the bytes up to the trigger is decoded
/// instead), so the answer's constraint always sees the whole answer.
///
/// ```swift
/// let constraint = SegmentedConstraint(
///     FreeText(trigger: Array("Answer:".utf8), lead: [0x0A], budget: 64),
///     then: MaskedConstraint(masker: masker), vocabulary: vocabulary, tokenize: tokenize)
/// ```
public final class SegmentedConstraint: TokenConstraint {
    private enum Stage {
        /// The model's free text: tokens written so far, and its last bytes (fewer than the
        /// trigger's), to find a trigger that spans tokens.
        case free(written: Int, recent: [UInt8])
        /// Bridle writes the rest of the closing.
        case closing(remaining: ArraySlice<UInt8>, ending: FreeTextOutcome.Ending)
        case answer
    }

    private let segment: FreeText
    private let answer: any TokenConstraint
    private let vocabulary: TokenVocabulary
    private let tokenize: ([UInt8]) -> [Int32]?
    private var stage: Stage
    /// Tokens and bytes of output before the answer, so far.
    private var tokensBefore = 0
    private var bytesBefore = 0
    public private(set) var freeText: FreeTextOutcome?

    /// - Parameters:
    ///   - tokenize: The model's tokenizer, to write the closing and to split a token that spans
    ///     the trigger.
    public init(
        _ segment: FreeText, then answer: any TokenConstraint, vocabulary: TokenVocabulary,
        tokenize: @escaping ([UInt8]) -> [Int32]?
    ) {
        self.segment = segment
        self.answer = answer
        self.vocabulary = vocabulary
        self.tokenize = tokenize
        stage = segment.budget == 0 ? .closing(remaining: segment.closing[...], ending: .budget) : .free(written: 0, recent: [])
        if case .closing(let remaining, _) = stage, remaining.isEmpty { startAnswer(ending: .budget) }
    }

    public var exhaustedWorkBudget: Int? { answer.exhaustedWorkBudget }
    public var undecidedValueSearches: Int { answer.undecidedValueSearches }

    public var expectsDigit: Bool {
        if case .answer = stage { return answer.expectsDigit }
        return false
    }

    public func forcedTokens(tokenize: ([UInt8]) -> [Int32]?) -> [Int32] {
        switch stage {
        case .free: return []
        case .closing(let remaining, _):
            guard let tokens = tokenize(Array(remaining)), !tokens.isEmpty else { return [] }
            var rest = remaining
            for token in tokens {
                guard let after = Self.closing(rest, after: token, in: vocabulary) else { return [] }
                rest = after
            }
            return tokens
        case .answer: return answer.forcedTokens(tokenize: tokenize)
        }
    }

    public func candidates(_ selection: CandidateSelection, from row: UnsafeBufferPointer<TokenCandidate>) -> Candidates {
        switch stage {
        case .free: return .all
        case .closing(let remaining, _):
            var mask = TokenMask(vocabularySize: vocabulary.count)
            for token in 0..<Int32(vocabulary.count) where Self.closing(remaining, after: token, in: vocabulary) != nil {
                mask.insert(token)
            }
            return mask.isEmpty ? .none : .allowed(mask)
        case .answer: return answer.candidates(selection, from: row)
        }
    }

    public func allows(_ token: Int32) -> Bool {
        switch stage {
        case .free: return token >= 0 && Int(token) < vocabulary.count
        case .closing(let remaining, _): return Self.closing(remaining, after: token, in: vocabulary) != nil
        case .answer: return answer.allows(token)
        }
    }

    public func accept(text bytes: [UInt8]) -> Bool {
        guard case .answer = stage else { return false }
        return answer.accept(text: bytes)
    }

    public func commit(_ token: Int32, healingWith tokenize: (([UInt8]) -> [Int32]?)?) -> Commit? {
        switch stage {
        case .free(let written, let recent):
            return commitFree(token, written: written, recent: recent)
        case .closing(let remaining, let ending):
            guard let rest = Self.closing(remaining, after: token, in: vocabulary) else { return nil }
            passed([token])
            if rest.isEmpty {
                startAnswer(ending: ending)
            } else {
                stage = .closing(remaining: rest, ending: ending)
            }
            return Commit(tokens: [token])
        case .answer:
            return answer.commit(token, healingWith: tokenize)
        }
    }

    private func commitFree(_ token: Int32, written: Int, recent: [UInt8]) -> Commit? {
        guard token >= 0, Int(token) < vocabulary.count else { return nil }
        if vocabulary.kind(of: token) == .endOfGeneration {
            // A lazy segment's answer is optional: the free text is the whole output.
            if segment.isLazy { return Commit(tokens: [], stop: true) }
            // The model would end here: Bridle writes the closing instead, and the answer follows.
            guard let closing = tokenize(segment.closing), !closing.isEmpty else { return nil }
            passed(closing)
            startAnswer(ending: .endOfGeneration)
            return Commit(tokens: closing, healed: true)
        }
        let bytes = vocabulary.bytes(of: token)
        guard let end = segment.triggerEnd(in: bytes, after: recent) else {
            passed([token])
            if written + 1 >= segment.budget {
                stage = .closing(remaining: segment.closing[...], ending: .budget)
            } else {
                let kept = (recent + bytes).suffix(max(0, segment.trigger.count - 1))
                stage = .free(written: written + 1, recent: Array(kept))
            }
            return Commit(tokens: [token])
        }
        let leftover = Array(bytes[(bytes.startIndex + end)...])
        if segment.isLazy {
            return commitLazyTrigger(token, bytes: bytes, triggerEnd: end, leftover: leftover)
        }
        if leftover.isEmpty || answer.accept(text: leftover) {
            tokensBefore += 1
            bytesBefore += end
            startAnswer(ending: .trigger)
            return Commit(tokens: [token])
        }
        // The bytes after the trigger are not the answer's: only those up to it are written.
        guard let split = tokenize(Array(bytes.prefix(end))), !split.isEmpty else { return nil }
        passed(split)
        startAnswer(ending: .trigger)
        return Commit(tokens: split, healed: true)
    }

    /// A lazy segment's trigger is the answer's own first text: the answer reads it whole (its
    /// first bytes may have come in earlier tokens), then the token's bytes after it. The output
    /// has no separate answer, so no ``freeText`` outcome is reported.
    private func commitLazyTrigger(_ token: Int32, bytes: ArraySlice<UInt8>, triggerEnd end: Int, leftover: [UInt8]) -> Commit? {
        if answer.accept(text: segment.trigger + leftover) {
            stage = .answer
            return Commit(tokens: [token])
        }
        // The bytes after the trigger are not the answer's: the tokenizer's split of those up
        // to the trigger's end is decoded instead.
        guard answer.accept(text: segment.trigger), let split = tokenize(Array(bytes.prefix(end))), !split.isEmpty else { return nil }
        stage = .answer
        return Commit(tokens: split, healed: true)
    }

    /// Counts `tokens` as output before the answer.
    private func passed(_ tokens: [Int32]) {
        tokensBefore += tokens.count
        bytesBefore += tokens.reduce(0) { $0 + vocabulary.bytes(of: $1).count }
    }

    private func startAnswer(ending: FreeTextOutcome.Ending) {
        stage = .answer
        freeText = FreeTextOutcome(ending: ending, tokens: tokensBefore, bytes: bytesBefore)
    }

    /// The closing left after `token`, if `token` writes its next bytes (a text token whose
    /// bytes start what is left); `nil` otherwise.
    private static func closing(_ remaining: ArraySlice<UInt8>, after token: Int32, in vocabulary: TokenVocabulary) -> ArraySlice<UInt8>? {
        guard token >= 0, Int(token) < vocabulary.count, vocabulary.kind(of: token) == .text else { return nil }
        let bytes = vocabulary.bytes(of: token)
        guard !bytes.isEmpty, bytes.count <= remaining.count, remaining.starts(with: bytes) else { return nil }
        return remaining.dropFirst(bytes.count)
    }
}
