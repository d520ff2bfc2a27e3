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

    /// Offsets past what an `Int` holds, fractions and whole days each have words (an offset
    /// of 5·10⁹¹ seconds trapped, found by FuzzBridleKeywords).
    @Test(arguments: [
        (5.1e91, 9_225_002.0, "no earlier than 5.1e+91 seconds from now, no later than 9225002 seconds from now"),
        (-1.5, 2 * 86_400.0, "no earlier than 1.5 seconds ago, no later than 2 days from now"),
        (-1e308, 1e308, "no earlier than 1e+308 seconds ago, no later than 1e+308 seconds from now"),
    ])
    func everyOffsetHasWords(earliest: Double, latest: Double, summary: String) {
        #expect(RelativeDateBounds(earliest: earliest, latest: latest).summary == summary)
    }
}

