import Bridle
import BridleExampleTypes
import Testing
import BridleTestSupport

/// The tool-turn grammar through the session's requests: what it admits and refuses.
@Suite struct ToolTurnTests {
    private func turnGrammar(_ tools: [any Tool]) async throws -> Grammar {
        let model = ScriptedModel(Replies.answer("x"))
        _ = try await LanguageModelSession(model: model, tools: tools).respond(to: "x")
        return try #require(model.requests.first?.constraint?.grammar)
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

    @Test(arguments: [
        ("2026-11-22T09:00:00.001Z", true),
        ("2026-11-29T09:00:00Z", true),
        ("2026-11-22T09:00:00Z", false),  // now is not in the future
        ("2026-11-29T09:00:00.001Z", false),
        ("2025-01-01T00:00:00Z", false),
    ])
    func dateRulesBoundTheGrammarFromTheRequestsNow(sendAt: String, admitted: Bool) async throws {
        let model = ScriptedModel(Replies.answer("x"))
        _ = try await LanguageModelSession(model: model, tools: [RecordingSendTool()], policy: .fixed()).respond(to: "x")
        let request = try #require(model.requests.first)
        let grammar = try #require(request.constraint?.grammar)
        let call = #"{"tool":"sendMessage","arguments":{"recipient":"Ada","body":"Hi","sendAt":"\#(sendAt)"}}"#
        #expect(try admits(grammar, call) == admitted)
        #expect(try admits(grammar, #"{"tool":"sendMessage","arguments":{"recipient":"Ada","body":"Hi"}}"#))
        #expect(request.messages.first?.content.contains(#""formatExclusiveMinimum":"2026-11-22T09:00:00Z""#) == true)
    }

    @Test func dateRulesMustNameADateProperty() async throws {
        struct Misnamed: Tool {
            let name = "misnamed"
            let description = "Declares a rule on a property that is not a date."
            func call(arguments: MisdatedArguments) async throws -> String { "" }
        }
        let session = LanguageModelSession(model: ScriptedModel(), tools: [Misnamed()])
        await #expect {
            try await session.respond(to: "x")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.unsupportedGuide(let context) = error,
                case SessionError.invalidToolSchema(let tool, let reason)? = context.underlyingError as? SessionError
            else { return false }
            return tool == "misnamed" && reason.contains(#"dateRules names "generation""#)
        }
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
            guard case LanguageModelSession.GenerationError.unsupportedGuide(let context) = error,
                case SessionError.invalidToolSchema(let tool, let reason)? = context.underlyingError as? SessionError
            else { return false }
            return tool == "impossible" && reason.contains("minimum 5 is above maximum 1")
        }
    }
}
