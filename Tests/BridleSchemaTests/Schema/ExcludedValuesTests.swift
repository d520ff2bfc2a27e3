import BridleJSONSchema
import BridleSchema
import Testing

/// Values excluded from a node's language: the check after generation, and the JSON Schema.
@Suite struct ExcludedValuesTests {
    static let weather = GenerationSchema(root: .object(ObjectShape(properties: [
        SchemaProperty(name: "city", node: .string()),
        SchemaProperty(name: "days", node: .integer(IntegerConstraints(minimum: 1, maximum: 7))),
    ])))

    @Test(arguments: [
        (#"{"city":"Oslo","days":3}"#, true),
        (#"{"days":3,"city":"Oslo"}"#, true),   // key order doesn't matter
        (#"{"city":"Oslo","days":4}"#, false),
        (#"{"city":"Bergen","days":3}"#, false),
    ])
    func anExcludedValueIsAViolation(_ json: String, _ excluded: Bool) throws {
        let retry = Self.weather.excluding([try GeneratedContent(json: #"{"city":"Oslo","days":3}"#)])
        let violations = retry.violations(of: try GeneratedContent(json: json))
        #expect(violations == (excluded ? [Violation(path: "#", message: Violation.excludedValueMessage)] : []))
    }

    @Test func excludingTwiceKeepsEachValueOnce() throws {
        let value = try GeneratedContent(json: #"{"city":"Oslo","days":3}"#)
        let reordered = try GeneratedContent(json: #"{"days":3,"city":"Oslo"}"#)
        let retry = Self.weather.excluding([value]).excluding([reordered, "Oslo"])
        #expect(retry.root.excludedValues == [value, "Oslo"])
        #expect(retry != Self.weather)
    }

    @Test func theJSONSchemaSaysNotEnum() throws {
        let retry = Self.weather.excluding([try GeneratedContent(json: #"{"city":"Oslo","days":3}"#)])
        let document = retry.jsonSchema
        #expect(document[property: "not"] == GeneratedContent(properties: [("enum", GeneratedContent(elements: [try GeneratedContent(json: #"{"city":"Oslo","days":3}"#)]))]))
        // Beside an integer's own `not` (excluded multiples), the exclusion goes in allOf.
        var node = SchemaNode.integer(IntegerConstraints(excludedMultiples: [3]))
        node.excludedValues = [4]
        let integer = GenerationSchema(root: node).jsonSchema
        #expect(integer[property: "not"] != nil)
        #expect(integer[property: "allOf"] == GeneratedContent(elements: [
            GeneratedContent(properties: [("not", GeneratedContent(properties: [("enum", GeneratedContent(elements: [4]))]))]),
        ]))
    }

    /// A tool call that repeats a failed one matches its tool's shape but for the exclusion:
    /// the violation says so, at the arguments, rather than "matches none of the alternatives".
    @Test func aRepeatedCallIsReportedAtItsArguments() throws {
        var arguments = Self.weather.root
        arguments.excludedValues = [try GeneratedContent(json: #"{"city":"Oslo","days":3}"#)]
        func call(_ name: String, _ node: SchemaNode) -> SchemaNode {
            .object(ObjectShape(properties: [
                SchemaProperty(name: "tool", node: SchemaNode(.enumeration([GeneratedContent(name)]))),
                SchemaProperty(name: "arguments", node: node),
            ]))
        }
        let turn = GenerationSchema(root: SchemaNode(.anyOf([call("weather", arguments), call("time", .string())])))
        let repeated = try GeneratedContent(json: #"{"tool":"weather","arguments":{"days":3,"city":"Oslo"}}"#)
        #expect(turn.violations(of: repeated) == [Violation(path: "#/arguments", message: Violation.excludedValueMessage)])
        #expect(turn.violations(of: try GeneratedContent(json: #"{"tool":"weather","arguments":{"days":2,"city":"Oslo"}}"#)).isEmpty)
        #expect(turn.violations(of: try GeneratedContent(json: #"{"tool":"time","arguments":{"days":2}}"#)).map(\.message) != [Violation.excludedValueMessage])
    }

    /// A schema read from JSON Schema is judged by its document, and by the exclusions added
    /// to it since, once each.
    @Test func aDocumentSchemaIsJudgedByItsExclusionsToo() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"n":{"type":"integer","maximum":5}},"required":["n"]}"#)
            .excluding([try GeneratedContent(json: #"{"n":2}"#)])
        #expect(schema.violations(of: try GeneratedContent(json: #"{"n":2.0}"#)) == [Violation(path: "#", message: Violation.excludedValueMessage)])
        #expect(schema.violations(of: try GeneratedContent(json: #"{"n":3}"#)).isEmpty)
        #expect(schema.violations(of: try GeneratedContent(json: #"{"n":9}"#)).count == 1)
    }
}
