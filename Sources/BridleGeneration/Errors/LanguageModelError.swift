import Foundation

/// Why a model could not respond, in FoundationModels 27's shape: one case per failure, each
/// with its own details. A session throws it when its ``ToolPolicy/errors`` is
/// ``ErrorConvention/foundationModels27``; otherwise it throws 26's
/// ``LanguageModelSession/GenerationError``.
///
/// ```swift
/// do { try await session.respond(to: longDocument) }
/// catch LanguageModelError.contextSizeExceeded(let exceeded) {
///     exceeded.tokenCount   // 5000
///     exceeded.contextSize  // 4096
/// }
/// ```
///
/// Bridle throws ``contextSizeExceeded(_:)`` (the prompt, or prompt and response, outgrew the
/// context) and ``unsupportedGenerationGuide(_:)`` (an answer's or a tool's schema does not
/// compile to a grammar). A response that breaks its schema or ends early has no 27 case
/// (26's `decodingFailure` has no successor): Bridle's own ``ResponseError`` is thrown, as
/// it is for mistakes in options. The other cases exist so ported code compiles: there is no
/// safety model, locale list or rate limit on Linux, and no transcript content Bridle cannot
/// show a model. Each case's ``ContextSizeExceeded/metadata`` holds Bridle's error behind it
/// under `"underlyingError"`.
public enum LanguageModelError: Error, LocalizedError, CustomStringConvertible {
    case contextSizeExceeded(ContextSizeExceeded)
    case rateLimited(RateLimited)
    case refusal(Refusal)
    case guardrailViolation(GuardrailViolation)
    case unsupportedCapability(UnsupportedCapability)
    case unsupportedGenerationGuide(UnsupportedGenerationGuide)
    case unsupportedLanguageOrLocale(UnsupportedLanguageOrLocale)
    case unsupportedTranscriptContent(UnsupportedTranscriptContent)
    case timeout(Timeout)

    public var debugDescription: String {
        switch self {
        case .contextSizeExceeded(let details): details.debugDescription
        case .rateLimited(let details): details.debugDescription
        case .refusal(let details): details.debugDescription
        case .guardrailViolation(let details): details.debugDescription
        case .unsupportedCapability(let details): details.debugDescription
        case .unsupportedGenerationGuide(let details): details.debugDescription
        case .unsupportedLanguageOrLocale(let details): details.debugDescription
        case .unsupportedTranscriptContent(let details): details.debugDescription
        case .timeout(let details): details.debugDescription
        }
    }

    public var description: String { debugDescription }
    public var errorDescription: String? { debugDescription }
}
