extension GenerationOptions {
    /// Whether a request may call tools, in FoundationModels 27's shape.
    ///
    /// ```swift
    /// try await session.respond(to: "Add it to my list", options: GenerationOptions(toolCallingMode: .required))
    /// ```
    ///
    /// Bridle enforces it with the turn's grammar: under ``required`` the first turn of the
    /// request admits only calls to the offered tools (later turns may answer, so the request
    /// ends), under ``disallowed`` no tool is offered and the grammar admits only the answer.
    /// `.required` with no tools to offer is ``ResponseError/invalidOptions(_:)``.
    public struct ToolCallingMode: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            case allowed
            case required
            case disallowed
        }

        public let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// The model chooses whether to call a tool (the default).
        public static let allowed = ToolCallingMode(.allowed)
        /// The model must call at least one tool before it answers.
        public static let required = ToolCallingMode(.required)
        /// The model must answer without calling a tool.
        public static let disallowed = ToolCallingMode(.disallowed)
    }
}
