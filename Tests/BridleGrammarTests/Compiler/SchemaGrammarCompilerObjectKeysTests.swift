import BridleJSONSchema
import BridleSchema
import Testing

@testable import BridleGrammar

/// Object keywords that need keys the schema doesn't name: negated `propertyNames` and
/// `patternProperties` (witness keys), `minProperties` beyond the named properties
/// (synthesised keys), `patternProperties` merged with `additionalProperties` across `allOf`,
/// forbidden patterns, and composing `dependentSchemas` (branch splits). The grammar writes a
/// sound subset; the validator agrees on every case and sample.
@Suite("Object keys Bridle chooses → grammar")
struct SchemaGrammarCompilerObjectKeysTests {
    static let cases: [KeywordCase] = [
        KeywordCase(
            name: "not propertyNames: a witness key from const",
            schema: #"{"type":"object","not":{"propertyNames":{"not":{"const":"0"}}},"patternProperties":{"\\d":{"type":"boolean"}}}"#,
            accepts: [#"{"0":true}"#], rejects: ["{}", #"{"0":1}"#]),
        KeywordCase(
            name: "not propertyNames false: a non-empty object",
            schema: #"{"type":"object","not":{"propertyNames":false},"additionalProperties":{"type":"null"}}"#,
            accepts: [#"{"a":null}"#], rejects: ["{}", #"{"a":1}"#]),
        KeywordCase(
            name: "not patternProperties: a matching key whose value breaks the schema",
            schema: #"{"type":"object","not":{"patternProperties":{"^x":{"type":"string"}}},"propertyNames":{"maxLength":2}}"#,
            accepts: [#"{"x":1}"#, #"{"x":null}"#], rejects: ["{}", #"{"x":"s"}"#]),
        KeywordCase(
            name: "one witness serves two requirements within maxProperties",
            schema: #"{"type":"object","not":{"anyOf":[{"propertyNames":{"not":{"enum":["1","3"]}}},{"propertyNames":{"not":{"enum":["2","3"]}}}]},"maxProperties":1,"additionalProperties":{"type":"null"}}"#,
            accepts: [#"{"3":null}"#], rejects: ["{}", #"{"1":null}"#, #"{"2":null}"#]),
        KeywordCase(
            name: "a witness built from two patterns",
            schema: #"{"type":"object","allOf":[{"not":{"propertyNames":{"not":{"pattern":"a1"}}}},{"not":{"propertyNames":{"not":{"pattern":"b2"}}}}],"propertyNames":{"pattern":"^....$"},"maxProperties":1,"additionalProperties":{"type":"null"}}"#,
            accepts: [#"{"a1b2":null}"#], rejects: ["{}", #"{"a1xx":null}"#]),
        KeywordCase(
            name: "allOf: named properties with patternProperties and additionalProperties false",
            schema: #"{"type":"object","allOf":[{"properties":{"a":{"type":"integer"}},"additionalProperties":false},{"patternProperties":{"^b":{"type":"string"}}}],"required":["a"]}"#,
            accepts: [#"{"a":1}"#], rejects: [#"{"a":"s"}"#, #"{"a":1,"b":"x"}"#]),
        KeywordCase(
            name: "allOf: a pattern narrowed by the other member's additionalProperties",
            schema: #"{"type":"object","allOf":[{"patternProperties":{"^a":{"type":"integer"}},"additionalProperties":false},{"additionalProperties":{"minimum":3}}],"minProperties":1}"#,
            accepts: [#"{"a":5}"#], rejects: ["{}", #"{"a":1}"#, #"{"b":5}"#]),
        KeywordCase(
            name: "allOf: two members that each allow only their patterns",
            schema: #"{"type":"object","allOf":[{"patternProperties":{"^.{1,3}$":false},"additionalProperties":true},{"patternProperties":{"a":true},"additionalProperties":false},{"patternProperties":{"b":true},"additionalProperties":false}],"minProperties":2}"#,
            accepts: [#"{"baaa":1,"abaa":2}"#], rejects: ["{}", #"{"ab":1,"abaa":2}"#, #"{"aaaa":1,"baaa":2}"#]),
        KeywordCase(
            name: "minProperties reached with keys from a pattern",
            schema: #"{"type":"object","properties":{"x":{"type":"null"}},"patternProperties":{"^[a-c]$":{"type":"boolean"}},"additionalProperties":false,"minProperties":2}"#,
            accepts: [#"{"x":null,"a":true}"#, #"{"a":true,"b":false}"#], rejects: [#"{"x":null}"#, #"{"x":null,"a":1}"#]),
        KeywordCase(
            name: "minProperties over two patterns",
            schema: #"{"type":"object","patternProperties":{"a":{"type":"number","minimum":10}},"additionalProperties":false,"allOf":[{"patternProperties":{"b":{"type":"number","minimum":3}}}],"minProperties":1}"#,
            accepts: [#"{"a":10}"#], rejects: ["{}", #"{"a":5}"#]),
        KeywordCase(
            name: "a forbidden pattern drops the names it matches",
            schema: #"{"type":"object","properties":{"ab":{"type":"null"},"cd":{"type":"null"}},"patternProperties":{"b":false}}"#,
            accepts: ["{}", #"{"cd":null}"#], rejects: [#"{"ab":null}"#]),
        KeywordCase(
            name: "dependentSchemas with anyOf: a branch split",
            schema: #"{"type":"object","properties":{"a":{"type":"null"},"b":{"type":"null"},"c":{"type":"null"}},"additionalProperties":false,"dependentSchemas":{"a":{"anyOf":[{"required":["b"]},{"required":["c"]}]}}}"#,
            accepts: ["{}", #"{"b":null}"#, #"{"a":null,"b":null}"#, #"{"a":null,"c":null}"#], rejects: [#"{"a":null}"#]),
        KeywordCase(
            name: "draft 7 dependencies with not",
            schema: #"{"$schema":"http://json-schema.org/draft-07/schema","type":"object","properties":{"a":{"type":"null"},"b":{"type":"null"}},"additionalProperties":false,"dependencies":{"b":{"not":{"required":["a"]}}}}"#,
            accepts: ["{}", #"{"a":null}"#, #"{"b":null}"#], rejects: [#"{"a":null,"b":null}"#]),
    ]

    @Test(arguments: cases)
    func grammarWritesValidObjects(_ testCase: KeywordCase) throws {
        try testCase.check()
    }

    @Test func witnessesBeyondMaxPropertiesAreErrors() {
        let schema = #"{"type":"object","allOf":[{"not":{"propertyNames":{"not":{"const":"a"}}}},{"not":{"propertyNames":{"not":{"const":"b"}}}}],"maxProperties":1}"#
        #expect(throws: JSONSchemaImportError.self) { try GenerationSchema(jsonSchema: schema) }
    }

    @Test func anyOfAlternativesThatCannotBeWrittenAreLeftOut() throws {
        // The first alternative needs two keys where only one may appear.
        let schema = try GenerationSchema(jsonSchema: #"{"anyOf":[{"type":"object","properties":{"a":{}},"additionalProperties":false,"minProperties":2},{"type":"integer"}]}"#)
        let compiled = try schema.grammar()
        #expect(try GrammarMatcher.matches(compiled.grammar, "3"))
        #expect(try !GrammarMatcher.matches(compiled.grammar, #"{"a":1}"#))
    }
}
