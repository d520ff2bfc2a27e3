import BridleGrammar
import BridleMask
import BridleTestSupport
import Testing

/// Free text, then the answer, against a brute-force reference over a 32k vocabulary: at every
/// step the tokens the constraint allows are exactly the reference's (everything in free text,
/// the closing's next bytes, then the grammar's whole mask after the answer so far), and what
/// each commit writes is the reference's output, across triggers that span tokens, budgets that
/// run out and an end of generation in the free text.
struct SegmentedConstraintTests {
    static let trigger = Array("Answer:".utf8)
    static let lead = Array("\n".utf8)

    /// The tiny vocabulary and tokens that span the trigger, into the answer or past it.
    static let vocabulary: TokenVocabulary = {
        let base = MaskFixtures.vocabulary32k
        let extra = ["Answer:", "er:{", "r: {\"", "wer:x", ":{\"", "Answer:{\"it"].map { Array($0.utf8) }
        let tokens = (0..<Int32(base.count)).map { Array(base.bytes(of: $0)) } + extra
        let kinds = (0..<Int32(base.count)).map { base.kind(of: $0) } + extra.map { _ in .text }
        return TokenVocabulary(tokens: tokens, kinds: kinds)
    }()

    static let endOfGeneration: Int32 = (0..<Int32(vocabulary.count)).first { vocabulary.kind(of: $0) == .endOfGeneration }!

    /// Longest match first: a tokenizer good enough to write texts with these tokens.
    static let pieces: [[UInt8]: Int32] = {
        var pieces: [[UInt8]: Int32] = [:]
        for token in 0..<Int32(vocabulary.count) where vocabulary.kind(of: token) == .text {
            pieces[Array(vocabulary.bytes(of: token)), default: token] = min(pieces[Array(vocabulary.bytes(of: token))] ?? token, token)
        }
        return pieces
    }()

    static func tokenize(_ bytes: [UInt8]) -> [Int32]? {
        var tokens: [Int32] = []
        var start = 0
        while start < bytes.count {
            guard let end = (start + 1...min(bytes.count, start + 16)).reversed().first(where: { pieces[Array(bytes[start..<$0])] != nil })
            else { return nil }
            tokens.append(pieces[Array(bytes[start..<end])]!)
            start = end
        }
        return tokens
    }

    /// What the output must be and allow, recomputed from the output itself.
    struct Reference {
        let grammar: Grammar
        let budget: Int
        var output: [UInt8] = []
        var freeTokens = 0
        var closingFrom: Int?

        /// Where the first trigger ends in the output.
        var answerStart: Int? {
            let t = SegmentedConstraintTests.trigger
            guard output.count >= t.count else { return nil }
            return (0...(output.count - t.count)).first { output[$0..<($0 + t.count)].elementsEqual(t) }.map { $0 + t.count }
        }

        func matcher(after answer: ArraySlice<UInt8>) throws -> GrammarMatcher? {
            var matcher = try GrammarMatcher(grammar)
            return matcher.accept(bytes: answer) == nil ? matcher : nil
        }

        func allowed(_ vocabulary: TokenVocabulary) throws -> Set<Int32> {
            if let start = answerStart {
                guard let matcher = try matcher(after: output[start...]) else { return [] }
                return Set(MaskFixtures.bruteForceMask(at: matcher, vocabulary: vocabulary))
            }
            if let closingFrom {
                let remaining = (SegmentedConstraintTests.lead + SegmentedConstraintTests.trigger).dropFirst(output.count - closingFrom)
                return Set((0..<Int32(vocabulary.count)).filter {
                    vocabulary.kind(of: $0) == .text && !vocabulary.bytes(of: $0).isEmpty && remaining.starts(with: vocabulary.bytes(of: $0))
                })
            }
            return Set(0..<Int32(vocabulary.count))
        }

        /// The bytes committing `token` writes.
        mutating func commit(_ token: Int32, _ vocabulary: TokenVocabulary) throws -> [UInt8] {
            let before = output.count
            if answerStart == nil, closingFrom == nil {
                if vocabulary.kind(of: token) == .endOfGeneration {
                    output += SegmentedConstraintTests.lead + SegmentedConstraintTests.trigger
                    return Array(output[before...])
                }
                output += vocabulary.bytes(of: token)
                if let start = answerStart {
                    if start < output.count, try matcher(after: output[start...]) == nil { output.removeLast(output.count - start) }
                } else {
                    freeTokens += 1
                    if freeTokens >= budget { closingFrom = output.count }
                }
            } else if vocabulary.kind(of: token) == .text {
                output += vocabulary.bytes(of: token)
            }
            return Array(output[before...])
        }
    }

