import Bridle
import BridleExampleTypes
import Foundation
import Testing
import BridleTestSupport

/// A request that fails leaves the transcript's entries as they were and the session ready
/// for the next one; the audit keeps what happened.
@Suite struct FailedTurnTests {
    /// A session that has answered once, so there is history to keep.
    static func sessionWithHistory(_ model: ScriptedModel, tools: [any Tool] = [], policy: ToolPolicy = ToolPolicy())
        async throws -> (LanguageModelSession, Transcript)
    {
        let session = LanguageModelSession(model: model, tools: tools, instructions: "Films only.", policy: policy)
        try await session.respond(to: "Hello")
        return (session, session.transcript)
    }

    @Test func aToolThatThrowsLeavesTheEntriesAsTheyWere() async throws {
        let films = RecordingFilmsTool { _ in throw ToolFailure() }
        let model = ScriptedModel(Replies.answer("Hi."), Replies.validFilms, Replies.answer("Next."))
        let (session, before) = try await Self.sessionWithHistory(model, tools: [films])
        await #expect(throws: LanguageModelSession.ToolCallError.self) { try await session.respond(to: "Films") }
        #expect(session.transcript.entries == before.entries)
        guard case .threw? = session.transcript.audit.last?.decision else {
            Issue.record("the audit keeps the call that threw: \(session.transcript.audit)")
            return
        }
        #expect(try await session.respond(to: "Again").content == "Next.")
        #expect(session.transcript.count == before.count + 2)
    }

    @Test func anAnswerCutShortLeavesTheEntriesAsTheyWere() async throws {
        let model = ScriptedModel("Hi.", #"{"genre":"drama","fromYear":19"#, "Later.")
        let (session, before) = try await Self.sessionWithHistory(model)
        await #expect {
            try await session.respond(to: "Films", generating: Films.Arguments.self)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure = error else { return false }
            return true
        }
        #expect(session.transcript == before)
        #expect(try await session.respond(to: "Again").content == "Later.")
    }

    @Test func runningOutOfArgumentAttemptsLeavesTheEntriesAsTheyWere() async throws {
        let model = ScriptedModel(Replies.answer("Hi."), Replies.reversedYears, Replies.reversedYears, Replies.answer("Ok."))
        let policy = ToolPolicy.fixed { $0.maximumArgumentAttempts = 2 }
        let (session, before) = try await Self.sessionWithHistory(model, tools: [RecordingFilmsTool()], policy: policy)
        await #expect(throws: LanguageModelSession.ToolCallError.self) { try await session.respond(to: "Films") }
        #expect(session.transcript.entries == before.entries)
        #expect(session.transcript.audit.count == before.audit.count + 2, "both refusals are audited")
        #expect(try await session.respond(to: "Again").content == "Ok.")
    }

    @Test func aCancelledRequestLeavesTheEntriesAsTheyWere() async throws {
        let model = GatedModel()
        let session = LanguageModelSession(model: model, instructions: "Films only.")
        let before = session.transcript
        let request = Task { try await session.respond(to: "one") }
        while !model.isWaiting { await Task.yield() }
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
        #expect(session.transcript == before)
    }

    @Test func aDeniedCallIsOutputTheTurnGoesOnWith() async throws {
        let send = RecordingSendTool()
        let model = ScriptedModel(
            #"{"tool":"sendMessage","arguments":{"recipient":"Ada","body":"Hi"}}"#,
            Replies.answer("Not sent."))
        let session = LanguageModelSession(model: model, tools: [send])
        #expect(try await session.respond(to: "Send").content == "Not sent.")
        #expect(send.messages.isEmpty)
        let outputs = session.transcript.compactMap { entry -> Transcript.ToolOutput? in
            if case .toolOutput(let output) = entry { return output }
            return nil
        }
        #expect(outputs.map(\.isFailure) == [true])
    }
}
