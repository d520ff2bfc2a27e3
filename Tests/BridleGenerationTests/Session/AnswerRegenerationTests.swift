import BridleJSONSchema
import BridleGeneration
import BridleSchema
import Testing
import BridleTestSupport

/// Answers that break a check no grammar can make are refused, shown back to the model and
/// generated again, a bounded number of times.
@Suite struct AnswerRegenerationTests {
    /// 5 matches both branches; 50 and -3 match one.
    static let overlapping = #"{"oneOf":[{"type":"integer","minimum":0},{"type":"integer","maximum":10}]}"#

    @Test func aRefusedAnswerIsGeneratedAgainAndCounted() async throws {
        let model = ScriptedModel("5", "50")
        let session = LanguageModelSession(model: model)
        let schema = try GenerationSchema(jsonSchema: Self.overlapping)
        let response = try await session.respond(to: "A number.", schema: schema)
        #expect(response.content == 50)
        #expect(model.requests.count == 2)
        guard case .response(let answer)? = session.transcript.entries.last else {
            Issue.record("the transcript ends without a response")
            return
        }
        #expect(answer.regenerations == 1)
        // The retry shows the refused answer and why.
        let retry = try #require(model.requests.last)
        #expect(retry.messages.suffix(2).map(\.role) == [.assistant, .user])
        #expect(retry.messages.last?.content.contains("exactly one is required") == true)
    }

    @Test func theNextTryUsesTheNextSeed() async throws {
        let model = ScriptedModel("5", "-3")
        let session = LanguageModelSession(model: model)
        let schema = try GenerationSchema(jsonSchema: Self.overlapping)
        _ = try await session.respond(to: "A number.", schema: schema, options: GenerationOptions(sampling: .random(top: 5, seed: 7)))
        #expect(model.requests.map { $0.options.sampling?.seed } == [7, 8])
    }

    @Test func attemptsAreBounded() async throws {
        let model = ScriptedModel("5", "6", "7", "50")
        let session = LanguageModelSession(model: model)
        let schema = try GenerationSchema(jsonSchema: Self.overlapping)
        var options = GenerationOptions()
        options.maximumAnswerAttempts = 3
        await #expect(throws: LanguageModelSession.GenerationError.self) {
            try await session.respond(to: "A number.", schema: schema, options: options)
        }
        #expect(model.requests.count == 3)
        #expect(session.transcript.entries.isEmpty)
    }

    @Test func aFirstAnswerThatPassesIsNotRegenerated() async throws {
        let model = ScriptedModel("50")
        let session = LanguageModelSession(model: model)
        let response = try await session.respond(to: "A number.", schema: try GenerationSchema(jsonSchema: Self.overlapping))
        #expect(response.content == 50)
        guard case .response(let answer)? = session.transcript.entries.last else {
            Issue.record("the transcript ends without a response")
            return
        }
        #expect(answer.regenerations == nil)
    }
}