    /// Free text that reaches the trigger in tokens that span it (`plan`, each piece tokenized on
    /// its own), a budget that runs out first, or the model's end in the free text; then random
    /// allowed tokens to the end.
    @Test(arguments: [
        ("search", ["I think so. ", "Answer:", "{\"status\": \"all\"}"], 40),
        ("search", ["I think so. Answ", "er:{", "\"status"], 40),
        ("search", ["Some thought Answe", "r: {\"", "status"], 40),
        ("films", ["Hmm, the answer: ", "Answer:{\"it"], 40),
        ("cities", ["no trigger here, at all, and more"], 5),
        ("nested", ["Ans", "wer:x", "Answer:"], 30),
        ("search", ["Answe"], 40),
    ])
    func everyStepAgreesWithTheBruteForceReference(grammarName: String, plan: [String], budget: Int) throws {
        let grammar = try #require(MaskFixtures.schemaGrammars.first { $0.name == grammarName }).grammar
        let vocabulary = Self.vocabulary
        let answer = MaskedConstraint(masker: TokenMasker(try GrammarMatcher(grammar), vocabulary: vocabulary))
        let constraint = SegmentedConstraint(
            FreeText(trigger: Self.trigger, lead: Self.lead, budget: budget), then: answer, vocabulary: vocabulary, tokenize: Self.tokenize)
        var reference = Reference(grammar: grammar, budget: budget)
        var planned = try plan.flatMap { try #require(Self.tokenize(Array($0.utf8))) }
        let reachesTrigger = plan.joined().contains("Answer:")
        // A plan without the trigger ends in the model's end of text, unless the budget comes first.
        if !reachesTrigger { planned.append(Self.endOfGeneration) }
        var random = SplitMix64(seed: UInt64(plan.joined().utf8.count))
        let row = [TokenCandidate](repeating: TokenCandidate(id: 0, logit: 0), count: vocabulary.count)
        for step in 0..<200 {
            let expected = try reference.allowed(vocabulary)
            let shown: Set<Int32> = row.withUnsafeBufferPointer { row in
                switch constraint.candidates(.allowed, from: row) {
                case .all: Set(0..<Int32(vocabulary.count))
                case .allowed(let mask): Set(mask.tokens)
                case .mostLikely(let ids): Set(ids)
                case .none, .unchecked: []
                }
            }
            let context = "step \(step) after \(String(decoding: reference.output, as: UTF8.self).debugDescription)"
            #expect(shown == expected, "\(context)")
            guard !expected.isEmpty else { break }
            #expect(expected.allSatisfy(constraint.allows), "\(context)")
            let inFreeText = reference.answerStart == nil && reference.closingFrom == nil
            let token: Int32
            if inFreeText, !planned.isEmpty {
                token = planned.removeFirst()
            } else {
                // Text first while the answer can go on; the end once it is complete.
                let choices = expected.sorted()
                let text = choices.filter { vocabulary.kind(of: $0) == .text }
                let pool = text.isEmpty || (choices.contains(Self.endOfGeneration) && random.next() % 4 == 0) ? choices : text
                token = pool[Int(random.next() % UInt64(pool.count))]
            }
            let written = try reference.commit(token, vocabulary)
            let commit = try #require(constraint.commit(token, healingWith: nil), "\(context): \(token) refused")
            if commit.stop { break }
            #expect(commit.tokens.flatMap { vocabulary.bytes(of: $0) } == written, "\(context): token \(token)")
            if let start = reference.answerStart {
                #expect(constraint.freeText?.bytes == start, "\(context)")
            } else {
                #expect(constraint.freeText == nil, "\(context)")
            }
        }
        let outcome = try #require(constraint.freeText)
        let ending: FreeTextOutcome.Ending = reachesTrigger ? .trigger : reference.closingFrom != nil ? .budget : .endOfGeneration
        #expect(outcome.ending == ending)
    }

    /// The trigger found where it ends, across the bytes kept from earlier tokens: the first
    /// end inside the new bytes, or none (brute force over every split of short texts).
    @Test func theTriggerIsFoundWhereItFirstEnds() {
        let segment = FreeText(trigger: Array("aab".utf8), budget: 10)
        let alphabet = Array("ab".utf8)
        for length in 0...7 {
            for code in 0..<(1 << length) {
                let text = (0..<length).map { alphabet[(code >> $0) & 1] }
                for split in 0...text.count {
                    let recent = Array(text[..<split].suffix(2))
                    let bytes = text[split...]
                    let whole = recent + bytes
                    let firstEnd = (0..<max(0, whole.count - 2)).first { whole[$0..<($0 + 3)].elementsEqual(Array("aab".utf8)) && $0 + 3 > recent.count }
                    #expect(segment.triggerEnd(in: bytes, after: recent) == firstEnd.map { $0 + 3 - recent.count }, "\(text) at \(split)")
                }
            }
        }
    }
}
