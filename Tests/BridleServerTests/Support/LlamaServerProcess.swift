import AsyncHTTPClient
import BridleServer
import BridleTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real llama-server process on a loopback port, started for a test and stopped by PID.
///
/// `scripts/llama-server.sh` builds the binary into the cache; `scripts/test.sh` sets
/// `BRIDLE_LLAMA_SERVER` to it and `BRIDLE_REQUIRE_LLAMA_SERVER=1`, so that a missing binary
/// fails the run instead of skipping.
final class LlamaServerProcess: @unchecked Sendable {
    static let binary = CachedArtifact.url(
        environment: "BRIDLE_LLAMA_SERVER", cachePath: "llama-cpp-python-0.3.36/build/bin/llama-server", executable: true)

    static var isRequired: Bool { ProcessInfo.processInfo.environment["BRIDLE_REQUIRE_LLAMA_SERVER"] == "1" }

    static let missingMessage: Comment =
        "llama-server not found: run `bash scripts/llama-server.sh` (or set BRIDLE_LLAMA_SERVER to its path)"

    /// Whether the tests that need llama-server run: they do when it is built, and fail
    /// (rather than skip) when it is required but missing.
    static var isAvailable: Bool { binary != nil || isRequired }

    let url: URL
    let log: URL
    private let process: Process

    /// Starts llama-server on `model` with `slots` parallel slots on a free loopback port and
    /// waits until it answers `/health`.
    init(model: URL, slots: Int = 1, contextPerSlot: Int = 2048) async throws {
        let binary = try #require(Self.binary, Self.missingMessage)
        let port = try LoopbackPort.free()
        url = URL(string: "http://127.0.0.1:\(port)")!
        log = ScratchFiles.url("bridle-llama-server-\(port)", extension: "log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process = Process()
        process.executableURL = binary
        process.arguments = [
            "--model", model.path, "--host", "127.0.0.1", "--port", String(port),
            "--parallel", String(slots), "--ctx-size", String(slots * contextPerSlot),
            "--threads", "1", "--threads-batch", "1", "--no-webui",
        ]
        let output = try FileHandle(forWritingTo: log)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        try await waitUntilReady()
    }

    deinit {
        kill()
    }

    var pid: Int32 { process.processIdentifier }

    /// Stops the server at once (SIGKILL), as a crashed replica would end. A test server keeps
    /// nothing worth a graceful stop, and SIGTERM waits for the client's idle keep-alive
    /// connections to close.
    func kill() {
        guard process.isRunning else { return }
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The end of the server's log, for failure messages.
    var logTail: String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return String(text.suffix(4000))
    }

    private func waitUntilReady() async throws {
        let health = url.appendingPathComponent("health").absoluteString
        for _ in 0..<600 {
            guard process.isRunning else { break }
            if let response = try? await ServerLanguageModel.defaultHTTPClient.execute(HTTPClientRequest(url: health), timeout: .seconds(2)),
               response.status == .ok {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        kill()
        Issue.record("llama-server did not become ready at \(url.absoluteString); its log ends:\n\(logTail)")
        throw CancellationError()
    }
}
