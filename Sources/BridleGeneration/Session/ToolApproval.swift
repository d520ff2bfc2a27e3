import BridleSchema

/// Asked before each call to a tool that ``Tool/requiresApproval``: the two-phase confirmation
/// pattern (the model proposes, the app or its user decides).
public typealias ToolApprover = @Sendable (ToolApprovalRequest) async -> ToolApprovalDecision

/// A validated call waiting for approval.
public struct ToolApprovalRequest: Sendable, Hashable {
    public let toolName: String
    public let callID: String
    /// The validated arguments.
    public let arguments: GeneratedContent

    public init(toolName: String, callID: String, arguments: GeneratedContent) {
        self.toolName = toolName
        self.callID = callID
        self.arguments = arguments
    }
}

/// What the approver decided.
public enum ToolApprovalDecision: Sendable, Hashable {
    /// Run the tool.
    case approve
    /// Don't run it; the model sees `message` as the call's (failed) output.
    case deny(message: String)
    /// Don't run it; the model sees `output` as if the tool had returned it.
    case answer(ToolOutput)
}
