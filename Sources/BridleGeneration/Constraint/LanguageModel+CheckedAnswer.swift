import BridleSchema

extension LanguageModel {
    /// Generates an answer under `constraint` and checks it: the one policy every path that
    /// returns an answer follows (``respond(to:schema:includeSchemaInPrompt:instructions:options:)``,
    /// sessions, `bridle generate`).
    ///
    /// An answer that breaks a rule its grammar leaves to a check (``OutputConstraint/postChecks``)
    /// is shown back to the model with the reasons and generated again; a seeded sampler moves
    /// to the next seed, so the retry differs. After ``GenerationOptions/maximumAnswerAttempts``
    /// answers in all, the request fails with ``ResponseError/schemaViolation(text:violations:)``,
    /// each issue naming its path. No answer a check refuses is ever returned. With
    /// ``GenerationOptions/bestOf`` N, each attempt is a round of N candidates generated
    /// concurrently, and the answer the valid candidate the model found likeliest.
    ///
    /// - Parameter progress: Called after each token with the attempt (0 first) and the
    ///   response so far; an attempt that is refused is followed by a new one from empty. With
    ///   best-of-N, called once per attempt, with the chosen candidate.
    public func checkedAnswer(
        to messages: [ChatMessage], constraint: OutputConstraint?, options: GenerationOptions = GenerationOptions(),
        progress: (_ attempt: Int, _ response: ResponseText) -> Void = { _, _ in }
    ) async throws -> CheckedAnswer {
        try await checkedAnswer(messages: messages, promptText: nil, constraint: constraint, options: options, progress: progress)
    }

    /// ``checkedAnswer(to:constraint:options:progress:)`` for a prompt already written (a text
    /// completion's), read as it is: no chat template (``GenerationRequest/promptText``). A
    /// refused answer is written again from the next seed, without feedback: a written prompt
    /// has no turn to add the reasons to.
    public func checkedAnswer(
        toPromptText promptText: String, constraint: OutputConstraint?, options: GenerationOptions = GenerationOptions(),
        progress: (_ attempt: Int, _ response: ResponseText) -> Void = { _, _ in }
    ) async throws -> CheckedAnswer {
        try await checkedAnswer(messages: [], promptText: promptText, constraint: constraint, options: options, progress: progress)
    }

    private func checkedAnswer(
        messages: [ChatMessage], promptText: String?, constraint: OutputConstraint?, options: GenerationOptions,
        progress: (_ attempt: Int, _ response: ResponseText) -> Void
    ) async throws -> CheckedAnswer {
        try options.validate(for: capabilities)
        var feedback: [ChatMessage] = []
        var statistics = GenerationStatistics.zero
        var attempt = 0
        while true {
            let round = CandidateRound(
                model: self, messages: messages + feedback, promptText: promptText, constraint: constraint, options: options, attempt: attempt)
            let (candidates, roundStatistics) = try await round.run { progress(attempt, $0) }
            statistics.add(roundStatistics)
            if let chosen = CandidateRound.choice(among: candidates) {
                let report = options.bestOf > 1 ? candidates.enumerated().map { $0.element.report(isChosen: $0.offset == chosen) } : []
                let answer = candidates[chosen]
                if options.bestOf > 1, let text = answer.text {
                    var response = ResponseText()
                    response.append(Array(text.utf8))
                    progress(attempt, response)
                }
                return CheckedAnswer(
                    text: answer.text ?? "", content: answer.content ?? GeneratedContent(""), statistics: statistics, regenerations: attempt,
                    candidates: report, reasoning: answer.reasoning, pressure: answer.pressure)
            }
            // No valid candidate: the likeliest one that was written is shown back with its
            // problems; if none could be written, the first one's error is the request's.
            guard let refused = CandidateRound.likeliestWritten(among: candidates), let text = refused.text else {
                throw candidates.first?.error ?? CancellationError()
            }
            guard attempt + 1 < options.maximumAnswerAttempts else {
                throw ResponseError.schemaViolation(text: text, violations: refused.problems)
            }
            attempt += 1
            if promptText == nil {
                feedback += [.assistant(text), .user(SessionPrompt.answerFeedback(problems: refused.problems))]
            }
        }
    }
}

extension GenerationOptions {
    /// These options, with a token limit from `constraint` when none is set.
    func limited(by constraint: OutputConstraint?) -> GenerationOptions {
        // A lazy constraint's prose before its trigger is unbounded by the grammar.
        guard maximumResponseTokens == nil, let constraint, constraint.trigger == nil else { return self }
        var options = self
        // Reasoning comes first: its budget, and the closing Bridle may write a byte a token.
        let beforeAnswer = reasoningBudget > 0 ? reasoningBudget + ReasoningStyle.closing.utf8.count : 0
        options.maximumResponseTokens = constraint.maximumResponseTokens.map {
            let (sum, overflow) = $0.addingReportingOverflow(beforeAnswer)
            return overflow ? Int.max : sum
        }
        return options
    }

    /// These options for the attempt numbered `attempt` (0 first): a seeded sampler moves on
    /// by one seed per attempt, since the same seed would write the same refused answer again.
    func attempt(_ attempt: Int) -> GenerationOptions {
        guard attempt > 0, let sampling, let seed = sampling.seed else { return self }
        var options = self
        options.sampling = sampling.seeded(seed &+ UInt64(attempt))
        return options
    }
}
