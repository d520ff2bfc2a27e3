import BridleSchema
import Foundation
import Testing
@testable import BridleGeneration

/// The schema report's page (``SchemaReport/html``): every section, escaping, nothing loaded
/// from outside, one chart per histogram, and the same bytes for the same report.
@Suite struct SchemaReportHTMLTests {
    static let hostile = #"</pre><script>alert(1)</script> "quoted" & 'single'"#
    static let hostileEscaped = "&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &#39;single&#39;"

    /// The pressure scale's stops and a point between two of them, as the page colours them.
    static let amber = "#fbbf24"
    static let red = "#ef4444"
    static let amberToRed = "#f58234"
    static let unmeasured = "#e5e7eb"

    @Test func everySectionIsThere() throws {
        let html = try Self.sample().html
        #expect(html.hasPrefix("<!doctype html>"))
        for id in ["settings", "totals", "tree", "histograms", "coverage", "answers"] {
            #expect(html.contains("<section id=\"\(id)\">"), "no section \(id)")
        }
        #expect(html.contains("<style>"))
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test func reportTextIsEscaped() throws {
        let html = try Self.sample().html
        #expect(!html.contains("<script"))
        #expect(!html.contains("</pre><script>"))
        #expect(!html.contains(#""quoted""#))
        #expect(!html.contains("'single'"))
        #expect(!html.contains("alert(1)</"))
        // The prompt and an error carry it whole (answers, values and the schema as JSON, `"` as `\"`).
        #expect(html.components(separatedBy: Self.hostileEscaped).count - 1 >= 2)
        #expect(html.contains("\\&quot;quoted\\&quot; &amp; &#39;single&#39;"))
        #expect(html.contains("<code>&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code> ×2"))
        #expect(html.contains("Tom &amp; Jerry"))
    }

    @Test func nothingIsLoadedFromOutside() throws {
        let html = try Self.sample().html.lowercased()
        for forbidden in ["<script", "src=", "href=", "url(", "@import", "<link", "<img", "<iframe", "<object", "<embed", "xmlns"] {
            #expect(!html.contains(forbidden), "the page has \(forbidden)")
        }
        // The schema's `$schema` is text in its <pre>, never an address the page loads.
        let schemaBlock = try #require(html.range(of: "<pre class=\"schema\">")).upperBound
        for address in ["http://", "https://"] {
            for found in html.ranges(of: address) { #expect(found.lowerBound > schemaBlock) }
        }
        #expect(!html.contains("=\"//"))
    }

    @Test func oneChartPerHistogram() throws {
        let report = try Self.sample()
        let histograms = report.paths.reduce(0) { total, path in
            total + [path.values.numbers != nil, path.values.lengths != nil, path.values.dates != nil].filter { $0 }.count
        }
        let html = report.html
        #expect(histograms >= 5)
        #expect(html.components(separatedBy: "<svg class=\"histogram\"").count - 1 == histograms)
        #expect(html.contains("<rect class=\"bar\""))
        #expect(html.contains("fill=\"#3b6fd4\""))
        // Enumerations and booleans get a frequency chart; free text, each value once, does not.
        #expect(html.contains("<figure class=\"chart\"><figcaption><code>#/kind</code> commonest values"))
        #expect(html.contains("<figure class=\"chart\"><figcaption><code>#/pets</code> commonest values"))
        #expect(!html.contains("<code>#/title</code> commonest values"))
        // Dates' bins are days since 1970, labelled as the days.
        #expect(html.contains("<code>#/start</code> dates: 2024-06-01 … 2024-06-04"))
        #expect(html.contains(">2024-06-01</text>"))
        #expect(!html.contains(">19875</text>"))
    }

    @Test func neverTakenBranchesAreMarked() throws {
        let html = try Self.sample().html
        #expect(html.contains("2 of 5 branches never taken"))
        #expect(html.components(separatedBy: "<tr class=\"never\">").count - 1 == 2)
        #expect(html.contains("<tr class=\"never\"><td><code>#/properties/kind</code></td><td>enumeration value</td><td><code>&quot;mountains&quot;</code>"))

        var grammar = try Self.sample()
        grammar.coverage = []
        #expect(grammar.html.contains("no schema (a GBNF grammar): no coverage"))
        #expect(!grammar.html.contains("<tr class=\"never\">"))
    }

    @Test func treeNestsPointersAndColoursPressure() throws {
        let html = try Self.sample().html
        // `#/a~1b~0c` is the key `a/b~c`.
        #expect(html.contains("<span class=\"key\">a/b~c</span>"))
        #expect(html.contains("<span class=\"key\">tags</span>"))
        // Array elements nest under their array.
        #expect(html.contains("title=\"#/tags\"><span class=\"key\">tags</span>"))
        let tags = try #require(html.range(of: "title=\"#/tags\">"))
        let element = try #require(html.range(of: "title=\"#/tags/0\">"))
        #expect(html[tags.upperBound..<element.lowerBound].contains("<ul>"))
        #expect(html.contains("title=\"#/tags/0\"><span class=\"key\">[0]</span>"))
        #expect(html.contains("<div class=\"node\" style=\"background:\(Self.amber)\" title=\"#/title\">"))
        #expect(html.contains("<div class=\"node\" style=\"background:\(Self.red)\" title=\"#/nights\">"))
        #expect(html.contains("<div class=\"node\" style=\"background:\(Self.amberToRed)\" title=\"#/kind\">"))
        #expect(html.contains("<div class=\"node\" style=\"background:#ffffff\" title=\"#/pets\">"))
        #expect(html.contains("<div class=\"node\" style=\"background:\(Self.unmeasured)\" title=\"#/tags\"><span class=\"key\">tags</span><span class=\"pressure muted\">not measured</span>"))
        // Refused whitespace is drawn.
        #expect(html.contains("<code>⏎</code> ×3 (40%)"))
        #expect(html.contains("<code>␣␣</code> ×1"))
        #expect(html.contains("class=\"legend\""))
        // The value summary: kinds, distinct values, the commonest.
        #expect(html.contains("4 string · 3 distinct · top <code>&quot;city&quot;</code> ×2"))
    }

    @Test func settingsAreEnoughToRunAgain() throws {
        let html = try Self.sample().html
        #expect(html.contains("<code>tiny-32000-1.gguf</code>"))
        #expect(html.contains("40 … 45 (6 seeds; <code>--seed 40 --seeds 6</code>)"))
        #expect(html.contains("full distribution"))
        #expect(html.contains("<dt>Temperature</dt><dd>0.8</dd>"))
        #expect(html.contains("γ = 1.5"))
        #expect(html.contains("<details><summary>The schema (JSON Schema"))
        #expect(html.contains("valid at the first attempt"))
        #expect(html.contains("67% of seeds"))

        var scattered = try Self.sample()
        scattered.settings.seeds = [3, 9, 10]
        #expect(scattered.html.contains("3, 9, 10 (3 seeds)"))
    }

    @Test func answersShowTextAndErrors() throws {
        let html = try Self.sample().html
        #expect(html.contains("<span class=\"error\">no valid answer after 2 retries: \(Self.hostileEscaped)</span>"))
        #expect(html.contains("<code class=\"answer\">{&quot;title&quot;: &quot;Tom &amp; Jerry&quot;"))
    }

    @Test func sameReportSamePage() throws {
        let report = try Self.sample()
        #expect(report.html == report.html)
        // Decoded again, its dictionaries rebuilt (their order may differ): still the same bytes.
        // (The schema is put back: JSONDecoder keeps no key order, and the page keeps the schema's.)
        var decoded = try JSONDecoder().decode(SchemaReport.self, from: JSONEncoder().encode(report))
        decoded.settings.schema = report.settings.schema
        #expect(decoded.html == report.html)
    }

    @Test func grammarAloneHasNoPressure() throws {
        var report = try Self.sample()
        for index in report.paths.indices { report.paths[index].pressure = nil }
        report.settings.model = nil
        let html = report.html
        #expect(html.contains("Pressure was not measured"))
        #expect(html.contains("not measured without a model"))
        #expect(!html.contains("style=\"background:\(Self.red)\""))
    }

    // MARK: The sample

    static func values(_ jsons: [String]) throws -> ValueDistribution {
        var builder = ValueDistribution.Builder()
        for json in jsons { builder.add(try GeneratedContent(json: json)) }
        return builder.distribution
    }

    static func pressure(_ mean: Double, max: Double, refused: [(String, Int, Double)] = []) -> PressureSummary {
        PressureSummary(tokens: 12, mean: mean, max: max, refused: refused.map { .init(text: $0.0, count: $0.1, meanProbability: $0.2) })
    }

    /// Six seeds of a trip schema: a number, dates, an enumeration, a boolean, an array, a key
    /// with `/` and `~`, pressure across the scale, hostile text wherever a report has text.
    static func sample() throws -> SchemaReport {
        let schema = try GeneratedContent(json: """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "description": \(GeneratedContent(hostile).jsonString),
             "properties": {"title": {"type": "string"}, "nights": {"type": "integer"}, "start": {"type": "string", "format": "date"},
             "kind": {"enum": ["city", "beach", "mountains"]}, "pets": {"type": "boolean"}, "tags": {"type": "array", "items": {"type": "string"}}},
             "required": ["title", "nights", "start", "kind"]}
            """)
        let settings = SchemaReport.Settings(
            model: "tiny-32000-1.gguf", prompt: "A week away. " + hostile, instructions: "Answer in JSON & keep it short.", seeds: Array(40...45),
            sampling: "full distribution", temperature: 0.8, emphasis: 1.5, layout: "spaced", schemaInPrompt: false, schema: schema)
        let paths = [
            PathReport(path: "#", pressure: pressure(0.1, max: 0.3), values: try values(Array(repeating: "{}", count: 4))),
            PathReport(
                path: "#/title", pressure: pressure(0.5, max: 0.97, refused: [("\n", 3, 0.4), ("</pre><script>alert(1)</script>", 2, 0.2), ("  ", 1, 0.05)]),
                values: try values([#""Tom & Jerry""#, #""Lisbon""#, GeneratedContent(hostile).jsonString, #""Porto""#])),
            PathReport(path: "#/nights", pressure: pressure(1, max: 1), values: try values(["3", "3", "5", "2"])),
            PathReport(
                path: "#/start", pressure: pressure(0.25, max: 0.6),
                values: try values([#""2024-06-01""#, #""2024-06-03""#, #""2024-06-04""#, #""2024-06-01""#])),
            PathReport(path: "#/kind", pressure: pressure(0.75, max: 0.9), values: try values([#""city""#, #""beach""#, #""city""#, #""coast""#])),
            PathReport(path: "#/pets", pressure: pressure(0, max: 0), values: try values(["false", "true", "false"])),
            PathReport(path: "#/tags", pressure: nil, values: try values([#"["a"]"#, #"["a", "b"]"#])),
            PathReport(path: "#/tags/0", pressure: pressure(0.6, max: 0.8), values: try values([#""a""#, #""a""#])),
            PathReport(path: "#/tags/1", pressure: pressure(0.9, max: 0.95), values: try values([#""b""#])),
            PathReport(path: "#/a~1b~0c", pressure: pressure(0.3, max: 0.4), values: try values(["null"])),
        ]
        let coverage = [
            CoverageBranch(schemaPath: "#/properties/kind", kind: .enumValue, label: #""city""#, answers: 2),
            CoverageBranch(schemaPath: "#/properties/kind", kind: .enumValue, label: #""beach""#, answers: 1),
            CoverageBranch(schemaPath: "#/properties/kind", kind: .enumValue, label: #""mountains""#, answers: 0),
            CoverageBranch(schemaPath: "#/properties/pets", kind: .optionalProperty, label: "pets", answers: 3),
            CoverageBranch(schemaPath: "#/properties/tags/anyOf/1", kind: .alternative, label: "1", answers: 0),
        ]
        let answers = [
            SeededAnswerReport(seed: 40, text: #"{"title": "Tom & Jerry", "nights": 3, "start": "2024-06-01", "kind": "city"}"#, error: nil, retries: 0, meanPressure: 0.2),
            SeededAnswerReport(seed: 41, text: #"{"title": "Lisbon", "nights": 3, "start": "2024-06-03", "kind": "beach"}"#, error: nil, retries: 0, meanPressure: 0.45),
            SeededAnswerReport(
                seed: 42, text: "{\"title\": \(GeneratedContent(hostile).jsonString), \"nights\": 5, \"start\": \"2024-06-04\", \"kind\": \"city\"}", error: nil,
                retries: 1, meanPressure: 0.7),
            SeededAnswerReport(seed: 43, text: nil, error: "no valid answer after 2 retries: " + hostile, retries: 2, meanPressure: 0.95),
            SeededAnswerReport(seed: 44, text: #"{"title": "Porto", "nights": 2, "start": "2024-06-01", "kind": "coast"}"#, error: nil, retries: 0, meanPressure: 0.6),
            SeededAnswerReport(seed: 45, text: #"{"title": "Faro", "nights": 4, "start": "2024-06-02", "kind": "city"}"#, error: nil, retries: 0, meanPressure: 0.3),
        ]
        let totals = SchemaReport.Totals(
            seeds: 6, validAtFirstAttempt: 4, validAfterRetries: 1, failed: 1, retries: 3, distinctAnswers: 5, meanPressure: 0.53,
            highestPathPressure: 1, branchesNeverTaken: 2)
        return SchemaReport(settings: settings, totals: totals, paths: paths, coverage: coverage, answers: answers)
    }
}
