import BridleSchema

extension LanguageModel {
    /// Generates an answer under `constraint` and checks it: the one policy every path that
    /// returns an answer follows (``respond(to:schema:includeSchemaInPrompt:instructions:options:)``,
    /// sessions, `bridle generate`).
    ///
    /// An answer that breaks a rule its grammar leaves to a check (``OutputConstraint/postChecks``)
    /// is shown back to the model with the reasons and generated again; a seeded sampler moves
    /// to the next seed, so the retry differs. After ``GenerationOptions/maximumAnswerAttempts``
    /// answers in all, the request fails with ``GenerationError/schemaViolation(text:issues:)``,
    /// each issue naming its path. No answer a check refuses is ever returned.
    ///
    /// - Parameter progress: Called after each token with the attempt (0 first) and the
    ///   response so far; an attempt that is refused is followed by a new one from empty.
    public func checkedAnswer(
        to messages: [ChatMessage], constraint: OutputConstraint?, options: GenerationOptions = GenerationOptions(),
        progress: (_ attempt: Int, _ response: ResponseText) -> Void = { _, _ in }
    ) async throws -> CheckedAnswer {
        guard options.maximumAnswerAttempts >= 1 else {
            throw GenerationError.invalidOptions("maximumAnswerAttempts must be ≥ 1, not \(options.maximumAnswerAttempts)")
        }
        var feedback: [ChatMessage] = []
        var statistics = GenerationStatistics.zero
        var attempt = 0
        while true {
            let request = GenerationRequest(
                messages: messages + feedback, constraint: constraint, options: options.attempt(attempt).limited(by: constraint))
            let (text, attemptStatistics) = try await complete(request) { progress(attempt, $0) }
            statistics.add(attemptStatistics)
            let content = try constraint?.content(ofAnswer: text) ?? GeneratedContent(text)
            let problems = (constraint?.issues(in: content) ?? []).map(\.description)
            if problems.isEmpty {
                return CheckedAnswer(text: text, content: content, statistics: statistics, regenerations: attempt)
            }
            guard attempt + 1 < options.maximumAnswerAttempts else {
                throw GenerationError.schemaViolation(text: text, issues: problems)
            }
            attempt += 1
            feedback += [.assistant(text), .user(SessionPrompt.answerFeedback(problems: problems))]
        }
    }
}

extension GenerationOptions {
    /// These options, with a token limit from `constraint` when none is set.
    func limited(by constraint: OutputConstraint?) -> GenerationOptions {
        guard maximumResponseTokens == nil, let constraint else { return self }
        var options = self
        options.maximumResponseTokens = constraint.maximumResponseTokens
        return options
    }

    /// These options for the attempt numbered `attempt` (0 first): a seeded sampler moves on
    /// by one seed per attempt, since the same seed would write the same refused answer again.
    func attempt(_ attempt: Int) -> GenerationOptions {
        guard attempt > 0, let sampling, let seed = sampling.seed else { return self }
        var options = self
        options.sampling = SamplingMode(strategy: sampling.strategy, seed: seed &+ UInt64(attempt))
        return options
    }
}
