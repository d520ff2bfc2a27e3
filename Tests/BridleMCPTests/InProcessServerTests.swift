import Bridle
import BridleMCP
import BridleTestSupport
import Foundation
import MCP
import Synchronization
import Testing

/// The Swift SDK's own `Server`, in this process over an in-memory transport pair.
struct InProcessServerTests {
    /// Two tools whose `$defs` share a name with different shapes (a session merges every
    /// offered tool's definitions into one grammar), one marked destructive, one whose schema
    /// refers to a definition that does not exist.
    static let tools: [MCP.Tool] = [
        MCP.Tool(
            name: "order", description: "Orders items",
            inputSchema: [
                "type": "object", "required": ["items"],
                "properties": ["items": ["type": "array", "minItems": 1, "maxItems": 3, "items": ["$ref": "#/$defs/Item"]]],
                "$defs": ["Item": ["type": "string", "enum": ["tea", "cake"]]],
            ]),
        MCP.Tool(
            name: "restock", description: "Restocks an item",
            inputSchema: [
                "type": "object", "required": ["item"],
                "properties": ["item": ["$ref": "#/$defs/Item"]],
                "$defs": ["Item": ["type": "object", "required": ["sku"], "properties": ["sku": ["type": "integer", "minimum": 1]]]],
            ],
            annotations: .init(destructiveHint: true)),
        MCP.Tool(
            name: "broken", description: "Refers to nothing",
            inputSchema: ["type": "object", "properties": ["x": ["$ref": "#/$defs/Missing"]]]),
    ]

    /// A server that answers `order` with structured content and counts every call.
    static func connect(approval: ApprovalRule = .whenMarkedDestructive) async throws -> (MCPConnection, CallLog) {
        let calls = CallLog()
        let server = Server(name: "shop", version: "1.0", capabilities: .init(tools: .init(listChanged: true)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: Self.tools) }
        await server.withMethodHandler(CallTool.self) { [calls] parameters in
            calls.names.withLock { $0.append(parameters.name) }
            let items = parameters.arguments?["items"]?.arrayValue?.count ?? 0
            return .init(content: [.text(text: "ordered", annotations: nil, _meta: nil)], structuredContent: ["ordered": .int(items)])
        }
        let (clientTransport, serverTransport) = await InMemoryTransport.createConnectedPair()
        try await server.start(transport: serverTransport)
        return (try await MCPConnection.connect(transport: clientTransport, approval: approval), calls)
    }

    @Test func toolsWithClashingDefinitionsAreOfferedTogether() async throws {
        let (connection, calls) = try await Self.connect()
        defer { Task { await connection.close() } }
        #expect(connection.serverInfo.name == "shop")
        #expect(try await connection.tools().map(\.name) == ["order", "restock"])
        #expect(try await connection.refusedTools().map(\.toolName) == ["broken"])
        let model = ScriptedModel(
            #"{"tool": "order", "arguments": {"items": ["tea", "scone"]}}"#,
            #"{"tool": "order", "arguments": {"items": ["tea", "cake"]}}"#,
            #"{"response": "Ordered two."}"#)
        let session = LanguageModelSession(model: model, toolProviders: [connection])
        #expect(try await session.respond(to: "Tea and cake, please").content == "Ordered two.")
        #expect(calls.names.withLock { $0 } == ["order"], "the call with an item not on the menu never reached the server")
        let output = session.transcript.entries.compactMap { entry -> GeneratedContent? in
            if case .toolOutput(let output) = entry { output.content } else { nil }
        }
        #expect(output == [try GeneratedContent(json: #"{"ordered": 2}"#)])
    }

    @Test func destructiveToolsAskTheApproverAsTheRuleSays() async throws {
        let (marked, _) = try await Self.connect()
        let (every, _) = try await Self.connect(approval: .always)
        let (none, _) = try await Self.connect(approval: .never)
        defer { Task { for connection in [marked, every, none] { await connection.close() } } }
        #expect(try await marked.tools().map(\.requiresApproval) == [false, true])
        #expect(try await every.tools().map(\.requiresApproval) == [true, true])
        #expect(try await none.tools().map(\.requiresApproval) == [false, false])
    }
}

/// The names of the tools the server was asked to call.
final class CallLog: Sendable {
    let names = Mutex<[String]>([])
}
