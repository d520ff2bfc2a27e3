import Foundation
import Testing

@testable import BridleJSONSchema
import BridleSchema

/// The composition pass: what `allOf`, siblings of `$ref`/`anyOf`/`oneOf`, `if`/`then`/`else`
/// and finite schemas become, and that every instance the result admits is valid against the
/// original document (checked with the exact evaluator on listed instances).
@Suite("JSON Schema composition")
struct JSONSchemaCompositionTests {
    /// (schema, instances the result must admit, instances it must refuse).
    static let accepted: [(String, [String], [String])] = [
        // siblings distributed into alternatives
        (#"{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"],"anyOf":[{"properties":{"b":{"type":"string"}},"required":["b"]},{"properties":{"c":{"type":"boolean"}},"required":["c"]}]}"#,
         [#"{"a":1,"b":"x"}"#, #"{"a":1,"c":true}"#], [#"{"a":1}"#, #"{"b":"x"}"#, #"{"a":"1","c":true}"#]),
        (#"{"type":"string","oneOf":[{"minLength":3},{"maxLength":1}]}"#, [#""abcd""#, #""a""#], [#""ab""#, "1"]),
        // $ref beside keywords: the referenced schema is inlined and merged
        (##"{"$ref":"#/$defs/P","required":["name"],"$defs":{"P":{"type":"object","properties":{"name":{"type":"string"}}}}}"##,
         [#"{"name":"x"}"#], [#"{}"#, #"{"name":1}"#]),
        // recursive definitions stay references inside merged schemas
        (##"{"allOf":[{"$ref":"#/$defs/Node"},{"required":["next"]}],"$defs":{"Node":{"type":"object","properties":{"next":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]}}}}}"##,
         [#"{"next":null}"#, #"{"next":{"next":null}}"#], [#"{}"#, #"{"next":1}"#]),
        // if/then/else decided on a property
        (#"{"type":"object","properties":{"kind":{"enum":["a","b"]},"x":{"type":"integer"}},"required":["kind"],"if":{"properties":{"kind":{"const":"a"}},"required":["kind"]},"then":{"required":["x"]},"else":{"properties":{"x":false}}}"#,
         [#"{"kind":"a","x":1}"#, #"{"kind":"b"}"#], [#"{"kind":"a"}"#, #"{"kind":"b","x":1}"#]),
        // if without required also holds when the property is absent
        (#"{"type":"object","properties":{"p":{"type":"string"}},"if":{"properties":{"p":{"const":"x"}}},"then":{"required":["q"],"properties":{"q":{"type":"integer"}}}}"#,
         [#"{"p":"x","q":1}"#, #"{"p":"y"}"#], [#"{"p":"x"}"#, #"{}"#]),
        // finite schemas keep exactly the values the rest accepts
        (#"{"allOf":[{"enum":[1,2,3,"a",[1,2]]},{"not":{"not":{"type":"integer","minimum":2}}}]}"#, ["2", "3"], ["1", #""a""#, "[1,2]"]),
        (#"{"allOf":[{"enum":[{"foo":1},{"bar":2}]},{"not":{"required":["foo"]}}]}"#, [#"{"bar":2}"#], [#"{"foo":1}"#]),
        (#"{"enum":[1,2,3,4,5,6],"multipleOf":2,"not":{"const":4}}"#, ["2", "6"], ["4", "3"]),
        (#"{"type":"boolean","not":{"const":true}}"#, ["false"], ["true"]),
        (#"{"anyOf":[{"const":"a"},{"const":"b"}],"not":{"enum":["a"]}}"#, [#""b""#], [#""a""#]),
        // several patterns are all kept; a negated pattern must not match
        (#"{"allOf":[{"type":"string","pattern":"^a"},{"pattern":"b$"}]}"#, [#""ab""#, #""a-b""#], [#""a""#, #""b""#, #""ba""#]),
        (#"{"type":"string","not":{"pattern":"^a"}}"#, [#""b""#, #""""#], [#""a""#, #""ab""#]),
        (#"{"type":"string","allOf":[{"pattern":"x"},{"not":{"anyOf":[{"pattern":"^a"},{"pattern":"b$"}]}}]}"#, [#""x""#, #""bxa""#], [#""ax""#, #""xb""#, #""y""#]),
        (##"{"type":"string","allOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/b"},{"$ref":"#/$defs/c"}],"$defs":{"a":{"pattern":"a"},"b":{"pattern":"b"},"c":{"pattern":"c"}}}"##,
         [#""abc""#, #""cba""#], [#""ab""#, #""bc""#, #""ac""#]),
        (#"{"type":"string","not":{"allOf":[{"pattern":"^a"},{"pattern":"b$"}]}}"#, [#""a""#, #""b""#, #""""#], [#""ab""#, #""axb""#]),
        // older spellings and anchors
        (##"{"$schema":"http://json-schema.org/draft-07/schema#","$comment":"c","definitions":{"A":{"$anchor":"a","type":"integer"}},"properties":{"x":{"$ref":"#a"}},"type":"object"}"##,
         [#"{"x":1}"#], [#"{"x":"1"}"#]),
        (##"{"definitions":{"A":{"$id":"#b","type":"string"}},"$ref":"#b"}"##, [#""s""#], ["1"]),
    ]

    @Test(arguments: accepted)
    func rewritesAdmitOnlyValidValues(_ input: String, admits: [String], refuses: [String]) throws {
        try ImportCheck.admitsOnly(input, admits: admits, refuses: refuses)
    }

    /// (schema, JSON pointer of the error, words in the message).
    static let refused: [(String, String, String)] = [
        (#"{"allOf":[{"type":"string"},{"type":"integer"}]}"#, "#", "has no instance: string ∧ integer"),
        (#"{"type":"object","properties":{"a":{"allOf":[{"type":"string"},{"type":"integer"}]}},"required":["a"]}"#, "#/properties/a", "has no instance"),
        (#"{"allOf":[{"enum":[1,2]},{"minimum":3}]}"#, "#", "has no instance"),
        (##"{"$ref":"#/$defs/L","minItems":1,"$defs":{"L":{"allOf":[{"$ref":"#/$defs/L"}]}}}"##, "#/$ref", "recursive reference"),
    ]

    @Test(arguments: refused)
    func contradictionsAndUnmergeableKeywordsAreTypedErrors(_ input: String, pointer: String, words: String) {
        do {
            let schema = try GenerationSchema(jsonSchema: input)
            Issue.record("expected an error, got \(schema.jsonSchemaString())")
        } catch let error as JSONSchemaImportError {
            #expect(error.pointer == pointer, "\(error)")
            #expect(error.message.contains(words), "\(error)")
            #expect(error.limit == nil)
        } catch {
            Issue.record("expected a JSONSchemaImportError, got \(error)")
        }
    }
}
