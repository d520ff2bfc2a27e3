import ArgumentParser
import Bridle
import Foundation

/// `bridle conformance SHARED`: real schemas through the whole pipeline.
///
/// - JSONSchemaBench, per split: schemas compiled, samples that break their schema, and
///   invalid instances the grammar accepts once laid out canonically.
/// - The JSON-Schema-Test-Suite (draft 2020-12), per keyword file: test schemas compiled,
///   invalid instances the grammar and its post-checks let through, valid instances the
///   grammar leaves out (with the reason), and the validator's agreement with every verdict.
///
/// Every sample is written as a JSON line for an independent validator
/// (`scripts/conformance.py` checks them with Python's jsonschema).
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run JSONSchemaBench and the JSON-Schema-Test-Suite through import, compile, sample and match."
    )

    @Argument(help: "The shared/ folder (holding conformance/jsonschemabench and conformance/json-schema-test-suite).")
    var shared: String

    @Option(help: "Samples per compiled schema.")
    var samples: Int = 5

    @Option(help: "Write the samples here as JSON lines: {\"file\":…,\"schema\":…,\"seed\":…,\"text\":…}.")
    var output: String?

    func run() throws {
        let conformance = URL(fileURLWithPath: shared).appendingPathComponent("conformance")
        var lines: [String] = []
        var failed = false
        for split in ["Glaiveai2K", "Github_easy", "Handwritten", "Synthesized"] {
            let report = BenchSplitReport.run(split: split, in: conformance.appendingPathComponent("jsonschemabench"), samples: samples, lines: &lines)
            print(report)
            failed = failed || !report.isSound
        }
        let suite = conformance.appendingPathComponent("json-schema-test-suite/draft2020-12")
        if FileManager.default.fileExists(atPath: suite.path) {
            let report = TestSuiteReport.run(folder: suite, samples: samples, lines: &lines)
            print(report)
            failed = failed || !report.isSound
        }
        if let output {
            try (lines.joined(separator: "\n") + "\n").write(toFile: output, atomically: true, encoding: .utf8)
        }
        if failed { throw ExitCode(1) }
    }
}
