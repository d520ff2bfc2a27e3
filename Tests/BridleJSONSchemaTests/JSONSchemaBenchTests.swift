import Foundation
import Testing

@testable import BridleJSONSchema
import BridleSchema
import BridleTestSupport

/// JSONSchemaBench's real-world schemas (shared/conformance/jsonschemabench): how many Bridle
/// imports, that every refusal is a `JSONSchemaImportError` with a JSON pointer, and that no
/// instance the suite calls invalid conforms to what Bridle imported (soundness).
@Suite("JSONSchemaBench import")
struct JSONSchemaBenchTests {
    static let root = SharedData.directory("conformance/jsonschemabench")
    static let splits = ["Glaiveai2K", "Github_easy", "Handwritten", "Synthesized"]

    struct Tally: CustomStringConvertible {
        var files = 0
        var imported = 0
        var refusals: [String: Int] = [:]
        var validInstancesRejected = 0
        var invalidInstancesAccepted: [String] = []
        var description: String {
            let share = files == 0 ? 0 : Double(imported) / Double(files) * 100
            return "\(imported)/\(files) imported (\(String(format: "%.1f", share))%), valid instances narrowed away: \(validInstancesRejected), invalid instances accepted: \(invalidInstancesAccepted.count)"
        }
    }

    @Test(.enabled(if: root != nil, SharedData.missingMessage), arguments: splits)
    func split(_ name: String) throws {
        let directory = try #require(Self.root).appendingPathComponent(name)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        var tally = Tally()
        for file in files {
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            let document = try GeneratedContent(jsonData: data)
            guard let schemaDocument = document[property: "schema"] else { continue }
            tally.files += 1
            let schema: GenerationSchema
            do {
                schema = try GenerationSchema(jsonSchema: schemaDocument)
                try schema.validate()
            } catch let error as JSONSchemaImportError {
                #expect(error.pointer.hasPrefix("#"), "\(file): \(error)")
                tally.refusals[error.keyword ?? "(structure)", default: 0] += 1
                continue
            } catch let error as GenerationSchemaError {
                tally.refusals["(validate)", default: 0] += 1
                _ = error
                continue
            }
            tally.imported += 1
            for test in (try? document[property: "tests"]?.elements()) ?? [] {
                guard let data = test[property: "data"], case .bool(let valid)? = test[property: "valid"]?.kind else { continue }
                let conforms = schema.conforms(data)
                if valid && !conforms { tally.validInstancesRejected += 1 }
                if !valid && conforms { tally.invalidInstancesAccepted.append("\(file): \(data.jsonString.prefix(120))") }
            }
        }
        print("JSONSchemaBench \(name): \(tally)")
        print("  refusals by keyword: \(tally.refusals.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        #expect(tally.invalidInstancesAccepted.isEmpty, "\(tally.invalidInstancesAccepted.joined(separator: "\n"))")
    }
}
