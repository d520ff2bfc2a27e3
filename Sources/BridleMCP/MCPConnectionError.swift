/// Why an MCP server could not be reached, or a call to one of its tools failed.
///
/// A tool's own failure (the server answers with `isError`) is not an error: the session
/// shows it to the model as a failed ``BridleGeneration/ToolOutput``.
public enum MCPConnectionError: Error, Sendable, CustomStringConvertible {
    /// The server's program could not be started.
    case launchFailed(executable: String, reason: String)
    /// The server did not complete MCP's `initialize` handshake.
    case handshakeFailed(server: String, reason: String)
    /// The server's process ended; `status` is its exit status, `stderr` the last lines it wrote.
    case serverExited(server: String, status: Int32, stderr: String)
    /// The connection was closed by ``MCPConnection/close()``.
    case closed(server: String)
    /// The server answered a request with a JSON-RPC error, or the transport failed.
    case requestFailed(server: String, method: String, reason: String)

    public var description: String {
        switch self {
        case .launchFailed(let executable, let reason):
            "could not start the MCP server \(executable): \(reason); check the path and that it is executable"
        case .handshakeFailed(let server, let reason):
            "the MCP server \(server) did not complete the initialize handshake: \(reason)"
        case .serverExited(let server, let status, let stderr):
            "the MCP server \(server) exited with status \(status)"
                + (stderr.isEmpty ? "" : "; it last wrote:\n\(stderr)")
        case .closed(let server):
            "the connection to the MCP server \(server) was closed"
        case .requestFailed(let server, let method, let reason):
            "the MCP server \(server) failed \(method): \(reason)"
        }
    }
}
