import BridleTestSupport
import Foundation
import Testing

@testable import BridleJSONSchema
import BridleSchema

/// The evaluator against every keyword file of the official JSON-Schema-Test-Suite
/// (draft 2020-12, in shared/): for each test it can decide, its verdict is the suite's.
@Suite struct JSONSchemaTestSuiteAgreementTests {
    /// Files whose expectations Bridle deliberately differs from:
    /// - `format.json`: the suite treats formats as annotations; Bridle asserts them, as the
    ///   CI's Python check (`jsonschema` with a format checker) does;
    /// - `vocabulary.json`: a custom meta-schema that turns validation off; Bridle always
    ///   validates (it reads no meta-schemas);
    /// - `refRemote.json`: needs documents from a server; the evaluator reports it can't decide.
    static let deliberatelyDifferent: Set<String> = ["format.json", "vocabulary.json", "refRemote.json"]

    struct Tally {
        var agreed = 0
        var undecided = 0
        var disagreements: [String] = []
    }

    static func run(_ file: URL) throws -> Tally {
        let groups = try GeneratedContent(json: String(decoding: try Data(contentsOf: file), as: UTF8.self))
        guard case .array(let list) = groups.kind else { return Tally() }
        var tally = Tally()
        for group in list {
            guard let schema = group[property: "schema"], case .array(let tests)? = group[property: "tests"]?.kind else { continue }
            let evaluator = try? JSONSchemaEvaluator(document: schema)
            for test in tests {
                guard let data = test[property: "data"], case .bool(let expected)? = test[property: "valid"]?.kind else { continue }
                guard let evaluator, let issues = try? evaluator.violations(of: data) else {
                    tally.undecided += 1
                    continue
                }
                if issues.isEmpty == expected {
                    tally.agreed += 1
                } else {
                    let groupName = group[property: "description"]?.jsonString ?? "?"
                    let testName = test[property: "description"]?.jsonString ?? "?"
                    tally.disagreements.append("\(file.lastPathComponent): \(groupName) / \(testName): expected \(expected)")
                }
            }
        }
        return tally
    }

    @Test func agreesWithEveryDecidedVerdict() throws {
        let folder = Fixtures.jsonSchemaTestSuite.appendingPathComponent("draft2020-12")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" && !Self.deliberatelyDifferent.contains($0.lastPathComponent) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        var total = Tally()
        for file in files {
            let tally = try Self.run(file)
            total.agreed += tally.agreed
            total.undecided += tally.undecided
            total.disagreements += tally.disagreements
        }
        #expect(total.disagreements == [])
        // Only `$dynamicRef` (dynamicRef.json and a few elsewhere) and remote references are
        // left undecided; the rest of the suite is judged.
        #expect(total.agreed > 1_000)
        #expect(total.undecided < total.agreed / 10)
    }

    @Test(arguments: ["format-date.json", "format-date-time.json", "format-time.json", "format-uuid.json"])
    func agreesOnTheFormatsBridleGenerates(file: String) throws {
        let tally = try Self.run(Fixtures.jsonSchemaTestSuite.appendingPathComponent(file))
        #expect(tally.disagreements == [])
        #expect(tally.undecided == 0)
    }
}
