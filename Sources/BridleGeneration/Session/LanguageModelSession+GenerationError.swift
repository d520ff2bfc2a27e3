import Foundation

extension LanguageModelSession {
    /// Why a session could not respond, with FoundationModels' case names, so ported
    /// `catch` and `switch` clauses compile and mean the same. Bridle's own error, with its
    /// detail (partial text, token counts, the schema's problem), is in the context's
    /// ``Context/underlyingError``.
    ///
    /// ```swift
    /// do { try await session.respond(to: prompt) }
    /// catch LanguageModelSession.GenerationError.exceededContextWindowSize(let context) {
    ///     context.debugDescription   // "The prompt takes 5000 tokens but the context holds 4096; …"
    /// }
    /// ```
    ///
    /// Which Bridle errors become which case:
    /// - ``exceededContextWindowSize(_:)``: the prompt, or prompt and response, outgrew the
    ///   model's context;
    /// - ``decodingFailure(_:)``: the response ended early (``GenerationOptions/maximumResponseTokens``),
    ///   or does not parse, match its schema or decode into the type;
    /// - ``unsupportedGuide(_:)``: the answer's or a tool's schema cannot be compiled to a grammar;
    /// - ``concurrentRequests(_:)``: a request while another runs;
    /// - ``assetsUnavailable(_:)``: no model is configured for ``SystemLanguageModel/default``.
    ///
    /// Bridle never throws ``guardrailViolation(_:)``, ``refusal(_:_:)``,
    /// ``unsupportedLanguageOrLocale(_:)`` or ``rateLimited(_:)``: there is no safety model or
    /// locale list on Linux, and a backend's own limits (an inference server's 429) are retried
    /// or reported by that backend. The cases exist so that ported code compiles. Mistakes in
    /// the session's set-up (two tools with one name, options out of range) stay
    /// ``SessionError`` and ``ResponseError/invalidOptions(_:)``.
    public enum GenerationError: Swift.Error, LocalizedError, CustomStringConvertible {
        case exceededContextWindowSize(Context)
        case assetsUnavailable(Context)
        case guardrailViolation(Context)
        case unsupportedGuide(Context)
        case unsupportedLanguageOrLocale(Context)
        case decodingFailure(Context)
        case rateLimited(Context)
        case concurrentRequests(Context)
        case refusal(Refusal, Context)

        /// What went wrong, for a developer; ``underlyingError`` holds Bridle's typed detail.
        public struct Context: Sendable {
            public let debugDescription: String
            /// Bridle's error behind this one, when there is one.
            public let underlyingError: (any Swift.Error)?

            public init(debugDescription: String) {
                self.init(debugDescription: debugDescription, underlyingError: nil)
            }

            public init(debugDescription: String, underlyingError: (any Swift.Error)?) {
                self.debugDescription = debugDescription
                self.underlyingError = underlyingError
            }
        }

        /// A model's refusal to answer. Bridle's backends never refuse; the type exists for
        /// ported code.
        public struct Refusal: Sendable {
            public let transcriptEntries: [Transcript.Entry]

            public init(transcriptEntries: [Transcript.Entry]) {
                self.transcriptEntries = transcriptEntries
            }
        }

        public var context: Context {
            switch self {
            case .exceededContextWindowSize(let context), .assetsUnavailable(let context), .guardrailViolation(let context),
                .unsupportedGuide(let context), .unsupportedLanguageOrLocale(let context), .decodingFailure(let context),
                .rateLimited(let context), .concurrentRequests(let context), .refusal(_, let context):
                context
            }
        }

        public var description: String { context.debugDescription }

        public var errorDescription: String? { context.debugDescription }

        public var failureReason: String? {
            switch self {
            case .exceededContextWindowSize: "The conversation no longer fits in the model's context."
            case .assetsUnavailable: "No model is available to the session."
            case .guardrailViolation: "The content was refused by a safety guardrail."
            case .unsupportedGuide: "A schema or guide cannot be compiled to a grammar."
            case .unsupportedLanguageOrLocale: "The language or locale is not supported."
            case .decodingFailure: "The response could not be read as the requested type."
            case .rateLimited: "Too many requests."
            case .concurrentRequests: "The session is already responding."
            case .refusal: "The model refused to answer."
            }
        }
    }
}
