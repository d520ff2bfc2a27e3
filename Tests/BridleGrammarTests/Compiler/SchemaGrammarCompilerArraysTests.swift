import BridleSchema
import Testing

@testable import BridleGrammar

/// uniqueItems (a declared post-check), overlapping oneOf (another) and contains.
@Suite("Array keywords and post-checks → grammar")
struct SchemaGrammarCompilerArraysTests {
    static let cases: [KeywordCase] = [
        KeywordCase(
            name: "uniqueItems",
            schema: #"{"type":"array","items":{"type":"integer","minimum":0,"maximum":99},"uniqueItems":true,"maxItems":3}"#,
            accepts: ["[]", "[1,2,3]"], rejects: ["[1,2,3,4]", "[-1]"], postChecked: ["[1,1]", "[2,3,2]"]),
        KeywordCase(
            name: "overlapping oneOf",
            schema: #"{"oneOf":[{"type":"integer","minimum":0,"maximum":100},{"type":"integer","minimum":95,"maximum":200}]}"#,
            accepts: ["0", "94", "101", "200"], rejects: ["201", "-1"], postChecked: ["95", "100"]),
        KeywordCase(
            name: "contains with free items",
            schema: #"{"type":"array","contains":{"type":"boolean"},"minContains":2,"maxItems":4}"#,
            accepts: ["[true,false]", "[true,true,1]"], rejects: ["[]", "[true]", "[1,true]"]),
        KeywordCase(
            name: "contains with maxContains",
            schema: #"{"type":"array","contains":{"type":"boolean"},"maxContains":2}"#,
            accepts: ["[true]", "[true,false]"], rejects: ["[]", "[true,true,true]"]),
        KeywordCase(
            name: "contains equal to items",
            schema: #"{"type":"array","items":{"type":"null"},"contains":{"type":"null"},"minContains":2,"maxContains":3}"#,
            accepts: ["[null,null]", "[null,null,null]"], rejects: ["[null]", "[null,null,null,null]"]),
    ]

    @Test(arguments: cases)
    func grammarEnforcesTheKeyword(_ testCase: KeywordCase) throws {
        try testCase.check()
    }

    @Test func uniqueItemsIsDeclaredAtItsPointer() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"},"uniqueItems":true}}}"#)
        #expect(try schema.grammar().postChecks == [PostCheck(pointer: "#/properties/tags", kind: .uniqueItems)])
    }

    @Test func uniqueItemsUsesJSONEquality() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"array","uniqueItems":true}"#)
        #expect(!schema.conforms(try GeneratedContent(json: "[1,1.0]")))
        #expect(!schema.conforms(try GeneratedContent(json: #"[{"a":1,"b":2},{"b":2,"a":1}]"#)))
        #expect(schema.conforms(try GeneratedContent(json: #"[1,"1",[1],{"1":1},true,null]"#)))
    }

    @Test func containsBesideDifferentItemsIsAnError() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"array","items":{"type":"integer"},"contains":{"minimum":5}}"#)
        #expect { try schema.grammar() } throws: { error in
            (error as? GrammarCompileError)?.pointer == "#/contains"
        }
    }
}
