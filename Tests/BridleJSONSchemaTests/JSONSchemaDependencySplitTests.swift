import Foundation
import Testing

@testable import BridleJSONSchema
import BridleSchema

/// Composing `dependentSchemas` become `anyOf [without the key, with it ∧ its schema]`:
/// exact, so the IR and the original document agree on every instance.
@Suite("JSON Schema dependency splits")
struct JSONSchemaDependencySplitTests {
    static let schemas = [
        #"{"type":"object","properties":{"a":{},"b":{},"c":{}},"dependentSchemas":{"a":{"anyOf":[{"required":["b"]},{"required":["c"]}]}}}"#,
        #"{"type":"object","properties":{"a":{},"b":{}},"dependencies":{"b":{"not":{"required":["a"]}}}}"#,
        #"{"type":"object","properties":{"a":{}},"dependentSchemas":{"a":{"required":["z"]}}}"#,
    ]
    static let instances = ["{}", #"{"a":1}"#, #"{"b":1}"#, #"{"a":1,"b":2}"#, #"{"a":1,"c":2}"#, #"{"a":1,"z":2}"#, #"{"b":1,"c":2}"#]

    @Test(arguments: schemas)
    func splitsAgreeWithTheDocument(_ input: String) throws {
        let schema = try GenerationSchema(jsonSchema: input)
        let document = try GeneratedContent(json: input)
        var evaluator = FiniteValueEvaluator(references: JSONSchemaReferences(document: document), limits: SchemaLimits())
        for text in Self.instances {
            let value = try GeneratedContent(json: text)
            if schema.conforms(value, to: schema.root) { #expect(try evaluator.isValid(value, against: document, at: "#"), "\(input) admits \(text)") }
        }
    }

    @Test func onlyComposingOrUndeclaredDependenciesSplit() throws {
        let schema = try GeneratedContent(json: #"{"properties":{"a":{},"b":{}},"dependentSchemas":{"a":{"required":["b"]},"b":{"not":{}}}}"#)
        let (rest, splits) = JSONSchemaComposition.dependencySplits(schema)
        #expect(splits.map(\.0) == ["b"])
        #expect(rest[property: "dependentSchemas"]?[property: "a"] != nil)
    }
}
