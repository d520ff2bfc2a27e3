import Foundation

extension LanguageModelError {
    /// The transcript needs more tokens than the model's context holds.
    public struct ContextSizeExceeded: Sendable {
        /// The model's context, in tokens.
        public var contextSize: Int
        /// Tokens the transcript (prompt, or prompt and response so far) needed.
        public var tokenCount: Int
        public var debugDescription: String
        public var metadata: [String: any Sendable]

        public init(contextSize: Int, tokenCount: Int, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.contextSize = contextSize
            self.tokenCount = tokenCount
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// Too many requests; never thrown by Bridle's backends (a server's 429 is retried by
    /// `BridleServer`).
    public struct RateLimited: Sendable {
        public var resetDate: Date?
        public var debugDescription: String
        public var metadata: [String: any Sendable]

        public init(resetDate: Date?, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.resetDate = resetDate
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// The model refused to answer; Bridle's backends never refuse.
    public struct Refusal: Sendable {
        /// Why, in the model's words.
        public var explanation: String
        public var debugDescription: String
        public var metadata: [String: any Sendable]

        public init(explanation: String, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.explanation = explanation
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// A safety check stopped the request; Bridle has no safety model.
    public struct GuardrailViolation: Sendable {
        public var debugDescription: String
        public var metadata: [String: any Sendable]

        public init(debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// The request needs something the model cannot do (``LanguageModelCapabilities``).
    public struct UnsupportedCapability: Sendable {
        public var capability: LanguageModelCapabilities.Capability
        public var debugDescription: String
        public var metadata: [String: any Sendable]

        public init(capability: LanguageModelCapabilities.Capability, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.capability = capability
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// A schema (an answer's or a tool's) whose guides cannot be enforced: it does not
    /// compile to a grammar. ``debugDescription`` says which guide and how to fix it.
    public struct UnsupportedGenerationGuide: Sendable {
        /// The schema's title, or the tool's name, when known.
        public var schemaName: String?
        public var debugDescription: String
        public var metadata: [String: any Sendable]

        public init(schemaName: String?, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.schemaName = schemaName
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// The prompt's language is not supported; Bridle has no locale list.
    public struct UnsupportedLanguageOrLocale: Sendable {
        public var languageCode: Locale.LanguageCode
        public var debugDescription: String
        public var metadata: [String: any Sendable]

        public init(languageCode: Locale.LanguageCode, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.languageCode = languageCode
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// Transcript entries the model cannot read.
    public struct UnsupportedTranscriptContent: Sendable {
        public var unsupportedContent: [Transcript.Entry]
        public var debugDescription: String
        public var metadata: [String: any Sendable]

        public init(unsupportedContent: [Transcript.Entry], debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.unsupportedContent = unsupportedContent
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// The model took too long.
    public struct Timeout: Sendable {
        public var debugDescription: String
        public var metadata: [String: any Sendable]

        public init(debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}
