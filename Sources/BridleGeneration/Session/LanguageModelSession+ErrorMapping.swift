import BridleGrammar

extension LanguageModelSession.GenerationError {
    /// `error` as a session throws it: Bridle's generation and schema errors become the
    /// FoundationModels case a ported app catches, with Bridle's error as the underlying one;
    /// everything else (tool call errors, set-up mistakes, cancellation, a backend's own
    /// errors) is thrown as it is.
    static func mapping(_ error: any Error) -> any Error {
        func context() -> Context {
            Context(debugDescription: String(describing: error), underlyingError: error)
        }
        switch error {
        case let error as GenerationError:
            switch error {
            case .exceededContextWindowSize, .contextFilledDuringResponse:
                return LanguageModelSession.GenerationError.exceededContextWindowSize(context())
            case .exceededMaximumResponseTokens, .invalidUTF8, .undecodableResponse, .schemaViolation:
                return LanguageModelSession.GenerationError.decodingFailure(context())
            case .emptyPrompt, .invalidOptions:
                return error
            }
        case is GrammarCompileError:
            return LanguageModelSession.GenerationError.unsupportedGuide(context())
        case SessionError.invalidToolSchema, SessionError.conflictingDefinitions:
            return LanguageModelSession.GenerationError.unsupportedGuide(context())
        default:
            return error
        }
    }
}
