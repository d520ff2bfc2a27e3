@testable import BridleLlama
import Bridle
import BridleExampleTypes
import BridleMask
import CLlama
import Foundation
import Testing

/// The pressure the backend records (``GenerationOptions/measuresPressure``) against brute
/// force: the response's tokens decoded again, one at a time, in a context of the test's own
/// (llama.cpp's C API, no Bridle decoding), and at each sampled token the model's softmax
/// summed over every token a fresh constraint allows (asked token by token over the whole
/// vocabulary).
@Suite struct ConstraintPressureTests {
    static let messages: [ChatMessage] = [.system("You suggest films."), .user("Dramas from the fifties, please.")]

    static func options(sampling: SamplingMode) -> GenerationOptions {
        var options = GenerationOptions(sampling: sampling)
        options.grammar.maximumStringLength = 12
        options.requestEmphasis = nil
        options.measuresPressure = true
        return options
    }

    @Test(arguments: [(SamplingMode.greedy, true), (.random(probabilityThreshold: 1, seed: 3), false), (.random(top: 5, seed: 11), true)])
    func tinyModelPressureIsExact(sampling: SamplingMode, fastForward: Bool) async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.large, configuration: LlamaConfiguration(sequences: 1))
        var options = Self.options(sampling: sampling)
        options.fastForward = fastForward
        try await Self.expectExactPressure(model, options: options)
    }

    @Test(.enabled(if: RealModel.gemma.url != nil, RealModel.gemma.missingMessage))
    func gemmaPressureIsExact() async throws {
        let model = try LlamaLanguageModel(contentsOf: try #require(RealModel.gemma.url), configuration: LlamaConfiguration(sequences: 1))
        var options = Self.options(sampling: .random(top: 40, seed: 5))
        options.fastForward = false
        try await Self.expectExactPressure(model, options: options, checkedTokens: 6)
    }

    @Test func offRecordsNothing() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.small, configuration: LlamaConfiguration(sequences: 1))
        var options = Self.options(sampling: .greedy)
        options.measuresPressure = false
        let (_, _, statistics, _) = try await Self.generate(model, options: options)
        #expect(statistics.pressure.isEmpty)
    }

    @Test func serversRefuseTheOption() {
        var options = GenerationOptions()
        options.measuresPressure = true
        let problems = options.problems(for: LanguageModelCapabilities([.guidedGeneration, .toolCalling]))
        #expect(problems.map(\.option) == [.measuresPressure])
    }

    /// The response's tokens and text, its statistics, and whether the model ended it (rather
    /// than the token limit).
    static func generate(
        _ model: LlamaLanguageModel, options: GenerationOptions
    ) async throws -> (tokens: [Int32], text: String, statistics: GenerationStatistics, ended: Bool) {
        let constraint = try OutputConstraint(schema: Films.Arguments.generationSchema, options: options.grammar)
        var request = GenerationRequest(messages: messages, constraint: constraint, options: options)
        request.options.maximumResponseTokens = 64
        var tokens: [Int32] = []
        var bytes: [UInt8] = []
        var statistics: GenerationStatistics?
        var ended = true
        do {
            for try await event in model.generate(request) {
                if case .token(let id, let piece) = event {
                    tokens.append(id)
                    bytes += piece
                }
                if case .finished(let final) = event { statistics = final }
            }
        } catch ResponseError.exceededMaximumResponseTokens {
            // A cut response still has every token's pressure up to the cut.
            statistics = await model.lastStatistics
            ended = false
        }
        return (tokens, String(decoding: bytes, as: UTF8.self), try #require(statistics), ended)
    }

    /// Generates, then checks the first `checkedTokens` records (all by default) against
    /// brute force.
    static func expectExactPressure(_ model: LlamaLanguageModel, options: GenerationOptions, checkedTokens: Int = .max) async throws {
        let (tokens, text, statistics, ended) = try await generate(model, options: options)
        let forced = Set(statistics.forcedTokenIndices)
        let sampled = tokens.indices.filter { !forced.contains($0) }
        // One record per sampled token, and one for the last choice when it was not appended:
        // the end of generation, or a token past the limit.
        let lastChoiceKept = statistics.pressure.count == sampled.count + 1
        #expect(statistics.pressure.count == sampled.count || lastChoiceKept, "one record per sampled token")
        if ended { #expect(lastChoiceKept, "the end of generation was chosen, under pressure like any token") }
        #expect(statistics.pressure.contains { $0.removedProbability > 0.01 }, "the constraint refused something the model wanted, so the check means something")

        let llama = model.model
        let prompt = try llama.tokenize(model.prompt(for: messages))
        let request = GenerationRequest(
            messages: messages, constraint: try OutputConstraint(schema: Films.Arguments.generationSchema, options: options.grammar), options: options)
        let constraint = try llama.constraint(for: request).constraint
        let replay = try Replay(llama, contextSize: model.contextSize)
        var logits = try replay.decode(prompt)
        var offset = 0
        var recordIndex = 0
        func check(at index: Int) {
            guard recordIndex < min(checkedTokens, statistics.pressure.count) else { return }
            let record = statistics.pressure[recordIndex]
            recordIndex += 1
            let expected = bruteForce(logits, allows: constraint.allows)
            #expect(abs(record.removedProbability - expected.removed) < 1e-6, "token \(index) of \(text.debugDescription)")
            #expect(record.answerOffset == offset)
            #expect(record.refusedFavourite == expected.favourite.map { favourite in
                let bytes = llama.bytes(of: favourite)
                if !bytes.isEmpty { return String(decoding: bytes, as: UTF8.self) }
                return llama.isEndOfGeneration(favourite) ? "<end of text>" : "<token \(favourite)>"
            })
            #expect(abs(record.refusedFavouriteProbability - expected.favouriteProbability) < 1e-6)
        }
        for (index, token) in tokens.enumerated() {
            if !forced.contains(index) { check(at: index) }
            guard constraint.commit(token, healingWith: nil) != nil else { break }
            offset += llama.bytes(of: token).count
            logits = try replay.decode([token])
        }
        if lastChoiceKept { check(at: tokens.count) }
        if checkedTokens == .max { #expect(recordIndex == statistics.pressure.count) }
    }

    /// 1 − Σ allowed softmax, and the refused token with the highest logit (lowest id among
    /// equals), in doubles from the raw logits.
    static func bruteForce(_ logits: [Float], allows: (Int32) -> Bool) -> (removed: Double, favourite: Int32?, favouriteProbability: Double) {
        let highest = Double(logits.max() ?? 0)
        let weights = logits.map { exp(Double($0) - highest) }
        let total = weights.reduce(0, +)
        var refused = 0.0
        var favourite: Int?
        for index in logits.indices where !allows(Int32(index)) {
            refused += weights[index]
            if favourite.map({ logits[index] > logits[$0] }) ?? true { favourite = index }
        }
        return (refused / total, favourite.map { Int32($0) }, favourite.map { weights[$0] / total } ?? 0)
    }

    /// A context of the test's own that decodes one sequence and returns the last token's
    /// logits: shaped as the backend shapes a context of one sequence (its size, batch, unified
    /// cache and threads), so that a quantized model's logits come out bit for bit the same.
    final class Replay {
        /// Held so that the model outlives the context made from it.
        let model: LlamaModel
        let context: OpaquePointer
        let vocabularySize: Int
        var position = 0

        init(_ model: LlamaModel, contextSize: Int) throws {
            self.model = model
            let defaults = LlamaConfiguration()
            var parameters = llama_context_default_params()
            parameters.n_ctx = UInt32(contextSize)
            parameters.n_batch = UInt32(defaults.batchSize)
            parameters.n_ubatch = parameters.n_batch
            parameters.n_seq_max = 1
            parameters.kv_unified = true
            let threads = Int32(ProcessInfo.processInfo.activeProcessorCount)
            parameters.n_threads = threads
            parameters.n_threads_batch = threads
            context = try #require(llama_init_from_model(model.pointer, parameters))
            vocabularySize = model.vocabularySize
        }

        deinit { llama_free(context) }

        func decode(_ tokens: [Int32]) throws -> [Float] {
            var batch = llama_batch_init(Int32(tokens.count), 0, 1)
            defer { llama_batch_free(batch) }
            for (index, token) in tokens.enumerated() {
                batch.token[index] = token
                batch.pos[index] = llama_pos(position + index)
                batch.n_seq_id[index] = 1
                batch.seq_id[index]?[0] = 0
                batch.logits[index] = index == tokens.count - 1 ? 1 : 0
            }
            batch.n_tokens = Int32(tokens.count)
            try #require(llama_decode(context, batch) == 0)
            position += tokens.count
            let row = try #require(llama_get_logits_ith(context, Int32(tokens.count - 1)))
            return Array(UnsafeBufferPointer(start: row, count: vocabularySize))
        }
    }
}
