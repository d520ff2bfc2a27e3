import BridleJSONSchema
import BridleSchema
import Testing

/// Every schema error is a `SchemaIssuesError`: one `catch` reports any of them, each issue with
/// its pointer (or property path) and message.
@Suite struct SchemaErrorTests {
    @Test func anImpossibleGuideIsASchemaError() throws {
        let schema = GenerationSchema(root: .integer(IntegerConstraints(minimum: 5, maximum: 1)))
        let thrown = #expect(throws: (any Error).self) { try schema.validate() }
        let error = try #require(thrown as? any SchemaIssuesError)
        #expect(error.issues.count == 1)
        #expect(error.issues.first?.message.isEmpty == false)
    }

    @Test func anUnreadableDocumentIsASchemaError() throws {
        let thrown = #expect(throws: (any Error).self) {
            try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"a":{"type":"wibble"}}}"#)
        }
        let error = try #require(thrown as? any SchemaIssuesError)
        #expect(error.issues.count == 1)
        #expect(error.issues.first?.path.hasPrefix("#/properties/a") == true)
        #expect(error.description.hasPrefix("#/properties/a"))
    }
}
