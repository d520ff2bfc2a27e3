import BridleSchema
import BridleTestSupport
import Foundation
import Testing
@testable import BridleGeneration

@Suite struct PathPressureTests {
    //  offsets: {"title": "Up", "tags": ["a", "b"]}
    //           0         1         2         3
    //           0123456789012345678901234567890123456
    static let answer = #"{"title": "Up", "tags": ["a", "b"]}"#

    static func record(_ offset: Int, _ removed: Double, _ favourite: String? = nil, _ probability: Double = 0) -> TokenPressure {
        TokenPressure(answerOffset: offset, removedProbability: removed, refusedFavourite: favourite, refusedFavouriteProbability: probability)
    }

    @Test func recordsAggregateToTheirValuesPaths() throws {
        let records = [
            Self.record(0, 0.1),  // {            → #
            Self.record(1, 0.5, "\"name", 0.4),  // "title"      → #/title
            Self.record(8, 0.2, "\"name", 0.1),  // its colon   → #/title
            Self.record(10, 0.9, "\"Down", 0.8),  // "Up"        → #/title
            Self.record(14, 0.0),  // ,            → #
            Self.record(25, 0.3, "\"c", 0.25),  // "a"          → #/tags/0
            Self.record(30, 0.6, "\"d", 0.5),  // "b"          → #/tags/1
            Self.record(33, 0.05, "}", 0.005),  // ]            → #/tags (below the threshold)
            Self.record(34, 0.2, "\n", 0.01),  // }            → # (at the threshold: kept)
            Self.record(35, 0.4, "\n", 0.3),  // the ending → end
            Self.record(99, 0.6),  // past the end  → end
        ]
        let answerPressure = AnswerPressure.of(records, in: Self.answer)
        let pressures = answerPressure.paths
        #expect(pressures.map(\.path) == ["#", "#/title", "#/tags/0", "#/tags/1", "#/tags"])
        let byPath = Dictionary(uniqueKeysWithValues: pressures.map { ($0.path, $0.pressure) })

        let root = try #require(byPath["#"])
        #expect(root.tokens == 3)
        #expect(abs(root.mean - (0.1 + 0 + 0.2) / 3) < 1e-12)
        #expect(root.max == 0.2)
        #expect(root.refused == [.init(text: "\n", count: 1, meanProbability: 0.01)])

        let end = try #require(answerPressure.end)
        #expect(end.tokens == 2 && abs(end.mean - 0.5) < 1e-12 && end.max == 0.6)
        #expect(end.refused == [.init(text: "\n", count: 1, meanProbability: 0.3)])
        #expect(abs(answerPressure.mean - (0.1 + 0.5 + 0.2 + 0.9 + 0 + 0.3 + 0.6 + 0.05 + 0.2) / 9) < 1e-12, "the ending left out")

        let title = try #require(byPath["#/title"])
        #expect(title.tokens == 3)
        #expect(abs(title.mean - 1.6 / 3) < 1e-12)
        #expect(title.max == 0.9)
        // "Down" has more probability in all (0.8) than "name" (0.4 + 0.1) though fewer tokens.
        #expect(title.refused.map(\.text) == ["\"Down", "\"name"])
        #expect(title.refused.map(\.count) == [1, 2])
        #expect(abs(title.refused[1].meanProbability - 0.25) < 1e-12)

        let tags = try #require(byPath["#/tags"])
        #expect(tags.tokens == 1 && tags.max == 0.05 && tags.refused.isEmpty)
        #expect(byPath["#/tags/0"]?.refused.map(\.text) == ["\"c"])
        #expect(byPath["#/tags/1"]?.mean == 0.6)
    }

    @Test func noRecordsNoPaths() {
        #expect(AnswerPressure.of([], in: Self.answer) == AnswerPressure(paths: [], end: nil))
        var tally = PathPressure.Tally()
        tally.add([], in: Self.answer)
        tally.add(AnswerPressure(paths: [], end: nil))
        #expect(tally.pressures.isEmpty)
        #expect(tally.mean == 0)
        #expect(tally.summary(of: "#") == nil)
    }

    /// At most five refused tokens are kept: those with most probability in all, ties by text.
    @Test func theFiveLikeliestRefusedTokensAreKept() throws {
        let masses: [(String, [Double])] = [
            // Dyadic probabilities: sums are exact, so ties are ties.
            ("a", [0.375]), ("b", [0.125, 0.125, 0.125]), ("c", [0.5]), ("d", [0.03125]), ("e", [0.25]), ("f", [0.25]),
            ("g", [0.0078125, 0.0078125, 0.0078125, 0.0078125]), ("h", [0.0625]),
        ]
        let records = masses.flatMap { token, probabilities in probabilities.map { Self.record(10, 0.9, token, $0) } }
        let pressure = try #require(AnswerPressure.of(records, in: Self.answer).paths.first { $0.path == "#/title" }?.pressure)
        #expect(pressure.tokens == records.count)
        // c 0.5, a 0.375, b 0.375 (tied with a: by text), e 0.25, f 0.25; h and d are cut; g is below the threshold each time.
        #expect(pressure.refused.map(\.text) == ["c", "a", "b", "e", "f"])
        #expect(pressure.refused.count == PressureSummary.refusedKept)
        #expect(pressure.refused.map(\.count) == [1, 1, 3, 1, 1])
    }

    // MARK: - Merging per-answer summaries

    struct Answer {
        var text: String
        var records: [TokenPressure]
    }

