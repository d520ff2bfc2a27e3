import BridleSchema

extension SchemaReport {
    /// The report as one self-contained HTML page (`bridle test --report`): settings, totals,
    /// the answers' value tree coloured by pressure, histograms, coverage and every answer.
    ///
    /// The page loads nothing (inline style, inline SVG, no script, no URL), so it can be
    /// archived as a CI artifact and opened anywhere; the same report always gives the same
    /// bytes, so pages can be compared.
    ///
    /// ```swift
    /// try Data(report.html.utf8).write(to: URL(fileURLWithPath: "report.html"))
    /// ```
    public var html: String {
        let measured = paths.contains { $0.pressure != nil }
        return [
            "<!doctype html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>\(ReportHTML.escape(ReportHTML.title(of: settings)))</title>",
            "<style>\(ReportHTML.style)</style>",
            "</head>",
            "<body>",
            "<main>",
            ReportHTML.header(self),
            ReportHTML.settingsSection(settings),
            ReportHTML.totalsSection(self, measured: measured),
            ReportHTML.treeSection(paths, measured: measured),
            ReportHTML.histogramsSection(paths),
            ReportHTML.coverageSection(coverage),
            ReportHTML.answersSection(answers, measured: measured),
            "</main>",
            "</body>",
            "</html>",
        ].joined(separator: "\n") + "\n"
    }
}

/// The page's parts. Every piece of report text goes through ``escape(_:)``: prompts, answers
/// and refused tokens come from users and models, and must never become markup.
enum ReportHTML {
    static let barColour = "#3b6fd4"
    static let unmeasuredColour = "#e5e7eb"
    /// Pressure's colour stops at 0, ½ and 1: white (the model agreed), amber, red (the
    /// constraint overruled it almost every time).
    static let pressureStops: [(red: Double, green: Double, blue: Double)] = [(255, 255, 255), (251, 191, 36), (239, 68, 68)]

    // MARK: Sections

    static func title(of settings: SchemaReport.Settings) -> String {
        "Schema report: " + (settings.model ?? "grammar alone") + (settings.prompt.map { " — " + shortened($0, to: 60) } ?? "")
    }

    static func header(_ report: SchemaReport) -> String {
        let totals = report.totals
        let facts = [
            report.settings.model ?? "the grammar alone (no model)",
            count(totals.seeds, "seed"),
            "\(percent(report.validShare, places: 0)) valid at the first attempt",
            "\(count(totals.distinctAnswers, "distinct answer"))",
        ]
        return "<header><h1>Schema report</h1><p class=\"lede\">\(facts.map(escape).joined(separator: " · "))</p></header>"
    }

    static func settingsSection(_ settings: SchemaReport.Settings) -> String {
        let rows: [(String, String)] = [
            ("Model", settings.model.map { "<code>\(escape($0))</code>" } ?? "none: answers drawn from the grammar alone"),
            ("Prompt", settings.prompt.map { "<pre class=\"text\">\(escape($0))</pre>" } ?? "<span class=\"muted\">none</span>"),
            ("Instructions", settings.instructions.map { "<pre class=\"text\">\(escape($0))</pre>" } ?? "<span class=\"muted\">none</span>"),
            ("Seeds", seedsDescription(settings.seeds)),
            ("Sampling", escape(settings.sampling)),
            ("Temperature", settings.temperature.map { escape(number($0)) } ?? "<span class=\"muted\">default</span>"),
            ("Request emphasis", settings.emphasis.map { "γ = " + escape(number($0)) } ?? "<span class=\"muted\">off</span>"),
            ("Layout", "<code>\(escape(settings.layout))</code>"),
            ("Schema in prompt", settings.schemaInPrompt ? "yes: the schema was in the instructions" : "no"),
        ]
        // A GBNF grammar is kept as its text (a JSON string); a schema as its JSON Schema.
        let (schema, form): (String, String) = if case .string(let gbnf) = settings.schema.kind {
            (gbnf, "GBNF")
        } else {
            (settings.schema.jsonString(prettyPrinted: true), "JSON Schema")
        }
        let lines = schema.split(separator: "\n", omittingEmptySubsequences: false).count
        return section("settings", "Settings", [
            "<dl class=\"settings\">",
            rows.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" }.joined(separator: "\n"),
            "</dl>",
            "<details><summary>The schema (\(form), \(count(lines, "line")))</summary><pre class=\"schema\">\(escape(schema))</pre></details>",
        ])
    }

