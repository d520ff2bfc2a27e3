import Bridle
import BridleExampleTypes
import BridleLlama
import Foundation
import Testing

/// Request emphasis on real llama.cpp (tiny f32 model): the conversation without its request is
/// decoded in a second sequence, and each choice is made from `γ·request + (1 − γ)·baseline`
/// among the plausible tokens. At γ = 0 without the cut the choice is the baseline's alone, so
/// the answer must be, byte for byte, the one the conversation without the request gives: that
/// pins the baseline's cache (the copied prefix, its own tail, every token followed) to what
/// decoding it alone would hold. With the strictest cut only the request's favourite is
/// plausible, so the answer is the plain one whatever the weight.
@Suite struct RequestEmphasisTests {
    static let request: [ChatMessage] = [.system("You suggest films."), .user("Dramas from the fifties, please.")]
    static let withoutRequest: [ChatMessage] = [.system("You suggest films."), .user("")]

    static func options(emphasis: RequestEmphasis? = nil, sampling: SamplingMode = .greedy) -> GenerationOptions {
        var options = GenerationOptions(sampling: sampling)
        options.grammar.maximumStringLength = 12
        options.requestEmphasis = emphasis
        return options
    }

    static func constraint() throws -> OutputConstraint {
        try OutputConstraint(schema: Films.Arguments.generationSchema, options: options().grammar)
    }

    static func model(sequences: Int = 4) throws -> LlamaLanguageModel {
        try LlamaLanguageModel(contentsOf: TestModels.large, configuration: LlamaConfiguration(sequences: sequences))
    }

    static func text(_ model: LlamaLanguageModel, _ messages: [ChatMessage], _ options: GenerationOptions) async throws -> String {
        try await answer(model, messages, options).text
    }

    static func answer(
        _ model: LlamaLanguageModel, _ messages: [ChatMessage], _ options: GenerationOptions
    ) async throws -> (text: String, statistics: GenerationStatistics?) {
        var request = GenerationRequest(messages: messages, constraint: try constraint(), options: options)
        request.options.maximumAnswerAttempts = 1
        var bytes: [UInt8] = []
        var statistics: GenerationStatistics?
        for try await event in model.generate(request) {
            if case .token(_, let piece) = event { bytes += piece }
            if case .finished(let final) = event { statistics = final }
        }
        return (String(decoding: bytes, as: UTF8.self), statistics)
    }

    /// The default, ``RequestEmphasis/automatic``, is the standard emphasis where the context
    /// has a second sequence for it, and no emphasis in a context of one; the statistics say
    /// which.
    @Test func theDefaultEmphasisesWhereTheContextHasRoom() async throws {
        var options = Self.options()
        options.requestEmphasis = GenerationOptions().requestEmphasis
        #expect(options.requestEmphasis == .automatic)
        let roomy = try Self.model(sequences: 2)
        let emphasised = try await Self.answer(roomy, Self.request, options)
        #expect(try #require(emphasised.statistics).emphasisedTokens > 0)
        #expect(try await Self.text(roomy, Self.request, Self.options(emphasis: .standard)) == emphasised.text)

        let single = try Self.model(sequences: 1)
        let plain = try await Self.answer(single, Self.request, options)
        #expect(try #require(plain.statistics).emphasisedTokens == 0)
        #expect(try await Self.text(single, Self.request, Self.options()) == plain.text)
        #expect(plain.text != emphasised.text, "emphasis changes this answer, so the two checks mean something")
    }

    /// (The digits the grammar expects are the request's conversation's choice at any weight;
    /// on this model and answer the two conversations choose them alike.)
    @Test(arguments: [true, false])
    func atZeroTheAnswerIsTheConversationWithoutTheRequest(fastForward: Bool) async throws {
        let model = try Self.model()
        var options = Self.options()
        options.fastForward = fastForward
        let expected = try await Self.text(model, Self.withoutRequest, options)
        // The request does change the answer, so agreeing with the baseline means something.
        #expect(try await Self.text(model, Self.request, options) != expected)
        await model.clearCache()
        options.requestEmphasis = RequestEmphasis(weight: 0, plausibility: 0)
        let emphasised = try await Self.text(model, Self.request, options)
        #expect(emphasised == expected)
        #expect(try Films.Arguments(GeneratedContent(json: emphasised)).toYear >= 0)
    }

    /// Best of N scores a candidate by the distribution that chose it: at γ = 0 without the
    /// cut that is the conversation without the request, so the candidates, and their scores,
    /// are best of N's on that conversation. (Sampled from the whole mask: a top-k filter keeps
    /// the request's favourites, then weighs them, so there γ = 0 is not the baseline alone.)
    @Test func bestOfNScoresCandidatesByTheDistributionThatChoseThem() async throws {
        let model = try Self.model()
        var options = Self.options(sampling: .random(probabilityThreshold: 0.95, seed: 3))
        options.bestOf = 2
        options.maximumAnswerAttempts = 1
        // Few, well-separated choices: a random string's draw could flip on the rounding of
        // logits decoded in batches of other sizes.
        let constraint = try OutputConstraint(schema: Reminders.Arguments.generationSchema, options: options.grammar)
        let expected = try await model.checkedAnswer(to: Self.withoutRequest, constraint: constraint, options: options)
        await model.clearCache()
        options.requestEmphasis = RequestEmphasis(weight: 0, plausibility: 0)
        let emphasised = try await model.checkedAnswer(to: Self.request, constraint: constraint, options: options)
        #expect(emphasised.candidates.count == 2)
        #expect(emphasised.candidates.map(\.text) == expected.candidates.map(\.text))
        for (candidate, alone) in zip(emphasised.candidates, expected.candidates) {
            #expect(abs(candidate.meanLogProbability - alone.meanLogProbability) < 1e-3)
        }
    }

