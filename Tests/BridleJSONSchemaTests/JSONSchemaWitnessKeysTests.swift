import Foundation
import Testing

@testable import BridleJSONSchema
import BridleSchema

/// Negated `propertyNames`/`patternProperties` become required witness keys: every value the
/// IR admits is valid against the original document, and the chosen keys are the ones named.
@Suite("JSON Schema witness keys")
struct JSONSchemaWitnessKeysTests {
    /// (schema, the keys the result requires).
    static let resolutions: [(String, [String])] = [
        (#"{"type":"object","not":{"propertyNames":{"not":{"const":"0"}}}}"#, ["0"]),
        (#"{"type":"object","not":{"propertyNames":false}}"#, ["a"]),
        (#"{"type":"object","not":{"anyOf":[{"propertyNames":{"not":{"enum":["1","3"]}}},{"propertyNames":{"not":{"enum":["2","3"]}}}]},"maxProperties":1}"#, ["3"]),
        (#"{"type":"object","allOf":[{"not":{"propertyNames":{"not":{"pattern":"a1"}}}},{"not":{"propertyNames":{"not":{"pattern":"b2"}}}}],"propertyNames":{"pattern":"^....$"},"maxProperties":1}"#, ["a1b2"]),
        (#"{"type":"object","not":{"patternProperties":{"^x":{"type":"string"}}},"propertyNames":{"maxLength":2}}"#, ["x"]),
        (#"{"type":"object","properties":{"k":{"type":"integer"}},"required":["k"],"not":{"propertyNames":{"not":{"const":"k"}}}}"#, ["k"]),
    ]

    @Test(arguments: [#"^(\w\d)+$"#, "^....$", "a1|b2", "^x-[a-z]{2,}$", "(^[^7]*$)|9"])
    func patternExamplesMatchTheirPattern(_ pattern: String) {
        let examples = PatternExamples.examples(pattern)
        #expect(!examples.isEmpty)
        for example in examples { #expect(PatternCheck.matches(pattern, example) == true, "\(pattern): \(example)") }
    }

    @Test func resolvedSchemasAdmitOnlyValidObjects() throws {
        let input = #"{"type":"object","not":{"patternProperties":{"^a":{"type":"integer"}}},"additionalProperties":{"type":["integer","string"]}}"#
        let schema = try GenerationSchema(jsonSchema: input)
        let document = try GeneratedContent(json: input)
        var evaluator = FiniteValueEvaluator(references: JSONSchemaReferences(document: document), limits: SchemaLimits())
        for text in [#"{"a":"s"}"#, #"{"a":"s","b":1}"#] {
            let value = try GeneratedContent(json: text)
            #expect(schema.conforms(value, to: schema.root))
            #expect(try evaluator.isValid(value, against: document, at: "#"))
        }
        for text in ["{}", #"{"a":1}"#, #"{"b":"s"}"#] {
            #expect(!schema.conforms(try GeneratedContent(json: text), to: schema.root), "\(text)")
        }
    }

    @Test(arguments: resolutions)
    func witnessesAreRequiredAndValid(_ input: String, keys: [String]) throws {
        let schema = try GenerationSchema(jsonSchema: input)
        guard case .object(let shape) = schema.root.kind else {
            Issue.record("\(input) should read as an object: \(schema.jsonSchemaString())")
            return
        }
        let required = shape.properties.filter { !$0.isOptional }.map(\.name)
        #expect(Set(required) == Set(keys), "\(input): \(schema.jsonSchemaString())")
    }
}
