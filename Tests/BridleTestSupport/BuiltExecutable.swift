import Foundation

/// Executables SwiftPM built beside the test bundle (`bridle`, the examples).
public enum BuiltExecutable {
    public static func url(named name: String) -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Runs `executable` with no input and returns its status and standard output.
    public static func run(_ executable: URL, arguments: [String]) throws -> (status: Int32, output: String) {
        let (status, output, _) = try runCapturingErrors(executable, arguments: arguments)
        return (status, output)
    }

    /// Runs `executable` with no input and returns its status, standard output and standard error.
    /// With a `timeout`, a process still running past it is killed, and the result says so: status
    /// −1, and the kill first on standard error (a hung child fails its test instead of holding
    /// the run).
    public static func runCapturingErrors(
        _ executable: URL, arguments: [String], timeout: TimeInterval? = nil
    ) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // Both streams go to files, read once the process has exited: reading a pipe while tests
        // start and reap other processes can be interrupted (EINTR), which Foundation's
        // `readDataToEndOfFile()` turns into a crash.
        let files = ["stdout", "stderr"].map { FileManager.default.temporaryDirectory.appendingPathComponent("bridle-\($0)-\(UUID().uuidString)") }
        for file in files { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        let output = try FileHandle(forWritingTo: files[0])
        let errorOutput = try FileHandle(forWritingTo: files[1])
        defer {
            try? output.close()
            try? errorOutput.close()
        }
        process.standardOutput = output
        process.standardError = errorOutput
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var timedOut = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning {
                timedOut = true
                process.terminate()
                Thread.sleep(forTimeInterval: 2)
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
        }
        process.waitUntilExit()
        let data = (try? Data(contentsOf: files[0])) ?? Data()
        var errors = (try? String(contentsOf: files[1], encoding: .utf8)) ?? ""
        if timedOut, let timeout { errors = "killed after \(Int(timeout)) s\n" + errors }
        return (timedOut ? -1 : process.terminationStatus, String(decoding: data, as: UTF8.self), errors)
    }

    /// ``runCapturingErrors(_:arguments:)`` waited for on a thread of its own, never on one of
    /// Swift concurrency's few pool threads: a child that talks to a server in this process (a
    /// client against an in-process endpoint) would otherwise hold a thread that server needs,
    /// and on two cores both could be held while the child waits for an answer.
    public static func runOffThePool(
        _ executable: URL, arguments: [String], timeout: TimeInterval? = nil
    ) async throws -> (status: Int32, output: String, errors: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try runCapturingErrors(executable, arguments: arguments, timeout: timeout) })
            }.start()
        }
    }
}