    /// γ = 1 is the request alone (no baseline is decoded); a cut of 1 leaves only the
    /// request's favourite, whatever γ.
    @Test(arguments: [RequestEmphasis(weight: 1), RequestEmphasis(weight: 0, plausibility: 1), RequestEmphasis(weight: 3, plausibility: 1)])
    func theAnswerIsUnchangedWhenEmphasisCannotChooseOtherwise(emphasis: RequestEmphasis) async throws {
        let model = try Self.model()
        let plain = try await Self.text(model, Self.request, Self.options())
        #expect(try await Self.text(model, Self.request, Self.options(emphasis: emphasis)) == plain)
    }

    /// The standard emphasis does change greedy answers here (a random model has no favourite
    /// the cut protects), and every one stays valid.
    @Test func theStandardEmphasisChangesAnswersAndKeepsThemValid() async throws {
        let model = try Self.model()
        var changed = 0
        for prompt in ["Dramas", "Comedies of the eighties", "Horror"] {
            let messages: [ChatMessage] = [.system("You suggest films."), .user(prompt)]
            let plain = try await Self.text(model, messages, Self.options())
            let emphasised = try await Self.text(model, messages, Self.options(emphasis: .standard))
            let value = try Films.Arguments(GeneratedContent(json: emphasised))
            #expect(value.toYear >= value.fromYear)
            if emphasised != plain { changed += 1 }
        }
        #expect(changed >= 1)
    }

    /// Each emphasised request takes two sequences: four of them on a context of five run two at
    /// a time (the others wait), and each gives the answer it gives alone. Greedy, so that the
    /// rounding of a different batch (f32 sums in another order) cannot move a sampled draw.
    @Test func emphasisedRequestsShareAContextAndKeepTheirAnswers() async throws {
        let conversations: [[ChatMessage]] = ["Dramas", "Comedies of the eighties", "Horror", "Westerns"].map {
            [.system("You suggest films."), .user($0)]
        }
        let options = Self.options(emphasis: RequestEmphasis(weight: 2))
        let alone = try Self.model(sequences: 2)
        var expected: [String] = []
        for messages in conversations {
            await alone.clearCache()
            expected.append(try await Self.text(alone, messages, options))
        }
        let shared = try Self.model(sequences: 5)
        let together = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, messages) in conversations.enumerated() {
                group.addTask { (index, try await Self.text(shared, messages, options)) }
            }
            var texts = Array(repeating: "", count: conversations.count)
            for try await (index, text) in group { texts[index] = text }
            return texts
        }
        #expect(together == expected)
        for text in together { #expect(try Films.Arguments(GeneratedContent(json: text)).fromYear <= 2100) }
    }

    @Test(arguments: [
        RequestEmphasis(weight: -1), RequestEmphasis(weight: .nan), RequestEmphasis(weight: .infinity),
        RequestEmphasis(weight: 1.5, plausibility: 2), RequestEmphasis(weight: 1.5, plausibility: -0.1),
    ])
    func anImpossibleEmphasisIsATypedError(emphasis: RequestEmphasis) async throws {
        await #expect {
            _ = try await Self.text(try Self.model(), Self.request, Self.options(emphasis: emphasis))
        } throws: { error in
            guard case .invalidOptions(let message) = error as? ResponseError else { return false }
            return message.contains("requestEmphasis")
        }
    }

    @Test func aContextOfOneSequenceSaysHowToMakeRoom() async throws {
        await #expect {
            _ = try await Self.text(try Self.model(sequences: 1), Self.request, Self.options(emphasis: .standard))
        } throws: { error in
            guard case .invalidOptions(let message) = error as? ResponseError else { return false }
            return message.contains("sequences: 2")
        }
    }
}

/// Request emphasis on both real vocabularies and prompt paths: gemma's plain prompt (262k
/// SentencePiece) and SmolLM2's ChatML template (49k byte-level BPE), where the emptied user
/// turn keeps its special tokens. Greedy answers stay valid and decode.
@Suite struct RealModelRequestEmphasisTests {
    @Test(.enabled(if: RealModel.gemma.url != nil, RealModel.gemma.missingMessage))
    func emphasisedAnswersAreValidOnGemma() async throws {
        try await expectEmphasisedAnswersAreValid(on: .gemma)
    }

    @Test(.enabled(if: RealModel.smolLM2.url != nil, RealModel.smolLM2.missingMessage))
    func emphasisedAnswersAreValidOnSmolLM2() async throws {
        try await expectEmphasisedAnswersAreValid(on: .smolLM2)
    }

    private func expectEmphasisedAnswersAreValid(on real: RealModel) async throws {
        let model = try real.model()
        var options = GenerationOptions(sampling: .greedy)
        options.requestEmphasis = .standard
        let response = try await model.respond(
            to: "Find my contacts born in the nineties.", generating: Contacts.Arguments.self, options: options)
        #expect(try Contacts.Arguments(GeneratedContent(json: response.text)).generation == response.content.generation)
    }
}

