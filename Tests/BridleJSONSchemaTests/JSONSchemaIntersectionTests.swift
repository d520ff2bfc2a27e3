import Foundation
import Testing

@testable import BridleJSONSchema
import BridleSchema
import BridleTestSupport

/// `allOf` merged keyword by keyword into one schema.
@Suite("JSON Schema intersection")
struct JSONSchemaIntersectionTests {
    /// (schema, instances admitted, instances refused).
    static let merges: [(String, [String], [String])] = [
        (#"{"allOf":[{"type":"string"},{"minLength":1}]}"#, [#""a""#], [#""""#, "1"]),
        (#"{"allOf":[{"type":["integer","string"]},{"type":["number","null"]}]}"#, ["3"], ["null", #""a""#, "1.5"]),
        (#"{"allOf":[{"type":"integer","minimum":1,"maximum":10},{"exclusiveMinimum":2,"maximum":5}]}"#, ["3", "5"], ["2", "6"]),
        (#"{"allOf":[{"type":"number","minimum":5,"exclusiveMinimum":true},{"type":"number","minimum":5}]}"#, ["5.5"], ["5"]),
        (#"{"allOf":[{"type":"string","maxLength":5},{"type":"string","maxLength":3,"minLength":2}]}"#, [#""abc""#], [#""abcd""#, #""a""#]),
        (#"{"allOf":[{"enum":["a","b","c"]},{"enum":["b","c","d"]}]}"#, [#""b""#, #""c""#], [#""a""#, #""d""#]),
        (#"{"allOf":[{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]},{"properties":{"a":{"minimum":0},"b":{"type":"string"}},"required":["b"]}]}"#,
         [#"{"a":0,"b":"x"}"#], [#"{"a":-1,"b":"x"}"#, #"{"a":1}"#, #"{"b":"x"}"#]),
        // additionalProperties: false on one side forbids what only the other side names
        (#"{"allOf":[{"type":"object","properties":{"a":{}},"additionalProperties":false},{"properties":{"b":{}}}]}"#,
         [#"{"a":1}"#, #"{}"#], [#"{"b":1}"#, #"{"c":1}"#]),
        (#"{"allOf":[{"type":"object","additionalProperties":{"type":"integer"}},{"properties":{"a":{"type":"number"}}}]}"#,
         [#"{"a":1,"z":2}"#], [#"{"a":1.5}"#, #"{"z":"s"}"#]),
        (#"{"allOf":[{"type":"array","items":{"type":"integer"}},{"maxItems":2,"items":{"minimum":0}}]}"#, ["[0,1]"], ["[-1]", "[1,2,3]", #"["a"]"#]),
        (#"{"allOf":[{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"integer"}},{"prefixItems":[{},{"minimum":5}]}]}"#,
         [#"["a",5,1]"#], [#"["a",4]"#, "[1]"]),
        (#"{"allOf":[{"type":"object","required":["a"]},{"anyOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"a":{"type":"integer"}}}]}]}"#,
         [#"{"a":"x"}"#, #"{"a":1}"#], [#"{}"#, #"{"a":true}"#]),
    ]

    /// Two decimal steps: exactly the multiples of both (`6.75 · 76 = 19 · 27 = 513`).
    @Test(arguments: [("6.75", "19", "513"), ("0.5", "0.75", "1.5"), ("2.125", "9.5", "161.5"), ("4", "6", "12"), ("1e-2", "3", "3")])
    func decimalStepsMergeIntoTheirLeastCommonMultiple(_ a: String, _ b: String, _ expected: String) throws {
        let (x, y) = (try #require(JSONNumber(text: a)), try #require(JSONNumber(text: b)))
        let multiple = try #require(JSONSchemaComposition.decimalCommonMultiple(x, y))
        #expect(multiple == JSONNumber(text: expected))
        let schema = try GenerationSchema(jsonSchema: #"{"type":"number","allOf":[{"multipleOf":\#(a)},{"multipleOf":\#(b)}]}"#)
        for factor in 1...4 {
            let text = "\((Decimal(string: expected) ?? 0) * Decimal(factor))"
            #expect(schema.conforms(try GeneratedContent(json: text)), "\(text)")
        }
    }

    /// Seeded: random decimal steps, their merged step divides every common multiple found
    /// by brute force in a window, and is one.
    @Test func randomDecimalStepsMergeExactly() throws {
        var random = SplitMix64(seed: 0x1C11)
        for _ in 0..<40 {
            let (m, n) = (Int.random(in: 1...60, using: &random), Int.random(in: 1...60, using: &random))
            let (i, j) = (Int.random(in: 0...2, using: &random), Int.random(in: 0...2, using: &random))
            let x = try #require(JSONNumber(text: "\(m)e-\(i)"))
            let y = try #require(JSONNumber(text: "\(n)e-\(j)"))
            let multiple = try #require(JSONSchemaComposition.decimalCommonMultiple(x, y))
            // In hundredths: the smallest k·0.01 that both divide.
            let (a, b) = (m * [100, 10, 1][i], n * [100, 10, 1][j])
            let smallest = (1...b).lazy.map { $0 * a }.first { $0 % b == 0 }
            let hundredths = try #require(smallest)
            #expect(multiple == JSONNumber(text: "\(hundredths)e-2"), "\(x) \(y)")
        }
    }

    @Test(arguments: merges)
    func mergesAdmitExactlyBothSides(_ input: String, admits: [String], refuses: [String]) throws {
        let schema = try GenerationSchema(jsonSchema: input)
        try schema.validate()
        for text in admits { #expect(schema.conforms(try GeneratedContent(json: text)), "\(text) in \(schema.jsonSchemaString())") }
        for text in refuses { #expect(!schema.conforms(try GeneratedContent(json: text)), "\(text) in \(schema.jsonSchemaString())") }
    }

    /// Random pairs of simple schemas: every value of a fixed pool the merge admits is valid
    /// against both sides, as the exact evaluator judges them.
    @Test func randomMergesAreSound() throws {
        var random = SplitMix64(seed: 0xA110F)
        let pieces = [
            #""type":"integer""#, #""type":"string""#, #""type":["integer","null"]"#, #""minimum":2"#, #""maximum":4"#,
            #""exclusiveMaximum":3"#, #""minLength":1"#, #""maxLength":2"#, #""enum":[1,2,"a",null]"#, #""const":2"#,
        ]
        let pool = ["null", "0", "1", "2", "3", "4", "5", "1.5", #""""#, #""a""#, #""abc""#, "true", "[]", "{}"].compactMap { try? GeneratedContent(json: $0) }
        for _ in 0..<200 {
            func side() -> String {
                let count = Int(random.next() % 3) + 1
                return "{" + (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined(separator: ",") + "}"
            }
            let text = #"{"allOf":[\#(side()),\#(side())]}"#
            guard let document = try? GeneratedContent(json: text) else { continue }  // a repeated key
            guard let schema = try? GenerationSchema(jsonSchema: document) else { continue }
            var evaluator = FiniteValueEvaluator(references: JSONSchemaReferences(document: document), limits: SchemaLimits())
            for value in pool where schema.conforms(value) {
                #expect(try evaluator.isValid(value, against: document, at: "#"), "\(value) admitted by \(text)")
            }
        }
    }
}
