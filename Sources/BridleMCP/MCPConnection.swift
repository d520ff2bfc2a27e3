import BridleGeneration
import BridleSchema
import Foundation
import MCP
import Synchronization

/// A connection to one Model Context Protocol server, whose tools a session offers like its
/// own: each call is generated under the grammar of the tool's `inputSchema`, checked against
/// it (and any rule the grammar leaves to a check) before dispatch, and sent as `tools/call`
/// only when it passes.
///
/// ```swift
/// let tasks = try await MCPConnection.launch("python3", arguments: ["tasks_server.py"])
/// let session = LanguageModelSession(model: model, toolProviders: [tasks])
/// let answer = try await session.respond(to: "Add 'file taxes', high priority, 3 hours, due 2027-04-15")
/// session.transcript.audit   // the call, checked, then run on the server
/// ```
///
/// A tool whose schema Bridle cannot enforce (a keyword it cannot compile, such as
/// a pattern with lookahead) is not offered; ``refusedTools()`` says which and why, and the server's
/// other tools are still offered.
///
/// The list of tools is read once and again after the server announces a change
/// (`notifications/tools/list_changed`); a session asks for it at the start of every request,
/// so a change is picked up between requests. Over HTTP on Linux the SDK's transport receives
/// no server notifications, so the list is read anew for every request there.
///
/// When the server's process exits, a call in progress fails with
/// ``MCPConnectionError/serverExited(server:status:stderr:)`` and the connection offers no
/// tools from then on: the session goes on answering without them. A cancelled request
/// cancels its call on the server (`notifications/cancelled`).
public actor MCPConnection: ToolProvider {
    /// The server's name and version from its `initialize` answer.
    public nonisolated let serverInfo: Server.Info
    /// What a session asks its approver about before calling this server's tools.
    public nonisolated let approval: ApprovalRule
    private let client: Client
    private let transport: OrderKeepingTransport
    private let process: ServerProcess?
    private let listsOnEveryRequest: Bool
    private var listing: Listing?
    private var ended: MCPConnectionError?
    /// How many `tools/call` requests were sent to the server.
    public private(set) var callsSent = 0

    private struct Listing {
        var tools: [MCPTool]
        var refusals: [MCPToolRefusal]
    }

    private init(
        client: Client, transport: OrderKeepingTransport, serverInfo: Server.Info, process: ServerProcess?, listsOnEveryRequest: Bool,
        approval: ApprovalRule
    ) {
        self.client = client
        self.transport = transport
        self.serverInfo = serverInfo
        self.process = process
        self.listsOnEveryRequest = listsOnEveryRequest
        self.approval = approval
    }

    /// Starts the server program `executable` (a path, or a name looked up on `PATH`) and
    /// speaks MCP over its standard input and output. The process ends with ``close()``.
    ///
    /// - Parameter environment: Variables added to this process's environment for the server.
    public static func launch(
        _ executable: String, arguments: [String] = [], environment: [String: String]? = nil,
        approval: ApprovalRule = .whenMarkedDestructive
    ) async throws(MCPConnectionError) -> MCPConnection {
        let process = try ServerProcess(executable: executable, arguments: arguments, environment: environment)
        do {
            return try await connect(
                transport: process.transport, process: process, listsOnEveryRequest: false, approval: approval,
                name: ([executable] + arguments).joined(separator: " "))
        } catch {
            process.terminate()
            // A server that dies during the handshake is reported with what it wrote.
            try? await Task.sleep(for: .milliseconds(100))
            throw .handshakeFailed(
                server: executable, reason: "\(error)" + (process.stderr.isEmpty ? "" : "; it wrote:\n\(process.stderr)"))
        }
    }

    /// Connects to a server over MCP's streamable HTTP transport at `endpoint`
    /// (`http://host:port/mcp`). On Linux the server must answer in JSON
    /// (FastMCP: `json_response=True`), as the SDK's transport reads no event streams there.
    public static func connect(to endpoint: URL, approval: ApprovalRule = .whenMarkedDestructive) async throws(MCPConnectionError) -> MCPConnection {
        #if os(Linux)
            let transport = HTTPClientTransport(endpoint: endpoint, streaming: false)
            let listsOnEveryRequest = true
        #else
            let transport = HTTPClientTransport(endpoint: endpoint, streaming: true)
            let listsOnEveryRequest = false
        #endif
        return try await connect(
            transport: transport, process: nil, listsOnEveryRequest: listsOnEveryRequest, approval: approval, name: endpoint.absoluteString)
    }

    /// Connects over any MCP transport, such as one of an `InMemoryTransport` pair whose other
    /// end a `Server` in this process serves.
    public static func connect(transport: any Transport, approval: ApprovalRule = .whenMarkedDestructive) async throws(MCPConnectionError) -> MCPConnection {
        try await connect(transport: transport, process: nil, listsOnEveryRequest: false, approval: approval, name: "\(type(of: transport))")
    }

    private static func connect(
        transport: any Transport, process: ServerProcess?, listsOnEveryRequest: Bool, approval: ApprovalRule, name: String
    ) async throws(MCPConnectionError) -> MCPConnection {
        let client = Client(name: "Bridle", version: "1.0")
        let transport = OrderKeepingTransport(transport)
        // Watched from the start: a server that exits during the handshake must fail it, not
        // leave it waiting for an answer that cannot come.
        let exits = ExitRelay()
        process?.onExit { status in
            Task {
                if let connection = exits.connection {
                    await connection.serverExited(status: status)
                } else {
                    await client.disconnect()
                }
            }
        }
        let result: Initialize.Result
        do {
            result = try await client.connect(transport: transport)
        } catch {
            await client.disconnect()
            throw .handshakeFailed(server: name, reason: "\(error)")
        }
        let connection = MCPConnection(
            client: client, transport: transport, serverInfo: result.serverInfo, process: process, listsOnEveryRequest: listsOnEveryRequest, approval: approval)
        exits.connection = connection
        await client.onNotification(ToolListChangedNotification.self) { [weak connection] _ in
            await connection?.toolListChanged()
        }
        return connection
    }

    // MARK: Tools

    /// The server's tools that a session can offer, read from the server when the list is not
    /// known or has changed. None once the server has exited or the connection is closed.
    public func tools() async throws -> [any BridleGeneration.Tool] {
        try await currentListing().tools
    }

    /// The server's tools that cannot be offered, and why.
    public func refusedTools() async throws -> [MCPToolRefusal] {
        try await currentListing().refusals
    }

    private func currentListing() async throws -> Listing {
        guard ended == nil else { return Listing(tools: [], refusals: []) }
        if let listing, !listsOnEveryRequest { return listing }
        var definitions: [MCP.Tool] = []
        var cursor: String?
        repeat {
            let page: (tools: [MCP.Tool], nextCursor: String?)
            do {
                page = try await client.listTools(cursor: cursor)
            } catch {
                throw failure(of: "tools/list", error)
            }
            definitions += page.tools
            cursor = page.nextCursor
        } while cursor != nil
        let listing = read(definitions)
        self.listing = listing
        return listing
    }

    private func read(_ definitions: [MCP.Tool]) -> Listing {
        var listing = Listing(tools: [], refusals: [])
        for definition in definitions {
            do {
                let parameters = try ToolSchema.parameters(of: definition, as: transport.inputSchema(of: definition.name))
                let requiresApproval = switch approval {
                case .never: false
                case .whenMarkedDestructive: definition.annotations.destructiveHint == true
                case .always: true
                }
                listing.tools.append(MCPTool(
                    name: definition.name, description: definition.description ?? definition.title ?? definition.name,
                    parameters: parameters, requiresApproval: requiresApproval, definition: definition, connection: self))
            } catch {
                listing.refusals.append(MCPToolRefusal(toolName: definition.name, reason: error))
            }
        }
        return listing
    }

    private func toolListChanged() {
        listing = nil
    }

    // MARK: Calls

    /// Sends `tools/call` and returns the server's answer with its structured content as
    /// written; cancelling the calling task cancels the request on the server.
    func call(tool name: String, arguments: [String: Value]) async throws -> (result: CallTool.Result, structured: GeneratedContent?) {
        if let ended { throw ended }
        callsSent += 1
        let id = UUID().uuidString
        transport.watch(id)
        let context: RequestContext<CallTool.Result>
        do {
            context = try await client.send(CallTool.request(id: .string(id), .init(name: name, arguments: arguments)))
        } catch {
            _ = transport.structuredContent(of: id)
            throw failure(of: "tools/call \(name)", error)
        }
        let client = self.client
        do {
            let result = try await withTaskCancellationHandler {
                try await context.value
            } onCancel: {
                Task { try? await client.cancelRequest(context.requestID, reason: "the request was cancelled") }
            }
            return (result, transport.structuredContent(of: id))
        } catch let error as CancellationError {
            _ = transport.structuredContent(of: id)
            throw error
        } catch {
            _ = transport.structuredContent(of: id)
            throw failure(of: "tools/call \(name)", error)
        }
    }

    /// `error` as this connection reports it: the server's exit or the closing when one
    /// explains it, otherwise the request's own failure.
    private func failure(of method: String, _ error: any Error) -> MCPConnectionError {
        ended ?? .requestFailed(server: serverInfo.name, method: method, reason: "\(error)")
    }

    private func serverExited(status: Int32) async {
        guard ended == nil else { return }
        ended = .serverExited(server: serverInfo.name, status: status, stderr: process?.stderr ?? "")
        listing = nil
        await client.disconnect()
    }

    /// Ends the connection and the server's process (when this connection started it).
    public func close() async {
        guard ended == nil else { return }
        ended = .closed(server: serverInfo.name)
        listing = nil
        await client.disconnect()
        process?.terminate()
    }

    /// Why the connection ended, or nil while it is open.
    public var endReason: MCPConnectionError? { ended }
}

/// The connection a server process's exit is reported to, once there is one.
private final class ExitRelay: Sendable {
    private let state = Mutex<WeakConnection>(WeakConnection())

    private struct WeakConnection {
        weak var connection: MCPConnection?
    }

    var connection: MCPConnection? {
        get { state.withLock { $0.connection } }
        set { state.withLock { $0.connection = newValue } }
    }
}
