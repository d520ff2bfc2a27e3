import Testing

@testable import BridleJSONSchema
import BridleSchema

/// References resolved per RFC 3986 against the base in effect become document pointers;
/// unresolvable ones are left for the reader to refuse.
@Suite("JSON Schema reference linker")
struct JSONSchemaReferenceLinkerTests {
    /// (document, pointer of the `$ref` after linking, expected target).
    static let cases: [(String, [String], String)] = [
        (##"{"$id":"http://x.com/root.json","$ref":"int.json","$defs":{"i":{"$id":"int.json"}}}"##, ["$ref"], "#/$defs/i"),
        (##"{"$ref":"urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed","$defs":{"u":{"$id":"urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed"}}}"##, ["$ref"], "#/$defs/u"),
        (##"{"$id":"http://x.com/a/","properties":{"p":{"$ref":"b#/$defs/c"}},"$defs":{"b":{"$id":"b","$defs":{"c":{}}}}}"##, ["properties", "p", "$ref"], "#/$defs/b/$defs/c"),
        (##"{"$defs":{"n":{"$id":"http://x.com/n","$ref":"#/$defs/m","$defs":{"m":{}}}}}"##, ["$defs", "n", "$ref"], "#/$defs/n/$defs/m"),
        (##"{"$ref":"#a","$defs":{"x":{"$anchor":"a"}}}"##, ["$ref"], "#/$defs/x"),
        (##"{"$ref":"http://elsewhere.com/s.json"}"##, ["$ref"], "http://elsewhere.com/s.json"),
    ]

    @Test(arguments: cases)
    func referencesBecomeDocumentPointers(_ document: String, _ path: [String], _ expected: String) throws {
        var linked = try JSONSchemaReferenceLinker.link(try GeneratedContent(json: document), limits: SchemaLimits())
        for key in path {
            guard let child = linked[property: key] else {
                Issue.record("nothing at \(key)")
                return
            }
            linked = child
        }
        #expect(linked == GeneratedContent(expected))
    }

    @Test func staticDynamicReferencesBecomeReferences() throws {
        let document = ##"{"$id":"http://x.com/r","items":{"$dynamicRef":"#n"},"$defs":{"a":{"$dynamicAnchor":"n","type":"string"}}}"##
        let linked = try JSONSchemaReferenceLinker.link(try GeneratedContent(json: document), limits: SchemaLimits())
        #expect(linked[property: "items"] == ["$ref": "#/$defs/a"])
    }

    /// `unevaluatedProperties` beside `properties` alone is `additionalProperties`.
    @Test func decidableUnevaluatedKeywordsAreRewritten() throws {
        let document = ##"{"properties":{"a":{}},"allOf":[{"patternProperties":{"^b":{}}}],"unevaluatedProperties":false}"##
        let linked = try JSONSchemaReferenceLinker.link(try GeneratedContent(json: document), limits: SchemaLimits())
        #expect(linked[property: "unevaluatedProperties"] == nil)
        #expect(linked[property: "additionalProperties"] == false)
        #expect(linked[property: "patternProperties"] == ["^b": true])
    }
}
