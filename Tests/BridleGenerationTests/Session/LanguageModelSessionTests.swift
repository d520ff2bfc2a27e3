import Bridle
import BridleExampleTypes
import Foundation
import Testing
import BridleTestSupport

@Suite struct LanguageModelSessionTests {
    @Test func withoutToolsATextRequestIsUnconstrained() async throws {
        let model = ScriptedModel("Hello there.")
        let session = LanguageModelSession(model: model, instructions: "Be kind.")
        let response = try await session.respond(to: "Hi")
        #expect(response.content == "Hello there.")
        #expect(model.requests.first?.constraint == nil)
        #expect(model.requests.first?.messages == [.system("Be kind."), .user("Hi")])
        #expect(session.transcript.count == 3)
        #expect(response.transcriptEntries.count == 2)
    }

    @Test func withToolsEveryTurnIsGeneratedUnderTheToolTurnGrammar() async throws {
        let model = ScriptedModel(Replies.answer("No call needed."))
        let session = LanguageModelSession(model: model, tools: [RecordingFilmsTool(), ContactsLookup()], instructions: "Help.")
        let response = try await session.respond(to: "Hi")
        #expect(response.content == "No call needed.")
        let request = try #require(model.requests.first)
        #expect(request.constraint != nil)
        #expect(request.options.maximumResponseTokens != nil)
        let system = try #require(request.messages.first)
        #expect(system.role == .system)
        #expect(system.content.hasPrefix("Help.\n\n"))
        #expect(system.content.contains("- findFilms: Finds films"))
        #expect(system.content.contains("- findContacts: Finds contacts"))
        #expect(system.content.contains(#"Arguments: {"type":"object","title":"Arguments","properties":{"generation""#))
        #expect(!system.content.contains("$schema"), "the dialect URL costs tokens and tells the model nothing")
    }

