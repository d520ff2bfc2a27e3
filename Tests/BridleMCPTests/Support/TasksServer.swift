import BridleMCP
import BridleTestSupport
import Foundation
import Testing

/// The FastMCP task-list server (Tests/Fixtures/mcp/tasks_server.py) on PyPI's `mcp`, which
/// `scripts/mcp.sh` installs into the cache; `scripts/test.sh` sets `BRIDLE_MCP_PYTHON` to its
/// Python and `BRIDLE_REQUIRE_MCP=1`, so a missing install fails the run instead of skipping.
struct TasksServer {
    static let python = CachedArtifact.url(environment: "BRIDLE_MCP_PYTHON", cachePath: "mcp-python", executable: true)
    static var isRequired: Bool { ProcessInfo.processInfo.environment["BRIDLE_REQUIRE_MCP"] == "1" }
    static var isAvailable: Bool { python != nil || isRequired }
    static let missingMessage: Comment = "PyPI's mcp not found: run `bash scripts/mcp.sh` and set BRIDLE_MCP_PYTHON to the path it prints"
    static let script = Fixtures.directory("mcp/tasks_server.py")

    /// Where the server appends each call that reached a tool, one JSON line each.
    let log: URL

    init() {
        log = ScratchFiles.url("bridle-mcp-calls", extension: "jsonl")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    }

    /// A connection to a new server process over stdio.
    func launch() async throws -> MCPConnection {
        let python = try #require(Self.python, Self.missingMessage)
        return try await MCPConnection.launch(python.path, arguments: [Self.script.path], environment: ["TASKS_SERVER_LOG": log.path])
    }

    /// A new server process on a free loopback port over streamable HTTP, and a connection to it.
    func startHTTP() async throws -> (connection: MCPConnection, process: Process) {
        let python = try #require(Self.python, Self.missingMessage)
        let port = try LoopbackPort.free()
        let process = Process()
        process.executableURL = python
        process.arguments = [Self.script.path, "--http", String(port)]
        process.environment = ProcessInfo.processInfo.environment.merging(["TASKS_SERVER_LOG": log.path]) { $1 }
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/mcp"))
        for _ in 0..<100 {
            if let connection = try? await MCPConnection.connect(to: endpoint) { return (connection, process) }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.terminate()
        throw MCPConnectionError.handshakeFailed(server: endpoint.absoluteString, reason: "no answer after 10 s")
    }

    /// The calls that reached the server's tools, in order.
    var calls: [(tool: String, arguments: [String: Any])] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let tool = object["tool"] as? String, let arguments = object["arguments"] as? [String: Any]
            else { return nil }
            return (tool, arguments)
        }
    }

    /// Waits until `condition` holds, for at most `seconds`.
    static func eventually(seconds: Double = 10, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await condition()
    }
}
