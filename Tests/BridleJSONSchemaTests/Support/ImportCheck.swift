import Testing
@testable import BridleJSONSchema
import BridleSchema

/// What an imported JSON Schema admits, judged against the original document.
enum ImportCheck {
    /// Imports `input` and checks that each of `admits` conforms to the import and is valid
    /// against `input` itself (the evaluator decides, so a rewrite may narrow but never
    /// widen), and that none of `refuses` conforms.
    static func admitsOnly(_ input: String, admits: [String], refuses: [String]) throws {
        let schema = try GenerationSchema(jsonSchema: input)
        try schema.validate()
        let document = try GeneratedContent(json: input)
        var evaluator = FiniteValueEvaluator(references: JSONSchemaReferences(document: document), limits: SchemaLimits())
        for text in admits {
            let value = try GeneratedContent(json: text)
            #expect(schema.conforms(value), "\(input) should admit \(text): \(schema.jsonSchemaString())")
            #expect(try evaluator.isValid(value, against: document, at: "#"))
        }
        for text in refuses {
            let value = try GeneratedContent(json: text)
            #expect(!schema.conforms(value), "\(input) should refuse \(text): \(schema.jsonSchemaString())")
        }
    }
}
