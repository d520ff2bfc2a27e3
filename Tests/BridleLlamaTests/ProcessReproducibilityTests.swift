import BridleExampleTypes
import Bridle
import Foundation
import Testing
import BridleTestSupport

/// Same model, prompt, options and seed give byte-identical output in separate processes:
/// runs the `bridle` executable built beside the tests.
@Suite struct ProcessReproducibilityTests {
    private func generate(seed: UInt64, schema: URL) throws -> (status: Int32, output: Data) {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let run = try BuiltExecutable.run(bridle, arguments: [
            "generate", "--model", TestModels.large.path, "--json-schema", schema.path,
            "--prompt", "Dramas from the fifties", "--seed", String(seed),
        ])
        return (run.status, Data(run.output.utf8))
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
