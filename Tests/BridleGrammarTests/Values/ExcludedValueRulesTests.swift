import BridleJSONSchema
@testable import BridleGrammar
import BridleSchema
import Testing

/// Exclusions in the rule tree, their post-check, and rules over framed tool calls.
@Suite struct ExcludedValueRulesTests {
    static let object = #"{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"integer"}},"required":["b","a"],"additionalProperties":false}"#

    @Test func anExcludedValueIsWrittenAsTheGrammarWritesIt() throws {
        // Key order as the schema declares it, no layout; compared by canonical JSON.
        let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: Self.object))
            .excluding([try GeneratedContent(json: #"{ "a": 1.0, "b": "x" }"#), try GeneratedContent(json: #"{"b":"x","a":1}"#)])
        let rules = try schema.grammar().valueRules
        #expect(rules.nodes.count == 1)
        let excluded = rules.nodes[0].excludedValues
        #expect(excluded.count == 1)
        #expect(excluded.first.map { String(decoding: $0.text, as: UTF8.self) } == #"{"b":"x","a":1.0}"#)
        #expect(excluded.first?.canonical == JSONEquality.canonicalText(try GeneratedContent(json: #"{"a":1,"b":"x"}"#)))
    }

    @Test func exclusionsReachNestedNodesThroughReferencesAndChoices() throws {
        var schema = try GenerationSchema(jsonSchema: GeneratedContent(json: """
            {"$defs":{"args":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}},
             "anyOf":[{"type":"object","properties":{"tool":{"const":"a"},"arguments":{"$ref":"#/$defs/args"}},"required":["tool","arguments"]},
                      {"type":"object","properties":{"tool":{"const":"b"},"arguments":{"type":"string"}},"required":["tool","arguments"]}]}
            """))
        guard case .anyOf(var alternatives) = schema.root.kind, case .object(var shape) = alternatives[0].kind else {
            Issue.record("not a choice of objects")
            return
        }
        shape.properties[1].node.excludedValues = [try GeneratedContent(json: #"{"n":4}"#)]
        alternatives[0].kind = .object(shape)
        schema.root.kind = .anyOf(alternatives)
        let compiled = try schema.grammar()
        let rules = compiled.valueRules
        let choice = try #require(rules.nodes[0].choices.first)
        let arguments = try #require(rules.nodes[choice.node].properties["arguments"])
        #expect(rules.nodes[arguments].excludedValues.map(\.text) == [Array(#"{"n":4}"#.utf8)])
        #expect(rules.nodes[0].choices[1].node == -1)
        #expect(compiled.postChecks == [PostCheck(pointer: "#/anyOf/0/properties/arguments", kind: .excludedValues)])
        #expect(compiled.gbnf.hasPrefix("# warning: #/anyOf/0/properties/arguments/not: the grammar admits the values excluded here"))
        // The definition itself excludes nothing: another reference to it is free.
        #expect(schema.definitions["args"]?.excludedValues == [])
    }

    @Test func callsNumberEachToolsNodesApart() throws {
        let unique = try GenerationSchema(jsonSchema: GeneratedContent(json: #"{"type":"object","properties":{"t":{"type":"array","items":{"type":"string"},"uniqueItems":true}}}"#))
        let excluded = try GenerationSchema(jsonSchema: GeneratedContent(json: Self.object)).excluding(["x"])
        let framing = CallFraming(callStart: Array("<call>".utf8), nameEnd: Array(">".utf8))
        let rules = ValueRules.calls(
            ["u": try unique.grammar().valueRules, "e": try excluded.grammar().valueRules, "free": .none], framing: framing)
        let calls = try #require(rules.calls)
        #expect(calls.roots == ["e": 0, "u": 1])
        #expect(rules.nodes[1].properties["t"] == 2)
        #expect(rules.nodes[2].uniqueElements)
        #expect(calls.namesLeadToExclusions)
        #expect(ValueRules.calls(["free": .none], framing: framing) == .none)
    }

    /// Matching a call's start a byte at a time finds it wherever it ends, overlaps included.
    @Test(arguments: ["<c>", "aab", "abab", "ab ab", ""])
    func aCallsStartIsFoundWhereItEnds(_ start: String) throws {
        let pattern = Array(start.utf8)
        let calls = try #require(ValueRules.calls(
            ["x": try GenerationSchema(jsonSchema: #"{"type":"array","uniqueItems":true}"#).grammar().valueRules],
            framing: CallFraming(callStart: pattern, nameEnd: [0x3D])).calls)
        var random: UInt64 = 7
        let alphabet = Array(Set(pattern + Array("a<".utf8)))
        for _ in 0..<300 {
            var text: [UInt8] = []
            var matched = 0
            for _ in 0..<20 {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(alphabet[Int((random >> 33) % UInt64(alphabet.count))])
                matched = calls.matching(matched, text.last ?? 0)
                let expected = pattern.isEmpty ? 0 : (0...min(pattern.count, text.count)).last { text.suffix($0).elementsEqual(pattern.prefix($0)) } ?? 0
                #expect(matched == expected, "\(String(decoding: text, as: UTF8.self))")
                // A whole start opens a name: the scan starts over after it.
                if matched == pattern.count {
                    matched = 0
                    text = []
                }
            }
        }
    }
}
