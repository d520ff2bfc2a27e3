extension SystemLanguageModel {
    /// Whether the default model can answer, in FoundationModels' cases.
    public enum Availability: Sendable, Equatable {
        case available
        case unavailable(UnavailableReason)

        /// Why not. On Linux only ``modelNotReady`` occurs: no model has been configured.
        public enum UnavailableReason: Sendable, Equatable {
            case deviceNotEligible
            case appleIntelligenceNotEnabled
            case modelNotReady
        }
    }

    /// FoundationModels' use cases; Bridle has no adapters, so every use case runs the
    /// configured model as it is.
    public struct UseCase: Sendable, Equatable {
        private let name: String
        public static let general = UseCase(name: "general")
        public static let contentTagging = UseCase(name: "contentTagging")
    }

    /// FoundationModels' guardrail settings; Bridle has no safety model, so they change nothing.
    public struct Guardrails: Sendable, Equatable {
        private let name: String
        public static let `default` = Guardrails(name: "default")
        public static let permissiveContentTransformations = Guardrails(name: "permissiveContentTransformations")
    }
}
