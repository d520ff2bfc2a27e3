import BridleJSONSchema
import BridleGeneration
import BridleSchema
import Testing
import BridleTestSupport

/// Every path that returns an answer checks it with its constraint and regenerates under the
/// same policy: sessions, `LanguageModel.respond`, and `checkedAnswer` itself (which
/// `bridle generate` calls).
@Suite struct CheckedAnswerTests {
    /// 5 matches both branches (refused); 50 matches one.
    static let overlapping = #"{"oneOf":[{"type":"integer","minimum":0},{"type":"integer","maximum":10}]}"#

    enum Path: String, CaseIterable, CustomTestStringConvertible {
        case session, respond, checkedAnswer
        var testDescription: String { rawValue }

        func answer(_ model: ScriptedModel, schema: GenerationSchema, options: GenerationOptions) async throws -> GeneratedContent {
            switch self {
            case .session:
                return try await LanguageModelSession(model: model).respond(to: "A number.", schema: schema, options: options).content
            case .respond:
                return try await model.respond(to: "A number.", schema: schema, options: options).content
            case .checkedAnswer:
                let constraint = try OutputConstraint(schema: schema, options: options.grammar)
                return try await model.checkedAnswer(to: [.user("A number.")], constraint: constraint, options: options).content
            }
        }
    }

    @Test(arguments: Path.allCases)
    func aRefusedAnswerIsRegeneratedOnTheNextSeed(path: Path) async throws {
        let model = ScriptedModel("5", "50")
        let content = try await path.answer(
            model, schema: try GenerationSchema(jsonSchema: Self.overlapping), options: GenerationOptions(sampling: .random(top: 5, seed: 7)))
        #expect(content == 50)
        #expect(model.requests.map { $0.options.sampling?.seed } == [7, 8])
        #expect(model.requests.last?.messages.suffix(2).map(\.role) == [.assistant, .user])
    }

    @Test(arguments: Path.allCases)
    func noPathReturnsAnAnswerItsSchemaRejects(path: Path) async throws {
        let model = ScriptedModel("5", "6", "7", "50")
        var options = GenerationOptions()
        options.maximumAnswerAttempts = 3
        await #expect(throws: (any Error).self) {
            _ = try await path.answer(model, schema: try GenerationSchema(jsonSchema: Self.overlapping), options: options)
        }
        #expect(model.requests.count == 3)
    }

    @Test func theErrorNamesThePathOfEachIssue() async throws {
        let model = ScriptedModel(#"{"words": ["a", "a"]}"#)
        let schema = try GenerationSchema(
            jsonSchema: #"{"type":"object","properties":{"words":{"type":"array","items":{"type":"string"},"uniqueItems":true}},"required":["words"]}"#)
        var options = GenerationOptions()
        options.maximumAnswerAttempts = 1
        await #expect {
            _ = try await model.checkedAnswer(to: [.user("Words.")], constraint: try OutputConstraint(schema: schema), options: options)
        } throws: { error in
            guard case .schemaViolation(_, let violations) = error as? ResponseError else { return false }
            return violations.count == 1 && violations[0].contains("words") && violations[0].contains("unique")
        }
    }

    @Test func aFirstAnswerThatPassesIsReturnedWithItsStatistics() async throws {
        let model = ScriptedModel("50")
        let answer = try await model.checkedAnswer(
            to: [.user("A number.")], constraint: try OutputConstraint(schema: try GenerationSchema(jsonSchema: Self.overlapping)))
        #expect(answer.content == 50)
        #expect(answer.text == "50")
        #expect(answer.regenerations == 0)
        #expect(answer.statistics.responseTokens == 2)
    }

    @Test func withoutAConstraintTheTextIsTheAnswer() async throws {
        let answer = try await ScriptedModel("héllo").checkedAnswer(to: [.user("Hi")], constraint: nil)
        #expect(answer.content == GeneratedContent("héllo"))
        #expect(answer.regenerations == 0)
    }

    @Test func noAttemptsAtAllIsAnOptionsError() async throws {
        var options = GenerationOptions()
        options.maximumAnswerAttempts = 0
        await #expect {
            _ = try await ScriptedModel("x").checkedAnswer(to: [.user("Hi")], constraint: nil, options: options)
        } throws: { error in
            guard case .invalidOptions(let message) = error as? ResponseError else { return false }
            return message.contains("maximumAnswerAttempts")
        }
    }
}
