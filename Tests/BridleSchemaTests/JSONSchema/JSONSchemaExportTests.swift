import BridleJSONSchema
import Foundation
import Testing

@testable import BridleSchema

@Suite("JSON Schema export")
struct JSONSchemaExportTests {
    static let sample = GenerationSchema(root: SchemaNode(.object(ObjectShape(properties: [
        SchemaProperty(name: "zeta", node: .string(StringConstraints(choices: ["a", "b"]))),
        SchemaProperty(name: "alpha", node: .integer(IntegerConstraints(minimum: 1, maximum: 10)), isOptional: true),
        SchemaProperty(name: "mid", node: .number(NumberConstraints(minimum: 0, minimumIsExclusive: true, maximum: Decimal(string: "2.5")))),
        SchemaProperty(name: "list", node: .array(ArrayConstraints(prefixItems: [.boolean], items: .null, minimumCount: 1, maximumCount: 3))),
        SchemaProperty(name: "map", node: .object(ObjectShape(additionalProperties: .string(StringConstraints(format: .uuid))))),
        SchemaProperty(name: "choice", node: SchemaNode(.oneOf([.boolean, SchemaNode(.enumeration([1, "x", nil]))]))),
        SchemaProperty(name: "any", node: .any),
    ])), title: "Sample", description: "Everything at once"))

    @Test func printsKeysInAFixedReadableOrder() {
        #expect(Self.sample.jsonSchemaString() == #"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","title":"Sample","description":"Everything at once","properties":{"zeta":{"type":"string","enum":["a","b"]},"alpha":{"type":"integer","minimum":1,"maximum":10},"mid":{"type":"number","exclusiveMinimum":0,"maximum":2.5},"list":{"type":"array","prefixItems":[{"type":"boolean"}],"items":{"type":"null"},"minItems":1,"maxItems":3},"map":{"type":"object","additionalProperties":{"type":"string","format":"uuid"}},"choice":{"oneOf":[{"type":"boolean"},{"enum":[1,"x",null]}]},"any":{}},"required":["zeta","mid","list","map","choice","any"],"x-order":["zeta","alpha","mid","list","map","choice","any"],"additionalProperties":false}"#)
    }

    @Test func importingTheExportGivesTheSameSchema() throws {
        // The imported schema also keeps the document it was read from; the IR is the same.
        for text in [Self.sample.jsonSchemaString(), Self.sample.jsonSchemaString(prettyPrinted: true)] {
            let imported = try GenerationSchema(jsonSchema: text)
            #expect(imported.root == Self.sample.root)
            #expect(imported.definitions == Self.sample.definitions)
            #expect(imported.jsonSchemaSource == (try GeneratedContent(json: text)))
        }
    }

    @Test func severalPatternsExportAsAllOfAndNot() throws {
        let strings = GenerationSchema(root: .string(StringConstraints(pattern: "^a", additionalPatterns: ["x$"], excludedPatterns: ["b"])))
        let text = strings.jsonSchemaString()
        #expect(text.contains(#""allOf":[{"pattern":"x$"},{"not":{"pattern":"b"}}]"#), "\(text)")
        #expect(try GenerationSchema(jsonSchema: text).root == strings.root)
    }

    @Test func foundationCodersRoundTripThroughXOrder() throws {
        let data = try JSONEncoder().encode(Self.sample)
        #expect(try JSONDecoder().decode(GenerationSchema.self, from: data).root == Self.sample.root)
        // Bridle's own coders keep key order without needing x-order.
        let content = try GeneratedContentEncoder().encode(Self.sample)
        #expect(content.jsonString == Self.sample.jsonSchemaString())
        #expect(try GeneratedContentDecoder().decode(GenerationSchema.self, from: content).root == Self.sample.root)
    }

    @Test func foundationDecodingReportsImportErrors() {
        let data = Data(#"{"type":"string","format":1}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(GenerationSchema.self, from: data) }
    }
}
