import BridleGrammar
@testable import BridleMask
import BridleSchema
import BridleJSONSchema
import BridleTestSupport
import Testing

/// Values a node excludes (``SchemaNode/excludedValues``) are refused while decoding, exactly:
/// a token is allowed iff some continuation with it completes a sentence of the grammar that
/// the schema (exclusions included) accepts. Decided here by enumerating small languages.
@Suite struct ExcludedValuesGuardTests {
    /// A schema read from `json`, with `values` excluded at the node `path` leads to: property
    /// names, `*` for the items of an array, a number for an alternative of a choice.
    static func schema(_ json: String, excluding values: [String], at path: [String] = []) throws -> GenerationSchema {
        var schema = try GenerationSchema(jsonSchema: GeneratedContent(json: json))
        let excluded = try values.map { try GeneratedContent(json: $0) }
        func exclude(_ node: inout SchemaNode, _ path: ArraySlice<String>) {
            guard let step = path.first else { return node.excludedValues += excluded }
            switch node.kind {
            case .object(var shape):
                for index in shape.properties.indices where shape.properties[index].name == step {
                    exclude(&shape.properties[index].node, path.dropFirst())
                }
                node.kind = .object(shape)
            case .array(var array):
                exclude(&array.items, path.dropFirst())
                node.kind = .array(array)
            case .anyOf(var alternatives):
                if let index = Int(step) { exclude(&alternatives[index], path.dropFirst()) }
                node.kind = .anyOf(alternatives)
            default:
                break
            }
        }
        exclude(&schema.root, path[...])
        return schema
    }

    static let toolChoice = #"{"anyOf":[{"type":"object","properties":{"tool":{"const":"span"},"arguments":{"type":"object","properties":{"a":{"type":"integer","minimum":0,"maximum":3},"b":{"enum":["x","y"]}},"required":["a","b"],"additionalProperties":false}},"required":["tool","arguments"],"additionalProperties":false},{"type":"object","properties":{"tool":{"const":"pick"},"arguments":{"type":"array","items":{"enum":[1,2,3]},"minItems":1,"maxItems":2,"uniqueItems":true}},"required":["tool","arguments"],"additionalProperties":false}]}"#

