import Testing

@testable import BridleJSONSchema
import BridleSchema

@Suite struct JSONSchemaEvaluatorTests {
    static func valid(_ schema: String, _ instance: GeneratedContent) throws -> Bool {
        try JSONSchemaEvaluator(document: schema).violations(of: instance).isEmpty
    }

    @Test func oneOfNeedsExactlyOneMatch() throws {
        let schema = ##"{"oneOf":[{"type":"integer","minimum":0},{"type":"integer","maximum":10}]}"##
        #expect(try !Self.valid(schema, 5))
        #expect(try Self.valid(schema, 50))
        #expect(try Self.valid(schema, -3))
        let issues = try JSONSchemaEvaluator(document: schema).violations(of: 5)
        #expect(issues.map(\.description) == ["#: 5 matches 2 of the oneOf schemas; exactly one is required"])
    }

    @Test func uniqueItemsComparesByJSONValue() throws {
        let schema = ##"{"type":"array","uniqueItems":true}"##
        #expect(try !Self.valid(schema, [1, 1.0]))
        #expect(try !Self.valid(schema, [["a": 1, "b": 2], ["b": 2, "a": 1]]))
        #expect(try Self.valid(schema, [1, true, "1"]))
    }

    @Test func keysBesideRefFollowTheDocumentsDraft() throws {
        let sibling = ##"{"$defs":{"n":{"type":"integer"}},"$ref":"#/$defs/n","maximum":3}"##
        #expect(try !Self.valid(sibling, 5))
        let draft7 = ##"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"n":{"type":"integer"}},"$ref":"#/definitions/n","maximum":3}"##
        #expect(try Self.valid(draft7, 5))
    }

    @Test func draft4IntegersAreIntegerLiterals() throws {
        let draft4 = ##"{"$schema":"http://json-schema.org/draft-04/schema#","type":"integer"}"##
        #expect(try !Self.valid(draft4, GeneratedContent(kind: .number(JSONNumber(text: "1.0")!))))
        #expect(try Self.valid(##"{"type":"integer"}"##, GeneratedContent(kind: .number(JSONNumber(text: "1.0")!))))
    }

    @Test func decimalMultiplesAreExact() throws {
        func number(_ text: String) -> GeneratedContent { GeneratedContent(kind: .number(JSONNumber(text: text)!)) }
        // 0.3 / 0.1 is 2.9999999999999996 in Double; exactly it is 3.
        #expect(try Self.valid(##"{"multipleOf":0.1}"##, number("0.3")))
        #expect(try !Self.valid(##"{"multipleOf":0.1}"##, number("0.35")))
    }

    @Test func referencesResolveThroughIdsAndAnchors() throws {
        let schema = ##"{"$id":"https://example.com/root.json","$defs":{"a":{"$id":"item.json","$anchor":"it","type":"string"}},"properties":{"x":{"$ref":"item.json"},"y":{"$ref":"item.json#it"},"z":{"$ref":"#/$defs/a"}}}"##
        #expect(try Self.valid(schema, ["x": "a", "y": "b", "z": "c"]))
        #expect(try !Self.valid(schema, ["y": 1]))
    }

    @Test func unevaluatedPropertiesSeeThroughPassingBranches() throws {
        let schema = ##"{"anyOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"b":{"type":"string"}}}],"unevaluatedProperties":false}"##
        #expect(try Self.valid(schema, ["a": "x", "b": "y"]))
        #expect(try !Self.valid(schema, ["a": "x", "c": "y"]))
    }

    @Test func externalReferencesAreUndecidedNotPassed() throws {
        let evaluator = try JSONSchemaEvaluator(document: ##"{"$ref":"https://example.com/other.json"}"##)
        #expect(throws: JSONSchemaEvaluationError.self) { try evaluator.violations(of: 1) }
        #expect(!evaluator.isValid(1))
    }

    @Test func selfReferenceWithoutProgressSpendsTheBudgetNotTheStack() throws {
        let evaluator = try JSONSchemaEvaluator(document: ##"{"$defs":{"a":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}"##)
        #expect(throws: JSONSchemaEvaluationError.self) { try evaluator.violations(of: 1) }
    }

    @Test func exponentialSchemasSpendTheBudget() throws {
        // Each level applies the next twice: 2^40 applications without a budget.
        var defs: [String] = []
        for level in 0..<40 {
            defs.append(##""d\##(level)":{"allOf":[{"$ref":"#/$defs/d\##(level + 1)"},{"$ref":"#/$defs/d\##(level + 1)"}]}"##)
        }
        defs.append(##""d40":{"type":"integer"}"##)
        let document = ##"{"$defs":{\##(defs.joined(separator: ","))},"$ref":"#/$defs/d0"}"##
        let evaluator = try JSONSchemaEvaluator(document: document, budget: .init(steps: 10_000))
        #expect(throws: JSONSchemaEvaluationError.self) { try evaluator.violations(of: 1) }
    }

    @Test func dateBoundsExtensionKeywordsAreChecked() throws {
        let schema = ##"{"type":"string","format":"date","formatMinimum":"2026-01-01"}"##
        #expect(try Self.valid(schema, "2026-06-01"))
        #expect(try !Self.valid(schema, "2025-12-31"))
    }
}
