import BridleTestSupport
import Foundation
import Testing

@testable import BridleJSONSchema
import BridleSchema

@Suite("JSON Schema import")
struct JSONSchemaImportTests {
    /// (input, what Bridle makes of it, printed back).
    static let supported: [(String, String)] = [
        (#"{"type":"string","minLength":1,"maxLength":5,"pattern":"^a"}"#, #"{"type":"string","pattern":"^a","minLength":1,"maxLength":5}"#),
        (#"{"type":"string","format":"date"}"#, #"{"type":"string","format":"date"}"#),
        (#"{"type":"string","format":"time"}"#, #"{"type":"string","format":"time"}"#),
        (#"{"type":"string","format":"date-time","formatMinimum":"2026-01-01T00:00:00Z"}"#, #"{"type":"string","format":"date-time","formatMinimum":"2026-01-01T00:00:00Z"}"#),
        (#"{"type":"integer","minimum":1.5,"exclusiveMaximum":10}"#, #"{"type":"integer","minimum":2,"maximum":9}"#),
        (#"{"type":"integer","exclusiveMinimum":-3.5,"maximum":-1.5}"#, #"{"type":"integer","minimum":-3,"maximum":-2}"#),
        (#"{"type":"integer","minimum":5,"exclusiveMinimum":true}"#, #"{"type":"integer","minimum":6}"#),
        (#"{"type":"integer","maximum":1e40}"#, #"{"type":"integer","maximum":170141183460469231731687303715884105727}"#),
        (#"{"type":"number","exclusiveMinimum":0,"maximum":1}"#, #"{"type":"number","exclusiveMinimum":0,"maximum":1}"#),
        (#"{"type":["string","null"]}"#, #"{"anyOf":[{"type":"string"},{"type":"null"}]}"#),
        // OpenAPI's nullable is no JSON Schema keyword: 2020-12 validators reject null here.
        (#"{"type":"integer","nullable":true}"#, #"{"type":"integer"}"#),
        (#"{"type":["integer","number"]}"#, #"{"type":"number"}"#),
        (#"{"enum":["a","b"]}"#, #"{"type":"string","enum":["a","b"]}"#),
        (#"{"enum":[1,"a",null]}"#, #"{"enum":[1,"a",null]}"#),
        (#"{"type":"string","enum":["a",1,"bb"],"maxLength":1}"#, #"{"type":"string","const":"a"}"#),
        (#"{"const":42}"#, #"{"const":42}"#),
        (#"{"type":"array","items":{"type":"boolean"},"minItems":1,"maxItems":2}"#, #"{"type":"array","items":{"type":"boolean"},"minItems":1,"maxItems":2}"#),
        (#"{"type":"array","prefixItems":[{"type":"integer"}],"items":false}"#, #"{"type":"array","prefixItems":[{"type":"integer"}],"items":{},"maxItems":1}"#),
        (#"{"type":"array","items":[{"type":"integer"},{"type":"string"}],"additionalItems":false}"#, #"{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"items":{},"maxItems":2}"#),
        (#"{"type":"array","uniqueItems":false}"#, #"{"type":"array","items":{}}"#),
        (#"{"type":"object","properties":{"b":{"type":"integer"},"a":{"type":"string"}},"required":["a"]}"#,
         #"{"type":"object","properties":{"b":{"type":"integer"},"a":{"type":"string"}},"required":["a"],"x-order":["b","a"]}"#),
        (#"{"type":"object","properties":{"a":{}},"required":["a","extra"],"additionalProperties":{"type":"integer"}}"#,
         #"{"type":"object","properties":{"a":{},"extra":{"type":"integer"}},"required":["a","extra"],"x-order":["a","extra"],"additionalProperties":{"type":"integer"}}"#),
        (#"{"properties":{"a":{"type":"boolean"}},"additionalProperties":false}"#, #"{"type":"object","properties":{"a":{"type":"boolean"}},"additionalProperties":false}"#),
        (#"{"minLength":2}"#, #"{"type":"string","minLength":2}"#),
        (#"{"anyOf":[{"type":"integer"},{"type":"string"}],"description":"either"}"#, #"{"description":"either","anyOf":[{"type":"integer"},{"type":"string"}]}"#),
        (#"{"oneOf":[{"type":"integer"},{"type":"boolean"}]}"#, #"{"oneOf":[{"type":"integer"},{"type":"boolean"}]}"#),
        (#"{"allOf":[{"type":"boolean"}]}"#, #"{"type":"boolean"}"#),
        (#"{"title":"T","description":"D","examples":[1],"default":1,"$comment":"c","x-custom":1,"type":"integer"}"#, #"{"type":"integer","title":"T","description":"D","default":1}"#),
        (true.description, #"{}"#),
    ]

    @Test(arguments: supported)
    func imports(_ input: String, as expected: String) throws {
        let schema = try GenerationSchema(jsonSchema: input)
        #expect(jsonSchemaBody(schema) == expected)
        try schema.validate()
    }

    @Test func referencesBecomeDefinitions() throws {
        let schema = try GenerationSchema(jsonSchema: ##"""
            {"type":"object","properties":{"child":{"$ref":"#/$defs/Node"},"legacy":{"$ref":"#/definitions/Leaf"},"self":{"$ref":"#"}},
             "$defs":{"Node":{"type":"object","properties":{"next":{"$ref":"#/$defs/Node"}}}},
             "definitions":{"Leaf":{"type":"string"}}}
            """##)
        #expect(schema.root == .reference("root"))
        #expect(schema.definitions.keys.sorted() == ["Leaf", "Node", "root"])
        try schema.validate()
        #expect(schema.conforms(try GeneratedContent(json: #"{"child":{"next":{}},"legacy":"x","self":{"legacy":"y"}}"#)))
        #expect(!schema.conforms(try GeneratedContent(json: #"{"self":{"legacy":1}}"#)))
    }

    /// (schema, JSON pointer of the error, keyword).
    static let unsupported: [(String, String, String?)] = [
        (##"{"$dynamicRef":"#node"}"##, "#/$dynamicRef", "$dynamicRef"),
        (##"{"$recursiveRef":"#"}"##, "#/$recursiveRef", "$recursiveRef"),
        (##"{"type":"number","multipleOf":0}"##, "#/multipleOf", "multipleOf"),
        (##"{"type":"object","patternProperties":{"(":{}}}"##, "#/patternProperties/(", "patternProperties"),
        (##"{"type":"object","dependentRequired":{"a":[1]}}"##, "#/dependentRequired/a", "dependentRequired"),
        (##"{"type":"array","uniqueItems":"yes"}"##, "#/uniqueItems", "uniqueItems"),
        (##"{"$ref":"other.json#/a"}"##, "#/$ref", "$ref"),
        (##"{"$ref":"#/$defs/missing"}"##, "#/$ref", "$ref"),
        (##"{"$ref":"#anchor"}"##, "#/$ref", "$ref"),
        (##"{"type":"strin"}"##, "#/type", "type"),
        (##"{"type":"object","required":["a"],"additionalProperties":false}"##, "#/required", "required"),
        (##"{"type":"string","enum":["abc"],"maxLength":1}"##, "#", "enum"),
        (##"{"type":"string","minLength":-1}"##, "#/minLength", "minLength"),
        (##"{"type":"object","properties":{"a":false},"required":["a"]}"##, "#/properties/a", nil),
        (##"[1]"##, "#", nil),
    ]

    @Test(arguments: unsupported)
    func unsupportedKeywordsAreErrorsAtTheirPointer(_ input: String, pointer: String, keyword: String?) {
        do {
            let schema = try GenerationSchema(jsonSchema: input)
            Issue.record("expected an error at \(pointer), got \(schema.jsonSchemaString())")
        } catch let error as JSONSchemaImportError {
            #expect(error.pointer == pointer, "\(error)")
            #expect(error.keyword == keyword, "\(error)")
            #expect(error.description.hasPrefix("\(pointer): "))
        } catch {
            Issue.record("expected a JSONSchemaImportError, got \(error)")
        }
    }

    @Test func invalidJSONIsAnImportErrorWithThePosition() {
        #expect(throws: JSONSchemaImportError.self) { try GenerationSchema(jsonSchema: #"{"type": "string",}"#) }
    }
}