    static let cases: [(name: String, json: String, excluded: [String], path: [String])] = [
        ("root string", #"{"enum":["a","ab","b","abc"]}"#, [#""ab""#, #""b""#], []),
        ("root number", #"{"enum":[1,2,1.5,10,12]}"#, ["1.0", "12"], []),
        ("last property differs", #"{"type":"object","properties":{"k":{"enum":["x","y"]},"n":{"type":"integer","minimum":0,"maximum":2}},"required":["k","n"],"additionalProperties":false}"#,
         [#"{"n":0,"k":"x"}"#, #"{"k":"x","n":1}"#, #"{"k":"y","n":2}"#], []),
        ("optional property", #"{"type":"object","properties":{"k":{"enum":["x","y"]},"s":{"type":"string","pattern":"^[ab]{0,2}$"}},"required":["k"],"additionalProperties":false}"#,
         [#"{"k":"x"}"#, #"{"k":"y","s":"ab"}"#], []),
        ("nested property", #"{"type":"object","properties":{"p":{"type":"object","properties":{"q":{"enum":["u","v"]},"r":{"type":"boolean"}},"required":["q","r"],"additionalProperties":false},"t":{"type":"boolean"}},"required":["p","t"],"additionalProperties":false}"#,
         [#"{"r":true,"q":"u"}"#, #"{"q":"v","r":false}"#], ["p"]),
        ("items", #"{"type":"array","items":{"type":"string","pattern":"^[ab]{0,2}$"},"maxItems":2}"#, [#""a""#, #""""#, #""ba""#], ["*"]),
        ("items, unique", #"{"type":"array","items":{"enum":["a","ab","b"]},"minItems":1,"maxItems":3,"uniqueItems":true}"#, [#""ab""#], ["*"]),
        ("whole array", #"{"type":"array","items":{"enum":[0,1]},"maxItems":2}"#, ["[]", "[0,1]", "[1]"], []),
        ("tool arguments", toolChoice, [#"{"a":1,"b":"x"}"#, #"{"b":"y","a":3}"#], ["0", "arguments"]),
        ("tool arguments, unique", toolChoice, ["[1]", "[2,3]"], ["1", "arguments"]),
    ]

    static func reference(_ name: String) throws -> (GenerationSchema, JudgedSentences) {
        let testCase = try #require(cases.first { $0.name == name })
        let schema = try Self.schema(testCase.json, excluding: testCase.excluded, at: testCase.path)
        var options = GrammarOptions()
        options.layout = .compact
        let compiled = try schema.grammar(options: options)
        let reference = try JudgedSentences(grammar: compiled.grammar, rules: compiled.valueRules) { sentence in
            guard let content = try? GeneratedContent(json: String(decoding: sentence, as: UTF8.self)) else { return false }
            return schema.violations(of: content).isEmpty
        }
        return (schema, reference)
    }

    @Test(arguments: cases.map(\.name))
    func theMaskIsExactlyWhatSomeCompletionNotExcludedAllows(_ name: String) throws {
        let (_, reference) = try Self.reference(name)
        #expect(!reference.rules.isEmpty)
        // The exclusions take something away, and leave something.
        #expect(reference.sentences.count < reference.total)
        #expect(reference.sentences.count > 1)
        let disagreements = try reference.maskDisagreements(vocabulary: MaskFixtures.vocabulary32k, positions: 24, seed: 2027)
        #expect(disagreements.isEmpty, "\(name): \(disagreements.prefix(3))")
    }

    /// Sampling that favours the excluded value (its tokens get the highest logits) still
    /// writes another one, on the path that draws first and checks the drawn token after.
    @Test func theConstraintWritesAnotherValueWhenTheModelPrefersTheExcludedOne() throws {
        let (schema, _) = try Self.reference("last property differs")
        var options = GrammarOptions()
        options.layout = .compact
        let compiled = try schema.grammar(options: options)
        let vocabulary = MaskFixtures.vocabulary32k
        let favoured: Set<[UInt8]> = [Array(#"{"k":"x","n":1}"#.utf8), Array(#"{""#.utf8), Array(#"k":"x"#.utf8), Array(#"","n":1"#.utf8), Array("1}".utf8), Array("1".utf8), Array("}".utf8), Array(#"x"#.utf8)]
        for seed in 0..<UInt64(8) {
            let constraint = MaskedConstraint(masker: try TokenMasker(compiled.grammar, vocabulary: vocabulary), valueRules: compiled.valueRules)
            var random = SplitMix64(seed: seed)
            let logits = (0..<vocabulary.count).map { token -> Float in
                favoured.contains(Array(vocabulary.bytes(of: Int32(token)))) ? 9 : Float(random.next() % 100) / 50
            }
            var text: [UInt8] = []
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
            #expect(schema.violations(of: content).isEmpty, "seed \(seed): \(content.jsonString)")
        }
    }

    /// When every value of the language is excluded, the guard refuses every first token (its
    /// search finds nothing, within budget), the mask is empty and the decoding loop ends with
    /// its typed error (no allowed token); a language of one value, which the grammar would
    /// force, is refused the same way rather than forced.
    @Test(arguments: [
        (#"{"enum":["a","b"]}"#, [#""a""#, #""b""#]),
        (#"{"const":"only"}"#, [#""only""#]),
        (#"{"type":"object","properties":{"k":{"enum":["x","y"]}},"required":["k"],"additionalProperties":false}"#, [#"{"k":"y"}"#, #"{"k":"x"}"#]),
    ])
    func aWhollyExcludedLanguageLeavesNothingToWrite(_ json: String, _ excluded: [String]) throws {
        let schema = try Self.schema(json, excluding: excluded)
        let compiled = try schema.grammar()
        let vocabulary = MaskFixtures.vocabulary32k
        let constraint = MaskedConstraint(masker: try TokenMasker(compiled.grammar, vocabulary: vocabulary), valueRules: compiled.valueRules)
        #expect(constraint.forcedTokens { bytes in bytes.map { Int32($0) } }.isEmpty)
        let row = (0..<Int32(vocabulary.count)).map { TokenCandidate(id: $0, logit: 0) }
        let candidates = row.withUnsafeBufferPointer { constraint.candidates(.allowed, from: $0) }
        guard case .none = candidates else {
            Issue.record("\(json): some token is still allowed")
            return
        }
        #expect(constraint.undecidedValueSearches == 0)
        // A server, without the mask, learns it from the check after generation.
        for value in excluded {
            #expect(schema.violations(of: try GeneratedContent(json: value)).contains { $0.isExcludedValue })
        }
    }
}