    static func totalsSection(_ report: SchemaReport, measured: Bool) -> String {
        let totals = report.totals
        let answered = totals.seeds - totals.failed
        var cards = [
            card("\(totals.seeds)", "seeds"),
            card("\(totals.validAtFirstAttempt)", "valid at the first attempt", detail: "\(percent(report.validShare, places: 0)) of seeds"),
            card("\(totals.validAfterRetries)", "valid after retries", detail: count(totals.retries, "retry", plural: "retries") + " in all"),
            card("\(totals.failed)", "failed", alarm: totals.failed > 0),
            card("\(totals.distinctAnswers)", "distinct answers", detail: "\(percent(report.distinctShare, places: 0)) of \(answered) answered"),
        ]
        if measured {
            cards.append(card(percent(totals.meanPressure, places: 1), "mean pressure", swatch: pressureColour(totals.meanPressure)))
            cards.append(card(percent(totals.highestPathPressure, places: 1), "highest path pressure", swatch: pressureColour(totals.highestPathPressure)))
            if let end = report.end {
                // The ending apart: a base model continuing its dialogue wants a newline there.
                let wanted = end.refused.first.map { "wanted " + visible($0.text) } ?? "nothing refused"
                cards.append(card(percent(end.mean, places: 1), "at the end", detail: wanted, swatch: pressureColour(end.mean)))
            }
        } else {
            cards.append(card("—", "pressure", detail: "not measured without a model"))
        }
        if !report.coverage.isEmpty {
            cards.append(card("\(totals.branchesNeverTaken)", "branches never taken", detail: "of \(report.coverage.count)", alarm: totals.branchesNeverTaken > 0))
        }
        return section("totals", "Totals", ["<div class=\"cards\">", cards.joined(separator: "\n"), "</div>"])
    }

    static func treeSection(_ paths: [PathReport], measured: Bool) -> String {
        let intro = measured
            ? "Each value of the answers, by JSON pointer. The colour is the constraint's pressure there: the mean share of the model's probability the grammar refused (“wanted” lists the refused tokens the model liked most)."
            : "Each value of the answers, by JSON pointer. Pressure was not measured: the answers were drawn from the grammar alone."
        guard !paths.isEmpty else { return section("tree", "Values and pressure", ["<p class=\"muted\">No answer gave a value.</p>"]) }
        let tree = PointerTree(paths)
        return section("tree", "Values and pressure", [
            "<p>\(escape(intro))</p>",
            legend(),
            "<ul class=\"tree\">",
            treeNode(tree, []),
            "</ul>",
        ])
    }

    static func histogramsSection(_ paths: [PathReport]) -> String {
        var figures: [String] = []
        for path in paths {
            let values = path.values
            if let numbers = values.numbers {
                let caption = "numbers: \(count(values.kinds["number"] ?? 0, "value")), \(number(numbers.minimum)) … \(number(numbers.maximum)), mean \(number(numbers.mean))"
                figures.append(figure(path.path, caption, histogram(numbers.histogram, axis: "value", label: number)))
            }
            if let lengths = values.lengths {
                let what = values.kinds["array"] == nil ? "string lengths (characters)" : values.kinds["string"] == nil ? "array lengths (elements)" : "lengths"
                let caption = "\(what): \(number(lengths.minimum)) … \(number(lengths.maximum)), mean \(number(lengths.mean))"
                figures.append(figure(path.path, caption, histogram(lengths.histogram, axis: "length", label: number)))
            }
            if let dates = values.dates {
                figures.append(figure(path.path, "dates: \(dates.earliest) … \(dates.latest)", histogram(dates.histogram, axis: "date", label: date)))
            }
            if showsFrequencies(values) {
                figures.append(figure(path.path, "commonest values (\(values.distinct) distinct of \(values.count))", frequencyChart(values.frequencies)))
            }
        }
        let body = figures.isEmpty ? ["<p class=\"muted\">No value to chart.</p>"] : ["<div class=\"charts\">", figures.joined(separator: "\n"), "</div>"]
        return section("histograms", "Histograms", body)
    }

