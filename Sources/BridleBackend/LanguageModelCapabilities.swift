/// What a model can do, in FoundationModels 27's shape: read it from
/// ``LanguageModel/capabilities``.
///
/// ```swift
/// if model.capabilities.contains(.toolCalling) { … }
/// ```
///
/// Every Bridle backend has ``Capability/guidedGeneration`` (its grammars) and
/// ``Capability/toolCalling`` (a grammar over the offered tools' calls), whatever the model:
/// a base model without a chat template calls tools as well as an instruct one, because the
/// grammar, not the model's training, gives a call its shape.
public struct LanguageModelCapabilities: Sendable, Hashable {
    private let members: Set<Capability>

    public init(_ capabilities: [Capability]) {
        members = Set(capabilities)
    }

    public func contains(_ capability: Capability) -> Bool {
        members.contains(capability)
    }

    /// One thing a model can do.
    public struct Capability: Sendable, Hashable, CustomStringConvertible {
        public let description: String

        private init(_ name: String) {
            description = name
        }

        /// Output that always matches a generation schema.
        public static let guidedGeneration = Capability("guidedGeneration")
        /// Reasoning written apart from the response.
        public static let reasoning = Capability("reasoning")
        /// Calls to the session's tools.
        public static let toolCalling = Capability("toolCalling")
        /// Images in prompts.
        public static let vision = Capability("vision")
        /// Weighing each token against the same conversation without its request
        /// (``RequestEmphasis``; Bridle's, not FoundationModels').
        public static let requestEmphasis = Capability("requestEmphasis")
        /// Measuring how much of the model's probability the constraint took away at each
        /// token (``GenerationOptions/measuresPressure``; Bridle's): it needs the logits.
        public static let constraintPressure = Capability("constraintPressure")
    }
}
