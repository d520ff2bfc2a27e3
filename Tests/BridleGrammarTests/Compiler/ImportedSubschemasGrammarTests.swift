import BridleJSONSchema
import BridleSchema
import Testing

@testable import BridleGrammar

/// JSON Schema shapes the import reads since it resolves `$id`/`$anchor` references,
/// leaves out subschemas without instances where absence is allowed, rewrites decidable
/// `unevaluated*`, and widens `oneOf` alternatives without `type`: the grammar enforces
/// each, and the validator (judging the document) agrees.
@Suite("Imported subschemas: grammar and validator agree")
struct ImportedSubschemasGrammarTests {
    static let cases: [KeywordCase] = [
        KeywordCase(
            name: "anyOf drops a false branch", schema: ##"{"anyOf":[{"type":"integer"},false]}"##,
            accepts: ["1"], rejects: [##""a""##]),
        KeywordCase(
            name: "oneOf drops a contradictory branch", schema: ##"{"oneOf":[{"type":"integer"},{"type":"string","enum":[1,2]}]}"##,
            accepts: ["7"], rejects: [##""a""##]),
        KeywordCase(
            name: "an optional property without instances is never written",
            schema: ##"{"type":"object","properties":{"a":{"type":"integer"},"builtin":{"enum":["A","B"],"type":"object"}}}"##,
            accepts: ["{}", ##"{"a":1}"##], rejects: [##"{"builtin":"A"}"##, ##"{"a":1,"builtin":{}}"##]),
        KeywordCase(
            name: "not {} as a property forbids it", schema: ##"{"type":"object","properties":{"foo":{"not":{}},"bar":{"type":"null"}}}"##,
            accepts: ["{}", ##"{"bar":null}"##], rejects: [##"{"foo":1}"##]),
        KeywordCase(
            name: "prefixItems false caps the length", schema: ##"{"type":"array","prefixItems":[{"type":"integer"},false]}"##,
            accepts: ["[]", "[1]"], rejects: ["[1,2]"]),
        KeywordCase(
            name: "items without instances: at most the prefix", schema: ##"{"type":"array","prefixItems":[{"type":"integer"}],"items":{"not":{}}}"##,
            accepts: ["[]", "[3]"], rejects: ["[1,2]"]),
        KeywordCase(
            name: "patternProperties false: no key of the pattern",
            schema: ##"{"type":"object","properties":{"fa":{"type":"integer"},"ba":{}},"patternProperties":{"f.*":true,"b.*":false}}"##,
            accepts: ["{}", ##"{"fa":1}"##], rejects: [##"{"ba":1}"##, ##"{"fa":"x"}"##]),
        KeywordCase(
            name: "propertyNames false: only the empty object", schema: ##"{"type":"object","propertyNames":false}"##,
            accepts: ["{}"], rejects: [##"{"a":1}"##]),
        KeywordCase(
            name: "dependentSchemas false: the trigger is never written",
            schema: ##"{"type":"object","properties":{"foo":{"type":"integer"},"bar":{"type":"integer"}},"dependentSchemas":{"bar":false}}"##,
            accepts: ["{}", ##"{"foo":1}"##], rejects: [##"{"bar":1}"##]),
        KeywordCase(
            name: "contains false without type: any value but an array", schema: ##"{"contains":false}"##,
            accepts: ["1", ##""a""##, "{}", "null"], rejects: ["[]", "[1]"]),
        KeywordCase(
            name: "a reference by $id relative to the base",
            schema: ##"{"$id":"http://example.com/root.json","type":"object","properties":{"n":{"$ref":"int.json"}},"$defs":{"i":{"$id":"int.json","type":"integer"}}}"##,
            accepts: [##"{"n":1}"##], rejects: [##"{"n":"x"}"##]),
        KeywordCase(
            name: "a reference to an anchor inside a resource",
            schema: ##"{"$id":"http://example.com/a/","$ref":"child1#my_anchor","$defs":{"c":{"$id":"child1","$defs":{"x":{"$anchor":"my_anchor","type":"string","maxLength":2}}}}}"##,
            accepts: [##""ab""##], rejects: [##""abc""##, "1"]),
        KeywordCase(
            name: "a $dynamicRef with one $dynamicAnchor is a $ref",
            schema: ##"{"$id":"https://example.com/root","type":"array","items":{"$dynamicRef":"#items"},"$defs":{"foo":{"$dynamicAnchor":"items","type":"string"}}}"##,
            accepts: ["[]", ##"["a"]"##], rejects: ["[1]"]),
        KeywordCase(
            name: "unevaluatedProperties false is additionalProperties beside allOf's names",
            schema: ##"{"type":"object","properties":{"foo":{"type":"string"}},"allOf":[{"properties":{"bar":{"type":"integer"}}}],"unevaluatedProperties":false}"##,
            accepts: ["{}", ##"{"foo":"x","bar":1}"##], rejects: [##"{"baz":1}"##, ##"{"bar":"x"}"##]),
        KeywordCase(
            name: "unevaluatedItems after the longest prefix", schema: ##"{"type":"array","prefixItems":[{"type":"string"}],"unevaluatedItems":{"type":"integer"}}"##,
            accepts: ["[]", ##"["a",1,2]"##], rejects: [##"["a","b"]"##, "[1]"]),
        KeywordCase(
            name: "oneOf alternatives without type overlap on the other types",
            schema: ##"{"oneOf":[{"type":"integer"},{"minimum":2}]}"##,
            accepts: ["1", "2.5", ##""a""##], rejects: [], postChecked: ["3"]),
        KeywordCase(
            name: "a definition named root", schema: ##"{"type":"object","properties":{"r":{"$ref":"#/$defs/root"}},"$defs":{"root":{"type":"integer"}}}"##,
            accepts: [##"{"r":1}"##], rejects: [##"{"r":"x"}"##]),
    ]

    @Test(arguments: cases)
    func grammarAndValidatorAgree(_ testCase: KeywordCase) throws {
        try testCase.check()
    }

    /// (schema, pointer of the error): where absence is not allowed, no instance is an error.
    static let refused: [(String, String)] = [
        (##"{"anyOf":[false,{"not":{}}]}"##, "#/anyOf"),
        (##"{"type":"object","properties":{"a":false},"required":["a"]}"##, "#/properties/a"),
        (##"{"type":"object","propertyNames":false,"properties":{"a":{}},"required":["a"]}"##, "#/propertyNames"),
        (##"{"$ref":"http://example.com/elsewhere.json"}"##, "#/$ref"),
        (##"{"$id":"http://example.com/r","items":{"$dynamicRef":"#n"},"$defs":{"a":{"$dynamicAnchor":"n"},"b":{"$id":"b","$dynamicAnchor":"n"}}}"##, "#/items/$dynamicRef"),
        (##"{"type":"object","anyOf":[{"properties":{"a":{}}}],"unevaluatedProperties":false}"##, "#/anyOf/0/unevaluatedProperties"),
    ]

    @Test(arguments: refused)
    func noInstanceWhereRequiredIsAnError(_ schema: String, _ pointer: String) {
        do {
            let imported = try GenerationSchema(jsonSchema: schema)
            Issue.record("expected an error at \(pointer), got \(imported.jsonSchemaString())")
        } catch let error as JSONSchemaImportError {
            #expect(error.pointer == pointer, "\(error)")
        } catch {
            Issue.record("expected a JSONSchemaImportError, got \(error)")
        }
    }

    /// `{}` matches both alternatives (the second, without `type`, also admits 1): the
    /// grammar admits it and leaves exclusivity to the declared post-check.
    @Test func oneOfWithoutTypeDeclaresThePostCheck() throws {
        let schema = try GenerationSchema(jsonSchema: ##"{"oneOf":[{"not":{"required":["x"]}},{"dependencies":{"x":false}}]}"##)
        let compiled = try schema.grammar(options: .compactLayout)
        #expect(!compiled.postChecks.isEmpty)
        #expect(try GrammarMatcher.matches(compiled.grammar, "{}"))
        #expect(!schema.conforms([:]))
        #expect(try GrammarMatcher.matches(compiled.grammar, "1"))
        #expect(schema.conforms(1))
        #expect(try !GrammarMatcher.matches(compiled.grammar, ##"{"x":1}"##))
    }

    @Test func unknownFormatsAreNotedAnnotations() throws {
        let schema = try GenerationSchema(jsonSchema: ##"{"type":"object","properties":{"p":{"type":"string","format":"path"}}}"##)
        #expect(schema.importNotes.count == 1)
        #expect(schema.importNotes.first?.hasPrefix("#/properties/p/format: ") == true)
        let compiled = try schema.grammar(options: .compactLayout)
        #expect(try GrammarMatcher.matches(compiled.grammar, ##"{"p":"any text"}"##))
        #expect(schema.conforms(try GeneratedContent(json: ##"{"p":"any text"}"##)))
        #expect(try GenerationSchema(jsonSchema: ##"{"type":"string","format":"date"}"##).importNotes.isEmpty)
    }
}
