import Bridle
import BridleExampleTypes
import Foundation
import Testing
import BridleTestSupport

@Suite struct TranscriptTests {
    @Test func aTranscriptRoundTripsThroughJSONAndRestoresTheConversation() async throws {
        let model = ScriptedModel(Replies.reversedYears, Replies.validFilms, Replies.answer("Ran."), Replies.answer("Bye."))
        let session = LanguageModelSession(model: model, tools: [RecordingFilmsTool()], instructions: "Films only.")
        _ = try await session.respond(to: "Eighties dramas?")
        let data = try JSONEncoder().encode(session.transcript)
        let decoded = try JSONDecoder().decode(Transcript.self, from: data)
        #expect(decoded == session.transcript)
        #expect(decoded.audit.count == 3)
        for (index, entry) in decoded.entries.enumerated() { #expect(entry == session.transcript[index], "entry \(index)") }

        let restored = LanguageModelSession(model: model, tools: [RecordingFilmsTool()], transcript: decoded)
        _ = try await restored.respond(to: "Thanks")
        let messages = try #require(model.requests.last?.messages)
        #expect(messages.first?.content.hasPrefix("Films only.") == true)
        #expect(messages.map(\.role) == [.system, .user, .assistant, .tool, .assistant, .user])
    }

    @Test func aToolCallErrorsAttemptsRoundTripThroughJSON() throws {
        let attempt = ToolCallAttempt(
            number: 1, text: Replies.reversedYears, toolName: "findFilms",
            arguments: try GeneratedContent(json: #"{"z":1,"a":[true],"m":{"y":null,"b":"x"}}"#), problems: ["p"])
        let decoded = try JSONDecoder().decode(ToolCallAttempt.self, from: JSONEncoder().encode(attempt))
        #expect(decoded == attempt)
    }

    @Test func entriesCarryTimingsAndTheAuditKeepsTheOrderOfDecisions() async throws {
        let before = Date()
        let model = ScriptedModel(Replies.reversedYears, Replies.validFilms, Replies.answer("Ran."))
        let session = LanguageModelSession(model: model, tools: [RecordingFilmsTool()])
        _ = try await session.respond(to: "Films")
        let summary = session.transcript.audit.map { record -> String in
            switch record.decision {
            case .rejected: "rejected #\(record.attempt)"
            case .validated: "validated #\(record.attempt)"
            case .called: "called"
            default: "other"
            }
        }
        #expect(summary == ["rejected #1", "validated #2", "called"])
        for entry in session.transcript {
            switch entry {
            case .toolCalls(let calls):
                #expect(calls.date >= before && calls.seconds >= 0)
                #expect(calls.calls.first?.arguments == (try GeneratedContent(json: Replies.validFilms))[property: "arguments"])
            case .toolOutput(let output):
                #expect(output.seconds >= 0)
                #expect(output.text == "Ran (1985)")
            case .response(let response):
                #expect(response.content == GeneratedContent("Ran."))
            default:
                break
            }
        }
        let callIDs = session.transcript.compactMap { entry -> String? in
            if case .toolCalls(let calls) = entry { return calls.calls.first?.id }
            return nil
        }
        #expect(session.transcript.audit.last?.callID == callIDs.first)
    }
}
