import BridleSchema
import BridleTestSupport
import Foundation
import Testing
@testable import BridleGeneration

@Suite struct SchemaReportBuildingTests {
    static let settings = SchemaReport.Settings(
        model: nil, prompt: "p", instructions: nil, seeds: [], sampling: "greedy", temperature: nil, emphasis: nil, layout: "spaced",
        schemaInPrompt: false, schema: [:])

    static func json(_ text: String) -> GeneratedContent { try! GeneratedContent(json: text) }

    static func outcome(
        _ seed: UInt64, _ json: String?, retries: Int = 0, error: String? = nil, pressure: [PathPressure]? = nil
    ) -> SchemaReport.Outcome {
        let content = json.map(Self.json)
        return SchemaReport.Outcome(
            seed: seed, text: content?.jsonString(layout: .spaced), content: content, error: json == nil ? (error ?? "failed") : nil,
            retries: retries, pressure: pressure.map { AnswerPressure(paths: $0, end: nil) })
    }

    static func summary(_ path: String, tokens: Int, mean: Double, max: Double) -> PathPressure {
        PathPressure(path: path, pressure: PressureSummary(tokens: tokens, mean: mean, max: max, refused: []))
    }

    @Test func totalsPathsAndCoverage() throws {
        let constraint = try OutputConstraint(schema: CoverageFixture.schema)
        let outcomes = [
            Self.outcome(0, #"{"kind": "x", "genre": "drama"}"#, pressure: [Self.summary("#/kind", tokens: 2, mean: 0.5, max: 0.75)]),
            // The same answer as seed 0, keys in another order.
            Self.outcome(1, #"{"genre": "drama", "kind": "x"}"#, retries: 2, pressure: [Self.summary("#/kind", tokens: 2, mean: 0.25, max: 0.5)]),
            Self.outcome(2, nil, retries: 3, pressure: [Self.summary("#/genre", tokens: 4, mean: 0.875, max: 1)]),
            Self.outcome(3, #"{"kind": 3, "genre": "comedy", "tags": ["a", "b"], "shape": {"r": 1.0}}"#),
            // The same shape as seed 3's, 1 for 1.0: the same answer.
            Self.outcome(4, #"{"kind": 3, "genre": "comedy", "tags": ["a", "b"], "shape": {"r": 1}}"#, retries: 1),
        ]
        let report = SchemaReport(constraint: constraint, settings: Self.settings, outcomes: outcomes)
        let totals = report.totals
        #expect(totals.seeds == 5)
        #expect(totals.validAtFirstAttempt == 2)
        #expect(totals.validAfterRetries == 2)
        #expect(totals.failed == 1)
        #expect(totals.retries == 6)
        #expect(totals.distinctAnswers == 2)
        #expect(report.validShare == 2.0 / 5)
        #expect(report.distinctShare == 2.0 / 4)
        // Paths in order of first appearance (seed 1's order adds nothing new).
        #expect(report.paths.map(\.path) == ["#", "#/kind", "#/genre", "#/tags", "#/tags/0", "#/tags/1", "#/shape", "#/shape/r"])
        let kind = try #require(report.paths.first { $0.path == "#/kind" })
        #expect(kind.values.count == 4)
        #expect(kind.values.kinds == ["string": 2, "number": 2])
        #expect(kind.pressure?.tokens == 4)
        #expect(kind.pressure?.mean == 0.375)
        #expect(kind.pressure?.max == 0.75)
        // A failed answer's pressure counts too.
        #expect(report.paths.first { $0.path == "#/genre" }?.pressure?.mean == 0.875)
        #expect(report.paths.first { $0.path == "#/tags" }?.pressure == nil)
        #expect(totals.highestPathPressure == 0.875)
        #expect(abs(totals.meanPressure - (1.0 + 0.5 + 3.5) / 8) < 1e-12)
        #expect(report.answers.map(\.seed) == [0, 1, 2, 3, 4])
        #expect(report.answers.map(\.meanPressure) == [0.5, 0.25, 0.875, 0, 0])
        #expect(report.answers.map(\.retries) == [0, 2, 3, 0, 1])
        #expect(report.answers[2].text == nil && report.answers[2].error == "failed")
        #expect(report.answers[0].text == #"{"kind": "x", "genre": "drama"}"#)
        // Coverage: each answer's branches once, failed answers none.
        let counts = Dictionary(report.coverage.map { ("\($0.schemaPath) \($0.label)", $0.answers) }, uniquingKeysWith: +)
        #expect(counts["#/properties/kind/anyOf/0 0"] == 2)
        #expect(counts["#/properties/kind/anyOf/1 1"] == 2)
        #expect(counts["#/properties/tags/items \"a\""] == 2)
        #expect(counts["#/$defs/Genre \"drama\""] == 2)
        #expect(counts["#/$defs/Genre \"horror\""] == 0)
        #expect(totals.branchesNeverTaken == report.coverage.filter { $0.answers == 0 }.count)
        #expect(totals.branchesNeverTaken == 14)
    }

    @Test func withoutPressureOrSchema() throws {
        let outcomes = [Self.outcome(7, "[1, 2]"), Self.outcome(8, "[1.0, 2]"), Self.outcome(9, nil, error: "too long")]
        let report = SchemaReport(constraint: nil, settings: Self.settings, outcomes: outcomes)
        #expect(report.coverage.isEmpty)
        #expect(report.totals.branchesNeverTaken == 0)
        #expect(report.paths.allSatisfy { $0.pressure == nil })
        #expect(report.totals.meanPressure == 0 && report.totals.highestPathPressure == 0)
        #expect(report.totals.distinctAnswers == 1)
        #expect(report.distinctShare == 0.5)
        #expect(report.answers[2].error == "too long")
        let grammar = try OutputConstraint(grammar: try OutputConstraint(schema: GenerationSchema(root: .boolean)).grammar)
        #expect(SchemaReport(constraint: grammar, settings: Self.settings, outcomes: outcomes).coverage.isEmpty)
    }

    @Test func noOutcomes() {
        let report = SchemaReport(constraint: nil, settings: Self.settings, outcomes: [])
        #expect(report.totals.seeds == 0)
        #expect(report.validShare == 0 && report.distinctShare == 0)
        #expect(report.paths.isEmpty && report.answers.isEmpty)
    }

    @Test func everySeedFailed() {
        let report = SchemaReport(constraint: nil, settings: Self.settings, outcomes: [Self.outcome(1, nil), Self.outcome(2, nil)])
        #expect(report.totals.failed == 2)
        #expect(report.validShare == 0 && report.distinctShare == 0)
        #expect(report.totals.distinctAnswers == 0)
    }

    // MARK: - Against brute force

    /// Every pointer of `content` in document order.
    static func pointers(_ content: GeneratedContent, _ pointer: String = "#") -> [(String, GeneratedContent)] {
        var result = [(pointer, content)]
        if let members = content.orderedProperties {
            for member in members {
                let token = member.name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
                result += pointers(member.value, pointer + "/" + token)
            }
        } else if case .array(let elements) = content.kind {
            for (index, element) in elements.enumerated() { result += pointers(element, "\(pointer)/\(index)") }
        }
        return result
    }

    @Test(arguments: 0..<60 as Range<UInt64>)
    func totalsAgreeWithBruteForce(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let measured = seed % 4 != 0
        var outcomes: [SchemaReport.Outcome] = []
        var answers: [GeneratedContent] = []
        var made: [(GeneratedContent, Set<Int>)] = []
        var expectedCoverage = [Int](repeating: 0, count: CoverageFixture.branches.count)
        for index in 0..<Int.random(in: 1...16, using: &random) {
            let retries = [0, 0, 0, 1, 2].randomElement(using: &random)!
            guard Int.random(in: 0..<5, using: &random) > 0 else {
                outcomes.append(SchemaReport.Outcome(seed: UInt64(index), text: nil, content: nil, error: "no", retries: retries, pressure: nil))
                continue
            }
            // Answers repeat now and then, so that some are equal.
            let (content, taken) = made.isEmpty || Bool.random(using: &random)
                ? CoverageFixture.randomAnswer(&random)
                : made.randomElement(using: &random)!
            made.append((content, taken))
            for branch in taken { expectedCoverage[branch] += 1 }
            answers.append(content)
            let text = content.jsonString(layout: .spaced)
            let records = measured ? (0..<Int.random(in: 1...10, using: &random)).map { _ in
                TokenPressure(
                    answerOffset: Int.random(in: 0..<text.utf8.count, using: &random), removedProbability: Double.random(in: 0...1, using: &random),
                    refusedFavourite: nil, refusedFavouriteProbability: 0)
            } : []
            outcomes.append(SchemaReport.Outcome(
                seed: UInt64(index), text: text, content: content, error: nil, retries: retries, pressure: measured ? AnswerPressure.of(records, in: text) : nil))
        }
        let report = SchemaReport(constraint: try OutputConstraint(schema: CoverageFixture.schema), settings: Self.settings, outcomes: outcomes)
        let valid = outcomes.filter { $0.content != nil }
        #expect(report.totals.seeds == outcomes.count)
        #expect(report.totals.validAtFirstAttempt == valid.filter { $0.retries == 0 }.count)
        #expect(report.totals.validAfterRetries == valid.filter { $0.retries > 0 }.count)
        #expect(report.totals.failed == outcomes.count - valid.count)
        #expect(report.totals.retries == outcomes.map(\.retries).reduce(0, +))
        var distinct: [GeneratedContent] = []
        for answer in answers where !distinct.contains(where: { JSONEquality.equal($0, answer) }) { distinct.append(answer) }
        #expect(report.totals.distinctAnswers == distinct.count, "seed \(seed)")
        #expect(report.coverage.map(\.answers) == expectedCoverage, "seed \(seed)")
        #expect(report.totals.branchesNeverTaken == expectedCoverage.filter { $0 == 0 }.count)
        // Paths: first appearance over the valid answers, each counted once per answer holding it.
        var order: [String] = []
        var holding: [String: Int] = [:]
        for answer in answers {
            for (pointer, _) in Self.pointers(answer) {
                if holding[pointer] == nil { order.append(pointer) }
                holding[pointer, default: 0] += 1
            }
        }
        #expect(report.paths.map(\.path) == order, "seed \(seed)")
        #expect(report.paths.map(\.values.count) == order.map { holding[$0]! }, "seed \(seed)")
        // Pressure: the tally of every outcome's summaries.
        var tokens = 0
        var total = 0.0
        var byPath: [String: (tokens: Int, total: Double)] = [:]
        for outcome in outcomes {
            for item in outcome.pressure?.paths ?? [] {
                tokens += item.pressure.tokens
                total += item.pressure.mean * Double(item.pressure.tokens)
                byPath[item.path, default: (0, 0)].tokens += item.pressure.tokens
                byPath[item.path, default: (0, 0)].total += item.pressure.mean * Double(item.pressure.tokens)
            }
        }
        #expect(abs(report.totals.meanPressure - (tokens > 0 ? total / Double(tokens) : 0)) < 1e-9)
        let highest = report.paths.compactMap { byPath[$0.path].map { $0.total / Double($0.tokens) } }.max() ?? 0
        #expect(abs(report.totals.highestPathPressure - highest) < 1e-9, "seed \(seed)")
        for path in report.paths {
            if measured, let sums = byPath[path.path] {
                #expect(path.pressure?.tokens == sums.tokens)
            } else {
                #expect(path.pressure == nil)
            }
        }
        #expect(report.validShare == Double(report.totals.validAtFirstAttempt) / Double(outcomes.count))
        #expect(report.distinctShare == (valid.isEmpty ? 0 : Double(distinct.count) / Double(valid.count)))
    }
}
