import Foundation
import Testing

@testable import BridleJSONSchema
import BridleSchema

/// The exact evaluator the composition pass uses for finite schemas.
@Suite("JSON Schema evaluator")
struct FiniteValueEvaluatorTests {
    /// (schema, instance, valid).
    static let cases: [(String, String, Bool)] = [
        (#"{"type":"integer"}"#, "1.0", true),
        (#"{"type":"integer"}"#, "1.5", false),
        (#"{"enum":[{"a":1,"b":2}]}"#, #"{"b":2,"a":1}"#, true),
        (#"{"const":1}"#, "true", false),
        (#"{"minimum":5,"exclusiveMinimum":true}"#, "5", false),
        (#"{"exclusiveMaximum":5}"#, "4.9", true),
        (#"{"multipleOf":3}"#, "9", true),
        (#"{"multipleOf":0.5}"#, "1.5", true),
        (#"{"pattern":"b"}"#, #""abc""#, true),
        (#"{"patternProperties":{"^a":{"type":"integer"}},"additionalProperties":false}"#, #"{"ab":1}"#, true),
        (#"{"patternProperties":{"^a":{"type":"integer"}},"additionalProperties":false}"#, #"{"b":1}"#, false),
        (#"{"propertyNames":{"maxLength":1}}"#, #"{"ab":1}"#, false),
        (#"{"uniqueItems":true}"#, "[1,1.0]", false),
        (#"{"contains":{"type":"string"},"minContains":2}"#, #"["a",1,"b"]"#, true),
        (#"{"prefixItems":[{"type":"string"}],"items":{"type":"integer"}}"#, #"["a",1,"b"]"#, false),
        (#"{"if":{"minimum":5},"then":{"multipleOf":2},"else":{"maximum":0}}"#, "7", false),
        (#"{"if":{"minimum":5},"then":{"multipleOf":2},"else":{"maximum":0}}"#, "-1", true),
        (#"{"oneOf":[{"type":"integer"},{"minimum":0}]}"#, "1", false),
        (#"{"dependentRequired":{"a":["b"]}}"#, #"{"a":1}"#, false),
        (##"{"$defs":{"p":{"type":"integer"}},"properties":{"x":{"$ref":"#/$defs/p"}}}"##, #"{"x":"s"}"#, false),
        (#"{"not":{"minProperties":1}}"#, "{}", true),
    ]

    @Test(arguments: cases)
    func decides(_ schema: String, _ instance: String, _ valid: Bool) throws {
        let document = try GeneratedContent(json: schema)
        var evaluator = FiniteValueEvaluator(references: JSONSchemaReferences(document: document), limits: SchemaLimits())
        #expect(try evaluator.isValid(try GeneratedContent(json: instance), against: document, at: "#") == valid)
    }

    @Test func undecidableKeywordsRefuseRatherThanGuess() throws {
        for (schema, instance) in [(#"{"format":"email"}"#, #""a@b""#), (#"{"unevaluatedProperties":false}"#, "{}"), (#"{"multipleOf":0.1}"#, "0.3")] {
            let document = try GeneratedContent(json: schema)
            var evaluator = FiniteValueEvaluator(references: JSONSchemaReferences(document: document), limits: SchemaLimits())
            #expect(throws: FiniteValueEvaluator.Failure.self) { try evaluator.isValid(try GeneratedContent(json: instance), against: document, at: "#") }
        }
    }

    @Test func selfReferenceEndsAtTheDepthLimit() throws {
        let document = try GeneratedContent(json: ##"{"$ref":"#"}"##)
        var evaluator = FiniteValueEvaluator(references: JSONSchemaReferences(document: document), limits: SchemaLimits(maximumDepth: 20))
        #expect(throws: FiniteValueEvaluator.Failure.self) { try evaluator.isValid(.null, against: document, at: "#") }
    }
}
