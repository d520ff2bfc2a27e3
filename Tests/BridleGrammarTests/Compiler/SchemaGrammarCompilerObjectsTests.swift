import BridleJSONSchema
import BridleSchema
import Testing

@testable import BridleGrammar

/// patternProperties, propertyNames, minProperties/maxProperties and the dependency
/// keywords: the grammar enforces them, the validator agrees, samples are valid.
@Suite("Object keywords → grammar")
struct SchemaGrammarCompilerObjectsTests {
    static let cases: [KeywordCase] = [
        KeywordCase(
            name: "min/maxProperties over optional properties",
            schema: #"{"type":"object","properties":{"a":{"type":"null"},"b":{"type":"null"},"c":{"type":"null"}},"minProperties":1,"maxProperties":2}"#,
            accepts: [#"{"a":null}"#, #"{"a":null,"c":null}"#, #"{"b":null,"c":null}"#],
            rejects: ["{}", #"{"a":null,"b":null,"c":null}"#]),
        KeywordCase(
            name: "minProperties with required",
            schema: #"{"type":"object","properties":{"a":{"type":"null"},"b":{"type":"boolean"}},"required":["a"],"minProperties":2,"additionalProperties":false}"#,
            accepts: [#"{"a":null,"b":true}"#], rejects: [#"{"a":null}"#]),
        KeywordCase(
            name: "patternProperties on named properties",
            schema: #"{"type":"object","properties":{"x-a":{}},"patternProperties":{"^x-":{"type":"integer","minimum":0}},"required":["x-a"]}"#,
            accepts: [#"{"x-a":3}"#], rejects: [#"{"x-a":-1}"#]),
        KeywordCase(
            name: "patternProperties as dictionary keys",
            schema: #"{"type":"object","patternProperties":{"^[a-z]{1,3}$":{"type":"boolean"}},"additionalProperties":false,"minProperties":1}"#,
            accepts: [#"{"ab":true}"#, #"{"a":true,"xyz":false}"#], rejects: ["{}", #"{"ab":1}"#, #"{"ABC":true}"#]),
        KeywordCase(
            name: "propertyNames drops optional names",
            schema: #"{"type":"object","properties":{"ok":{"type":"null"},"too-long":{"type":"null"}},"propertyNames":{"maxLength":3}}"#,
            accepts: ["{}", #"{"ok":null}"#], rejects: [#"{"too-long":null}"#, #"{"ok":null,"too-long":null}"#]),
        KeywordCase(
            name: "propertyNames as dictionary keys",
            schema: #"{"type":"object","propertyNames":{"pattern":"^[0-9]+$"},"additionalProperties":{"type":"null"},"maxProperties":3}"#,
            accepts: ["{}", #"{"12":null}"#], rejects: [#"{"a":null}"#, #"{"1":null,"2":null,"3":null,"4":null}"#]),
        KeywordCase(
            name: "dependentRequired",
            schema: #"{"type":"object","properties":{"card":{"type":"integer"},"billing":{"type":"string"},"name":{"type":"string"}},"dependentRequired":{"card":["billing"]}}"#,
            accepts: ["{}", #"{"billing":"x"}"#, #"{"card":1,"billing":"x"}"#, #"{"name":"n"}"#],
            rejects: [#"{"card":1}"#, #"{"card":1,"name":"n"}"#]),
        KeywordCase(
            name: "dependencies on names outside properties",
            schema: #"{"$schema":"http://json-schema.org/draft-07/schema","type":"object","properties":{"r":{"type":"null"}},"required":["r"],"dependencies":{"r":["circle"]}}"#,
            accepts: [#"{"r":null,"circle":1}"#], rejects: [#"{"r":null}"#]),
        KeywordCase(
            name: "draft 7 dependencies, both forms",
            schema: #"{"$schema":"http://json-schema.org/draft-07/schema","type":"object","properties":{"a":{"type":"null"},"b":{"type":"null"},"c":{"type":"null"}},"dependencies":{"a":["b"],"c":{"required":["a"]}}}"#,
            accepts: ["{}", #"{"a":null,"b":null}"#, #"{"a":null,"b":null,"c":null}"#, #"{"b":null}"#],
            rejects: [#"{"a":null}"#, #"{"c":null}"#, #"{"b":null,"c":null}"#]),
        KeywordCase(
            name: "dependentSchemas that require",
            schema: #"{"type":"object","properties":{"a":{"type":"null"},"b":{"type":"boolean"}},"dependentSchemas":{"a":{"properties":{"b":{"type":"boolean"}},"required":["b"]}}}"#,
            accepts: ["{}", #"{"b":true}"#, #"{"a":null,"b":false}"#], rejects: [#"{"a":null}"#]),
        KeywordCase(
            name: "dependentSchemas Bridle cannot write: the trigger is left out",
            schema: #"{"type":"object","properties":{"a":{"type":"null"},"b":{"type":"integer"}},"dependentSchemas":{"a":{"properties":{"b":{"minimum":5}}}}}"#,
            accepts: ["{}", #"{"b":1}"#], rejects: [#"{"a":null,"b":1}"#]),
    ]

    @Test(arguments: cases)
    func grammarEnforcesTheKeyword(_ testCase: KeywordCase) throws {
        try testCase.check()
    }

    @Test(arguments: [
        (#"{"type":"object","properties":{"a":{}},"required":["a"],"propertyNames":{"maxLength":0}}"#, "#/propertyNames"),
        (#"{"type":"object","properties":{"a":{}},"minProperties":2,"additionalProperties":false}"#, "#/minProperties"),
        (#"{"type":"object","propertyNames":{"maxLength":0},"additionalProperties":{"type":"null"},"minProperties":2}"#, "#/minProperties"),
        (#"{"type":"object","properties":{"a":{}},"required":["a"],"dependentRequired":{"a":["zzz"]},"additionalProperties":false}"#, "#/dependentRequired/a"),
    ])
    func unwritableObjectsAreErrorsAtTheirPointer(_ schema: String, _ pointer: String) throws {
        let parsed = try GenerationSchema(jsonSchema: schema)
        #expect { try parsed.grammar() } throws: { error in
            (error as? GrammarCompileError)?.pointer == pointer
        }
    }
}
