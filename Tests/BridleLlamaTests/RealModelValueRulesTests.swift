@testable import BridleLlama
import Bridle
import BridleExampleTypes
import BridleTestSupport
import Foundation
import Testing

/// Value rules on gemma-3-270m: the mask is exact on its 262k-token vocabulary, and answers
/// that would break a rule are never written, so they pass at the first attempt.
///
/// `BRIDLE_GEMMA_SWEEP=1` runs 20 seeds per type (CI runs 4).
@Suite(.enabled(if: RealModel.gemma.url != nil, RealModel.gemma.missingMessage))
struct RealModelValueRulesTests {
    static let seeds: UInt64 = RealModelTests.isSweep ? 20 : 4

    /// One attempt: an answer that broke a rule would fail the request, not be regenerated.
    static func options(seed: UInt64) -> GenerationOptions {
        var options = GenerationOptions(sampling: .random(top: 40, seed: seed), temperature: 0.8)
        options.maximumAnswerAttempts = 1
        return options
    }

    @Test(arguments: [
        #"{"type":"array","items":{"enum":["a","ab","b"]},"maxItems":3,"uniqueItems":true}"#,
        #"{"type":"object","properties":{"from":{"type":"integer","minimum":0,"maximum":30},"to":{"type":"integer","minimum":0,"maximum":30}},"required":["from","to"],"additionalProperties":false,"x-bridle-relations":[{"property":"to","atLeast":"from"}]}"#,
    ])
    func theMaskIsExactOnGemmasVocabulary(_ json: String) throws {
        let reference = try ValidSentences(jsonSchema: json)
        let disagreements = try reference.maskDisagreements(vocabulary: RealModel.gemma.model().model.tokenVocabulary, positions: 6, seed: 27)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
    }

    @Test func searchTermsNeverRepeat() async throws {
        let model = try RealModel.gemma.model()
        for seed in 0..<Self.seeds {
            let response = try await model.respond(
                to: "Suggest search terms for a weekend in Lisbon.", generating: SearchSuggestions.self, options: Self.options(seed: seed))
            let terms = response.content.searchTerms.map(\.searchTerm)
            #expect(Set(terms).count == terms.count, "seed \(seed): \(terms)")
        }
    }

    @Test func filmYearsNeverRunBackwards() async throws {
        let model = try RealModel.gemma.model()
        for seed in 0..<Self.seeds {
            let response = try await model.respond(
                to: "Find science fiction films from the late seventies.", generating: Films.Arguments.self, options: Self.options(seed: seed))
            #expect(response.content.fromYear <= response.content.toYear, "seed \(seed): \(response.content)")
        }
    }

    /// The prompt asks for the repetition the schema forbids (measured before: `["","","",""]`
    /// and `["The",",",",",","]` for seeds 2 and 3).
    @Test func anInvitationToRepeatIsAnsweredValidlyAtTheFirstAttempt() async throws {
        let model = try RealModel.gemma.model()
        let schema = try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"words":{"type":"array","items":{"type":"string","maxLength":12},"minItems":4,"maxItems":4,"uniqueItems":true}},"required":["words"]}"#)
        for seed in 0..<Self.seeds {
            let response = try await model.respond(to: "Repeat the word sunset four times.", schema: schema, options: Self.options(seed: seed))
            #expect(schema.violations(of: response.content).isEmpty, "seed \(seed): \(response.content.jsonString)")
        }
    }

    @Test func aDueDateIsAfterTheRequestsMoment() async throws {
        let model = try RealModel.gemma.model()
        var options = Self.options(seed: 1)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        options.referenceDate = now
        let response = try await model.respond(
            to: "Remind me to water the plants last Tuesday.", generating: Reminders.NewReminder.self, options: options)
        #expect(response.content.due > now && response.content.due <= now.addingTimeInterval(365 * 86_400), "\(response.content)")
    }
}
