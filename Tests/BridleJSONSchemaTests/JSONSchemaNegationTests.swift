import Foundation
import Testing

@testable import BridleJSONSchema
import BridleSchema

/// `not` pushed into schemas: exact for the common shapes, narrowed (fewer values) where a
/// disjunct cannot be expressed, an error where nothing can.
@Suite("JSON Schema negation")
struct JSONSchemaNegationTests {
    /// (schema, instances admitted, instances refused).
    static let negations: [(String, [String], [String])] = [
        (#"{"not":{"type":"string"}}"#, ["1", "null", "true", "[]", "{}"], [#""a""#]),
        (#"{"not":{"not":{"type":"string"}}}"#, [#""a""#], ["1"]),
        (#"{"type":"object","properties":{"a":{},"b":{}},"not":{"required":["a"]}}"#, [#"{"b":1}"#, #"{}"#], [#"{"a":1}"#]),
        (#"{"type":"object","properties":{"a":{},"b":{}},"not":{"required":["a","b"]}}"#, [#"{"a":1}"#, #"{"b":1}"#], [#"{"a":1,"b":2}"#]),
        (#"{"type":"integer","not":{"minimum":5}}"#, ["4", "-3"], ["5", "6"]),
        (#"{"type":"string","not":{"maxLength":2}}"#, [#""abc""#], [#""ab""#]),
        (#"{"type":"string","not":{"enum":["a","ab"]}}"#, [#""""#, #""b""#, #""abc""#, #""aa""#], [#""a""#, #""ab""#]),
        (#"{"type":"string","not":{"const":"a.b"}}"#, [#""axb""#, #""a.bc""#], [#""a.b""#]),
        (#"{"type":["boolean","null"],"not":{"const":null}}"#, ["true", "false"], ["null"]),
        (#"{"not":{"anyOf":[{"type":"string"},{"type":"object"}]}}"#, ["1", "[]"], [#""a""#, "{}"]),
        (#"{"type":"integer","not":{"allOf":[{"minimum":1},{"maximum":3}]}}"#, ["0", "4"], ["1", "3"]),
        (#"{"type":"object","not":{"properties":{"a":{"type":"string"}}}}"#, [#"{"a":1}"#], [#"{"a":"s"}"#, #"{}"#]),
        (#"{"type":"integer","not":{"multipleOf":4}}"#, ["1", "-6"], ["0", "8", "-12"]),
        (#"{"enum":[5,6,7,10,"a"],"not":{"multipleOf":5}}"#, ["6", "7"], ["5", "10", #""a""#]),
        (#"{"type":"integer","not":{"enum":[1,2.0,2.5]}}"#, ["0", "3"], ["1", "2"]),
        (#"{"enum":[1,2,3],"not":{"const":2}}"#, ["1", "3"], ["2"]),
        (#"{"type":"number","not":{"anyOf":[{"multipleOf":1.5},{"multipleOf":2}]}}"#, ["7", "-1"], ["1.5", "3", "12", "4"]),
    ]

    /// `not multipleOf` keeps the integers off the step (every non-integer is dropped: a
    /// narrowing), with a decimal step read as the integer step it implies (`2.5` → 5).
    @Test func negatedStepsBecomeExcludedIntegerSteps() throws {
        // 0.1 implies 1: every integer is a multiple, so nothing is left.
        #expect(throws: (any Error).self) {
            try GenerationSchema(jsonSchema: #"{"type":"number","not":{"anyOf":[{"multipleOf":2.5},{"multipleOf":0.1}]}}"#)
        }
        let kept = try GenerationSchema(jsonSchema: #"{"type":"number","not":{"anyOf":[{"multipleOf":2.5},{"multipleOf":0.75}]}}"#)
        #expect(kept.root == .integer(IntegerConstraints(excludedMultiples: [5, 3])))
    }

    @Test(arguments: negations)
    func negationsAdmitOnlyValidValues(_ input: String, admits: [String], refuses: [String]) throws {
        try ImportCheck.admitsOnly(input, admits: admits, refuses: refuses)
    }

    @Test func excludedStringsPatternMatchesEverythingElse() throws {
        let excluded = ["", "a", "ab", "b]", "x^-\\"]
        let pattern = try #require(StringExclusion.pattern(excluding: excluded))
        let regex = try Regex(pattern)
        for text in excluded { #expect(try regex.wholeMatch(in: text) == nil, "\(text)") }
        for text in ["aa", "abc", "b", "b]]", "x^-", "z", "\n", "a\n"] { #expect(try regex.wholeMatch(in: text) != nil, "\(text)") }
    }

    @Test func negationsThatCannotBeExpressedAreErrors() {
        #expect(throws: JSONSchemaImportError.self) { try GenerationSchema(jsonSchema: #"{"type":"string","not":{"format":"date"}}"#) }
        #expect(throws: JSONSchemaImportError.self) { try GenerationSchema(jsonSchema: #"{"not":{}}"#) }
    }
}
