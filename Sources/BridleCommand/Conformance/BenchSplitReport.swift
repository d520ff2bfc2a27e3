import Bridle
import Foundation

/// One JSONSchemaBench split: how many schemas compile, and whether what compiled is sound.
struct BenchSplitReport: CustomStringConvertible {
    let name: String
    var schemas = 0
    var compiled = 0
    var sampling = SampleCheck()
    var invalidInstances = 0
    var invalidAccepted: [String] = []

    var isSound: Bool { sampling.invalid.isEmpty && invalidAccepted.isEmpty }

    static func run(split: String, in root: URL, samples: Int, lines: inout [String]) -> BenchSplitReport {
        var report = BenchSplitReport(name: split)
        let directory = root.appendingPathComponent(split)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter { $0.hasSuffix(".json") }.sorted() ?? []
        for file in files {
            let path = directory.appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: path.path),
                let document = try? GeneratedContent(jsonData: data),
                let schemaDocument = document[property: "schema"]
            else { continue }
            report.schemas += 1
            guard let schema = try? GenerationSchema(jsonSchema: schemaDocument), let compiled = try? schema.grammar(options: .asWritten) else { continue }
            report.compiled += 1
            report.sampling.run(
                compiled, of: schema, count: samples, label: "\(split)/\(file)",
                lineFields: [("file", GeneratedContent(path.path))], lines: &lines)
            for test in (try? document[property: "tests"]?.elements()) ?? [] {
                guard let instance = test[property: "data"], test[property: "valid"] == false else { continue }
                report.invalidInstances += 1
                let matched = (try? GrammarMatcher.matches(compiled.grammar, schema.canonicalText(of: instance, layout: compiled.options.layout))) == true
                // A declared post-check (oneOf exclusivity, uniqueItems) may catch what the grammar lets through.
                if matched && schema.conforms(instance) {
                    report.invalidAccepted.append("\(split)/\(file): \(instance.jsonString.prefix(200))")
                }
            }
        }
        return report
    }

    var description: String {
        let share = schemas == 0 ? 0 : Double(compiled) / Double(schemas) * 100
        var lines = [
            "\(name): compiled \(compiled)/\(schemas) (\(String(format: "%.1f", share))%), samples invalid \(sampling.invalid.count)/\(sampling.samples) (repeated dictionary keys: \(sampling.repeatedKeys); post-check redraws \(sampling.redrawn), given up \(sampling.givenUp)), invalid instances accepted \(invalidAccepted.count)/\(invalidInstances)"
        ]
        lines += (sampling.invalid + invalidAccepted).prefix(10).map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}
