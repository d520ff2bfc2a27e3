import Bridle
import BridleGrammar
import BridleMCP
import BridleTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real MCP server, PyPI's FastMCP, in a child process over stdio.
@Suite(.enabled(if: TasksServer.isAvailable, TasksServer.missingMessage), .serialized)
struct MCPConnectionTests {
    @Test func offersTheToolsItCanEnforceAndSaysWhyNotTheOthers() async throws {
        let server = TasksServer()
        let connection = try await server.launch()
        defer { Task { await connection.close() } }
        #expect(connection.serverInfo.name == "tasks")
        let names = try await connection.tools().map(\.name)
        #expect(names == ["add_task", "list_tasks", "slow_count", "crash", "enable_archive"])
        let refusals = try await connection.refusedTools()
        #expect(refusals.map(\.toolName) == ["share_task"])
        let reason = try #require(refusals.first).description
        #expect(reason.contains("lookahead"), "\(reason)")
    }

    /// Every guide of the server's schema (enum, range, length, a calendar date) is in the
    /// grammar a session generates the call under.
    @Test func theGrammarEnforcesTheToolsGuides() async throws {
        let connection = try await TasksServer().launch()
        defer { Task { await connection.close() } }
        let addTask = try #require(try await connection.tools().first { $0.name == "add_task" })
        let grammar = try OutputConstraint(schema: addTask.parameters).grammar
        func arguments(priority: String = "high", hours: String = "3", due: String = "2027-04-15", title: String = "File taxes") -> String {
            #"{"title": "\#(title)", "priority": "\#(priority)", "estimate_hours": \#(hours), "due": "\#(due)"}"#
        }
        #expect(try GrammarMatcher.matches(grammar, arguments()))
        #expect(try GrammarMatcher.matches(grammar, arguments(hours: "40", due: "2028-02-29")))
        #expect(try !GrammarMatcher.matches(grammar, arguments(priority: "urgent")))
        #expect(try !GrammarMatcher.matches(grammar, arguments(hours: "0")))
        #expect(try !GrammarMatcher.matches(grammar, arguments(hours: "41")))
        #expect(try !GrammarMatcher.matches(grammar, arguments(due: "2027-02-29")), "not a calendar date")
        #expect(try !GrammarMatcher.matches(grammar, arguments(title: "")))
        #expect(try !GrammarMatcher.matches(grammar, arguments(title: String(repeating: "x", count: 61))))
    }

    /// Arguments drawn from the grammar with fixed seeds (edge-leaning: range ends, quotes,
    /// escapes, non-ASCII) are all accepted by the server's own validation (pydantic).
    @Test func everyArgumentTheGrammarAdmitsTheServerAccepts() async throws {
        let server = TasksServer()
        let connection = try await server.launch()
        defer { Task { await connection.close() } }
        let tools = try await connection.tools()
        var sent = 0
        for name in ["add_task", "list_tasks"] {
            let tool = try #require(tools.first { $0.name == name } as? MCPTool)
            let generator = try SentenceGenerator(try OutputConstraint(schema: tool.parameters).grammar)
            for text in generator.samples(seed: 2026, count: 12) {
                let output = try await tool.call(arguments: try GeneratedContent(json: text))
                #expect(!output.isFailure, "\(name) \(text): \(output.text)")
                sent += 1
            }
        }
        #expect(server.calls.count == sent)
        #expect(await connection.callsSent == sent)
    }

