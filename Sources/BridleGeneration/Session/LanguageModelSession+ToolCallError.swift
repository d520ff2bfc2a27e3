extension LanguageModelSession {
    /// A tool call that could not be completed: the tool threw, or the model never wrote
    /// arguments that passed the checks. FoundationModels' shape (``tool``,
    /// ``underlyingError``), with Bridle's detail: why, and every refused attempt.
    ///
    /// ```swift
    /// do { try await session.respond(to: "Films from the 1980s") }
    /// catch let error as LanguageModelSession.ToolCallError {
    ///     error.tool.name       // "findFilms"
    ///     error.attempts        // every refused try, with the model's text and the reasons
    /// }
    /// ```
    public struct ToolCallError: Swift.Error, CustomStringConvertible {
        /// The tool the model was calling.
        public let tool: any Tool
        public let reason: Reason
        /// Every refused attempt at this call, in order.
        public let attempts: [ToolCallAttempt]

        public enum Reason: Sendable {
            /// Every attempt the policy allows was refused before dispatch.
            case invalidArguments
            /// The tool ran and threw.
            case toolFailed(any Swift.Error)
        }

        /// FoundationModels' initializer: the tool threw `underlyingError`.
        public init(tool: any Tool, underlyingError: any Swift.Error) {
            self.init(tool: tool, reason: .toolFailed(underlyingError), attempts: [])
        }

        public init(tool: any Tool, reason: Reason, attempts: [ToolCallAttempt]) {
            self.tool = tool
            self.reason = reason
            self.attempts = attempts
        }

        /// The error the tool threw; for refused arguments, an ``ArgumentError`` with the last
        /// attempt's problems.
        public var underlyingError: any Swift.Error {
            switch reason {
            case .toolFailed(let error):
                error
            case .invalidArguments:
                ArgumentError(attempts.last.map { $0.problems.joined(separator: "; ") } ?? "no attempt was made")
            }
        }

        public var description: String {
            switch reason {
            case .invalidArguments:
                let last = attempts.last.map { $0.problems.joined(separator: "; ") } ?? "no attempt"
                return "The model did not produce a valid call to \"\(tool.name)\" in \(attempts.count) attempts (last: \(last)); raise ToolPolicy.maximumArgumentAttempts, or make the tool's description and guides clearer."
            case .toolFailed(let error):
                return "The tool \"\(tool.name)\" threw: \(error). Return ToolOutput.failure(…) for failures the model should see and handle."
            }
        }
    }
}
