import ArgumentParser
import Bridle
import Foundation

/// `bridle conformance SHARED`: JSONSchemaBench through the whole pipeline. For each split:
/// schemas compiled, samples that break their schema, and invalid instances the grammar
/// accepts once laid out canonically. Writes every sample as JSON lines for an independent
/// validator (`scripts/conformance.py` checks them with Python's jsonschema).
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run JSONSchemaBench's schemas through import, compile, sample and match."
    )

    @Argument(help: "The shared/ folder (holding conformance/jsonschemabench).")
    var shared: String

    @Option(help: "Samples per compiled schema.")
    var samples: Int = 5

    @Option(help: "Write the samples here as JSON lines: {\"file\":…,\"seed\":…,\"text\":…}.")
    var output: String?

    func run() throws {
        let root = URL(fileURLWithPath: shared).appendingPathComponent("conformance/jsonschemabench")
        var lines: [String] = []
        var failed = false
        for split in ["Glaiveai2K", "Github_easy", "Handwritten", "Synthesized"] {
            var report = SplitReport(name: split)
            let directory = root.appendingPathComponent(split)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter { $0.hasSuffix(".json") }.sorted() ?? []
            for file in files {
                let path = directory.appendingPathComponent(file)
                guard let data = FileManager.default.contents(atPath: path.path),
                    let document = try? GeneratedContent(jsonData: data),
                    let schemaDocument = document[property: "schema"]
                else { continue }
                report.schemas += 1
                guard let schema = try? GenerationSchema(jsonSchema: schemaDocument), let compiled = try? schema.grammar() else { continue }
                report.compiled += 1
                guard let sampler = try? GrammarSampler(compiled.grammar) else { continue }
                for seed in 0..<UInt64(samples) {
                    var text = sampler.sample(seed: seed)
                    report.samples += 1
                    if !compiled.postChecks.isEmpty {
                        // Declared post-checks: regenerate (bounded) until the validator agrees.
                        var attempt: UInt64 = 1
                        while attempt <= Self.regenerationLimit,
                            (try? GeneratedContent(json: text)).map({ !schema.conforms($0) }) ?? false
                        {
                            text = sampler.sample(seed: seed &+ attempt &* 1_000_003)
                            report.regenerated += 1
                            attempt += 1
                        }
                        if attempt > Self.regenerationLimit {
                            report.exhausted += 1
                            continue
                        }
                    }
                    do {
                        let content = try GeneratedContent(json: text)
                        if !schema.conforms(content) || text.unicodeScalars.count > compiled.maximumLength {
                            report.invalidSamples.append("\(split)/\(file) seed \(seed): \(text.prefix(200))")
                        }
                    } catch {
                        if error.message.contains("duplicate key") {
                            // Free-form keys may repeat: a grammar cannot keep them distinct.
                            report.repeatedKeys += 1
                        } else {
                            report.invalidSamples.append("\(split)/\(file) seed \(seed): not JSON: \(error.message)")
                        }
                    }
                    lines.append(GeneratedContent(properties: [
                        ("file", GeneratedContent(path.path)), ("seed", GeneratedContent(seed)), ("text", GeneratedContent(text)),
                    ]).jsonString)
                }
                for test in (try? document[property: "tests"]?.elements()) ?? [] {
                    guard let instance = test[property: "data"], test[property: "valid"] == false else { continue }
                    report.invalidInstances += 1
                    if (try? GrammarMatcher.matches(compiled.grammar, schema.canonicalText(of: instance))) == true,
                        compiled.postChecks.isEmpty || schema.conforms(instance)
                    {
                        report.invalidAccepted.append("\(split)/\(file): \(instance.jsonString.prefix(200))")
                    }
                }
            }
            print(report)
            failed = failed || !report.invalidSamples.isEmpty || !report.invalidAccepted.isEmpty
        }
        if let output {
            try (lines.joined(separator: "\n") + "\n").write(toFile: output, atomically: true, encoding: .utf8)
        }
        if failed { throw ExitCode(1) }
    }

    /// Fresh samples tried for one sample that fails a declared post-check.
    static let regenerationLimit: UInt64 = 8

    struct SplitReport: CustomStringConvertible {
        let name: String
        var schemas = 0
        var compiled = 0
        var samples = 0
        var repeatedKeys = 0
        /// Samples redrawn because a post-check (uniqueItems, overlapping oneOf) failed, and
        /// samples given up on after ``ConformanceCommand/regenerationLimit`` redraws.
        var regenerated = 0
        var exhausted = 0
        var invalidSamples: [String] = []
        var invalidInstances = 0
        var invalidAccepted: [String] = []

        var description: String {
            let share = schemas == 0 ? 0 : Double(compiled) / Double(schemas) * 100
            var lines = [
                "\(name): compiled \(compiled)/\(schemas) (\(String(format: "%.1f", share))%), samples invalid \(invalidSamples.count)/\(samples) (repeated dictionary keys: \(repeatedKeys); post-check redraws \(regenerated), given up \(exhausted)), invalid instances accepted \(invalidAccepted.count)/\(invalidInstances)"
            ]
            lines += (invalidSamples + invalidAccepted).prefix(10).map { "  \($0)" }
            return lines.joined(separator: "\n")
        }
    }
}
