/// Which of a session's tools one request may call.
///
/// ```swift
/// try await session.respond(to: "Draft it, don't send it", tools: .only(["searchContacts"]))
/// try await session.respond(to: "Just answer", tools: .none)
/// ```
public enum ToolSelection: Sendable, Hashable {
    /// Every tool of the session.
    case all
    /// No tool: the model must answer.
    case none
    /// Only these, by name; each must be a tool of the session.
    case only(Set<String>)
}
