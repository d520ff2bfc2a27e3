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
private enum ReportHTML {
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
        let schema = settings.schema.jsonString(prettyPrinted: true)
        let lines = schema.split(separator: "\n", omittingEmptySubsequences: false).count
        return section("settings", "Settings", [
            "<dl class=\"settings\">",
            rows.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" }.joined(separator: "\n"),
            "</dl>",
            "<details><summary>The schema (JSON Schema, \(count(lines, "line")))</summary><pre class=\"schema\">\(escape(schema))</pre></details>",
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

    // MARK: Charts

    /// A histogram's geometry: a fixed size, so every chart lines up in the grid.
    private enum Plot {
        static let width = 380.0
        static let height = 200.0
        static let left = 40.0
        static let right = 370.0
        static let top = 18.0
        static let bottom = 158.0
        static let widestBar = 64.0
    }

    /// Bars over `bins`, each bound labelled by `label` (numbers, or days as dates).
    static func histogram(_ bins: [HistogramBin], axis: String, label: (Double) -> String) -> String {
        let highest = max(bins.map(\.count).max() ?? 0, 1)
        // Few bins get bars of a bounded width, centred, rather than one slab across the chart.
        let slot = min((Plot.right - Plot.left) / Double(max(bins.count, 1)), Plot.widestBar)
        let start = Plot.left + ((Plot.right - Plot.left) - slot * Double(bins.count)) / 2
        var shapes = [
            "<line class=\"axis\" x1=\"\(number(Plot.left))\" y1=\"\(number(Plot.bottom))\" x2=\"\(number(Plot.right))\" y2=\"\(number(Plot.bottom))\"/>",
            "<line class=\"grid\" x1=\"\(number(Plot.left))\" y1=\"\(number(Plot.top))\" x2=\"\(number(Plot.right))\" y2=\"\(number(Plot.top))\"/>",
            text(Plot.left - 6, Plot.top + 4, "\(highest)", anchor: "end"),
            text(Plot.left - 6, Plot.bottom + 4, "0", anchor: "end"),
        ]
        for (index, bin) in bins.enumerated() {
            let barHeight = (Plot.bottom - Plot.top) * Double(bin.count) / Double(highest)
            let x = start + Double(index) * slot + 1
            let bounds = "\(label(bin.lower)) to \(label(bin.upper)): \(count(bin.count, "value"))"
            shapes.append(
                "<rect class=\"bar\" x=\"\(number(x))\" y=\"\(number(Plot.bottom - barHeight))\" width=\"\(number(max(slot - 2, 1)))\" height=\"\(number(barHeight))\" fill=\"\(barColour)\"><title>\(escape(bounds))</title></rect>")
            if bin.count > 0, slot >= 14 { shapes.append(text(x + (slot - 2) / 2, Plot.bottom - barHeight - 4, "\(bin.count)", anchor: "middle", kind: "count")) }
        }
        shapes += axisLabels(bins, start: start, slot: slot, label: label)
        shapes.append(text((Plot.left + Plot.right) / 2, Plot.height - 6, axis, anchor: "middle", kind: "caption"))
        return svg("histogram", height: Plot.height, shapes)
    }

    /// Unit bins (one per whole number or day) are labelled under their bar, others at their
    /// edges; labels are thinned out so none overlap.
    static func axisLabels(_ bins: [HistogramBin], start: Double, slot: Double, label: (Double) -> String) -> [String] {
        guard let first = bins.first, let last = bins.last else { return [] }
        let unit = bins.allSatisfy { $0.upper - $0.lower == 1 && $0.lower == $0.lower.rounded() } || (bins.count == 1 && first.lower == first.upper)
        let places: [(x: Double, text: String, anchor: String)]
        if unit {
            places = bins.enumerated().map { (x: start + (Double($0.offset) + 0.5) * slot, text: label($0.element.lower), anchor: "middle") }
        } else {
            places = (bins.map(\.lower) + [last.upper]).enumerated().map { index, bound in
                (x: start + Double(index) * slot, text: label(bound), anchor: index == 0 ? "start" : index == bins.count ? "end" : "middle")
            }
        }
        let widest = Double(places.map(\.text.count).max() ?? 1) * 6.5 + 8
        let stride = max(Int((widest / slot).rounded(.up)), 1)
        var shown = Array(Swift.stride(from: 0, to: places.count, by: stride))
        if let end = shown.last, end != places.count - 1, Double(places.count - 1 - end) * slot >= widest { shown.append(places.count - 1) }
        return shown.map { text(places[$0].x, Plot.bottom + 16, places[$0].text, anchor: places[$0].anchor) }
    }

    /// Horizontal bars, one per value, commonest first.
    static func frequencyChart(_ frequencies: [ValueDistribution.Frequency]) -> String {
        let row = 22.0
        let labelEnd = 150.0
        let barStart = 156.0
        let barSpan = 180.0
        let highest = Double(max(frequencies.map(\.count).max() ?? 0, 1))
        var shapes: [String] = []
        for (index, frequency) in frequencies.enumerated() {
            let y = 8 + Double(index) * row
            let width = max(barSpan * Double(frequency.count) / highest, 1)
            shapes.append(text(labelEnd, y + 15, shortened(frequency.value, to: 22), anchor: "end", kind: "value"))
            shapes.append(
                "<rect class=\"bar\" x=\"\(number(barStart))\" y=\"\(number(y + 3))\" width=\"\(number(width))\" height=\"\(number(row - 6))\" fill=\"\(barColour)\"><title>\(escape("\(frequency.value): \(frequency.count)"))</title></rect>")
            shapes.append(text(barStart + width + 5, y + 15, "\(frequency.count)", anchor: "start", kind: "count"))
        }
        return svg("frequencies", height: 16 + Double(frequencies.count) * row, shapes)
    }

    static func svg(_ kind: String, height: Double, _ shapes: [String]) -> String {
        "<svg class=\"\(kind)\" width=\"\(number(Plot.width))\" height=\"\(number(height))\" viewBox=\"0 0 \(number(Plot.width)) \(number(height))\" role=\"img\">\n"
            + shapes.joined(separator: "\n") + "\n</svg>"
    }

    static func text(_ x: Double, _ y: Double, _ content: String, anchor: String, kind: String = "label") -> String {
        "<text class=\"\(kind)\" x=\"\(number(x))\" y=\"\(number(y))\" text-anchor=\"\(anchor)\">\(escape(content))</text>"
    }

    /// A date histogram's bound, a day number, as the day it starts.
    static func date(_ day: Double) -> String {
        guard day.isFinite, abs(day) < 1e9 else { return number(day) }
        return CivilDay(number: Int(day.rounded(.down))).text
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

    // MARK: Style

    static let style = """

        :root { color-scheme: light; --ink: #1f2328; --muted: #6b7280; --line: #d8dde3; --paper: #ffffff; --wash: #f6f8fa; }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--wash); color: var(--ink); font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
        main { max-width: 1220px; margin: 0 auto; padding: 20px 24px 48px; }
        header h1 { margin: 0 0 2px; font-size: 24px; }
        .lede { margin: 0 0 16px; color: var(--muted); }
        section { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 14px 18px; margin: 0 0 16px; }
        h2 { margin: 0 0 10px; font-size: 17px; }
        code, pre { font: 12.5px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
        pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        .muted { color: var(--muted); }
        dl.settings { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 10px; }
        dl.settings dt { color: var(--muted); }
        dl.settings dd { margin: 0; }
        pre.text { background: var(--wash); border-radius: 4px; padding: 4px 8px; }
        details summary { cursor: pointer; color: #3b6fd4; }
        pre.schema { max-height: 420px; overflow: auto; background: var(--wash); border: 1px solid var(--line); border-radius: 4px; padding: 8px; margin-top: 6px; }
        .cards { display: flex; flex-wrap: wrap; gap: 10px; }
        .card { display: flex; flex-direction: column; min-width: 130px; padding: 8px 12px; border: 1px solid var(--line); border-radius: 6px; background: var(--wash); }
        .card .value { font-size: 22px; font-weight: 600; }
        .card .label { color: var(--ink); }
        .card .detail { color: var(--muted); font-size: 12px; }
        .card.alarm { border-color: #ef4444; background: #fff1f1; }
        .swatch { display: inline-block; width: 14px; height: 14px; border: 1px solid #9ca3af; border-radius: 3px; margin-right: 6px; vertical-align: -1px; }
        .legend { display: flex; align-items: center; gap: 8px; margin: 0 0 10px; color: var(--muted); font-size: 12px; }
        .legend .scale { display: inline-block; width: 200px; height: 14px; border: 1px solid #9ca3af; border-radius: 3px; }
        .legend .swatch { margin: 0 0 0 16px; }
        ul.tree, ul.tree ul { list-style: none; margin: 0; padding: 0; }
        ul.tree ul { margin-left: 14px; padding-left: 12px; border-left: 1px solid var(--line); }
        ul.tree li { margin: 3px 0; }
        .node { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 14px; padding: 3px 8px; border: 1px solid rgba(0, 0, 0, 0.12); border-radius: 4px; }
        .node .key { font-weight: 600; min-width: 110px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
        .node .pressure { min-width: 170px; }
        .node .refused code, .node .values code { background: rgba(255, 255, 255, 0.7); border-radius: 3px; padding: 0 3px; }
        .node .values { color: #374151; }
        .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 12px; align-items: start; }
        figure.chart { margin: 0; padding: 8px; border: 1px solid var(--line); border-radius: 6px; }
        figure.chart figcaption { margin-bottom: 4px; font-size: 12.5px; }
        figure.chart svg { display: block; width: 100%; max-width: 380px; height: auto; }
        svg text { font: 11px system-ui, "DejaVu Sans", sans-serif; fill: #374151; }
        svg text.count { fill: #1f2328; font-size: 10px; }
        svg text.caption { fill: var(--muted); }
        svg text.value { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
        svg line.axis { stroke: #6b7280; }
        svg line.grid { stroke: #d8dde3; stroke-dasharray: 3 3; }
        table { width: 100%; border-collapse: collapse; }
        th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--line); }
        th { background: var(--wash); font-weight: 600; }
        .number { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
        tr.never td { background: #fde8e8; }
        .tag { display: inline-block; margin-left: 6px; padding: 0 6px; border-radius: 9px; background: #ef4444; color: #fff; font-size: 11px; }
        .never-count { color: #b91c1c; }
        .good { color: #15803d; }
        code.answer { white-space: pre-wrap; overflow-wrap: anywhere; }
        .error { color: #b91c1c; font-weight: 600; }
        .error::before { content: "error: "; }

        """
}

/// The answers' JSON pointers as a tree of reference tokens, in the order paths first appear.
private struct PointerTree {
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
