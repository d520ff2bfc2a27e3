import Foundation
import BridleSchema

extension LanguageModel {
    /// Answers one request once per seed, all at once: the natural batch for testing a schema
    /// against fixed seeds (the llama.cpp backend decodes up to its `sequences` of them in one
    /// forward pass per token). Each seed gets the options' sampling strategy with that seed and
    /// the one answer policy of ``checkedAnswer(to:constraint:options:progress:)``; a seed that
    /// fails is reported in its place, the others go on. The requests are made as one
    /// ``RequestGroup``, so a backend that decodes them together gives each seed the same answer
    /// from run to run (from the same cache state, with the same batch size), unless the answer
    /// had to be generated again after a failed check.
    ///
    /// ```swift
    /// let answers = try await model.checkedAnswers(to: [.user("Four searches")], constraint: constraint, seeds: 0..<8)
    /// answers.map(\.seed)   // [0, 1, …, 7], in order
    /// ```
    ///
    /// - Throws: ``ResponseError/invalidOptions(_:)`` for greedy sampling (every seed would
    ///   give the same answer); `CancellationError` when cancelled.
    public func checkedAnswers(
        to messages: [ChatMessage], constraint: OutputConstraint?, seeds: some Collection<UInt64> & Sendable,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> [SeededAnswer] {
        let sampling = options.sampling ?? .random(probabilityThreshold: 1)
        if sampling.strategy == .greedy {
            throw ResponseError.invalidOptions("a many-seeds run needs random sampling: greedy sampling gives every seed the same answer")
        }
        // One place a seed, so a backend decoding them side by side takes them in seed order.
        let together = RequestGroup(places: seeds.count, requestsPerPlace: options.bestOf)
        let answers = await withTaskGroup(of: PlacedAnswer.self) { group in
            for (index, seed) in seeds.enumerated() {
                var seeded = options
                seeded.sampling = sampling.seeded(seed)
                group.addTask {
                    await together.run(in: index) {
                        do {
                            return PlacedAnswer(index: index, answer: SeededAnswer(seed: seed, result: .success(try await checkedAnswer(to: messages, constraint: constraint, options: seeded))))
                        } catch {
                            return PlacedAnswer(index: index, answer: SeededAnswer(seed: seed, result: .failure(error)))
                        }
                    }
                }
            }
            var answers: [SeededAnswer?] = Array(repeating: nil, count: seeds.count)
            for await placed in group { answers[placed.index] = placed.answer }
            return answers.compactMap(\.self)
        }
        try Task.checkCancellation()
        return answers
    }

    /// Generates a value of `type` once per seed, all at once (see
    /// ``checkedAnswers(to:constraint:seeds:options:)``), in seed order.
    ///
    /// ```swift
    /// let samples = try await model.respond(to: "Suggest searches", generating: SearchSuggestions.self, seeds: 0..<20)
    /// samples.filter { (try? $0.result.get()) != nil }.count   // how many of 20 seeds answered
    /// ```
    public func respond<Content: Generable>(
        to prompt: String,
        generating type: Content.Type = Content.self,
        seeds: some Collection<UInt64> & Sendable,
        includeSchemaInPrompt: Bool = true,
        instructions: String? = nil,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> [SeededResponse<Content>] {
        let schema = Content.generationSchema
        let constraint = try OutputConstraint(schema: schema, options: options.grammar, now: options.referenceDate ?? Date())
        let system = SessionPrompt.systemText(
            instructions: instructions, tools: nil, answer: .schema(schema, includeInPrompt: includeSchemaInPrompt))
        return try await checkedAnswers(to: Self.messages(prompt: prompt, instructions: system), constraint: constraint, seeds: seeds, options: options).map { answer in
            SeededResponse(seed: answer.seed, result: Result {
                let checked = try answer.result.get()
                return try Response(content: checked.content, rawContent: checked.content, text: checked.text, statistics: checked.statistics)
                    .decoded(as: Content.self)
            })
        }
    }
}

/// A seed's answer and its place in the run. A named struct, not a tuple: collected from a
/// task group as `(Int, SeededAnswer)`, a release build returned the answers out of seed order.
private struct PlacedAnswer: Sendable {
    let index: Int
    let answer: SeededAnswer
}
