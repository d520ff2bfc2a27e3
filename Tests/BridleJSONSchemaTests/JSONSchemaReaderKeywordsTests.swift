import Testing

@testable import BridleJSONSchema
import BridleSchema

/// The per-type keywords read into the IR, and the validator judging them exactly.
@Suite("JSON Schema reader: per-type keywords")
struct JSONSchemaReaderKeywordsTests {
    /// (schema, valid instances, invalid instances).
    static let cases: [(String, [String], [String])] = [
        (#"{"type":"object","patternProperties":{"^s_":{"type":"string"},"^i_":{"type":"integer"}},"additionalProperties":false}"#,
         ["{}", #"{"s_a":"x","i_b":1}"#], [#"{"s_a":1}"#, #"{"other":1}"#]),
        (#"{"type":"object","properties":{"a":{}},"patternProperties":{"a":{"type":"string"}}}"#,
         [#"{"a":"x"}"#, #"{"b":1}"#], [#"{"a":1}"#, #"{"ba":2}"#]),
        (#"{"type":"object","propertyNames":{"pattern":"^[a-z]+$"}}"#, ["{}", #"{"ab":1}"#], [#"{"A":1}"#, #"{"a1":1}"#]),
        (#"{"type":"object","minProperties":1,"maxProperties":2}"#, [#"{"a":1}"#, #"{"a":1,"b":2}"#], ["{}", #"{"a":1,"b":2,"c":3}"#]),
        (#"{"type":"object","dependentRequired":{"a":["b","c"]}}"#, ["{}", #"{"a":1,"b":1,"c":1}"#, #"{"b":1}"#], [#"{"a":1,"b":1}"#]),
        (#"{"type":"object","dependentSchemas":{"a":{"properties":{"b":{"type":"integer"}}}}}"#, [#"{"a":1,"b":2}"#, #"{"b":"x"}"#], [#"{"a":1,"b":"x"}"#]),
        (#"{"$schema":"http://json-schema.org/draft-07/schema","type":"object","dependencies":{"a":["b"],"c":{"required":["d"]}}}"#, [#"{"a":1,"b":2}"#, #"{"c":1,"d":2}"#], [#"{"a":1}"#, #"{"c":1}"#]),
        (#"{"type":"array","uniqueItems":true}"#, ["[]", "[1,2]", #"[[1],[2]]"#], ["[1,1.0]", "[[1],[1]]", #"[{"a":[1]},{"a":[1.00]}]"#]),
        (#"{"type":"array","contains":{"type":"string"},"minContains":2,"maxContains":3}"#, [#"["a","b",1]"#], [#"["a"]"#, #"["a","b","c","d"]"#]),
        (#"{"type":"integer","multipleOf":2.5}"#, ["5", "-10", "0"], ["2", "7"]),
        (#"{"type":"number","multipleOf":0.1}"#, ["0.3", "1e3", "-12.7"], ["0.31", "1e-3"]),
        (#"{"type":"number","multipleOf":0.0001}"#, ["0.0075", "1"], ["0.00751"]),
        (#"{"type":"string","format":"email"}"#, [#""a@b.co""#], [#""a@""#]),
        (#"{"type":"string","format":"ipv6"}"#, [#""::1""#], [#""::1::""#]),
        (#"{"type":"string","format":"uri"}"#, [#""https://x.org/a""#], [#""/a""#]),
        (#"{"type":"string","format":"regex"}"#, [#""^a+$""#], [#""(""#]),
    ]

    @Test(arguments: cases)
    func validatorJudgesTheKeyword(_ schema: String, _ valid: [String], _ invalid: [String]) throws {
        let parsed = try GenerationSchema(jsonSchema: schema)
        for text in valid {
            let content = try GeneratedContent(json: text)
            #expect(parsed.violations(of: content) == [], "\(schema): \(text)")
        }
        for text in invalid {
            #expect(!parsed.conforms(try GeneratedContent(json: text)), "\(schema): \(text)")
        }
    }

    @Test func integerStepsAreReducedExactly() throws {
        func step(_ value: String) throws -> Int128? {
            guard case .integer(let constraints) = try GenerationSchema(jsonSchema: #"{"type":"integer","multipleOf":\#(value)}"#).root.kind else { return nil }
            return constraints.multipleOf
        }
        #expect(try step("2.5") == 5)
        #expect(try step("0.5") == nil)
        #expect(try step("1e2") == 100)
        #expect(try step("0.75") == 3)
        #expect(try step("7") == 7)
    }

    @Test func keywordsRoundTripThroughExport() throws {
        let text = #"{"type":"object","properties":{"a":{"type":"integer","multipleOf":3}},"patternProperties":{"^x":{"type":"string"}},"propertyNames":{"type":"string","maxLength":9},"minProperties":1,"maxProperties":4,"dependentRequired":{"a":["b"]}}"#
        let schema = try GenerationSchema(jsonSchema: text)
        let again = try GenerationSchema(jsonSchema: schema.jsonSchema)
        #expect(again == schema)
    }
}
