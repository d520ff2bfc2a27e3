extension GenerationOptions {
    /// An option of ``GenerationOptions``, named as its property, so that a surface with names
    /// of its own (a command-line flag, a field of a request body) can point at the one it
    /// exposes.
    public enum Option: String, Sendable, Hashable, CaseIterable {
        case temperature, sampling, maximumResponseTokens, requestEmphasis, bestOf, maximumAnswerAttempts, reasoningLevel, measuresPressure
    }

    /// Why one option can't be used on a model, and what to do instead.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        public let option: Option
        public let message: String

        public var description: String { message }
    }

    /// Every option checked, in one place, against what a model can do: the backends, the
    /// answer loop and the command line all ask here, before any work starts.
    ///
    /// ```swift
    /// var options = GenerationOptions(temperature: -1)
    /// options.problems(for: model.capabilities).map(\.option)   // [.temperature]
    /// ```
    public func problems(for capabilities: LanguageModelCapabilities) -> [Problem] {
        var problems: [Problem] = []
        func report(_ option: Option, _ message: String) { problems.append(Problem(option: option, message: message)) }
        if let temperature, !temperature.isFinite || temperature < 0 {
            report(.temperature, "temperature must be a finite number ≥ 0, not \(temperature)")
        }
        switch sampling?.strategy {
        case let .topK(k)? where k < 1:
            report(.sampling, "random(top:) needs k ≥ 1, not \(k)")
        case let .nucleus(p)? where !(p > 0 && p <= 1):
            report(.sampling, "random(probabilityThreshold:) needs a threshold in (0, 1], not \(p)")
        default:
            break
        }
        if let limit = maximumResponseTokens, limit < 0 {
            report(.maximumResponseTokens, "maximumResponseTokens must be ≥ 0, not \(limit)")
        }
        if let emphasis = requestEmphasis {
            if let problem = emphasis.problem {
                report(.requestEmphasis, problem)
            } else if emphasis.isActive, !emphasis.isAutomatic, !capabilities.contains(.requestEmphasis) {
                report(.requestEmphasis, """
                    requestEmphasis decodes the conversation without its request beside it, which this model can't: \
                    LlamaLanguageModel can, loaded with LlamaConfiguration(sequences: 2) or more; a server never can. \
                    Use RequestEmphasis.automatic to emphasise only where the model can
                    """)
            }
        }
        if let level = reasoningLevel {
            if let budget = level.budget {
                if budget > 0, !capabilities.contains(.reasoning) {
                    report(.reasoningLevel, """
                        reasoningLevel needs a backend that lets free text through before the constrained answer, which \
                        this model's can't: LlamaLanguageModel can; a server can't yet. Leave reasoningLevel nil here
                        """)
                }
            } else {
                report(.reasoningLevel, "reasoningLevel \(level) is neither a named level nor a whole number of tokens ≥ 0 (custom(\"48\"), tokens(48))")
            }
        }
        if measuresPressure, !capabilities.contains(.constraintPressure) {
            report(.measuresPressure, """
                measuresPressure reads the model's probabilities before the constraint's mask, which this backend doesn't \
                see: LlamaLanguageModel does; a server returns only the tokens it chose. Leave measuresPressure off here
                """)
        }
        if maximumAnswerAttempts < 1 {
            report(.maximumAnswerAttempts, "maximumAnswerAttempts must be ≥ 1, not \(maximumAnswerAttempts)")
        }
        if bestOf < 1 {
            report(.bestOf, "bestOf must be ≥ 1, not \(bestOf)")
        } else if bestOf > 1, sampling?.strategy == .greedy {
            report(.bestOf, "bestOf \(bestOf) needs random sampling: greedy sampling writes the same candidate every time")
        }
        return problems
    }

    /// Throws ``ResponseError/invalidOptions(_:)`` with the first of ``problems(for:)``.
    public func validate(for capabilities: LanguageModelCapabilities) throws(ResponseError) {
        if let problem = problems(for: capabilities).first { throw .invalidOptions(problem.message) }
    }
}
