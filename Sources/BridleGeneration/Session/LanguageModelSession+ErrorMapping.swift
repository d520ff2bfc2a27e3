import Foundation
import BridleGrammar

extension LanguageModelSession.GenerationError {
    /// `error` as a session throws it under `convention`: Bridle's generation and schema errors
    /// become the FoundationModels case a ported app catches, with Bridle's error as the
    /// underlying one; everything else (tool call errors, set-up mistakes, cancellation, a
    /// backend's own errors) is thrown as it is.
    static func mapping(_ error: any Swift.Error, to convention: ErrorConvention) -> any Swift.Error {
        let error = mapping(error)
        guard convention == .foundationModels27, let error = error as? LanguageModelSession.GenerationError else { return error }
        return error.successor
    }

    /// The FoundationModels 27 error Apple names as this case's successor; a case without
    /// one (``decodingFailure(_:)``) becomes Bridle's error behind it.
    var successor: any Swift.Error {
        let metadata: [String: any Sendable] = context.underlyingError.map { ["underlyingError": $0] } ?? [:]
        let description = context.debugDescription
        switch self {
        case .exceededContextWindowSize:
            let (size, count): (Int, Int) = switch context.underlyingError as? ResponseError {
            case .exceededContextWindowSize(let promptTokens, let contextSize)?: (contextSize, promptTokens)
            case .contextFilledDuringResponse(let contextSize, _)?: (contextSize, contextSize)
            default: (0, 0)
            }
            return LanguageModelError.contextSizeExceeded(.init(contextSize: size, tokenCount: count, debugDescription: description, metadata: metadata))
        case .unsupportedGuide:
            let schemaName: String? = if case .invalidToolSchema(let tool, _)? = context.underlyingError as? SessionError { tool } else { nil }
            return LanguageModelError.unsupportedGenerationGuide(.init(schemaName: schemaName, debugDescription: description, metadata: metadata))
        case .assetsUnavailable:
            return SystemLanguageModel.Error.assetsUnavailable(.init(debugDescription: description))
        case .concurrentRequests:
            return LanguageModelSession.Error.concurrentRequests
        case .guardrailViolation:
            return LanguageModelError.guardrailViolation(.init(debugDescription: description, metadata: metadata))
        case .rateLimited:
            return LanguageModelError.rateLimited(.init(resetDate: nil, debugDescription: description, metadata: metadata))
        case .refusal:
            return LanguageModelError.refusal(.init(explanation: description, debugDescription: description, metadata: metadata))
        case .unsupportedLanguageOrLocale:
            return LanguageModelError.unsupportedLanguageOrLocale(.init(
                languageCode: Locale.current.language.languageCode ?? "und", debugDescription: description, metadata: metadata))
        case .decodingFailure:
            return context.underlyingError ?? self
        }
    }

    private static func mapping(_ error: any Swift.Error) -> any Swift.Error {
        func context() -> Context {
            Context(debugDescription: String(describing: error), underlyingError: error)
        }
        switch error {
        case let error as ResponseError:
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
