import BridleExampleTypes
import Bridle
import Foundation
import Testing

/// Same model, prompt, options and seed give byte-identical output in separate processes:
/// runs the `bridle` executable built beside the tests.
@Suite struct ProcessReproducibilityTests {
    static let bridle: URL? = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("bridle")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    private func generate(seed: UInt64, schema: URL) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = try #require(Self.bridle, "build the bridle executable first (swift build)")
        process.arguments = [
            "generate", "--model", TestModels.large.path, "--json-schema", schema.path,
            "--prompt", "Dramas from the fifties", "--seed", String(seed),
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    @Test func sameSeedSameBytesAcrossProcesses() throws {
        let schema = TestModels.folder.appendingPathComponent("films.schema.json")
        try Data(Films.Arguments.generationSchema.jsonSchemaString(prettyPrinted: false).utf8).write(to: schema)
        let first = try generate(seed: 11, schema: schema)
        let second = try generate(seed: 11, schema: schema)
        let other = try generate(seed: 12, schema: schema)
        #expect(first.status == 0)
        #expect(second.status == 0)
        #expect(!first.output.isEmpty)
        #expect(first.output == second.output)
        #expect(first.output != other.output)
        // Standard output holds the generated JSON and nothing else.
        #expect(throws: Never.self) { _ = try Films.Arguments(GeneratedContent(jsonData: first.output)) }
    }
}
