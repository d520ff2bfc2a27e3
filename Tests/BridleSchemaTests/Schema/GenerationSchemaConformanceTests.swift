import BridleJSONSchema
import Testing

@testable import BridleSchema

@Suite struct GenerationSchemaConformanceTests {
    @Test func importedSchemasAreJudgedByTheirDocument() throws {
        // The IR keeps both oneOf branches; the document says a value may match only one.
        let schema = try GenerationSchema(jsonSchema: #"{"oneOf":[{"type":"integer","minimum":0},{"type":"integer","maximum":10}]}"#)
        #expect(!schema.conforms(5))
        #expect(schema.conforms(11))
        // An open object in the document admits properties the IR's grammar never writes.
        let open = try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"a":{"type":"string"}}}"#)
        #expect(open.conforms(["a": "x", "extra": [1, 2]]))
    }

    @Test func aDocumentTheEvaluatorCannotDecideOnIsAViolation() throws {
        var schema = GenerationSchema(root: .any)
        schema.judgeByDocument(["$ref": "https://example.com/elsewhere.json"])
        let issues = schema.violations(of: 1)
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("can't be checked") == true)
    }

    @Test func typesAreJudgedByTheirIR() {
        let schema = GenerationSchema(root: .integer(IntegerConstraints(minimum: 1, maximum: 10)))
        #expect(schema.jsonSchemaSource == nil)
        #expect(schema.violations(of: 11).map(\.description) == ["#: 11 is outside 1...10"])
    }
}
