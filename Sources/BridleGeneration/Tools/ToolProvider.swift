/// A source of tools whose list can change while a session lives, such as an MCP server's
/// (`BridleMCP`'s `MCPConnection`). A session asks each of its providers for the current list
/// at the start of every request, so tools added or removed between requests are offered, or
/// no longer offered, from the next one on.
///
/// ```swift
/// let tasks = try await MCPConnection.launch("python3", arguments: ["tasks_server.py"])
/// let session = LanguageModelSession(model: model, toolProviders: [tasks])
/// try await session.respond(to: "Add 'file taxes', high priority, due 2027-04-15")
/// ```
///
/// A Bridle addition: FoundationModels' sessions take a fixed list of tools.
public protocol ToolProvider: Sendable {
    /// The tools to offer on the next request. A provider that cannot reach its tools (a
    /// server that has gone) returns none rather than failing every later request; throw only
    /// for errors the caller must see.
    func tools() async throws -> [any Tool]
}
