import Bridle
import BridleLlama
import BridleTestSupport
import Foundation
import Testing

/// `bridle test` on the tiny model: the report's JSON pinned by a snapshot, the library's
/// report equal to the command's, golden answers that catch a changed seed, thresholds for CI,
/// and a clear error with a non-zero exit for each bad input.
@Suite struct TestCommandTests {
    static let schema = Fixtures.directory("schema-report/trip.schema.json")
    static let snapshot = Fixtures.directory("schema-report/trip-tiny.report.json")
    static let prompt = "A week by the sea in June"

    private func bridle() throws -> URL {
        try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
    }

    private var base: [String] {
        // One at a time: byte-for-byte reproducible, so the snapshot and golden answers hold.
        ["test", "--model", TestModels.large.path, "--json-schema", Self.schema.path, "--prompt", Self.prompt, "--seeds", "6", "--seed", "40", "--batch-size", "1"]
    }

    private func temporaryDirectory() throws -> URL {
        let url = ScratchFiles.url("bridle-test-command")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The report's JSON is pinned, pressure to 1e-4 (llama.cpp's float sums may differ in the
    /// last bits between builds); `BRIDLE_RECORD_SNAPSHOTS=1` writes it again.
    @Test func reportJSONMatchesItsSnapshot() throws {
        let run = try BuiltExecutable.runCapturingErrors(try bridle(), arguments: base + ["--json"])
        #expect(run.status == 0, "\(run.errors)")
        if ProcessInfo.processInfo.environment["BRIDLE_RECORD_SNAPSHOTS"] == "1" {
            try Data(run.output.utf8).write(to: Self.snapshot)
        }
        let expected = try GeneratedContent(json: String(decoding: try Data(contentsOf: Self.snapshot), as: UTF8.self))
        let actual = try GeneratedContent(json: run.output)
        let differences = JSONSnapshot.differences(expected, actual, tolerance: 1e-4)
        #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")

        let report = try JSONDecoder().decode(SchemaReport.self, from: Data(run.output.utf8))
        #expect(report.totals.seeds == 6)
        #expect(report.paths.first?.path == "#")
        #expect(report.paths.contains { ($0.pressure?.mean ?? 0) > 0 }, "the tiny model fights the schema somewhere")
        #expect(report.coverage.contains { $0.kind == .enumValue && $0.schemaPath == "#/properties/kind" })
        #expect(report.coverage.contains { $0.kind == .alternative && $0.schemaPath == "#/properties/budget/anyOf/1" })
    }

    /// The library's report, run on the same model, seeds and batch, is the command's.
    @Test func libraryReportIsTheCommands() async throws {
        let run = try BuiltExecutable.runCapturingErrors(try bridle(), arguments: base + ["--json"])
        #expect(run.status == 0, "\(run.errors)")
        let fromCommand = try JSONDecoder().decode(SchemaReport.self, from: Data(run.output.utf8))
        let schema = try GenerationSchema(jsonSchema: String(decoding: try Data(contentsOf: Self.schema), as: UTF8.self))
        let model = try LlamaLanguageModel(contentsOf: TestModels.large, configuration: LlamaConfiguration(sequences: 1))
        let options = GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: 40))
        let report = try await model.testSchema(schema, prompt: Self.prompt, seeds: 40..<46, includeSchemaInPrompt: false, options: options)
        #expect(report.answers.map(\.text) == fromCommand.answers.map(\.text))
        #expect(report.totals.distinctAnswers == fromCommand.totals.distinctAnswers)
        #expect(report.coverage == fromCommand.coverage)
        #expect(report.settings.emphasis == nil && fromCommand.settings.emphasis == nil, "automatic emphasis needs a second sequence")
    }

    /// `--record` then `--check` passes; one seed's golden answer flipped fails the check with
    /// a diff naming that seed, and only it.
    @Test func checkCatchesAChangedAnswer() throws {
        let golden = try temporaryDirectory()
        let recorded = try BuiltExecutable.runCapturingErrors(try bridle(), arguments: base + ["--record", golden.path])
        #expect(recorded.status == 0, "\(recorded.errors)")
        let same = try BuiltExecutable.runCapturingErrors(try bridle(), arguments: base + ["--check", golden.path])
        #expect(same.status == 0, "\(same.errors)")
        #expect(same.errors.contains("all 6 answers match"))

        let file = golden.appendingPathComponent("seed-42.txt")
        let answer = try GeneratedContent(json: String(decoding: try Data(contentsOf: file), as: UTF8.self))
        var properties = try #require(answer.orderedProperties)
        properties[0].value = GeneratedContent("Elsewhere")
        try Data(GeneratedContent(properties: properties.map { ($0.name, $0.value) }).jsonString.utf8).write(to: file)
        let changed = try BuiltExecutable.runCapturingErrors(try bridle(), arguments: base + ["--check", golden.path])
        #expect(changed.status == 1)
        #expect(changed.errors.contains("seed 42 changed"), "\(changed.errors)")
        #expect(changed.errors.contains("-  \"destination\": \"Elsewhere\""), "\(changed.errors)")
        #expect(changed.errors.contains("1 of 6 answers changed"))
        #expect(!changed.errors.contains("seed 41 changed"))
    }

    @Test func thresholdsDecideTheExitStatus() throws {
        let lenient = try BuiltExecutable.runCapturingErrors(
            try bridle(), arguments: base + ["--min-valid", "0", "--max-pressure", "1", "--min-distinct", "0"])
        #expect(lenient.status == 0, "\(lenient.errors)")
        let strict = try BuiltExecutable.runCapturingErrors(try bridle(), arguments: base + ["--max-pressure", "0"])
        #expect(strict.status == 1)
        #expect(strict.errors.contains("--max-pressure 0: #"), "\(strict.errors)")
    }

    @Test func grammarOnlyReportsTheSchemasOwnCoverage() throws {
        let run = try BuiltExecutable.runCapturingErrors(
            try bridle(), arguments: ["test", "--grammar-only", "--json-schema", Self.schema.path, "--seeds", "200", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let report = try JSONDecoder().decode(SchemaReport.self, from: Data(run.output.utf8))
        #expect(report.totals.validAtFirstAttempt == 200)
        #expect(report.paths.allSatisfy { $0.pressure == nil })
        #expect(report.coverage.allSatisfy { $0.answers > 0 }, "200 uniform draws take every branch: \(report.coverage.filter { $0.answers == 0 })")
        #expect(report.settings.model == nil)
    }

    @Test func reportPageIsWritten() throws {
        let page = try temporaryDirectory().appendingPathComponent("report.html")
        let run = try BuiltExecutable.runCapturingErrors(try bridle(), arguments: base + ["--report", page.path])
        #expect(run.status == 0, "\(run.errors)")
        let html = String(decoding: try Data(contentsOf: page), as: UTF8.self)
        #expect(html.contains("id=\"tree\"") && html.contains("<svg"))
        #expect(run.output.contains("6 seeds: "), "the summary still goes to standard output")
    }

    @Test func badInputGetsAClearErrorAndANonZeroExit() throws {
        let bridle = try bridle()
        let noSeeds = try BuiltExecutable.runCapturingErrors(bridle, arguments: ["test", "--grammar-only", "--json-schema", Self.schema.path, "--seeds", "0"])
        #expect(noSeeds.status != 0)
        #expect(noSeeds.errors.contains("--seeds must be at least 1"))
        let tooMany = try BuiltExecutable.runCapturingErrors(bridle, arguments: ["test", "--grammar-only", "--json-schema", Self.schema.path, "--seeds", "100001"])
        #expect(tooMany.status != 0)
        #expect(tooMany.errors.contains("--seeds is at most 100000"), "\(tooMany.errors)")

        let folder = try temporaryDirectory()
        let broken = folder.appendingPathComponent("broken.schema.json")
        try Data(#"{"type": "object", "properties": {"a": {"type": "string", "pattern": "("}}, "required": ["a"]}"#.utf8).write(to: broken)
        let uncompilable = try BuiltExecutable.runCapturingErrors(bridle, arguments: ["test", "--grammar-only", "--json-schema", broken.path, "--seeds", "2"])
        #expect(uncompilable.status == 2)
        #expect(uncompilable.errors.contains(broken.path), "\(uncompilable.errors)")

        let unwritable = try BuiltExecutable.runCapturingErrors(
            bridle, arguments: ["test", "--grammar-only", "--json-schema", Self.schema.path, "--seeds", "2", "--report", "/nonexistent-folder/report.html"])
        #expect(unwritable.status == 2)
        #expect(unwritable.errors.contains("can't write the report to /nonexistent-folder/report.html"), "\(unwritable.errors)")

        let golden = folder.appendingPathComponent("golden")
        let other = folder.appendingPathComponent("other.schema.json")
        try Data(#"{"type": "object", "properties": {"a": {"type": "boolean"}}, "required": ["a"]}"#.utf8).write(to: other)
        let recorded = try BuiltExecutable.runCapturingErrors(
            bridle, arguments: ["test", "--grammar-only", "--json-schema", other.path, "--seeds", "2", "--record", golden.path])
        #expect(recorded.status == 0, "\(recorded.errors)")
        let mismatched = try BuiltExecutable.runCapturingErrors(
            bridle, arguments: ["test", "--grammar-only", "--json-schema", Self.schema.path, "--seeds", "2", "--check", golden.path])
        #expect(mismatched.status == 2)
        #expect(mismatched.errors.contains("holds answers to another schema"), "\(mismatched.errors)")

        let missing = try BuiltExecutable.runCapturingErrors(
            bridle, arguments: ["test", "--grammar-only", "--json-schema", Self.schema.path, "--seeds", "2", "--check", folder.appendingPathComponent("none").path])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("record them first with --record"), "\(missing.errors)")
    }
}

/// Two JSON documents' differences, each naming its pointer: numbers within a tolerance.
enum JSONSnapshot {
    static func differences(_ expected: GeneratedContent, _ actual: GeneratedContent, tolerance: Double, at path: String = "#") -> [String] {
        switch (expected.kind, actual.kind) {
        case (.number(let a), .number(let b)):
            guard let x = a.double, let y = b.double, abs(x - y) <= tolerance * max(1, abs(x)) else {
                return a == b ? [] : ["\(path): \(a) became \(b)"]
            }
            return []
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return ["\(path): \(a.count) elements became \(b.count)"] }
            return zip(a, b).enumerated().flatMap { differences($0.element.0, $0.element.1, tolerance: tolerance, at: "\(path)/\($0.offset)") }
        case (.structure(let a, _), .structure(let b, _)):
            let keys = Set(a.keys).union(b.keys).sorted()
            return keys.flatMap { key -> [String] in
                guard let x = a[key], let y = b[key] else { return ["\(path)/\(key): present in only one"] }
                return differences(x, y, tolerance: tolerance, at: "\(path)/\(key)")
            }
        default:
            return expected == actual ? [] : ["\(path): \(expected.jsonString) became \(actual.jsonString)"]
        }
    }
}
