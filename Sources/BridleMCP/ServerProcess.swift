import Foundation
import MCP
import SystemPackage
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An MCP server run as a child process: MCP's stdio transport over its standard input and
/// output; its standard error is drained (a full pipe would stall it) and its last lines kept
/// for the error that reports its exit.
final class ServerProcess: Sendable {
    let transport: StdioTransport
    private let process: Process
    private let stderrTail = OutputTail()

    init(executable: String, arguments: [String], environment: [String: String]?) throws(MCPConnectionError) {
        // Writing to a server that has just exited must be an error (EPIPE), not a signal that
        // ends this process.
        signal(SIGPIPE, SIG_IGN)
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.resolve(executable))
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        transport = StdioTransport(
            input: FileDescriptor(rawValue: output.fileHandleForReading.fileDescriptor),
            output: FileDescriptor(rawValue: input.fileHandleForWriting.fileDescriptor))
        errors.fileHandleForReading.readabilityHandler = { [stderrTail] handle in
            let chunk = handle.availableData
            guard !chunk.isEmpty else {
                handle.readabilityHandler = nil
                return
            }
            stderrTail.append(chunk)
        }
        do {
            try process.run()
        } catch {
            throw .launchFailed(executable: executable, reason: error.localizedDescription)
        }
        // The child holds its own copies; closing ours lets end-of-file reach each side.
        try? input.fileHandleForReading.close()
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
    }

    /// Calls `handler` with the exit status once the process has ended.
    func onExit(_ handler: @escaping @Sendable (Int32) -> Void) {
        process.terminationHandler = { handler($0.terminationStatus) }
        if !process.isRunning { handler(process.terminationStatus) }
    }

    /// The last lines the server wrote to its standard error.
    var stderr: String {
        let text = String(decoding: stderrTail.bytes, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: true).suffix(8).joined(separator: "\n")
    }

    func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// A connection dropped without ``MCPConnection/close()`` still ends its server.
    deinit {
        terminate()
    }

    /// `name` itself when it has a slash, else the first executable of that name on `PATH`.
    private static func resolve(_ name: String) -> String {
        guard !name.contains("/") else { return name }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return name
    }
}

/// The last bytes a stream wrote, at most `limit`.
private final class OutputTail: Sendable {
    private let data = Mutex(Data())
    private let limit = 2048

    func append(_ chunk: Data) {
        data.withLock { data in
            data.append(chunk)
            if data.count > limit { data = data.suffix(limit) }
        }
    }

    var bytes: Data { data.withLock { $0 } }
}
