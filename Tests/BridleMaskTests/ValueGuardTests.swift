import BridleJSONSchema
import BridleGrammar
@testable import BridleMask
import BridleSchema
import BridleTestSupport
import Foundation
import Testing

/// The value rules on top of the grammar are exact: a token is allowed iff its bytes extend
/// the text to a prefix of some sentence that the grammar admits and the schema's validator
/// accepts. Decided here by a slow reference: every sentence of small finite languages,
/// judged by `violations(of:)`.
@Suite struct ValueGuardTests {
    static let schemas: [(name: String, json: String)] = [
        ("unique enum", #"{"type":"array","items":{"enum":["a","ab","b"]},"maxItems":3,"uniqueItems":true}"#),
        ("unique short strings", #"{"type":"array","items":{"type":"string","pattern":"^[ab]{0,2}$"},"maxItems":3,"uniqueItems":true}"#),
        ("unique integers", #"{"type":"array","items":{"type":"integer","minimum":0,"maximum":12},"minItems":2,"maxItems":3,"uniqueItems":true}"#),
        ("unique objects", #"{"type":"array","items":{"type":"object","properties":{"k":{"enum":["x","y"]},"n":{"type":"integer","minimum":0,"maximum":2}},"required":["k","n"],"additionalProperties":false},"maxItems":3,"uniqueItems":true}"#),
        ("at least", #"{"type":"object","properties":{"from":{"type":"integer","minimum":0,"maximum":30},"to":{"type":"integer","minimum":0,"maximum":30}},"required":["from","to"],"additionalProperties":false,"x-bridle-relations":[{"property":"to","atLeast":"from"}]}"#),
        ("greater, optional", #"{"type":"object","properties":{"lo":{"type":"integer","minimum":5,"maximum":40},"hi":{"type":"integer","minimum":0,"maximum":25}},"required":["lo"],"additionalProperties":false,"x-bridle-relations":[{"property":"hi","greaterThan":"lo"}]}"#),
        ("less, negative", #"{"type":"object","properties":{"a":{"type":"integer","minimum":-15,"maximum":15},"b":{"type":"integer","minimum":-15,"maximum":15}},"required":["a","b"],"additionalProperties":false,"x-bridle-relations":[{"property":"b","lessThan":"a"}]}"#),
        ("not equal", #"{"type":"object","properties":{"a":{"type":"integer","minimum":0,"maximum":9},"b":{"type":"integer","minimum":0,"maximum":9}},"required":["a","b"],"additionalProperties":false,"x-bridle-relations":[{"property":"b","notEqual":"a"}]}"#),
        ("dates", #"{"type":"object","properties":{"start":{"type":"string","format":"date","formatMinimum":"2026-01-01","formatMaximum":"2026-01-20"},"end":{"type":"string","format":"date","formatMinimum":"2026-01-01","formatMaximum":"2026-01-20"}},"required":["start","end"],"additionalProperties":false,"x-bridle-relations":[{"property":"end","atLeast":"start"}]}"#),
        ("tool choice", #"{"anyOf":[{"type":"object","properties":{"tool":{"const":"span"},"arguments":{"type":"object","properties":{"a":{"type":"integer","minimum":0,"maximum":9},"b":{"type":"integer","minimum":0,"maximum":9}},"required":["a","b"],"additionalProperties":false,"x-bridle-relations":[{"property":"b","atMost":"a"}]}},"required":["tool","arguments"],"additionalProperties":false},{"type":"object","properties":{"tool":{"const":"pick"},"arguments":{"type":"array","items":{"enum":[1,2,3]},"minItems":2,"maxItems":2,"uniqueItems":true}},"required":["tool","arguments"],"additionalProperties":false}]}"#),
    ]

    @Test(arguments: schemas.map(\.name))
    func theMaskIsExactlyWhatSomeValidCompletionAllows(_ name: String) throws {
        let json = try #require(Self.schemas.first { $0.name == name }?.json)
        let reference = try ValidSentences(jsonSchema: json)
        #expect(!reference.compiled.valueRules.isEmpty)
        #expect(reference.sentences.count > 3)
        let disagreements = try reference.maskDisagreements(vocabulary: MaskFixtures.vocabulary32k, positions: 24, seed: 2026)
        #expect(disagreements.isEmpty, "\(name): \(disagreements.prefix(3))")
    }

    @Test(arguments: [
        (#""ab"#, #""ac""#, true),
        (#""a"#, #""ab""#, false),           // a prefix: it may still become equal
        (#""\u0"#, #""a""#, false),          // an escape may spell the other's character
        (#""b"#, #""\u0062""#, false),
        (#"{"n":1."#, #"{"n":1,"s":"x"}"#, false),   // outside strings text is not value
        (#"{"n":1,"s":"y"#, #"{"n":1,"s":"x"}"#, true),
    ])
    func elementsDifferOnlyWhereTheirStringsDo(_ text: String, _ earlier: String, _ differs: Bool) {
        #expect(ValueCursor.differsInString(Array(text.utf8), Array(earlier.utf8)) == differs)
    }

    @Test func theConstraintNeverLetsAnElementEqualAnEarlierOne() throws {
        let testCase = try ValidSentences(jsonSchema: Self.schemas[0].json)
        let vocabulary = MaskFixtures.vocabulary32k
        for seed in 0..<UInt64(20) {
            let masker = try TokenMasker(testCase.compiled.grammar, vocabulary: vocabulary)
            let constraint = MaskedConstraint(masker: masker, valueRules: testCase.compiled.valueRules)
            var random = SplitMix64(seed: seed)
            var text: [UInt8] = []
            // Logits that favour repeating "a": the draw-first path must refuse the repeats.
            let logits = (0..<vocabulary.count).map { token -> Float in
                let bytes = Array(vocabulary.bytes(of: Int32(token)))
                return bytes == Array(#""a""#.utf8) || bytes == Array(#","a""#.utf8) ? 8 : Float(random.next() % 100) / 50
            }
            while true {
                let choice = logits.withUnsafeBufferPointer { logits in
                    ReferenceLoop.choose(constraint, logits: logits, filter: .none) { candidates in
                        ReferenceDraw.sample(candidates, filter: .none, using: &random)
                    }
                }
                let token = try #require(choice?.token)
                if vocabulary.kind(of: token) == .endOfGeneration { break }
                #expect(constraint.commit(token, healingWith: nil) != nil)
                text += vocabulary.bytes(of: token)
            }
            let content = try GeneratedContent(json: String(decoding: text, as: UTF8.self))
            #expect(testCase.schema.violations(of: content).isEmpty, "seed \(seed): \(content.jsonString)")
        }
    }

    @Test func theGuardFollowsLayoutsAndReadsRelationsAtEitherEnd() throws {
        let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: try #require(Self.schemas.first { $0.name == "at least" }).json))
        let rules = try schema.grammar().valueRules
        var valueGuard = try #require(ValueGuard(rules: rules))
        let matcher = try GrammarMatcher(schema.grammar().grammar)
        var position = matcher
        let prefix = Array(#"{"from": 20, "to": "#.utf8)
        #expect(position.accept(bytes: prefix) == nil)
        valueGuard.advance(prefix)
        let verdicts = ["1", "2", "3", "0"].map { valueGuard.permits(Array($0.utf8), from: position) }
        // 1 and 10…19 are all below 20; 2 can become 20…29; 3 is below, but 30 is not; 0 ends there.
        #expect(verdicts == [false, true, true, false])
    }

    /// A search proves one more distinct element, not every element a minimum count asks for:
    /// with 200 elements required, each step of `[0, 1, …, 199]` is decided within budget (a
    /// search that went on element after element ran out of budget at every token).
    @Test func aDistinctElementIsDecidedWithoutWritingTheRestOfTheArray() throws {
        let json = #"{"type":"array","items":{"type":"integer","minimum":0},"uniqueItems":true,"minItems":200,"maxItems":200}"#
        let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: json))
        var valueGuard = try #require(ValueGuard(rules: try schema.grammar().valueRules))
        var position = try GrammarMatcher(schema.grammar().grammar)
        let text = "[" + (0..<200).map(String.init).joined(separator: ", ") + "]"
        var refused: [String] = []
        for byte in text.utf8 {
            if !valueGuard.permits([byte], from: position) { refused.append(String(decoding: [byte], as: UTF8.self)) }
            let accepted = position.accept(byte)
            #expect(accepted)
            valueGuard.advance([byte])
        }
        #expect(refused.isEmpty)
        #expect(valueGuard.searchesOverBudget == 0)
        // A repeat is still refused where it would complete.
        var repeated = try GrammarMatcher(schema.grammar().grammar)
        var repeatGuard = try #require(ValueGuard(rules: try schema.grammar().valueRules))
        let prefix = Array("[3, 4, 3".utf8)
        let stop = repeated.accept(bytes: prefix)
        #expect(stop == nil)
        repeatGuard.advance(prefix)
        let verdicts = [",", "0,"].map { repeatGuard.permits(Array($0.utf8), from: repeated) }
        #expect(verdicts == [false, true])
    }
}
