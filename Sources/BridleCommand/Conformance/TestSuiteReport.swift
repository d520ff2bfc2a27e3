import Bridle
import Foundation

/// The JSON-Schema-Test-Suite (draft 2020-12) keyword files: per file, the share of test
/// schemas that compile, and for those: invalid instances let through (must be none), valid
/// instances the grammar leaves out (by reason), and the validator's verdicts against the
/// suite's.
struct TestSuiteReport: CustomStringConvertible {
    /// Files whose verdicts Bridle deliberately differs from, so they are not compared:
    /// Bridle asserts formats (as the CI's Python check does) where `format.json` expects
    /// annotations, and reads no meta-schemas, so `vocabulary.json`'s switched-off
    /// validation vocabulary still validates.
    static let annotationOnlyFiles: Set<String> = ["format.json", "vocabulary.json"]

    struct FileTally {
        var name: String
        var schemas = 0
        var compiled = 0
        var invalidAccepted: [String] = []
        var validRejected: [String: Int] = [:]
        var disagreements: [String] = []
    }

    var files: [FileTally] = []
    var sampling = SampleCheck()
    var refusals: [String: Int] = [:]

    var isSound: Bool {
        sampling.invalid.isEmpty && files.allSatisfy { $0.invalidAccepted.isEmpty && $0.disagreements.isEmpty }
    }

    static func run(folder: URL, samples: Int, lines: inout [String]) -> TestSuiteReport {
        var report = TestSuiteReport()
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
                let groups = try? GeneratedContent(jsonData: data).elements()
            else { continue }
            var tally = FileTally(name: name)
            for (index, group) in groups.enumerated() {
                guard let document = group[property: "schema"] else { continue }
                tally.schemas += 1
                let label = "\(name) #\(index)"
                let schema: GenerationSchema
                let compiled: CompiledGrammar
                do {
                    schema = try GenerationSchema(jsonSchema: document)
                    compiled = try schema.grammar(options: .asWritten)
                } catch {
                    report.refusals[refusalReason(error), default: 0] += 1
                    continue
                }
                tally.compiled += 1
                report.sampling.run(
                    compiled, of: schema, count: samples, label: label,
                    lineFields: [("file", GeneratedContent(label)), ("schema", document)], lines: &lines)
                for test in (try? group[property: "tests"]?.elements()) ?? [] {
                    guard let instance = test[property: "data"], case .bool(let valid)? = test[property: "valid"]?.kind else { continue }
                    judge(instance, valid: valid, schema: schema, compiled: compiled, label: label, into: &tally)
                }
            }
            report.files.append(tally)
        }
        return report
    }

    private static func judge(
        _ instance: GeneratedContent, valid: Bool, schema: GenerationSchema, compiled: CompiledGrammar, label: String, into tally: inout FileTally
    ) {
        let conforms = schema.conforms(instance)
        if conforms != valid, !annotationOnlyFiles.contains(tally.name) {
            tally.disagreements.append("\(label): the validator says \(conforms ? "valid" : "invalid") to \(instance.jsonString.prefix(120))")
        }
        let matched = (try? GrammarMatcher.matches(compiled.grammar, schema.canonicalText(of: instance, layout: compiled.options.layout))) == true
        if !valid, matched, conforms {
            tally.invalidAccepted.append("\(label): \(instance.jsonString.prefix(120))")
        }
        if valid, !matched {
            tally.validRejected[leftOutReason(instance, schema: schema), default: 0] += 1
        }
    }

    /// Why the grammar leaves out a valid instance. The IR alone (without the document) is
    /// what the grammar was compiled from: what it refuses was narrowed on reading.
    private static func leftOutReason(_ instance: GeneratedContent, schema: GenerationSchema) -> String {
        let intermediate = GenerationSchema(root: schema.root, definitions: schema.definitions)
        let issues = intermediate.violations(of: instance)
        if issues.isEmpty { return "layout or bounds of the grammar (caps on lengths, counts, numbers)" }
        if issues.contains(where: { $0.message.contains("is not allowed") }) { return "extra properties, which generation never writes" }
        return "narrowed when read (a sound subset of the schema)"
    }

    private static func refusalReason(_ error: any Error) -> String {
        if let error = error as? JSONSchemaImportError, let keyword = error.keyword { return "refused: \(keyword)" }
        if error is JSONSchemaImportError { return "refused by the reader" }
        return "refused by the grammar compiler"
    }

    var description: String {
        let schemas = files.reduce(0) { $0 + $1.schemas }
        let compiled = files.reduce(0) { $0 + $1.compiled }
        let share = schemas == 0 ? 0 : Double(compiled) / Double(schemas) * 100
        var lines = ["JSON-Schema-Test-Suite draft 2020-12: compiled \(compiled)/\(schemas) (\(String(format: "%.1f", share))%), samples invalid \(sampling.invalid.count)/\(sampling.samples) (post-check redraws \(sampling.redrawn), given up \(sampling.givenUp))"]
        for file in files {
            let accepted = file.invalidAccepted.count
            let rejected = file.validRejected.values.reduce(0, +)
            lines.append("  \(file.name): compiled \(file.compiled)/\(file.schemas), invalid accepted \(accepted), valid left out \(rejected), validator disagreements \(file.disagreements.count)")
        }
        var leftOut: [String: Int] = [:]
        for file in files { leftOut.merge(file.validRejected, uniquingKeysWith: +) }
        for (reason, count) in leftOut.sorted(by: { $0.value > $1.value }) {
            lines.append("  valid instances left out: \(count) × \(reason)")
        }
        for (reason, count) in refusals.sorted(by: { $0.value > $1.value }).prefix(12) {
            lines.append("  schemas not compiled: \(count) × \(reason)")
        }
        let problems = sampling.invalid + files.flatMap { $0.invalidAccepted + $0.disagreements }
        lines += problems.prefix(20).map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}
