import Foundation
import MCP
import Synchronization

/// A small task-list MCP server built on the Swift SDK's `Server`, run in this process over an
/// in-memory transport, so the example needs nothing but itself. `--server` runs any other
/// MCP server over stdio instead (Tests/Fixtures/mcp/tasks_server.py is the same tools on
/// PyPI's FastMCP).
enum TaskListServer {
    static let tools: [MCP.Tool] = [
        MCP.Tool(
            name: "add_task", description: "Adds a task to the list.",
            inputSchema: [
                "type": "object", "required": ["title", "priority", "estimate_hours", "due"],
                "properties": [
                    "title": ["type": "string", "description": "What to do", "minLength": 1, "maxLength": 60],
                    "priority": ["type": "string", "description": "How urgent", "enum": ["low", "medium", "high"]],
                    "estimate_hours": ["type": "integer", "description": "Hours of work", "minimum": 1, "maximum": 40],
                    "due": ["type": "string", "format": "date", "description": "The day it is due"],
                ],
            ]),
        MCP.Tool(
            name: "list_tasks", description: "Lists the tasks of one priority, or all.",
            inputSchema: [
                "type": "object", "required": ["priority"],
                "properties": ["priority": ["type": "string", "enum": ["all", "low", "medium", "high"]]],
            ]),
    ]

    /// Starts the server on one end of an in-memory pair and returns the other end.
    static func start() async throws -> any Transport {
        let tasks = Mutex<[String]>([])
        let server = Server(name: "tasks", version: "1.0", capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: tools) }
        await server.withMethodHandler(CallTool.self) { parameters in
            let arguments = parameters.arguments ?? [:]
            switch parameters.name {
            case "add_task":
                let title = arguments["title"]?.stringValue ?? "?"
                let count = tasks.withLock { $0.append(title); return $0.count }
                let summary = "Added \"\(title)\" (\(arguments["priority"]?.stringValue ?? "?"), "
                    + "\(arguments["estimate_hours"]?.intValue ?? 0) h), due \(arguments["due"]?.stringValue ?? "?"); \(count) tasks in all."
                return .init(content: [.text(text: summary, annotations: nil, _meta: nil)])
            case "list_tasks":
                let titles = tasks.withLock { $0 }
                let listed: Value? = ["count": .int(titles.count), "titles": .array(titles.map { .string($0) })]
                return .init(content: [.text(text: titles.joined(separator: ", "), annotations: nil, _meta: nil)], structuredContent: listed)
            default:
                return .init(content: [.text(text: "no tool \(parameters.name)", annotations: nil, _meta: nil)], isError: true)
            }
        }
        let (client, serverEnd) = await InMemoryTransport.createConnectedPair()
        try await server.start(transport: serverEnd)
        return client
    }
}
