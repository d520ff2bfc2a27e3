import BridleGrammar
import BridleMask
import BridleTestSupport
import Testing

struct TokenMaskerTests {
    /// The mask is exact: at random reachable positions of every fixture grammar, it equals
    /// the brute-force answer over the 32k vocabulary, token for token.
    @Test(arguments: MaskFixtures.schemaGrammars.map(\.name))
    func maskEqualsBruteForceAtReachablePositions(_ name: String) throws {
        let grammar = try #require(MaskFixtures.schemaGrammars.first { $0.name == name }).grammar
        let vocabulary = MaskFixtures.vocabulary32k
        for (prefix, matcher) in try MaskFixtures.reachablePositions(of: grammar, count: 12, seed: 11) {
            var masker = TokenMasker(matcher, vocabulary: vocabulary)
            let mask = masker.mask()
            let expected = MaskFixtures.bruteForceMask(at: matcher, vocabulary: vocabulary)
            #expect(mask.tokens == expected, "after \(String(decoding: prefix, as: UTF8.self).debugDescription)")
            #expect(expected.allSatisfy(masker.allows))
        }
    }

    /// Hand-made grammars for what schemas rarely reach: ambiguity, left recursion, empty
    /// alternatives, multi-byte characters split across tokens.
    @Test(arguments: [
        #"root ::= ("a" | "ab" | "abc")+ "!""#,
        "root ::= expr\nexpr ::= expr \"+\" term | term\nterm ::= [0-9]+ | \"(\" expr \")\"",
        #"root ::= "x"? ("é" | "日本" | "🌍")* "end""#,
        #"root ::= [^"\\]{0,5} "\"""#,
        // Patterns whose runs are narrower classes: some characters told apart (`/`, `:`),
        // hexadecimal digits, letters with some non-ASCII ones.
        #"root ::= "\"" ([^"\\]+ "/")? [^"\\]+ ":" [^"\\]+ "\"""#,
        #"root ::= "{\"id\":\"" [0-9a-fA-F]{6} "\"}""#,
        #"root ::= "\"" [a-zé日-本]{0,6} ([ .:-] [a-z]{1,3})? "\"""#,
    ])
    func maskEqualsBruteForceOnHandGrammars(_ gbnf: String) throws {
        let grammar = try Grammar(gbnf: gbnf)
        let vocabulary = MaskFixtures.vocabulary32k
        for (prefix, matcher) in try MaskFixtures.reachablePositions(of: grammar, count: 8, seed: 5) {
            var masker = TokenMasker(matcher, vocabulary: vocabulary)
            let mask = masker.mask()
            #expect(mask.tokens == MaskFixtures.bruteForceMask(at: matcher, vocabulary: vocabulary),
                    "after \(String(decoding: prefix, as: UTF8.self).debugDescription)")
        }
    }

    /// Replaying a sentence token by token (longest tokens first), every next token is in the
    /// mask, and the end token is allowed exactly at the end.
    @Test(arguments: MaskFixtures.schemaGrammars.map(\.name))
    func validSentencesAreNeverMasked(_ name: String) throws {
        let grammar = try #require(MaskFixtures.schemaGrammars.first { $0.name == name }).grammar
        let vocabulary = MaskFixtures.vocabulary32k
        let tokenizer = GreedyTokenizer(vocabulary)
        for sentence in try SentenceGenerator(grammar).samples(seed: 3, count: 5) {
            var masker = try TokenMasker(grammar, vocabulary: vocabulary)
            for token in tokenizer.tokens(of: Array(sentence.utf8)) {
                let mask = masker.mask()
                #expect(mask.contains(token), "\(sentence.debugDescription)")
                let accepted = masker.accept(token)
                #expect(accepted)
            }
            #expect(masker.isComplete)
            let mask = masker.mask()
            #expect(mask.contains(Int32(vocabulary.count - 1)))
        }
    }

    /// Tokens that open or close a string and carry text with them (`"ab`, `b",`, ` "é`)
    /// take the text after the quote from a run of their own; at every position of every
    /// sentence, under bounded, unbounded and narrowed strings, the mask is the brute-force one.
    @Test(arguments: [
        #"root ::= "[" ("\"" [^"\\]{0,3} "\"" ("," "\"" [^"\\]{0,3} "\"")*)? "]""#,
        #"root ::= "{\"a\":\"" [^"\\]* "\",\"b\":" ("\"" [a-z]{0,2} "\"" | "1") "}""#,
    ])
    func textAfterAQuoteIsMaskedExactly(_ gbnf: String) throws {
        let grammar = try Grammar(gbnf: gbnf)
        let pieces = ["\"", "\"a", "\"ab", "\"abc", "\"abcd", "\"é", "\"ab\"", "\"a\",", " \"x", "a", "ab", "b\",",
                      "b\"]", "\"]", "[\"", ",\"", "\\\"", "{\"a\":\"", "\",\"b\":", "\"}", "}", "]", "1", "é"]
        var tokens = pieces.map { Array($0.utf8) }
        tokens += [[0x22, 0xC3], [0xA9, 0x22]]   // a quote and half of "é", the other half and a quote
        let vocabulary = TokenVocabulary(tokens: tokens + [[]], kinds: Array(repeating: .text, count: tokens.count) + [.endOfGeneration])
        for sentence in try SentenceGenerator(grammar).samples(seed: 9, count: 12) {
            let bytes = Array(sentence.utf8)
            var matcher = try GrammarMatcher(grammar)
            for offset in 0...bytes.count {
                var masker = TokenMasker(matcher, vocabulary: vocabulary)
                let mask = masker.mask()
                #expect(mask.tokens == MaskFixtures.bruteForceMask(at: matcher, vocabulary: vocabulary),
                        "after \(String(decoding: bytes[..<offset], as: UTF8.self).debugDescription)")
                if offset < bytes.count { matcher.accept(bytes[offset]) }
            }
        }
    }

    @Test func excludedAndEndTokensFollowTheRules() throws {
        let grammar = try Grammar(gbnf: #"root ::= "{" "}""#)
        let tokens: [[UInt8]] = [Array("{".utf8), Array("}".utf8), Array("{}".utf8), Array("{".utf8), [], Array("<eos>".utf8)]
        let vocabulary = TokenVocabulary(tokens: tokens, kinds: [.text, .text, .text, .excluded, .text, .endOfGeneration])
        var masker = try TokenMasker(grammar, vocabulary: vocabulary)
        var steps: [(mask: [Int32], accepted: [Bool])] = []
        for tries in [[3, 5, 0], [1], [5]] as [[Int32]] {
            steps.append((masker.mask().tokens, tries.map { masker.accept($0) }))
        }
        // Never the excluded twin of "{", never the empty token, the end only at the end.
        #expect(steps.map(\.mask) == [[0, 2], [1], [5]])
        #expect(steps.map(\.accepted) == [[false, false, true], [true], [true]])
    }

    @Test func forcedBytesRunUntilTheFirstChoice() throws {
        let grammar = try Grammar(gbnf: #"root ::= "{\"name\":" ("true" | "trust") "}""#)
        var masker = try TokenMasker(grammar, vocabulary: MaskFixtures.vocabulary32k)
        #expect(String(decoding: masker.forcedBytes(), as: UTF8.self) == #"{"name":tru"#)
        let tokens = GreedyTokenizer(MaskFixtures.vocabulary32k).tokens(of: Array(#"{"name":true"#.utf8))
        for token in tokens {
            let accepted = masker.accept(token)
            #expect(accepted)
        }
        #expect(String(decoding: masker.forcedBytes(), as: UTF8.self) == "}")
    }

    /// Inside a run that leaves the matcher where it was (an unbounded string), the mask is
    /// reused, and it is the one a fresh walk finds.
    @Test func masksRepeatInsideUnboundedRuns() throws {
        let grammar = try Grammar(gbnf: #"root ::= "\"" [a-z]* "\"""#)
        let vocabulary = MaskFixtures.vocabulary32k
        let tokenizer = GreedyTokenizer(vocabulary)
        var masker = try TokenMasker(grammar, vocabulary: vocabulary)
        for token in tokenizer.tokens(of: Array(#""ab"#.utf8)) {
            let accepted = masker.accept(token)
            #expect(accepted)
        }
        let first = masker.mask()
        for token in tokenizer.tokens(of: Array("cdef".utf8)) {
            let accepted = masker.accept(token)
            #expect(accepted)
        }
        let mask = masker.mask()
        #expect(mask == first)
        #expect(first.tokens == MaskFixtures.bruteForceMask(at: masker.position, vocabulary: vocabulary))
    }

    /// A matcher near its work budget: the mask is still exactly the tokens it would accept,
    /// and once every next step would exceed the budget, only end-of-generation is left (the
    /// text so far is a whole sentence), never a token the matcher did not check.
    @Test func maskNearTheWorkBudget() throws {
        // Every run of "(" is a sentence, in so many ways that each step costs more work.
        let grammar = try Grammar(gbnf: "root ::= s\ns ::= s s s s | \"(\" root*\n")
        let text = Array(repeating: UInt8(ascii: "("), count: 30)
        var measuring = try GrammarMatcher(grammar)
        measuring.accept(bytes: text)
        var matcher = try GrammarMatcher(grammar, workBudget: measuring.work + 100)
        let rejectedAt = matcher.accept(bytes: text)
        #expect(rejectedAt == nil)
        #expect(!matcher.hasExceededWorkBudget)
        let vocabulary = MaskFixtures.vocabulary32k
        var masker = TokenMasker(matcher, vocabulary: vocabulary)
        let mask = masker.mask()
        #expect(mask.tokens == MaskFixtures.bruteForceMask(at: matcher, vocabulary: vocabulary))
        #expect(!mask.isEmpty)
        #expect(mask.tokens.allSatisfy { vocabulary.kind(of: $0) == .endOfGeneration })
    }
}

/// Splits bytes into tokens, longest match first: a tokenization a model could produce.
struct GreedyTokenizer {
    private let byBytes: [[UInt8]: Int32]
    private let longest: Int

    init(_ vocabulary: TokenVocabulary) {
        var byBytes: [[UInt8]: Int32] = [:]
        for token in 0..<Int32(vocabulary.count) where vocabulary.kind(of: token) == .text {
            byBytes[Array(vocabulary.bytes(of: token)), default: token] = min(byBytes[Array(vocabulary.bytes(of: token))] ?? token, token)
        }
        self.byBytes = byBytes
        longest = byBytes.keys.map(\.count).max() ?? 1
    }

    func tokens(of bytes: [UInt8]) -> [Int32] {
        var result: [Int32] = []
        var start = 0
        while start < bytes.count {
            for length in stride(from: min(longest, bytes.count - start), through: 1, by: -1) {
                if let token = byBytes[Array(bytes[start..<(start + length)])] {
                    result.append(token)
                    start += length
                    break
                }
            }
        }
        return result
    }
}