    @Test func schemasStayOutOfThePromptWhenAskedToAndTheGrammarStillHoldsThem() async throws {
        struct Quiet: Tool {
            let name = "quiet"
            let description = "Takes a generation."
            let includesSchemaInInstructions = false
            func call(arguments: Contacts.Arguments) async throws -> String { "" }
        }
        let model = ScriptedModel(#"{"response":{"generation":"genZ"}}"#)
        let session = LanguageModelSession(model: model, tools: [Quiet()])
        _ = try await session.respond(to: "x", generating: Contacts.Arguments.self, includeSchemaInPrompt: false)
        let request = try #require(model.requests.first)
        #expect(request.messages.first?.content.contains(#""properties""#) == false)
        #expect(request.messages.first?.content.contains("- quiet: Takes a generation.") == true)
        let grammar = try #require(request.constraint?.grammar)
        #expect(try admits(grammar, #"{"tool":"quiet","arguments":{"generation":"genZ"}}"#))
        #expect(try !admits(grammar, #"{"tool":"quiet","arguments":{"generation":"genY"}}"#))
    }

    @Test func aValidCallRunsTheToolAndTheModelSeesItsOutput() async throws {
        let films = RecordingFilmsTool()
        let model = ScriptedModel(Replies.validFilms, Replies.answer("Try Ran."))
        let session = LanguageModelSession(model: model, tools: [films])
        let response = try await session.respond(to: "Dramas from the eighties?")
        #expect(response.content == "Try Ran.")
        #expect(films.calls.map(\.fromYear) == [1980])
        let second = try #require(model.requests.last)
        #expect(second.messages.suffix(3) == [
            .user("Dramas from the eighties?"), .assistant(Replies.validFilms), ChatMessage(role: .tool, content: "Ran (1985)"),
        ])
        let kinds = session.transcript.map(EntryKind.init)
        #expect(kinds == [.instructions, .prompt, .toolCalls, .toolOutput, .response])
        #expect(response.transcriptEntries.map(EntryKind.init) == [.prompt, .toolCalls, .toolOutput, .response])
        #expect(response.statistics.responseTokens == Replies.validFilms.utf8.count + Replies.answer("Try Ran.").utf8.count)
    }

    @Test func aRelationViolationIsFedBackAndNeverReachesTheTool() async throws {
        let films = RecordingFilmsTool()
        let model = ScriptedModel(Replies.reversedYears, Replies.validFilms, Replies.answer("Done."))
        let session = LanguageModelSession(model: model, tools: [films])
        _ = try await session.respond(to: "Films")
        #expect(films.calls.count == 1)
        #expect(films.calls.allSatisfy { $0.fromYear <= $0.toYear })
        let retry = model.requests[1]
        #expect(retry.messages.suffix(2).map(\.role) == [.assistant, .tool])
        #expect(retry.messages.suffix(2).first?.content == Replies.reversedYears)
        #expect(retry.messages.last?.content.contains(#"1985 is not at least "fromYear" (2032)"#) == true)
        let decisions = session.transcript.audit.map(\.decision)
        guard case .rejected(let text, let problems) = decisions.first else {
            Issue.record("expected a rejection first, got \(decisions)")
            return
        }
        #expect(text == Replies.reversedYears)
        #expect(problems == [#"#/toYear: 1985 is not at least "fromYear" (2032)"#])
        #expect(decisions.count == 3)
        // The refused attempt stays out of what the model sees next; the audit keeps it.
        #expect(model.requests[2].messages.contains(.assistant(Replies.reversedYears)) == false)
    }

    @Test(arguments: [
        ("not json at all", "the reply is not JSON"),
        (#"{"tool":"findFlims","arguments":{}}"#, #"there is no tool named "findFlims""#),
        (#"{"tool":"findContacts","arguments":{"generation":"genZ"}}"#, #"there is no tool named "findContacts""#),
        (#"{"answer":"hi"}"#, #"the reply must be {"tool""#),
        (#"{"tool":"findFilms","arguments":{"genre":"western","fromYear":1980,"toYear":1989,"keywords":[]}}"#, #""western" is not one of"#),
        (#"{"tool":"findFilms","arguments":{"genre":"drama","fromYear":1700,"toYear":1989,"keywords":[]}}"#, "1700 is outside 1888...2100"),
        (#"{"tool":"findFilms","arguments":{"genre":"drama","fromYear":1980,"toYear":1989}}"#, #"the required property "keywords" is missing"#),
        (#"{"tool":"findFilms","arguments":{"genre":"drama","fromYear":1980,"toYear":1989,"keywords":["a","b","c","d"]}}"#, "at most 3 allowed"),
    ])
    func malformedUnknownAndSchemaBreakingCallsAreRefused(reply: String, problem: String) async throws {
        let films = RecordingFilmsTool()
        let model = ScriptedModel(reply, Replies.answer("ok"))
        let session = LanguageModelSession(model: model, tools: [films], policy: .fixed())
        let response = try await session.respond(to: "Films", tools: .only(["findFilms"]))
        #expect(response.content == "ok")
        #expect(films.calls.isEmpty)
        guard case .rejected(_, let problems)? = session.transcript.audit.first?.decision else {
            Issue.record("expected a rejection, got \(session.transcript.audit)")
            return
        }
        #expect(problems.contains { $0.contains(problem) }, "\(problems)")
        #expect(model.requests[1].messages.last?.content.contains(problem) == true)
    }

    @Test func afterEveryAttemptFailsAToolCallErrorCarriesThemAll() async throws {
        let films = RecordingFilmsTool()
        let model = ScriptedModel(Replies.reversedYears, "garbage", Replies.reversedYears, Replies.validFilms)
        let session = LanguageModelSession(model: model, tools: [films], policy: .fixed { $0.maximumArgumentAttempts = 3 })
        let error = await #expect(throws: LanguageModelSession.ToolCallError.self) { try await session.respond(to: "Films") }
        #expect(error?.attempts.map(\.number) == [1, 2, 3])
        #expect(error?.attempts.map(\.text) == [Replies.reversedYears, "garbage", Replies.reversedYears])
        #expect(error?.tool.name == "findFilms")
        #expect(films.calls.isEmpty)
        #expect(model.requests.count == 3)
        #expect(session.transcript.audit.count == 3)
        #expect(session.isResponding == false)
    }

    @Test func anEndlessToolLoopStopsAtTheRoundLimit() async throws {
        let films = RecordingFilmsTool()
        let model = ScriptedModel(Replies.validFilms, Replies.validFilms, Replies.validFilms, Replies.validFilms)
        let session = LanguageModelSession(model: model, tools: [films], policy: .fixed { $0.maximumToolRounds = 2 })
        await #expect(throws: SessionError.toolRoundLimitExceeded(limit: 2)) { try await session.respond(to: "Films") }
        #expect(films.calls.count == 2)
        #expect(model.requests.count == 3)
        #expect(session.transcript.audit.last?.decision == .roundLimitReached(limit: 2))
    }

    @Test func afterTheLastRoundTheGrammarCanAdmitOnlyAnAnswer() async throws {
        let films = RecordingFilmsTool()
        let model = ScriptedModel(Replies.validFilms, Replies.answer("Enough."))
        let session = LanguageModelSession(model: model, tools: [films], policy: .fixed {
            $0.maximumToolRounds = 1
            $0.answerAfterLastRound = true
        })
        let response = try await session.respond(to: "Films")
        #expect(response.content == "Enough.")
        let first = try #require(model.requests.first?.constraint?.grammar)
        let last = try #require(model.requests.last?.constraint?.grammar)
        #expect(try admits(first, Replies.validFilms))
        #expect(try !admits(last, Replies.validFilms))
        #expect(try admits(last, Replies.answer("Enough.")))
    }

    @Test func theAllowListNarrowsTheGrammarAndUnknownNamesAreTypedErrors() async throws {
        let model = ScriptedModel(Replies.answer("a"), "plain")
        let session = LanguageModelSession(model: model, tools: [RecordingFilmsTool(), ContactsLookup()])
        _ = try await session.respond(to: "Who?", tools: .only(["findContacts"]))
        let grammar = try #require(model.requests.first?.constraint?.grammar)
        #expect(try admits(grammar, #"{"tool":"findContacts","arguments":{"generation":"genZ"}}"#))
        #expect(try !admits(grammar, Replies.validFilms))
        _ = try await session.respond(to: "Just talk", tools: .none)
        #expect(model.requests.last?.constraint == nil)
        await #expect(throws: SessionError.unknownTools(["nope"], available: ["findFilms", "findContacts"])) {
            try await session.respond(to: "x", tools: .only(["nope", "findFilms"]))
        }
    }

    @Test func twoToolsWithOneNameAreRefused() async throws {
        let session = LanguageModelSession(model: ScriptedModel(), tools: [RecordingFilmsTool(), RecordingFilmsTool()])
        await #expect(throws: SessionError.duplicateToolName("findFilms")) { try await session.respond(to: "x") }
    }

    @Test func aTypedAnswerComesThroughTheToolTurn() async throws {
        let arguments = #"{"genre":"comedy","fromYear":1990,"toYear":1999,"keywords":["time"]}"#
        let model = ScriptedModel(#"{"response":\#(arguments)}"#)
        let session = LanguageModelSession(model: model, tools: [ContactsLookup()])
        let response = try await session.respond(to: "Pick", generating: Films.Arguments.self)
        #expect(response.content.genre == "comedy")
        #expect(response.rawContent == (try GeneratedContent(json: arguments)))
    }

    @Test func aTypedAnswerThatBreaksItsSchemaIsAnError() async throws {
        // Each refused answer is shown back and regenerated, up to the attempt limit.
        let reply = #"{"response":{"genre":"comedy","fromYear":1,"toYear":1999,"keywords":[]}}"#
        let model = ScriptedModel(reply, reply, reply)
        let session = LanguageModelSession(model: model, tools: [ContactsLookup()])
        await #expect {
            try await session.respond(to: "Pick", generating: Films.Arguments.self)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("fromYear")
        }
        #expect(model.requests.count == 3)
    }

    @Test func aThrowingToolEndsTheRequestWithItsErrorWrapped() async throws {
        let films = RecordingFilmsTool { _ in throw ToolFailure() }
        let session = LanguageModelSession(model: ScriptedModel(Replies.validFilms), tools: [films])
        let error = await #expect(throws: LanguageModelSession.ToolCallError.self) { try await session.respond(to: "Films") }
        #expect(error?.underlyingError as? ToolFailure == ToolFailure())
        #expect(error?.tool.name == "findFilms")
        guard case .threw? = session.transcript.audit.last?.decision else {
            Issue.record("expected the audit to record the throw: \(session.transcript.audit)")
            return
        }
    }

    @Test func anExpectedFailureIsOutputTheModelSees() async throws {
        let films = RecordingFilmsTool { _ in .failure("Nothing found.") }
        let model = ScriptedModel(Replies.validFilms, Replies.answer("Sorry."))
        let session = LanguageModelSession(model: model, tools: [films])
        _ = try await session.respond(to: "Films")
        #expect(model.requests[1].messages.last == ChatMessage(role: .tool, content: "Nothing found."))
        guard case .toolOutput(let output) = session.transcript[3] else {
            Issue.record("expected tool output at 3: \(session.transcript.entries)")
            return
        }
        #expect(output.isFailure)
        guard case .called(_, isFailure: true)? = session.transcript.audit.last?.decision else {
            Issue.record("expected the audit to record a reported failure: \(session.transcript.audit)")
            return
        }
    }

    @Test func aGenerableOutputReachesTheModelAsJSON() async throws {
        struct Echo: Tool {
            let name = "echo"
            let description = "Returns its arguments."
            func call(arguments: Contacts.Arguments) async throws -> Contacts.Arguments { arguments }
        }
        let call = #"{"tool":"echo","arguments":{"generation":"genX"}}"#
        let model = ScriptedModel(call, Replies.answer("ok"))
        _ = try await LanguageModelSession(model: model, tools: [Echo()]).respond(to: "x")
        #expect(model.requests[1].messages.last == ChatMessage(role: .tool, content: #"{"generation":"genX"}"#))
    }

    @Test func responseStatisticsSumEveryTurn() async throws {
        let model = ScriptedModel(Replies.reversedYears, Replies.validFilms, Replies.answer("x"))
        let session = LanguageModelSession(model: model, tools: [RecordingFilmsTool()])
        let response = try await session.respond(to: "Films")
        let bytes = [Replies.reversedYears, Replies.validFilms, Replies.answer("x")].map(\.utf8.count).reduce(0, +)
        #expect(response.statistics.responseTokens == bytes)
        #expect(response.statistics.promptTokens == 3)
    }
}

/// Whether `grammar` admits exactly `text`, written in the default layout: these tests write
/// their JSON compact, and what they check is its meaning, not its whitespace.
func admits(_ grammar: Grammar, _ text: String) throws -> Bool {
    let laidOut = (try? GeneratedContent(json: text))?.jsonString(layout: GrammarOptions().layout) ?? text
    var matcher = try GrammarMatcher(grammar)
    return matcher.accept(bytes: laidOut.utf8) == nil && matcher.isComplete
}

/// A transcript entry's case, for comparing shapes.
enum EntryKind: Equatable {
    case instructions, prompt, toolCalls, toolOutput, response

    init(_ entry: Transcript.Entry) {
        switch entry {
        case .instructions: self = .instructions
        case .prompt: self = .prompt
        case .toolCalls: self = .toolCalls
        case .toolOutput: self = .toolOutput
        case .response: self = .response
        }
    }
}
