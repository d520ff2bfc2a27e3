import BridleGrammar
import BridleMask
import BridleTestSupport
import Testing

/// A lazy free segment (``FreeText/lazy(trigger:)``, a tool call's opening after optional
/// prose) against a brute-force reference over a 32k vocabulary: every token is allowed until
/// the trigger; from the trigger on (the trigger included, whichever tokens wrote it) the
/// allowed tokens are exactly those the grammar's matcher accepts after the output since the
/// trigger; the model's end in the free text ends the output with no answer.
struct LazySegmentTests {
    typealias Fixture = SegmentedConstraintTests
    static let trigger = Fixture.trigger

    /// The schema grammar with the trigger as its first text, as a call format's grammar has it.
    static func lazyGrammar(_ name: String) throws -> Grammar {
        let grammar = try #require(MaskFixtures.schemaGrammars.first { $0.name == name }).grammar
        let body = GrammarExpression.sequence([.literal(String(decoding: trigger, as: UTF8.self)), .reference(grammar.rootName)])
        return Grammar(rules: [Rule(name: "lazy-root", body: body)] + grammar.rules, rootName: "lazy-root")
    }

    struct Reference {
        let grammar: Grammar
        var output: [UInt8] = []

        /// Where the first trigger starts in the output.
        var answerStart: Int? {
            let t = LazySegmentTests.trigger
            guard output.count >= t.count else { return nil }
            return (0...(output.count - t.count)).first { output[$0..<($0 + t.count)].elementsEqual(t) }
        }

        func matcher(after answer: ArraySlice<UInt8>) throws -> GrammarMatcher? {
            var matcher = try GrammarMatcher(grammar)
            return matcher.accept(bytes: answer) == nil ? matcher : nil
        }

        func allowed(_ vocabulary: TokenVocabulary) throws -> Set<Int32> {
            guard let start = answerStart else { return Set(0..<Int32(vocabulary.count)) }
            guard let matcher = try matcher(after: output[start...]) else { return [] }
            return Set(MaskFixtures.bruteForceMask(at: matcher, vocabulary: vocabulary))
        }

        /// The bytes committing `token` writes; `nil` when it ends the output.
        mutating func commit(_ token: Int32, _ vocabulary: TokenVocabulary) throws -> [UInt8]? {
            if vocabulary.kind(of: token) == .endOfGeneration { return nil }
            let before = output.count
            let wasFree = answerStart == nil
            output += vocabulary.bytes(of: token)
            if wasFree, let start = answerStart, try matcher(after: output[start...]) == nil {
                // The bytes after the trigger are not the grammar's: only those up to its end stay.
                output.removeLast(output.count - (start + LazySegmentTests.trigger.count))
            }
            return Array(output[before...])
        }
    }

    @Test(arguments: [
        ("search", ["Let me look it up. ", "Answer:", "{\"status\": \"all\"}"]),
        ("search", ["I think so. Answ", "er:{", "\"status"]),
        ("search", ["Some thought Answe", "r: {\""]),
        ("films", ["Answer:{\"it"]),
        ("nested", ["Ans", "wer:x", "Answer:"]),
        ("cities", ["no trigger here, at all"]),
    ])
    func everyStepAgreesWithTheBruteForceReference(grammarName: String, plan: [String]) throws {
        let grammar = try Self.lazyGrammar(grammarName)
        let vocabulary = Fixture.vocabulary
        let answer = MaskedConstraint(masker: TokenMasker(try GrammarMatcher(grammar), vocabulary: vocabulary))
        let constraint = SegmentedConstraint(.lazy(trigger: Self.trigger), then: answer, vocabulary: vocabulary, tokenize: Fixture.tokenize)
        var reference = Reference(grammar: grammar)
        var planned = try plan.flatMap { try #require(Fixture.tokenize(Array($0.utf8))) }
        let reachesTrigger = plan.joined().contains("Answer:")
        if !reachesTrigger { planned.append(Fixture.endOfGeneration) }
        var random = SplitMix64(seed: UInt64(plan.joined().utf8.count))
        let row = [TokenCandidate](repeating: TokenCandidate(id: 0, logit: 0), count: vocabulary.count)
        var ended = false
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
            let token: Int32
            if reference.answerStart == nil, !planned.isEmpty {
                token = planned.removeFirst()
            } else {
                let choices = expected.sorted()
                let text = choices.filter { vocabulary.kind(of: $0) == .text }
                let pool = text.isEmpty || (choices.contains(Fixture.endOfGeneration) && random.next() % 4 == 0) ? choices : text
                token = pool[Int(random.next() % UInt64(pool.count))]
            }
            let written = try reference.commit(token, vocabulary)
            let commit = try #require(constraint.commit(token, healingWith: nil), "\(context): \(token) refused")
            if commit.stop {
                #expect(written == nil || reference.answerStart != nil, "\(context): the end came as text")
                ended = true
                break
            }
            #expect(commit.tokens.flatMap { vocabulary.bytes(of: $0) } == written, "\(context): token \(token)")
            // A lazy segment has no separate answer: the whole output is the response.
            #expect(constraint.freeText == nil, "\(context)")
        }
        #expect(ended || reachesTrigger)
        if !reachesTrigger {
            #expect(reference.answerStart == nil && ended, "the model's end in the free text ends the output")
        }
    }
}