    /// A model that writes a wrong call twice (an hour count out of range, then a date that
    /// is not on the calendar) is told why each time; only the third, valid call is sent.
    @Test func invalidArgumentsNeverReachTheServer() async throws {
        let server = TasksServer()
        let connection = try await server.launch()
        defer { Task { await connection.close() } }
        let model = ScriptedModel(
            #"{"tool": "add_task", "arguments": {"title": "File taxes", "priority": "high", "estimate_hours": 99, "due": "2027-04-15"}}"#,
            #"{"tool": "add_task", "arguments": {"title": "File taxes", "priority": "high", "estimate_hours": 3, "due": "2027-02-30"}}"#,
            #"{"tool": "add_task", "arguments": {"title": "File taxes", "priority": "high", "estimate_hours": 3, "due": "2027-04-15"}}"#,
            #"{"response": "Added."}"#)
        let session = LanguageModelSession(model: model, toolProviders: [connection])
        let answer = try await session.respond(to: "Add 'File taxes', high priority, 3 hours, due 2027-04-15")
        #expect(answer.content == "Added.")
        #expect(server.calls.count == 1)
        #expect(server.calls.first?.arguments["due"] as? String == "2027-04-15")
        #expect(await connection.callsSent == 1)
        let rejected = session.transcript.audit.filter { if case .rejected = $0.decision { true } else { false } }
        #expect(rejected.count == 2)
        let outputs = session.transcript.entries.compactMap { entry -> Transcript.ToolOutput? in
            if case .toolOutput(let output) = entry { output } else { nil }
        }
        #expect(outputs.map(\.toolName) == ["add_task"])
        #expect(ModelText.of(try #require(outputs.first).content).contains("Added \"File taxes\""))
        // The request offered the server's tools in its grammar and instructions.
        let firstRequest = try #require(model.requests.first)
        #expect(firstRequest.constraint?.gbnf.contains("slow_count") == true)
        #expect(firstRequest.constraint?.gbnf.contains("share_task") == false)
    }

    @Test func aToolsStructuredResultIsWhatTheModelReads() async throws {
        let connection = try await TasksServer().launch()
        defer { Task { await connection.close() } }
        let listTasks = try #require(try await connection.tools().first { $0.name == "list_tasks" } as? MCPTool)
        let output = try await listTasks.call(arguments: try GeneratedContent(json: #"{"priority": "all"}"#))
        #expect(output.generatedContent == (try GeneratedContent(json: #"{"count": 0, "titles": []}"#)), "\(output.generatedContent.jsonString)")
    }

    /// The server dies in the middle of a call: the request fails with a typed error that
    /// says so, and the session answers the next prompt (without the server's tools).
    @Test func aServerThatExitsMidCallFailsThatRequestOnly() async throws {
        let connection = try await TasksServer().launch()
        let model = ScriptedModel(#"{"tool": "crash", "arguments": {"code": 3}}"#, "Still here.")
        let session = LanguageModelSession(model: model, toolProviders: [connection])
        await #expect {
            try await session.respond(to: "Crash the server")
        } throws: { error in
            guard let error = error as? LanguageModelSession.ToolCallError, case .toolFailed(let cause) = error.reason,
                case .serverExited(_, let status, _)? = cause as? MCPConnectionError
            else { return false }
            return error.tool.name == "crash" && status == 3
        }
        #expect(try await connection.tools().isEmpty)
        let next = try await session.respond(to: "Are you there?")
        #expect(next.content == "Still here.")
        #expect(model.requests.last?.constraint == nil, "no tools are offered once the server is gone")
    }

    /// Cancelling a request cancels its call on the server, and the connection goes on working.
    @Test func cancellingARequestCancelsTheSlowCall() async throws {
        let server = TasksServer()
        let connection = try await server.launch()
        defer { Task { await connection.close() } }
        let session = LanguageModelSession(
            model: ScriptedModel(#"{"tool": "slow_count", "arguments": {"seconds": 30}}"#), toolProviders: [connection])
        let started = Date()
        let request = Task { try await session.respond(to: "Count slowly") }
        #expect(try await TasksServer.eventually { server.calls.contains { $0.tool == "slow_count" } })
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
        #expect(Date().timeIntervalSince(started) < 20, "cancelled long before the 30 s count ends")
        let listTasks = try #require(try await connection.tools().first { $0.name == "list_tasks" } as? MCPTool)
        let output = try await listTasks.call(arguments: try GeneratedContent(json: #"{"priority": "low"}"#))
        #expect(!output.isFailure)
    }

    /// `notifications/tools/list_changed` makes the next request offer the new tool.
    @Test func aToolAddedByTheServerIsOfferedOnTheNextRequest() async throws {
        let server = TasksServer()
        let connection = try await server.launch()
        defer { Task { await connection.close() } }
        let model = ScriptedModel(
            #"{"tool": "enable_archive", "arguments": {}}"#, #"{"response": "Enabled."}"#,
            #"{"tool": "archive_tasks", "arguments": {}}"#, #"{"response": "Archived."}"#)
        let session = LanguageModelSession(model: model, toolProviders: [connection])
        #expect(try await session.respond(to: "Enable archiving").content == "Enabled.")
        #expect(try await TasksServer.eventually { try await connection.tools().contains { $0.name == "archive_tasks" } })
        #expect(try await session.respond(to: "Archive everything").content == "Archived.")
        #expect(server.calls.map(\.tool) == ["enable_archive", "archive_tasks"])
    }

    @Test func aProgramThatIsNotAnMCPServerIsATypedError() async throws {
        await #expect {
            try await MCPConnection.launch("/bin/sh", arguments: ["-c", "echo not json; echo oops >&2; exit 4"])
        } throws: { error in
            guard case .handshakeFailed(_, let reason)? = error as? MCPConnectionError else { return false }
            return reason.contains("oops")
        }
        // Reads the initialize request, then exits without answering: the handshake fails
        // rather than waiting for ever.
        await #expect {
            try await MCPConnection.launch("/bin/sh", arguments: ["-c", "read request; echo gone >&2; exit 5"])
        } throws: { error in
            guard case .handshakeFailed(_, let reason)? = error as? MCPConnectionError else { return false }
            return reason.contains("gone")
        }
        await #expect {
            try await MCPConnection.launch("/nonexistent/server")
        } throws: { error in
            if case .launchFailed? = error as? MCPConnectionError { true } else { false }
        }
    }

    /// The same server over streamable HTTP.
    @Test func overHTTP() async throws {
        let server = TasksServer()
        let (connection, process) = try await server.startHTTP()
        defer {
            // SIGKILL: uvicorn's graceful stop waits on the client's idle connection.
            kill(process.processIdentifier, SIGKILL)
            Task { await connection.close() }
        }
        let names = try await connection.tools().map(\.name)
        #expect(names.contains("add_task") && !names.contains("share_task"))
        let model = ScriptedModel(
            #"{"tool": "add_task", "arguments": {"title": "Call mum", "priority": "low", "estimate_hours": 1, "due": "2027-01-02"}}"#,
            #"{"response": "Done."}"#)
        let session = LanguageModelSession(model: model, toolProviders: [connection])
        #expect(try await session.respond(to: "Remind me to call mum").content == "Done.")
        #expect(server.calls.map(\.tool) == ["add_task"])
    }
}
