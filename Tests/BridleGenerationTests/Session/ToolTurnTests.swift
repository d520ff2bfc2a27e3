import Bridle
import BridleExampleTypes
import Testing

/// The tool-turn grammar through the session's requests: what it admits and refuses.
@Suite struct ToolTurnTests {
    private func turnGrammar(_ tools: [any Tool]) async throws -> Grammar {
        let model = ScriptedModel(Replies.answer("x"))
        _ = try await LanguageModelSession(model: model, tools: tools).respond(to: "x")
        return try #require(model.requests.first?.grammar)
    }

    @Test(arguments: [
        (Replies.validFilms, true),
        (#"{"tool":"findContacts","arguments":{"generation":"genZ"}}"#, true),
        (#"{"response":"hello"}"#, true),
        (Replies.reversedYears, true),  // the grammar cannot relate two fields: the validator's job
        (#"{"tool":"findFilm","arguments":{"genre":"drama","fromYear":1980,"toYear":1989,"keywords":[]}}"#, false),
        (#"{"tool":"findContacts","arguments":{"generation":"genY"}}"#, false),
        (#"{"tool":"findFilms","arguments":{"generation":"genZ"}}"#, false),
        (#"{"response":3}"#, false),
        (#"{"tool":"findFilms"}"#, false),
        (#"{"arguments":{"generation":"genZ"},"tool":"findContacts"}"#, false),
    ])
    func admitsExactlyAnAnswerOrACallToAnOfferedTool(text: String, admitted: Bool) async throws {
        let grammar = try await turnGrammar([RecordingFilmsTool(), ContactsLookup()])
        #expect(try admits(grammar, text) == admitted)
    }

    @Test func aToolWhoseArgumentsCannotBeGeneratedIsNamed() async throws {
        struct Impossible: Tool {
            let name = "impossible"
            let description = "No arguments fit."
            var parameters: GenerationSchema { GenerationSchema(root: .integer(IntegerConstraints(minimum: 5, maximum: 1))) }
            func call(arguments: Int) async throws -> String { "" }
        }
        let session = LanguageModelSession(model: ScriptedModel(), tools: [Impossible()])
        await #expect {
            try await session.respond(to: "x")
        } throws: { error in
            guard case SessionError.invalidToolSchema(let tool, let reason) = error else { return false }
            return tool == "impossible" && reason.contains("minimum 5 is above maximum 1")
        }
    }
}
