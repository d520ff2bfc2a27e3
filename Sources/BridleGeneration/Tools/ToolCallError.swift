/// A tool call that could not be completed: the model never produced valid arguments, or the
/// tool threw.
///
/// ```swift
/// do { _ = try await session.respond(to: "Films from the 1980s") }
/// catch let error as ToolCallError {
///     error.toolName    // "films"
///     error.attempts    // every refused try, with the model's text and the reasons
/// }
/// ```
public struct ToolCallError: Error, CustomStringConvertible {
    /// The tool the model was calling (the last name it wrote, when it never named a real one).
    public let toolName: String?
    public let reason: Reason
    /// Every refused attempt at this call, in order.
    public let attempts: [ToolCallAttempt]

    public enum Reason: Sendable {
        /// Every attempt the policy allows was refused before dispatch.
        case invalidArguments
        /// The tool ran and threw.
        case toolFailed(any Error)
    }

    public init(toolName: String?, reason: Reason, attempts: [ToolCallAttempt]) {
        self.toolName = toolName
        self.reason = reason
        self.attempts = attempts
    }

    /// The error the tool threw, if it threw.
    public var underlyingError: (any Error)? {
        if case .toolFailed(let error) = reason { return error }
        return nil
    }

    public var description: String {
        let tool = toolName.map { "\"\($0)\"" } ?? "a tool"
        switch reason {
        case .invalidArguments:
            let last = attempts.last.map { $0.problems.joined(separator: "; ") } ?? "no attempt"
            return "The model did not produce a valid call to \(tool) in \(attempts.count) attempts (last: \(last)); raise ToolPolicy.maximumArgumentAttempts, or make the tool's description and guides clearer."
        case .toolFailed(let error):
            return "The tool \(tool) threw: \(error). Return ToolOutput.failure(…) for failures the model should see and handle."
        }
    }
}
