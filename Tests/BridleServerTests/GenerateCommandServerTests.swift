import Bridle
import BridleExampleTypes
import BridleTestSupport
import Foundation
import Testing

/// `bridle generate --server`: the in-process command's output rules and exit statuses, on a
/// real llama-server.
@Suite struct GenerateCommandServerTests {
    static let bridle = BuiltExecutable.url(named: "bridle")

    static func schemaFile() throws -> URL {
        let url = ScratchFiles.url("bridle-server-cli", extension: "json")
        try Contacts.Arguments.generationSchema.jsonSchema.jsonString.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Greedy, so the answer is the same on every run: only the text goes to standard output,
    /// and it decodes.
    @Test(.enabled(if: LlamaServerProcess.isAvailable, LlamaServerProcess.missingMessage))
    func typedAnswerOnStandardOutput() async throws {
        let bridle = try #require(Self.bridle, "bridle is not built")
        let server = try await LlamaServerProcess(model: ServerTestModels.small.url)
        let schema = try Self.schemaFile()
        let (status, output, errors) = try BuiltExecutable.runCapturingErrors(bridle, arguments: [
            "generate", "--server", server.url.absoluteString, "--json-schema", schema.path,
            "--prompt", "Which generation?", "--greedy", "--statistics",
        ])
        #expect(status == 0, Comment(rawValue: errors))
        #expect(Contacts.Generation.allCases.contains(try Contacts.Arguments(GeneratedContent(json: output)).generation))
        #expect(errors.contains("response:"), "--statistics goes to standard error")
    }

    @Test func unreachableServersExitWithStatus1() throws {
        let bridle = try #require(Self.bridle, "bridle is not built")
        let closed = try LoopbackPort.refusing()
        let url = "http://127.0.0.1:\(closed.port)"
        let (status, output, errors) = try withExtendedLifetime(closed) {
            try BuiltExecutable.runCapturingErrors(bridle, arguments: [
                "generate", "--server", url, "--server-engine", "llama-server", "--prompt", "Hi",
            ])
        }
        #expect(status == 1)
        #expect(output.isEmpty)
        #expect(errors.contains("Every attempt failed") && errors.contains(url))
    }

    @Test func modelAndServerTogetherIsAUsageError() throws {
        let bridle = try #require(Self.bridle, "bridle is not built")
        let (status, _, errors) = try BuiltExecutable.runCapturingErrors(bridle, arguments: [
            "generate", "--model", "m.gguf", "--server", "http://127.0.0.1:1", "--prompt", "Hi",
        ])
        #expect(status == 64)
        #expect(errors.contains("not both"))
    }
}
