import BridleJSONSchema
import BridleGeneration
import BridleSchema
import Testing

/// Best of N and many seeds, on a model that answers by seed: which candidate is chosen, what
/// is reported, and which seeds each request gets.
@Suite struct CandidateRoundTests {
    /// Writes `replies[seed]`, scored `scores[seed]` per token, one byte per token.
    struct SeededModel: LanguageModel {
        let replies: [UInt64: String]
        let scores: [UInt64: Double]

        func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
            let seed = request.options.sampling?.seed ?? 0
            let reply = replies[seed] ?? ""
            let score = request.scoresTokens ? scores[seed] ?? 0 : 0
            return AsyncThrowingStream { continuation in
                for byte in reply.utf8 { continuation.yield(.token(id: Int32(byte), bytes: [byte])) }
                guard !reply.isEmpty else {
                    continuation.finish(throwing: ResponseError.exceededMaximumResponseTokens(limit: 0, partialText: ""))
                    return
                }
                var statistics = GenerationStatistics.zero
                statistics.responseTokens = reply.utf8.count
                statistics.scoredTokens = reply.utf8.count
                statistics.logProbability = score * Double(reply.utf8.count)
                continuation.yield(.finished(statistics))
                continuation.finish()
            }
        }
    }

    /// 5 matches both branches of the `oneOf` (refused by the check after generation).
    static let schema = #"{"oneOf":[{"type":"integer","minimum":0},{"type":"integer","maximum":10}]}"#

    static func answer(_ model: SeededModel, bestOf: Int, seed: UInt64 = 10, attempts: Int = 3) async throws -> CheckedAnswer {
        var options = GenerationOptions(sampling: .random(top: 40, seed: seed))
        options.bestOf = bestOf
        options.maximumAnswerAttempts = attempts
        let schema = try GenerationSchema(jsonSchema: Self.schema)
        return try await model.checkedAnswer(
            to: [.user("A number.")], constraint: try OutputConstraint(schema: schema, options: options.grammar), options: options)
    }

    @Test func theValidCandidateTheModelFoundLikeliestIsTheAnswer() async throws {
        // Seed 11 scores highest but breaks the oneOf; 13 is the likeliest valid one; 12 fails.
        let model = SeededModel(
            replies: [10: "50", 11: "5", 12: "", 13: "70"], scores: [10: -2, 11: -0.1, 12: 0, 13: -1])
        let answer = try await Self.answer(model, bestOf: 4)
        #expect(answer.text == "70")
        #expect(answer.candidates.map(\.text) == ["50", "5", nil, "70"])
        #expect(answer.candidates.map(\.isChosen) == [false, false, false, true])
        #expect(answer.candidates.map(\.meanLogProbability) == [-2, -0.1, 0, -1])
        #expect(answer.candidates[1].problems.first?.contains("oneOf") == true)
        #expect(answer.candidates[2].problems == [String(describing: ResponseError.exceededMaximumResponseTokens(limit: 0, partialText: ""))])
        #expect(answer.statistics.responseTokens == 2 + 1 + 2)
        #expect(answer.regenerations == 0)
    }

    @Test func equalScoresGoToTheFirstSeed() async throws {
        let model = SeededModel(replies: [10: "50", 11: "60"], scores: [:])
        let answer = try await Self.answer(model, bestOf: 2)
        #expect(answer.text == "50")
    }

    @Test func aRoundWithNoValidCandidateIsRegeneratedWithTheNextSeeds() async throws {
        let model = SeededModel(replies: [10: "5", 11: "6", 12: "70", 13: "80"], scores: [10: -1, 11: -2, 12: -3, 13: -1])
        let answer = try await Self.answer(model, bestOf: 2)
        #expect(answer.regenerations == 1)
        #expect(answer.text == "80")
        #expect(answer.candidates.map(\.text) == ["70", "80"])
    }

    @Test func theLastRoundsLikeliestRefusedCandidateIsTheViolation() async throws {
        let model = SeededModel(replies: [10: "5", 11: "6"], scores: [10: -3, 11: -1])
        await #expect {
            _ = try await Self.answer(model, bestOf: 2, attempts: 1)
        } throws: { error in
            guard case .schemaViolation(let text, _) = error as? ResponseError else { return false }
            return text == "6"
        }
    }

    @Test func oneCandidateIsScoredOnlyWhenAsked() async throws {
        let model = SeededModel(replies: [10: "50"], scores: [10: -1])
        let answer = try await Self.answer(model, bestOf: 1)
        #expect(answer.candidates.isEmpty)
        #expect(answer.statistics.logProbability == 0)
    }

    @Test(arguments: [0, -1])
    func bestOfBelowOneIsAnInvalidOption(bestOf: Int) async throws {
        await #expect {
            _ = try await Self.answer(SeededModel(replies: [:], scores: [:]), bestOf: bestOf)
        } throws: { error in
            if case .invalidOptions = error as? ResponseError { return true }
            return false
        }
    }

    @Test func greedyBestOfIsAnInvalidOption() async throws {
        var options = GenerationOptions(sampling: .greedy)
        options.bestOf = 2
        await #expect {
            _ = try await SeededModel(replies: [:], scores: [:]).checkedAnswer(to: [.user("x")], constraint: nil, options: options)
        } throws: { error in
            guard case .invalidOptions(let message) = error as? ResponseError else { return false }
            return message.contains("random sampling")
        }
    }

    @Test func manySeedsAnswerInSeedOrderAndAFailingSeedIsReportedInItsPlace() async throws {
        let model = SeededModel(replies: [3: "50", 4: "", 5: "70"], scores: [:])
        let schema = try GenerationSchema(jsonSchema: Self.schema)
        let answers = try await model.checkedAnswers(
            to: [.user("A number.")], constraint: try OutputConstraint(schema: schema, options: GenerationOptions().grammar), seeds: [3, 4, 5],
            options: GenerationOptions(sampling: .random(top: 40)))
        #expect(answers.map(\.seed) == [3, 4, 5])
        #expect(answers.map { try? $0.result.get().text } == ["50", nil, "70"])
    }

    @Test func manySeedsRefuseGreedySampling() async throws {
        await #expect(throws: ResponseError.self) {
            _ = try await SeededModel(replies: [:], scores: [:]).checkedAnswers(
                to: [.user("x")], constraint: nil, seeds: [1, 2], options: GenerationOptions(sampling: .greedy))
        }
    }
}
