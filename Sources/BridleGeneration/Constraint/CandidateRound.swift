import BridleSchema

/// One attempt of ``LanguageModel/checkedAnswer(to:constraint:options:progress:)``: its
/// ``GenerationOptions/bestOf`` candidates generated concurrently (seeds in a row after the
/// previous rounds'), each parsed and checked against the constraint.
struct CandidateRound<Model: LanguageModel> {
    let model: Model
    let messages: [ChatMessage]
    /// A written prompt, read as it is instead of `messages` (``GenerationRequest/promptText``).
    var promptText: String?
    let constraint: OutputConstraint?
    let options: GenerationOptions
    let attempt: Int

    /// What one candidate's generation gave: its text or its error. A named struct, not a
    /// tuple: collected as `(Int, Result<(String, GenerationStatistics), any Error>)` with
    /// `for await (index, result) in group`, a release build here lost one child's result.
    private struct Written: Sendable {
        let index: Int
        let text: String?
        let reasoning: String?
        let statistics: GenerationStatistics?
        let error: (any Error)?
    }

    /// A candidate and what its checks found.
    struct Candidate {
        var text: String?
        var reasoning: String?
        var content: GeneratedContent?
        var problems: [String] = []
        /// Why it could not be written, when it could not.
        var error: (any Error)?
        var meanLogProbability: Double = 0
        /// The constraint's pressure on it, when measured.
        var pressure: AnswerPressure?

        var isValid: Bool { text != nil && content != nil && problems.isEmpty }

        func report(isChosen: Bool) -> CheckedAnswer.Candidate {
            CheckedAnswer.Candidate(text: text, problems: problems, meanLogProbability: meanLogProbability, isChosen: isChosen)
        }
    }

    /// Generates and checks the candidates. A candidate that cannot be written (a token limit, a
    /// grammar dead end) is reported, not thrown, unless it is the only one; cancellation ends
    /// the round.
    func run(progress: (ResponseText) -> Void) async throws -> ([Candidate], GenerationStatistics) {
        let count = options.bestOf
        if count == 1 {
            let (text, reasoning, statistics) = try await model.complete(request(0), progress: progress)
            return ([try check(text, reasoning: reasoning, statistics)], statistics)
        }
        let written = await withTaskGroup(of: Written.self) { group in
            for index in 0..<count {
                let request = request(index)
                group.addTask {
                    do {
                        let (text, reasoning, statistics) = try await model.complete(request)
                        return Written(index: index, text: text, reasoning: reasoning, statistics: statistics, error: nil)
                    } catch {
                        return Written(index: index, text: nil, reasoning: nil, statistics: nil, error: error)
                    }
                }
            }
            var written: [Written] = []
            for await candidate in group { written.append(candidate) }
            return written.sorted { $0.index < $1.index }
        }
        var candidates: [Candidate] = []
        var statistics = GenerationStatistics.zero
        for candidate in written {
            if let error = candidate.error {
                if error is CancellationError { throw error }
                candidates.append(Candidate(problems: [String(describing: error)], error: error))
            } else if let text = candidate.text, let candidateStatistics = candidate.statistics {
                statistics.add(candidateStatistics)
                do {
                    candidates.append(try check(text, reasoning: candidate.reasoning, candidateStatistics))
                } catch {
                    candidates.append(Candidate(text: text, problems: [String(describing: error)], error: error))
                }
            }
        }
        try Task.checkCancellation()
        return (candidates, statistics)
    }

    /// The request for candidate `index` of this round: the seed after every earlier one's.
    private func request(_ index: Int) -> GenerationRequest {
        let seedOffset = attempt * options.bestOf + index
        return GenerationRequest(
            messages: messages, promptText: promptText, constraint: constraint, options: options.attempt(seedOffset).limited(by: constraint),
            scoresTokens: options.bestOf > 1)
    }

    /// Parses `text` and checks it; throws only when the text is not the constraint's JSON,
    /// which the grammar rules out.
    private func check(_ text: String, reasoning: String?, _ statistics: GenerationStatistics) throws -> Candidate {
        let content = try constraint?.content(ofAnswer: text) ?? GeneratedContent(text)
        let problems = (constraint?.violations(of: content) ?? []).map(\.description)
        return Candidate(
            text: text, reasoning: reasoning, content: content, problems: problems, meanLogProbability: statistics.meanLogProbability,
            pressure: options.measuresPressure ? AnswerPressure.of(statistics.pressure, in: text) : nil)
    }

    /// The index of the valid candidate with the highest mean log-probability (the first of
    /// equals); `nil` when none is valid.
    static func choice(among candidates: [Candidate]) -> Int? {
        candidates.indices.filter { candidates[$0].isValid }
            .max { candidates[$0].meanLogProbability < candidates[$1].meanLogProbability || (candidates[$0].meanLogProbability == candidates[$1].meanLogProbability && $0 > $1) }
    }

    /// The written (but refused) candidate with the highest mean log-probability.
    static func likeliestWritten(among candidates: [Candidate]) -> Candidate? {
        candidates.filter { $0.text != nil }.max { $0.meanLogProbability < $1.meanLogProbability }
    }
}