    /// A random answer and records over it; each answer draws its refused tokens from five of a
    /// pool of nine, so no path of one answer has more than five.
    static func randomAnswer(_ random: inout SplitMix64) -> Answer {
        let titles = ["Up", "Jaws", "M", "Ran"]
        var properties: [(String, GeneratedContent)] = [("title", GeneratedContent(titles.randomElement(using: &random)!))]
        if Bool.random(using: &random) { properties.append(("year", GeneratedContent(Int.random(in: 1900...2030, using: &random)))) }
        let tags = (0..<Int.random(in: 0...3, using: &random)).map { _ in GeneratedContent(titles.randomElement(using: &random)!) }
        properties.append(("tags", GeneratedContent(elements: tags)))
        if Bool.random(using: &random) { properties.append(("a/b~", GeneratedContent(properties: [("x", .null)]))) }
        let content = GeneratedContent(properties: properties)
        let text = Bool.random(using: &random) ? content.jsonString(layout: .spaced) : content.jsonString(prettyPrinted: true)
        let pool = ["\"", "}", "\n", "x", "1", "true", "\"The", " ", "]"].shuffled(using: &random).prefix(5)
        let count = text.utf8.count
        let records = (0..<Int.random(in: 0...30, using: &random)).map { _ in
            let favourite: String? = Int.random(in: 0..<6, using: &random) == 0 ? nil : pool.randomElement(using: &random)!
            let removed = Double.random(in: 0...1, using: &random)
            let probability = favourite == nil ? 0 : Double.random(in: 0...removed, using: &random)
            return Self.record(Int.random(in: 0..<(count + 3), using: &random), removed, favourite, probability)
        }
        return Answer(text: text, records: records)
    }

    @Test(arguments: 0..<200 as Range<UInt64>)
    func mergingSummariesEqualsTallyingTheRecords(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let answers = (0..<Int.random(in: 1...6, using: &random)).map { _ in Self.randomAnswer(&random) }
        var raw = PathPressure.Tally()
        var merged = PathPressure.Tally()
        for answer in answers {
            raw.add(answer.records, in: answer.text)
            merged.add(AnswerPressure.of(answer.records, in: answer.text))
        }
        let ends = [PathPressure]([raw.end, merged.end].compactMap { $0.map { PathPressure(path: "end", pressure: $0) } })
        #expect(ends.count != 1, "seed \(seed): both tallies have an ending or neither")
        let expected = raw.pressures + ends.prefix(ends.count / 2)
        let actual = merged.pressures + ends.suffix(ends.count / 2)
        #expect(actual.map(\.path) == expected.map(\.path), "seed \(seed)")
        #expect(abs(raw.mean - merged.mean) < 1e-9, "seed \(seed)")
        for (a, e) in zip(actual, expected) {
            #expect(a.pressure.tokens == e.pressure.tokens, "seed \(seed) \(a.path)")
            #expect(abs(a.pressure.mean - e.pressure.mean) < 1e-9, "seed \(seed) \(a.path)")
            #expect(a.pressure.max == e.pressure.max, "seed \(seed) \(a.path)")
            #expect(a.pressure.refused.map(\.text) == e.pressure.refused.map(\.text), "seed \(seed) \(a.path)")
            #expect(a.pressure.refused.map(\.count) == e.pressure.refused.map(\.count), "seed \(seed) \(a.path)")
            for (r, s) in zip(a.pressure.refused, e.pressure.refused) {
                #expect(abs(r.meanProbability - s.meanProbability) < 1e-9, "seed \(seed) \(a.path) \(r.text)")
            }
        }
    }

    /// The tally against sums by hand (each record's path from `JSONPaths`, tested on its own).
    @Test(arguments: 0..<100 as Range<UInt64>)
    func theTallyAgreesWithBruteForce(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 9_000)
        let answer = Self.randomAnswer(&random)
        let measured = AnswerPressure.of(answer.records, in: answer.text)
        let pressures = measured.paths + (measured.end.map { [PathPressure(path: "end", pressure: $0)] } ?? [])
        let located = JSONPaths(Array(answer.text.utf8))
        var order: [String] = []
        var groups: [String: [TokenPressure]] = [:]
        for record in answer.records {
            let path = record.answerOffset >= answer.text.utf8.count ? "end" : located.path(atByte: record.answerOffset)
            if groups[path] == nil { order.append(path) }
            groups[path, default: []].append(record)
        }
        #expect(pressures.map(\.path) == order.filter { $0 != "end" } + order.filter { $0 == "end" }, "seed \(seed)")
        for item in pressures {
            let group = try #require(groups[item.path])
            #expect(item.pressure.tokens == group.count)
            #expect(abs(item.pressure.mean - group.map(\.removedProbability).reduce(0, +) / Double(group.count)) < 1e-12)
            #expect(item.pressure.max == group.map(\.removedProbability).max())
            var mass: [String: (Int, Double)] = [:]
            for record in group where record.refusedFavouriteProbability >= 0.01 {
                if let token = record.refusedFavourite { mass[token, default: (0, 0)] = (mass[token, default: (0, 0)].0 + 1, mass[token, default: (0, 0)].1 + record.refusedFavouriteProbability) }
            }
            let ranked = mass.sorted { $0.value.1 > $1.value.1 || ($0.value.1 == $1.value.1 && $0.key < $1.key) }.prefix(5)
            #expect(item.pressure.refused.map(\.text) == ranked.map(\.key), "seed \(seed) \(item.path)")
            #expect(item.pressure.refused.map(\.count) == ranked.map(\.value.0))
        }
    }
}
