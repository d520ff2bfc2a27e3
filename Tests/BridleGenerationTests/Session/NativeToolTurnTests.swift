import Bridle
import BridleExampleTypes
import BridleTestSupport
import Foundation
import Testing

/// Sessions with a model that calls tools in its own format (``LanguageModel/toolCallFormat``):
/// tools go to the template, calls come back in the model's format, are dispatched, and are
/// shown to later turns as structured calls; refused arguments leave the next grammar.
struct NativeToolTurnTests {
    static let qwen = ToolCallFormat(
        callStart: "<tool_call>\n{\"name\": \"", nameEnd: "\", \"arguments\": ", callEnd: "}\n</tool_call>", callSeparator: "\n")
    static let arguments = #"{"genre": "drama", "fromYear": 1980, "toYear": 1989, "keywords": []}"#
    static let reversed = #"{"genre": "drama", "fromYear": 2032, "toYear": 1985, "keywords": []}"#

    static func call(_ arguments: String, name: String = "findFilms") -> String {
        "<tool_call>\n{\"name\": \"\(name)\", \"arguments\": \(arguments)}\n</tool_call>"
    }

    @Test func aCallInTheModelsFormatRunsAndLaterTurnsSeeItStructured() async throws {
        let model = ScriptedModel(replies: ["Let me look.\n" + Self.call(Self.arguments), "Ran, from 1985."], toolCallFormat: Self.qwen)
        let films = RecordingFilmsTool()
        let session = LanguageModelSession(model: model, tools: [films], instructions: "You recommend films.")
        let answer = try await session.respond(to: "A drama from the eighties?")
        #expect(answer.content == "Ran, from 1985.")
        #expect(films.calls.count == 1)
        let first = try #require(model.requests.first)
        // The template shows the tools; the system message keeps the instructions alone.
        #expect(first.tools.map(\.name) == ["findFilms"])
        #expect(first.messages.first?.content == "You recommend films.")
        // Prose may come before the call, so the grammar waits for the format's trigger.
        #expect(first.constraint?.trigger == "<tool_call>")
        let second = try #require(model.requests.last)
        let assistant = try #require(second.messages.first { $0.role == .assistant })
        #expect(assistant.content == "Let me look.", "the prose before the call is shown again")
        let call = try #require(assistant.toolCalls.first)
        #expect(call.name == "findFilms" && call.id.count == 9 && call.id.allSatisfy { $0.isLetter || $0.isNumber })
        #expect(call.arguments == (try GeneratedContent(json: Self.arguments)))
        let result = try #require(second.messages.last)
        #expect(result.role == .tool && result.toolCallID == call.id && result.toolName == "findFilms" && result.content == "Ran (1985)")
    }

    @Test func parallelCallsRunInOrderAsOneEntry() async throws {
        let later = #"{"genre": "comedy", "fromYear": 1990, "toYear": 1995, "keywords": []}"#
        let model = ScriptedModel(replies: [Self.call(Self.arguments) + "\n" + Self.call(later), "Two lists."], toolCallFormat: Self.qwen)
        let films = RecordingFilmsTool()
        let session = LanguageModelSession(model: model, tools: [films])
        _ = try await session.respond(to: "Dramas and comedies?")
        #expect(films.calls.map(\.genre) == ["drama", "comedy"])
        let entries = session.transcript.entries
        let calls = entries.compactMap { if case .toolCalls(let calls) = $0 { calls } else { nil } }
        #expect(calls.count == 1 && calls.first?.calls.count == 2)
        #expect(entries.filter { if case .toolOutput = $0 { true } else { false } }.count == 2)
    }

    @Test func aRefusedCallIsAnsweredWithItsReasonsAndLeftOutOfTheNextGrammar() async throws {
        let model = ScriptedModel(replies: [Self.call(Self.reversed), Self.call(Self.arguments), "Done."], toolCallFormat: Self.qwen)
        let films = RecordingFilmsTool()
        let session = LanguageModelSession(model: model, tools: [films])
        _ = try await session.respond(to: "Dramas?")
        #expect(films.calls.count == 1 && films.calls.first?.fromYear == 1980)
        let retry = model.requests[1]
        let refused = try #require(retry.messages.dropLast().last)
        let reasons = try #require(retry.messages.last)
        #expect(refused.toolCalls.first?.arguments == (try GeneratedContent(json: Self.reversed)))
        #expect(reasons.role == .tool && reasons.toolCallID == refused.toolCalls.first?.id && reasons.content.contains("was not run"))
        #expect(retry.constraint != model.requests[0].constraint, "the failed arguments are left out of the next grammar")
    }

    @Test func aSchemaAnswerIsTheOtherAlternativeOfOneGrammar() async throws {
        let model = ScriptedModel(replies: [#"{"genre": "drama", "fromYear": 1980, "toYear": 1989, "keywords": []}"#], toolCallFormat: Self.qwen)
        let session = LanguageModelSession(model: model, tools: [RecordingFilmsTool()])
        let answer = try await session.respond(to: "Give me the search itself", generating: Films.Arguments.self)
        #expect(answer.content.genre == "drama")
        let constraint = try #require(model.requests.first?.constraint)
        #expect(constraint.trigger == nil)
        #expect(model.requests.first?.messages.first?.content.contains("JSON Schema") == true)
    }

    /// In Bridle's envelope too: the grammar after a refusal admits the same call no more,
    /// checked by the schema the next request carries.
    @Test func theEnvelopesNextGrammarExcludesTheRefusedArguments() async throws {
        let model = ScriptedModel(Replies.reversedYears, Replies.validFilms, Replies.answer("Ran."))
        let session = LanguageModelSession(model: model, tools: [RecordingFilmsTool()])
        _ = try await session.respond(to: "Dramas?")
        let before = try #require(model.requests[0].constraint)
        let after = try #require(model.requests[1].constraint)
        #expect(!before.postChecks.contains { $0.kind == .excludedValues })
        #expect(after.postChecks.contains { $0.kind == .excludedValues })
        #expect(try after.violations(ofAnswer: Replies.validFilms).isEmpty)
    }

    @Test func aFailedToolsArgumentsLeaveTheNextRoundsGrammar() async throws {
        let model = ScriptedModel(Replies.validFilms, Replies.answer("None found."))
        let films = RecordingFilmsTool { _ in .failure("the catalogue is offline") }
        let session = LanguageModelSession(model: model, tools: [films])
        _ = try await session.respond(to: "Dramas?")
        let next = try #require(model.requests.last?.constraint)
        #expect(try !next.violations(ofAnswer: Replies.validFilms).isEmpty)
    }
}

extension NativeToolTurnTests {
    /// After the last round a text answer has no grammar; a call written there is the answer's
    /// text, not a call past the round limit.
    @Test func theTurnThatMustAnswerTakesItsTextAsTheAnswer() async throws {
        let model = ScriptedModel(replies: [Self.call(Self.arguments), Self.call(Self.arguments)], toolCallFormat: Self.qwen)
        var policy = ToolPolicy()
        policy.maximumToolRounds = 1
        policy.answerAfterLastRound = true
        let session = LanguageModelSession(model: model, tools: [RecordingFilmsTool()], policy: policy)
        let answer = try await session.respond(to: "Dramas?")
        #expect(answer.content == Self.call(Self.arguments))
        #expect(model.requests.last?.constraint == nil)
        #expect(model.requests.last?.tools.map(\.name) == ["findFilms"], "the template still shows the tools")
    }
}
