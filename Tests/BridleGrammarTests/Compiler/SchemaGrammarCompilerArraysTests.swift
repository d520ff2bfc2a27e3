import BridleJSONSchema
import BridleSchema
import Testing

@testable import BridleGrammar

/// uniqueItems (a declared post-check), overlapping oneOf (another) and contains (exact,
/// or with items a narrowing: the contained elements first).
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
        // items∧contains first, then items: a narrowing, so valid arrays with the contained
        // element later (`[1,5]`) are left out rather than listed as rejected.
        KeywordCase(
            name: "contains beside a different items schema",
            schema: #"{"type":"array","items":{"type":"integer"},"contains":{"minimum":5}}"#,
            accepts: ["[5]", "[7,1,2]"], rejects: ["[]", "[1,2]", "[5.5]", "[5,\"a\"]"]),
        KeywordCase(
            name: "minContains beside items",
            schema: #"{"type":"array","items":{"type":"integer","maximum":9},"contains":{"multipleOf":3},"minContains":2,"maxItems":3}"#,
            accepts: ["[3,6]", "[0,9,1]"], rejects: ["[3]", "[3,4]", "[3,12]", "[3,6,9,0]"]),
        KeywordCase(
            name: "nested contains beside items",
            schema: #"{"type":"array","items":{"type":"array"},"contains":{"contains":{"const":42}}}"#,
            accepts: ["[[42]]", "[[42,1],[]]"], rejects: ["[]", "[[1]]", "[[42],1]"]),
    ]

    @Test(arguments: cases)
    func grammarEnforcesTheKeyword(_ testCase: KeywordCase) throws {
        try testCase.check()
    }

    @Test func uniqueItemsIsDeclaredAtItsPointer() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"},"uniqueItems":true}}}"#)
        #expect(try schema.grammar(options: .compactLayout).postChecks == [PostCheck(pointer: "#/properties/tags", kind: .uniqueItems)])
    }

    @Test func uniqueItemsUsesJSONEquality() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"array","uniqueItems":true}"#)
        #expect(!schema.conforms(try GeneratedContent(json: "[1,1.0]")))
        #expect(!schema.conforms(try GeneratedContent(json: #"[{"a":1,"b":2},{"b":2,"a":1}]"#)))
        #expect(schema.conforms(try GeneratedContent(json: #"[1,"1",[1],{"1":1},true,null]"#)))
    }

    /// Every array of up to three small integers the grammar admits is valid.
    @Test func containsBesideItemsAdmitsOnlyValidArrays() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"array","items":{"type":"integer","minimum":0},"contains":{"multipleOf":2,"minimum":3},"minContains":2}"#)
        let grammar = try schema.grammar(options: .compactLayout).grammar
        let values = [0, 1, 2, 4, 5, 6]
        var arrays: [[Int]] = [[]]
        for length in 1...3 {
            arrays += arrays.filter { $0.count == length - 1 }.flatMap { prefix in values.map { prefix + [$0] } }
        }
        var admitted = 0
        for array in arrays {
            let text = "[" + array.map(String.init).joined(separator: ",") + "]"
            guard try GrammarMatcher.matches(grammar, text) else { continue }
            admitted += 1
            #expect(schema.conforms(try GeneratedContent(json: text)), "\(text)")
        }
        #expect(admitted == 2 * 2 + 2 * 2 * 6)   // [4|6, 4|6] and [4|6, 4|6, any]
    }

    @Test func maxContainsBesideDifferentItemsIsAnError() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"array","items":{"type":"integer"},"contains":{"minimum":5},"maxContains":1}"#)
        #expect { try schema.grammar(options: .compactLayout) } throws: { error in
            (error as? GrammarCompileError)?.pointer == "#/contains"
        }
    }
}
