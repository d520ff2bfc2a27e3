/// Which of an MCP server's tools a session must ask its ``BridleGeneration/ToolApprover``
/// about before each call (``BridleGeneration/Tool/requiresApproval``).
public enum ApprovalRule: Sendable, Hashable {
    /// None.
    case never
    /// Those the server marks `destructiveHint: true` (MCP's tool annotations). The default.
    /// Annotations are hints from the server, not guarantees; use ``always`` for servers you
    /// do not trust.
    case whenMarkedDestructive
    /// Every tool.
    case always
}