    static func coverageSection(_ coverage: [CoverageBranch]) -> String {
        guard !coverage.isEmpty else {
            return section("coverage", "Coverage", ["<p class=\"muted\">no schema (a GBNF grammar): no coverage</p>"])
        }
        let never = coverage.filter { $0.answers == 0 }.count
        let summary = never == 0
            ? "<p class=\"good\">Every one of the \(coverage.count) branches was taken.</p>"
            : "<p class=\"never-count\"><strong>\(never) of \(coverage.count) branches never taken</strong>: no answer exercised them.</p>"
        let rows = coverage.map { branch in
            let never = branch.answers == 0
            return "<tr\(never ? " class=\"never\"" : "")><td><code>\(escape(branch.schemaPath))</code></td><td>\(kindName(branch.kind))</td>"
                + "<td><code>\(escape(branch.label))</code></td><td class=\"number\">\(branch.answers)\(never ? " <span class=\"tag\">never taken</span>" : "")</td></tr>"
        }
        return section("coverage", "Coverage", [
            summary,
            "<table><thead><tr><th>Schema path</th><th>Kind</th><th>Label</th><th class=\"number\">Answers</th></tr></thead><tbody>",
            rows.joined(separator: "\n"),
            "</tbody></table>",
        ])
    }

    static func answersSection(_ answers: [SeededAnswerReport], measured: Bool) -> String {
        let rows = answers.map { answer in
            let pressure = measured
                ? "<td class=\"number\" style=\"background:\(pressureColour(answer.meanPressure))\">\(percent(answer.meanPressure, places: 1))</td>"
                : "<td class=\"number muted\">—</td>"
            let outcome = answer.text.map { "<code class=\"answer\">\(escape($0))</code>" }
                ?? "<span class=\"error\">\(escape(answer.error ?? "no answer"))</span>"
            return "<tr><td class=\"number\">\(answer.seed)</td><td class=\"number\">\(answer.retries)</td>\(pressure)<td>\(outcome)</td></tr>"
        }
        return section("answers", "Answers", [
            "<table class=\"answers\"><thead><tr><th class=\"number\">Seed</th><th class=\"number\">Retries</th><th class=\"number\">Mean pressure</th><th>Answer</th></tr></thead><tbody>",
            rows.joined(separator: "\n"),
            "</tbody></table>",
        ])
    }

    // MARK: Pieces

    static func section(_ id: String, _ heading: String, _ body: [String]) -> String {
        (["<section id=\"\(id)\">", "<h2>\(escape(heading))</h2>"] + body + ["</section>"]).joined(separator: "\n")
    }

    static func card(_ value: String, _ label: String, detail: String? = nil, swatch: String? = nil, alarm: Bool = false) -> String {
        let swatch = swatch.map { "<span class=\"swatch\" style=\"background:\($0)\"></span>" } ?? ""
        let detail = detail.map { "<span class=\"detail\">\(escape($0))</span>" } ?? ""
        return "<div class=\"card\(alarm ? " alarm" : "")\"><span class=\"value\">\(swatch)\(escape(value))</span><span class=\"label\">\(escape(label))</span>\(detail)</div>"
    }

    static func legend() -> String {
        let stops = pressureStops.indices.map { pressureColour(Double($0) / Double(pressureStops.count - 1)) }.joined(separator: ", ")
        return "<div class=\"legend\"><span>pressure: 0%</span><span class=\"scale\" style=\"background:linear-gradient(to right, \(stops))\"></span>"
            + "<span>100% (all the model's probability refused)</span><span class=\"swatch\" style=\"background:\(unmeasuredColour)\"></span><span>not measured</span></div>"
    }

    /// One node and its children; a node no answer reached itself (only its children) is shown
    /// by its name alone. An array's elements read `[0]`, so they can't be taken for keys.
    static func treeNode(_ tree: PointerTree, _ tokens: [String], inArray: Bool = false) -> String {
        let report = tree.reports[tokens]
        let name = tokens.last.map { inArray ? "[\($0)]" : $0.isEmpty ? "\"\"" : $0 } ?? "#"
        var parts = ["<span class=\"key\">\(escape(name))</span>"]
        let colour: String
        if let pressure = report?.pressure {
            colour = pressureColour(pressure.mean)
            parts.append("<span class=\"pressure\">mean <b>\(percent(pressure.mean, places: 1))</b> · max \(percent(pressure.max, places: 1))</span>")
            if !pressure.refused.isEmpty {
                let refused = pressure.refused.map { "<code>\(escape(visible($0.text)))</code> ×\($0.count) (\(percent($0.meanProbability, places: 0)))" }
                parts.append("<span class=\"refused\">wanted \(refused.joined(separator: ", "))</span>")
            }
        } else {
            colour = unmeasuredColour
            parts.append("<span class=\"pressure muted\">not measured</span>")
        }
        if let values = report?.values { parts.append("<span class=\"values\">\(valueSummary(values))</span>") }
        let path = report?.path ?? "#" + tokens.map { "/" + JSONPaths.escape($0) }.joined()
        let children = tree.children[tokens] ?? []
        let array = report.map { !$0.values.kinds.isEmpty && $0.values.kinds.keys.allSatisfy { $0 == "array" } } ?? false
        let nested = children.isEmpty ? "" : "\n<ul>\n" + children.map { treeNode(tree, $0, inArray: array) }.joined(separator: "\n") + "\n</ul>"
        return "<li><div class=\"node\" style=\"background:\(colour)\" title=\"\(escape(path))\">\(parts.joined())</div>\(nested)</li>"
    }

    /// Kinds, distinct count, range and the commonest values, short enough for one line.
    static func valueSummary(_ values: ValueDistribution) -> String {
        var parts = [escape(values.kinds.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))]
        let scalar = values.kinds.keys.contains { $0 != "object" && $0 != "array" }
        if scalar { parts.append("\(values.distinct) distinct") }
        if let dates = values.dates {
            parts.append(escape("\(dates.earliest) … \(dates.latest)"))
        } else if let numbers = values.numbers {
            parts.append(escape("\(number(numbers.minimum)) … \(number(numbers.maximum))"))
        } else if let lengths = values.lengths, !scalar {
            parts.append(escape("\(number(lengths.minimum)) … \(number(lengths.maximum)) elements"))
        }
        if scalar, !values.frequencies.isEmpty {
            let top = values.frequencies.prefix(3).map { "<code>\(escape(shortened($0.value, to: 24)))</code> ×\($0.count)" }
            parts.append("top " + top.joined(separator: ", "))
        }
        return parts.joined(separator: " · ")
    }

    static func figure(_ path: String, _ caption: String, _ chart: String) -> String {
        "<figure class=\"chart\"><figcaption><code>\(escape(path))</code> \(escape(caption))</figcaption>\n\(chart)\n</figure>"
    }

    /// A frequency chart helps where values repeat (enumerations, booleans); free text, each
    /// value once, would only list it again.
    static func showsFrequencies(_ values: ValueDistribution) -> Bool {
        !values.frequencies.isEmpty && (values.frequencies.contains { $0.count > 1 } || values.kinds["boolean"] != nil)
    }

    static func kindName(_ kind: CoverageBranch.Kind) -> String {
        switch kind {
        case .alternative: "alternative"
        case .optionalProperty: "optional property"
        case .enumValue: "enumeration value"
        }
    }

    /// Consecutive seeds as the `bridle test` flags that give them again.
    static func seedsDescription(_ seeds: [UInt64]) -> String {
        guard let first = seeds.first, let last = seeds.last else { return "<span class=\"muted\">none</span>" }
        let consecutive = zip(seeds, seeds.dropFirst()).allSatisfy { $0 < UInt64.max && $0 + 1 == $1 }
        if consecutive {
            let range = seeds.count == 1 ? "\(first)" : "\(first) … \(last)"
            return "\(range) (\(count(seeds.count, "seed")); <code>--seed \(first) --seeds \(seeds.count)</code>)"
        }
        return "\(seeds.map(String.init).joined(separator: ", ")) (\(count(seeds.count, "seed")))"
    }

    // MARK: Text

    /// Text safe in an element and in a quoted attribute.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A token's text with its whitespace and control characters drawn, so a refused newline or
    /// space can be seen.
    static func visible(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: shown += "⏎"
            case 0x09: shown += "⇥"
            case 0x0D: shown += "␍"
            case 0x20: shown += "␣"
            case 0x7F: shown += "␡"
            case 0..<0x20: shown.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "�")
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown.isEmpty ? "(empty)" : shown
    }

    static func shortened(_ text: String, to length: Int) -> String {
        text.count > length ? String(text.prefix(length - 1)) + "…" : text
    }

    static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
        "\(value) " + (value == 1 ? noun : plural ?? noun + "s")
    }

    static func percent(_ share: Double, places: Int) -> String {
        decimal(share * 100, places: places) + "%"
    }

    /// A number with at most two decimals and no trailing zeros: `3`, `3.17`, `297232.1`.
    static func number(_ value: Double) -> String {
        var text = decimal(value, places: 2)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `value` rounded to `places` decimals, written without Foundation's locale-dependent
    /// formatting, so the page's bytes are the same everywhere.
    static func decimal(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard value.isFinite, scaled < 1e15 else { return "\(value)" }
        let digits = String(Int(scaled))
        let padded = String(repeating: "0", count: max(places + 1 - digits.count, 0)) + digits
        let whole = padded.dropLast(places)
        let fraction = padded.suffix(places)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        return sign + String(whole) + (places > 0 ? "." + String(fraction) : "")
    }

    /// Pressure from 0 to 1 as a colour between the stops.
    static func pressureColour(_ pressure: Double) -> String {
        let clamped = pressure.isFinite ? min(max(pressure, 0), 1) : 0
        let position = clamped * Double(pressureStops.count - 1)
        let lower = min(Int(position.rounded(.down)), pressureStops.count - 2)
        let fraction = position - Double(lower)
        let (from, to) = (pressureStops[lower], pressureStops[lower + 1])
        let channels = [(from.red, to.red), (from.green, to.green), (from.blue, to.blue)].map { Int(($0.0 + ($0.1 - $0.0) * fraction).rounded()) }
        return "#" + channels.map(hex).joined()
    }

    static func hex(_ channel: Int) -> String {
        let digits = Array("0123456789abcdef")
        let value = min(max(channel, 0), 255)
        return String(digits[value / 16]) + String(digits[value % 16])
    }

}

/// The answers' JSON pointers as a tree of reference tokens, in the order paths first appear.
struct PointerTree {
    var reports: [[String]: PathReport] = [:]
    var children: [[String]: [[String]]] = [:]

    init(_ paths: [PathReport]) {
        var known: Set<[String]> = [[]]
        for path in paths {
            let tokens = Self.tokens(path.path)
            reports[tokens] = path
            for depth in tokens.indices {
                let node = Array(tokens[...depth])
                guard known.insert(node).inserted else { continue }
                children[Array(tokens[..<depth]), default: []].append(node)
            }
        }
    }

    /// `#/a~1b/0` as `["a/b", "0"]` (RFC 6901's escapes undone, `~1` first).
    static func tokens(_ pointer: String) -> [String] {
        guard pointer != "#", pointer != "" else { return [] }
        let body = pointer.hasPrefix("#/") ? pointer.dropFirst(2) : Substring(pointer)
        return body.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }
}
