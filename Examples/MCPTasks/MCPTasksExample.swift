import ArgumentParser
import Bridle
import BridleMCP
import ExampleSupport

/// `swift run mcp-tasks`: a session whose tools come from an MCP server. Each call is written
/// under the grammar of the tool's `inputSchema` (an enum, a range, a calendar date), checked
/// again before `tools/call`, and its result goes into the transcript. The request's
/// `toolCallingMode` is `.required` (FoundationModels 27): its first turn admits only calls, so
/// even the tiny random model adds the task before it answers.
///
///     swift run mcp-tasks                                   # the in-process Swift server
///     swift run mcp-tasks --server python3 Tests/Fixtures/mcp/tasks_server.py   # any stdio server
@main
struct MCPTasksExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp-tasks", abstract: "A session whose tools come from an MCP server (a task list).")

    @OptionGroup var options: ExampleOptions

    @Option(parsing: .upToNextOption, help: "An MCP server to start and talk to over stdio: its program and arguments (default: the in-process task-list server).")
    var server: [String] = []

    func run() async throws {
        let example = try Example(options, prompt: "Add a task: file the tax return, high priority, 3 hours, due 2027-04-15.")
        let connection = if let program = server.first {
            try await MCPConnection.launch(program, arguments: Array(server.dropFirst()))
        } else {
            try await MCPConnection.connect(transport: try await TaskListServer.start())
        }
        let tools = try await connection.tools()
        print("MCP server: \(connection.serverInfo.name) \(connection.serverInfo.version), tools: \(tools.map(\.name).joined(separator: ", "))")
        for refusal in try await connection.refusedTools() {
            print("not offered: \(refusal)")
        }
        let session = LanguageModelSession(
            model: example.model, toolProviders: [connection],
            instructions: "You keep the user's task list with the add_task and list_tasks tools.", policy: Example.policy)
        var options = example.generationOptions
        options.toolCallingMode = .required
        try await example.run(session) {
            try await session.respond(to: example.prompt, options: options).content
        }
        print("tools/call requests sent: \(await connection.callsSent)")
        await connection.close()
    }
}
