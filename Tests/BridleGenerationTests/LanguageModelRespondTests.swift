import Bridle
import BridleExampleTypes
import Testing
import BridleTestSupport

@Suite struct LanguageModelRespondTests {
    @Test func typedResponseDecodesTheTextAndKeepsItExactly() async throws {
        let text = #"{"genre":"drama","fromYear":1950,"toYear":1960,"keywords":["noir"]}"#
        let model = ScriptedModel(text)
        let response = try await model.respond(to: "Films", generating: Films.Arguments.self)
        #expect(response.content.genre == "drama")
        #expect(response.content.fromYear == 1950)
        #expect(response.content.keywords == ["noir"])
        #expect(response.text == text)
        #expect(response.rawContent == (try GeneratedContent(json: text)))
        #expect(response.statistics.responseTokens == text.utf8.count)
    }

    @Test func requestCarriesTheTypesGrammarAndAFiniteTokenLimit() async throws {
        let model = ScriptedModel(#"{"generation":"genZ"}"#)
        _ = try await model.respond(to: "Who?", generating: Contacts.Arguments.self, instructions: "Be brief.")
        let request = try #require(model.requests.first)
        let compiled = try Contacts.Arguments.generationSchema.grammar()
        #expect(request.constraint == OutputConstraint(compiled: compiled, schema: Contacts.Arguments.generationSchema))
        #expect(request.options.maximumResponseTokens == compiled.maximumLength * 4)
        #expect(request.messages.map(\.role) == [.system, .user])
        #expect(request.messages[0].content.hasPrefix("Be brief.\n\nRespond with JSON that matches this JSON Schema:"))
        #expect(request.messages[1] == .user("Who?"))
    }

    @Test func explicitTokenLimitIsKeptAndSchemaCanStayOutOfThePrompt() async throws {
        let model = ScriptedModel(#"{"generation":"genX"}"#)
        _ = try await model.respond(
            to: "Who?", generating: Contacts.Arguments.self, includeSchemaInPrompt: false,
            options: GenerationOptions(maximumResponseTokens: 99)
        )
        let request = try #require(model.requests.first)
        #expect(request.options.maximumResponseTokens == 99)
        #expect(request.messages == [.user("Who?")])
    }

    @Test(arguments: [
        "{\"generation\":", // cut short
        "{\"generation\":\"genZ\"} trailing",
        "not json",
    ])
    func malformedTextIsAnUndecodableResponseError(text: String) async throws {
        let model = ScriptedModel(text)
        await #expect {
            _ = try await model.respond(to: "Who?", generating: Contacts.Arguments.self)
        } throws: { error in
            guard case let .undecodableResponse(reported, _) = error as? ResponseError else { return false }
            return reported == text
        }
    }

    @Test(arguments: [
        #"{"genre":"drama","fromYear":1800,"toYear":1960,"keywords":[]}"#, // below the range
        #"{"genre":"western","fromYear":1950,"toYear":1960,"keywords":[]}"#, // not one of anyOf
        #"{"genre":"drama","fromYear":1950,"toYear":1960,"keywords":["a","b","c","d"]}"#, // too many
        #"{"genre":"drama","fromYear":1950,"toYear":1960,"keywords":[""]}"#, // element too short
    ])
    func textThatBreaksAGuideInEveryAttemptIsASchemaViolation(text: String) async throws {
        let attempts = GenerationOptions().maximumAnswerAttempts
        let model = ScriptedModel(replies: Array(repeating: text, count: attempts))
        await #expect {
            _ = try await model.respond(to: "Films", generating: Films.Arguments.self)
        } throws: { error in
            guard case let .schemaViolation(reported, violations) = error as? ResponseError else { return false }
            return reported == text && !violations.isEmpty
        }
        #expect(model.requests.count == attempts)
    }

    @Test func aRefusedAnswerIsShownBackAndGeneratedAgainOnTheNextSeed() async throws {
        let refused = #"{"genre":"drama","fromYear":1800,"toYear":1960,"keywords":[]}"#
        let valid = #"{"genre":"drama","fromYear":1950,"toYear":1960,"keywords":[]}"#
        let model = ScriptedModel(refused, valid)
        let response = try await model.respond(
            to: "Films", generating: Films.Arguments.self, options: GenerationOptions(sampling: .random(top: 5, seed: 9)))
        #expect(response.content.fromYear == 1950)
        #expect(response.statistics.responseTokens == refused.utf8.count + valid.utf8.count)
        let retry = try #require(model.requests.last)
        #expect(model.requests.count == 2)
        #expect(retry.options.sampling?.seed == 10)
        #expect(retry.messages.dropLast().last == .assistant(refused))
        #expect(retry.messages.last?.content.contains("fromYear") == true)
    }

    @Test func plainTextResponseIsTheTextAsAJSONString() async throws {
        let model = ScriptedModel("héllo 日本")
        let response = try await model.respond(to: "Hi")
        #expect(response.content == "héllo 日本")
        #expect(response.rawContent == GeneratedContent("héllo 日本"))
        #expect(model.requests.first?.constraint == nil)
    }

    @Test func streamThatStopsWithoutFinishingIsCancellation() async throws {
        let model = ScriptedModel("{\"gen", endsEarly: true)
        await #expect(throws: CancellationError.self) {
            _ = try await model.respond(to: "Who?", generating: Contacts.Arguments.self)
        }
    }

    @Test func invalidUTF8IsReportedNotReplaced() async throws {
        struct BrokenBytes: LanguageModel {
            func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
                AsyncThrowingStream { continuation in
                    continuation.yield(.token(id: 0, bytes: [0x61, 0xFF]))
                    continuation.yield(.finished(GenerationStatistics(
                        promptTokens: 0, reusedPromptTokens: 0, responseTokens: 1,
                        promptSeconds: 0, responseSeconds: 0, samplingSeconds: 0)))
                    continuation.finish()
                }
            }
        }
        await #expect(throws: ResponseError.invalidUTF8(bytes: [0x61, 0xFF])) {
            _ = try await BrokenBytes().respond(to: "Hi")
        }
    }
}
