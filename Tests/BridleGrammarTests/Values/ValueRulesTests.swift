import BridleJSONSchema
import BridleGrammar
import BridleSchema
import Testing

/// The rule tree: only paths that lead to a rule, through references and tool choices.
@Suite struct ValueRulesTests {
    @Test func onlyPathsToRulesAreKept() throws {
        let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: """
            {"type":"object","properties":{
              "title":{"type":"string"},
              "tags":{"type":"array","items":{"type":"string"},"uniqueItems":true},
              "plain":{"type":"array","items":{"type":"object","properties":{"x":{"type":"integer"}}}}},
             "required":["title","tags","plain"]}
            """))
        let rules = try schema.grammar().valueRules
        #expect(rules.nodes.count == 2)
        #expect(rules.nodes[0].properties == ["tags": 1])
        #expect(rules.nodes[1].uniqueElements)
        #expect(try GenerationSchema(jsonSchema: #"{"type":"array","items":{"type":"string"}}"#).grammar().valueRules.isEmpty)
    }

    @Test func recursiveDefinitionsShareTheirNode() throws {
        let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: """
            {"$defs":{"node":{"type":"object","properties":{"ids":{"type":"array","items":{"type":"integer"},"uniqueItems":true},
              "children":{"type":"array","items":{"$ref":"#/$defs/node"},"maxItems":2}},"required":["ids"]}},
             "$ref":"#/$defs/node"}
            """))
        let rules = try schema.grammar().valueRules
        let root = rules.nodes[0]
        let children = try #require(root.properties["children"])
        #expect(rules.nodes[children].items == 0)
    }

    @Test func aChoiceOfObjectsIsToldApartByItsFirstProperty() throws {
        let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: """
            {"anyOf":[
              {"type":"object","properties":{"tool":{"const":"a"},"arguments":{"type":"array","items":{"type":"integer"},"uniqueItems":true}},"required":["tool","arguments"]},
              {"type":"object","properties":{"tool":{"const":"b"},"arguments":{"type":"string"}},"required":["tool","arguments"]},
              {"type":"object","properties":{"response":{"type":"string"}},"required":["response"]}]}
            """))
        let rules = try schema.grammar().valueRules
        let choices = rules.nodes[0].choices
        #expect(choices.map(\.key) == ["tool", "tool", "response"])
        #expect(choices.map(\.value) == [#""a""#, #""b""#, nil])
        #expect(choices[0].node > 0 && choices[1].node == -1 && choices[2].node == -1)
    }

    @Test func rulesAreDeclaredAsPostChecksForServers() throws {
        let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: """
            {"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"required":["a","b"],
             "x-bridle-relations":[{"property":"b","atLeast":"a"}]}
            """))
        let compiled = try schema.grammar()
        #expect(compiled.postChecks == [PostCheck(pointer: "#", kind: .relations)])
        #expect(compiled.gbnf.hasPrefix("# warning: #/x-bridle-relations: the grammar admits values that break the relations between properties"))
    }
}
