import BridleJSONSchema
import BridleSchema

/// A tool of an MCP server that a session cannot offer, and why: its `inputSchema` uses a
/// keyword Bridle cannot enforce, or it does not compile to a grammar. The server's other tools
/// are still offered.
///
/// ```swift
/// for refusal in try await connection.refusedTools() { print(refusal) }
/// // share_task: … lookahead (?!…) is not supported: a grammar can't test what follows …
/// ```
public struct MCPToolRefusal: Sendable, CustomStringConvertible {
    /// The tool's name on the server.
    public let toolName: String
    /// The schema problem: a ``JSONSchemaImportError`` (with its JSON pointer) or the grammar
    /// compiler's error.
    public let reason: any Error & Sendable

    public var description: String { "\(toolName): \(reason)" }
}
