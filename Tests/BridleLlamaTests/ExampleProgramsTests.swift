import Foundation
import Testing
import BridleTestSupport

/// Every example program runs to completion on a tiny model: it prints the transcript and an
/// answer (or the refused attempts of a `ToolCallError`) and exits 0.
@Suite struct ExampleProgramsTests {
    static let runs: [(name: String, arguments: [String])] = [
        ("current-date", []), ("reminders", []), ("contacts", []), ("search-suggestions", []),
        ("films", []), ("films", ["--seed", "9"]),
        ("send-message", ["--approve"]), ("send-message", ["--deny"]), ("send-message", []),
        ("mcp-tasks", []),
    ]

    @Test(arguments: runs)
    func runsToCompletion(name: String, arguments: [String]) throws {
        let executable = try #require(BuiltExecutable.url(named: name), "build the examples first (swift build)")
        let run = try BuiltExecutable.run(executable, arguments: ["--model", TestModels.large.path] + arguments)
        #expect(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("prompt: ") })
        #expect(lines.contains { $0.hasPrefix("answer: ") || $0.hasPrefix("no answer: ") }, "\(run.output)")
    }

    /// The MCP example's first turn must call a tool (`toolCallingMode: .required`): the
    /// call reaches the in-process server and its output is in the transcript.
    @Test func theMCPExampleCallsTheServer() throws {
        let executable = try #require(BuiltExecutable.url(named: "mcp-tasks"), "build the examples first (swift build)")
        let run = try BuiltExecutable.run(executable, arguments: ["--model", TestModels.large.path])
        #expect(run.output.contains("MCP server: tasks 1.0, tools: add_task, list_tasks"), "\(run.output)")
        // Which tool a random model calls is chance; that the server's output comes back is not.
        #expect(run.output.contains("output of add_task: Added") || run.output.contains("output of list_tasks: {\"count\""), "\(run.output)")
        #expect(!run.output.contains("tools/call requests sent: 0") && run.output.contains("tools/call requests sent: "), "\(run.output)")
    }
}
