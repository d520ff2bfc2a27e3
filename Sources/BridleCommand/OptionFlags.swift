import ArgumentParser
import Bridle

extension GenerationOptions.Option {
    /// The flag of `bridle generate` and `bridle demo` that sets this option.
    var flag: String {
        switch self {
        case .temperature: "--temperature"
        case .sampling: "--top-k"
        case .maximumResponseTokens: "--max-tokens"
        case .requestEmphasis: "--emphasis"
        case .bestOf: "--best-of"
        case .maximumAnswerAttempts: "--attempts"
        case .reasoningLevel: "--reasoning"
        case .measuresPressure: "--statistics"
        }
    }
}

extension GenerationOptions {
    /// Refuses options `model` can't use before it runs, naming the flag to change
    /// (``problems(for:)``, the check every backend makes).
    func checkFlags(for model: any LanguageModel) throws {
        if let problem = problems(for: model.capabilities).first {
            throw ValidationError("\(problem.option.flag): \(problem.message)")
        }
    }
}
