import BridleJSONSchema
import Foundation
import Testing

@testable import BridleSchema

private struct FutureReminder: Generable {
    var title: String
    var due: Date
    static var generationSchema: GenerationSchema {
        GenerationSchema(type: Self.self, properties: [
            .init(name: "title", type: String.self),
            .init(name: "due", type: Date.self, guides: [.afterNow(within: 7 * 86_400)]),
        ])
    }
}

/// Dates bounded relative to the request: resolved to fixed bounds for one moment.
@Suite struct RelativeDateBoundsTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func resolvingFixesTheBoundsAtTheGivenMoment() throws {
        let resolved = FutureReminder.generationSchema.resolvingRelativeDates(at: now)
        #expect(FutureReminder.generationSchema.hasRelativeDates)
        #expect(!resolved.hasRelativeDates)
        guard case .object(let shape) = resolved.root.kind, case .string(let due) = shape.properties[1].node.kind else {
            Issue.record("unexpected shape")
            return
        }
        #expect(due.dateBounds == DateBounds(lower: now, lowerIsInclusive: false, upper: now.addingTimeInterval(7 * 86_400)))
    }

    @Test func theValidatorJudgesAtTheMomentItRuns() throws {
        let schema = FutureReminder.generationSchema
        let past = try GeneratedContent(json: #"{"title":"x","due":"2001-01-01T00:00:00Z"}"#)
        #expect(schema.violations(of: past).map(\.description) == [#"#/due: "2001-01-01T00:00:00Z" is not after now, no later than 7 days from now"#])
        let soon = GeneratedContent(properties: ["title": "x", "due": GeneratedContent(Date().addingTimeInterval(3_600).formatted(.iso8601))])
        #expect(schema.violations(of: soon).isEmpty)
    }

    @Test func theBoundsSurviveJSONSchema() throws {
        let document = FutureReminder.generationSchema.jsonSchema
        #expect(document.jsonString.contains(#""x-bridle-relativeDates":{"after":0,"notAfter":604800}"#))
        #expect(try GenerationSchema(jsonSchema: document).root == FutureReminder.generationSchema.root)
    }

    @Test func anEmptyWindowIsAnIssue() {
        var string = StringConstraints(format: .dateTime)
        string.relativeDateBounds = RelativeDateBounds(earliest: 10, latest: 5)
        #expect(GenerationSchema(root: .string(string)).issues.map(\.message) == ["the dates no earlier than 10 seconds from now, no later than 5 seconds from now are none; widen the window"])
    }
}
