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
    public static func runCapturingErrors(_ executable: URL, arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        // Standard error goes to a file, so neither stream can fill up while the other is read.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("bridle-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), errors)
    }
}
