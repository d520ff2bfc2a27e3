import BridleJSONSchema
import Foundation
import Testing

@testable import BridleSchema

// Hand-written conformances: what `@Generable` writes for these guides.
private struct YearSpan: Generable {
    var fromYear: Int
    var toYear: Int
    static var generationSchema: GenerationSchema {
        GenerationSchema(type: Self.self, properties: [
            .init(name: "fromYear", type: Int.self, guides: [.range(1888...2100)]),
            .init(name: "toYear", type: Int.self, guides: [.range(1888...2100), .atLeast("fromYear")]),
        ])
    }
}

private struct Meeting: Generable {
    var start: Date
    var end: Date
    var reminder: Date?
    static var generationSchema: GenerationSchema {
        GenerationSchema(type: Self.self, properties: [
            .init(name: "start", type: Date.self),
            .init(name: "end", type: Date.self, guides: [.after("start")]),
            .init(name: "reminder", type: Date?.self, guides: [.notAfter("end")]),
        ])
    }
}

/// Relations between properties: built from guides, checked by the validator, kept through
/// JSON Schema, refused when they can't hold.
@Suite struct PropertyRelationTests {
    @Test(arguments: [
        (PropertyRelation.Comparison.atLeast, [false, true, true]),
        (.greaterThan, [false, false, true]),
        (.atMost, [true, true, false]),
        (.lessThan, [true, false, false]),
        (.notEqual, [true, false, true]),
    ])
    func comparisonsOfIntegersAndDates(_ comparison: PropertyRelation.Comparison, _ expected: [Bool]) {
        let relation = PropertyRelation(property: "b", comparison: comparison, other: "a")
        #expect([1, 2, 3].map { relation.holds(between: GeneratedContent($0), and: 2) } == expected)
        let dates: [GeneratedContent] = ["2026-01-01T00:00:00Z", "2026-01-02", "2026-01-02T00:00:00.5Z"]
        #expect(dates.map { relation.holds(between: $0, and: "2026-01-02T00:00:00Z") } == expected)
        #expect(relation.holds(between: "2026-01-02", and: 3) == nil)
    }

    @Test func aGuideRelatesTwoPropertiesOfTheObject() throws {
        guard case .object(let shape) = YearSpan.generationSchema.root.kind else {
            Issue.record("not an object")
            return
        }
        #expect(shape.relations == [PropertyRelation(property: "toYear", comparison: .atLeast, other: "fromYear")])
        #expect(YearSpan.generationSchema.issues.isEmpty)
    }

    @Test func theValidatorJudgesRelationsOnlyWhenBothArePresent() throws {
        let schema = Meeting.generationSchema
        #expect(schema.violations(of: try GeneratedContent(json: #"{"start":"2026-01-02T09:00:00Z","end":"2026-01-02T10:00:00Z"}"#)).isEmpty)
        let backwards = schema.violations(of: try GeneratedContent(json: #"{"start":"2026-01-02T09:00:00Z","end":"2026-01-02T08:00:00Z"}"#))
        #expect(backwards.map(\.description) == [#"#/end: "2026-01-02T08:00:00Z" is not greater than "start" ("2026-01-02T09:00:00Z")"#])
        let late = schema.violations(of: try GeneratedContent(json: #"{"start":"2026-01-02T09:00:00Z","end":"2026-01-02T10:00:00Z","reminder":"2026-01-03T00:00:00Z"}"#))
        #expect(late.map(\.path) == ["#/reminder"])
    }

    @Test func relationsSurviveJSONSchema() throws {
        for schema in [YearSpan.generationSchema, Meeting.generationSchema] {
            let document = schema.jsonSchema
            #expect(document.jsonString.contains("x-bridle-relations"))
            let imported = try GenerationSchema(jsonSchema: document)
            #expect(imported.root == schema.root)
            // The imported document is judged by the evaluator, which knows the keyword too.
            let reversed = try GeneratedContent(json: #"{"fromYear":2000,"toYear":1999}"#)
            if schema == YearSpan.generationSchema { #expect(imported.violations(of: reversed).map(\.path) == ["#/toYear"]) }
        }
    }

    @Test(arguments: [
        (#"[{"property":"to","atLeast":"nowhere"}]"#, "names \"nowhere\", which is not a property here"),
        (#"[{"property":"from","atMost":"to"}]"#, "which comes after \"from\""),
        (#"[{"property":"label","atLeast":"from"}]"#, "are not both integers or both dates"),
    ])
    func relationsThatCannotHoldAreIssues(_ relations: String, _ message: String) throws {
        let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: """
            {"type":"object","properties":{"from":{"type":"integer"},"to":{"type":"integer"},"label":{"type":"string"}},
             "required":["from","to"],"x-bridle-relations":\(relations)}
            """))
        #expect(schema.issues.contains { $0.message.contains(message) }, "\(schema.issues)")
    }

    @Test func boundsThatMakeARelationImpossibleAreAnIssue() throws {
        let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: """
            {"type":"object","properties":{"from":{"type":"integer","minimum":2000},"to":{"type":"integer","maximum":1999}},
             "required":["from","to"],"x-bridle-relations":[{"property":"to","atLeast":"from"}]}
            """))
        #expect(schema.issues.map(\.description) == [#"/properties/to: .atLeast("from") can never hold: "to" is …...1999 and "from" is 2000...…; widen the bounds or reverse the comparison"#])
    }

    @Test(arguments: [(#"{"enum":["a","b"]}"#, 3, true), (#"{"enum":["a","b"]}"#, 2, false), (#"{"type":"integer","minimum":1,"maximum":3}"#, 4, true), (#"{"type":"string"}"#, 9, false)])
    func tooFewDistinctValuesForMinItemsAreAnIssue(_ items: String, _ minimum: Int, _ impossible: Bool) throws {
        let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: #"{"type":"array","items":\#(items),"minItems":\#(minimum),"uniqueItems":true}"#))
        #expect(schema.issues.contains { $0.message.contains("different elements") } == impossible, "\(schema.issues)")
    }

    @Test func aMalformedRelationKeywordIsATypedImportError() {
        #expect(throws: JSONSchemaImportError.self) {
            try GenerationSchema(jsonSchema: GeneratedContent(json: #"{"type":"object","x-bridle-relations":[{"property":"a","above":"b"}]}"#))
        }
    }
}
