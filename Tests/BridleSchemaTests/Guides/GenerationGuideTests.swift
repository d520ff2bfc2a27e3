import BridleTestSupport
import Foundation
import Testing

@testable import BridleSchema

/// Every guide: the schema node it produces, values it accepts and rejects (checked by
/// the conformance checker, which the decoder must agree with), and the error for guides
/// no value can satisfy.
@Suite("Guides")
struct GenerationGuideTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let schema: GenerationSchema
        let json: String
        let accepts: [String]
        let rejects: [String]
        var testDescription: String { name }
    }

    static func guided<Value: Generable>(_: Value.Type, _ guides: GenerationGuide<Value>...) -> GenerationSchema {
        var schema = Value.generationSchema
        schema.root = schema.root.applying(guides.flatMap(\.constraints), path: "value", issues: &schema.buildIssues)
        return schema
    }

    static let date2026 = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    static let date2027 = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01T00:00:00Z

    static let cases: [Case] = [
        Case(name: "anyOf", schema: guided(String.self, .anyOf(["all", "completed"])),
             json: #"{"type":"string","enum":["all","completed"]}"#,
             accepts: [#""all""#, #""completed""#], rejects: [#""none""#, #""All""#, "1"]),
        Case(name: "constant", schema: guided(String.self, .constant("v1")),
             json: #"{"type":"string","const":"v1"}"#, accepts: [#""v1""#], rejects: [#""v2""#]),
        Case(name: "pattern", schema: guided(String.self, .pattern("[A-Z]{3}-[0-9]{2}")),
             json: #"{"type":"string","pattern":"^(?:[A-Z]{3}-[0-9]{2})$"}"#,
             accepts: [#""ABC-12""#], rejects: [#""ABC-123""#, #"" ABC-12""#, #""abc-12""#]),
        Case(name: "length", schema: guided(String.self, .length(2...3)),
             json: #"{"type":"string","minLength":2,"maxLength":3}"#,
             accepts: [#""ab""#, #""abc""#, #""é😀""#], rejects: [#""a""#, #""abcd""#]),
        Case(name: "integer range", schema: guided(Int.self, .range(1...10)),
             json: #"{"type":"integer","minimum":1,"maximum":10}"#,
             accepts: ["1", "10", "5"], rejects: ["0", "11", "5.5", #""5""#]),
        Case(name: "integer minimum", schema: guided(UInt8.self, .minimum(200)),
             json: #"{"type":"integer","minimum":200,"maximum":255}"#, accepts: ["200", "255"], rejects: ["199", "256"]),
        Case(name: "integer maximum", schema: guided(Int64.self, .maximum(-5)),
             json: #"{"type":"integer","minimum":-9223372036854775808,"maximum":-5}"#,
             accepts: ["-5", "-9223372036854775808"], rejects: ["-4", "-9223372036854775809"]),
        Case(name: "double range", schema: guided(Double.self, .range(0.1...0.5)),
             json: #"{"type":"number","minimum":0.1,"maximum":0.5}"#,
             accepts: ["0.1", "0.5", "0.25"], rejects: ["0.09999", "0.5000001", "1"]),
        Case(name: "decimal minimum", schema: guided(Decimal.self, .minimum(Decimal(string: "2.5")!)),
             json: #"{"type":"number","minimum":2.5}"#, accepts: ["2.5", "1e3"], rejects: ["2.49"]),
        Case(name: "count", schema: guided([String].self, .count(2)),
             json: #"{"type":"array","items":{"type":"string"},"minItems":2,"maxItems":2}"#,
             accepts: [#"["a","b"]"#], rejects: [#"["a"]"#, #"["a","b","c"]"#]),
        Case(name: "count range", schema: guided([Int8].self, .count(1...2)),
             json: #"{"type":"array","items":{"type":"integer","minimum":-128,"maximum":127},"minItems":1,"maxItems":2}"#,
             accepts: ["[1]", "[1,2]"], rejects: ["[]", "[1,2,3]", "[128]"]),
        Case(name: "minimumCount and maximumCount", schema: guided([Bool].self, .minimumCount(1), .maximumCount(1)),
             json: #"{"type":"array","items":{"type":"boolean"},"minItems":1,"maxItems":1}"#,
             accepts: ["[true]"], rejects: ["[]", "[true,false]"]),
        Case(name: "element", schema: guided([Int].self, .element(.range(1...5))),
             json: #"{"type":"array","items":{"type":"integer","minimum":1,"maximum":5}}"#,
             accepts: ["[]", "[1,5]"], rejects: ["[0]", "[1,6]"]),
        Case(name: "date range", schema: guided(Date.self, .range(date2026...date2027)),
             json: #"{"type":"string","format":"date-time","formatMinimum":"2026-01-01T00:00:00Z","formatMaximum":"2027-01-01T00:00:00Z"}"#,
             accepts: [#""2026-01-01T00:00:00Z""#, #""2026-06-30T12:00:00+02:00""#, #""2027-01-01T00:00:00Z""#],
             rejects: [#""2025-12-31T23:59:59Z""#, #""2027-01-01T00:00:01Z""#, #""2026-02-30T00:00:00Z""#]),
        Case(name: "date after and before", schema: guided(Date.self, .after(date2026), .before(date2027)),
             json: #"{"type":"string","format":"date-time","formatExclusiveMinimum":"2026-01-01T00:00:00Z","formatExclusiveMaximum":"2027-01-01T00:00:00Z"}"#,
             accepts: [#""2026-01-01T00:00:01Z""#], rejects: [#""2026-01-01T00:00:00Z""#, #""2027-01-01T00:00:00Z""#]),
    ]

    @Test(arguments: cases)
    func guide(_ testCase: Case) throws {
        #expect(jsonSchemaBody(testCase.schema) == testCase.json)
        try testCase.schema.validate()
        for text in testCase.accepts {
            #expect(testCase.schema.violations(of: try GeneratedContent(json: text)) == [], "\(text)")
        }
        for text in testCase.rejects {
            #expect(!testCase.schema.conforms(try GeneratedContent(json: text)), "\(text)")
        }
    }

    @Test func theDecoderAgreesWithTheIntegerBounds() throws {
        // What the schema rejects for a width, the type's own decoder rejects too.
        #expect(throws: DecodingError.self) { try UInt8(GeneratedContent(json: "256")) }
        #expect(throws: DecodingError.self) { try Int8(GeneratedContent(json: "-129")) }
        #expect(throws: DecodingError.self) { try Int(GeneratedContent(json: "5.5")) }
        #expect(try UInt64(GeneratedContent(json: "18446744073709551615")) == .max)
    }

    static let impossible: [(String, GenerationSchema, String)] = [
        ("minimum above maximum", guided(Int.self, .minimum(10), .maximum(1)), "minimum 10 is above maximum 1"),
        ("empty anyOf", guided(String.self, .anyOf([])), "has no allowed strings"),
        ("negative count", guided([Int].self, .count(-1)), "maximum count -1 is negative"),
        ("count above maximumCount", guided([Int].self, .minimumCount(3), .maximumCount(2)), "minimum count 3 is above maximum count 2"),
        ("NaN bound", guided(Double.self, .minimum(.nan)), ".minimum(nan) can never be satisfied"),
        ("run-time Regex", guided(String.self, .pattern(try! Regex("[a-z]+"))), "has no readable pattern"),
        ("choice outside the pattern", guided(String.self, .anyOf(["a1"]), .pattern("[a-z]+")), "does not match the pattern"),
        ("empty number range", guided(Double.self, .minimum(2), .maximum(1)), "is empty"),
        ("empty date range", guided(Date.self, .after(date2027), .before(date2026)), "is empty"),
        ("invalid pattern", guided(String.self, .pattern("(unclosed")), "not a valid regular expression"),
    ]

    @Test(arguments: impossible)
    func impossibleGuidesAreTypedErrors(name: String, schema: GenerationSchema, message: String) {
        #expect(throws: GenerationSchemaError.self) { try schema.validate() }
        #expect(schema.issues.contains { $0.message.contains(message) }, "\(schema.issues)")
    }

    @Test func guidesNarrowRatherThanReplace() {
        let schema = Self.guided(Int.self, .range(1...10), .range(5...20))
        #expect(jsonSchemaBody(schema) == #"{"type":"integer","minimum":5,"maximum":10}"#)
        let choices = Self.guided(String.self, .anyOf(["a", "b", "c"]), .anyOf(["c", "b", "z"]))
        #expect(jsonSchemaBody(choices) == #"{"type":"string","enum":["b","c"]}"#)
    }
}
