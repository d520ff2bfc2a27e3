import Bridle
import Foundation

/// `bridle test`'s summary for a person at a terminal: the totals, each path's pressure and
/// values, and the branches no answer took. The whole report is `--json` or `--report`.
struct SchemaReportSummary {
    let text: String

    /// Paths listed; the rest are counted.
    static let pathsShown = 40

    init(_ report: SchemaReport) {
        let totals = report.totals
        var lines = [
            String(
                format: "%d seeds: %d valid at the first attempt, %d after retries (%d retries), %d failed; %d distinct answers",
                totals.seeds, totals.validAtFirstAttempt, totals.validAfterRetries, totals.retries, totals.failed, totals.distinctAnswers)
        ]
        let measured = report.paths.contains { $0.pressure != nil }
        if measured {
            lines.append(String(format: "pressure: mean %.3f; highest path mean %.3f", totals.meanPressure, totals.highestPathPressure))
        }
        if let end = report.end {
            let wanted = end.refused.first.map { " (wanted \(Self.visible($0.text)) ×\($0.count))" } ?? ""
            lines.append(String(format: "at the end: mean %.3f", end.mean) + wanted)
        }
        lines.append("")
        lines.append(measured ? "path  pressure mean/max  values" : "path  values")
        for path in report.paths.prefix(Self.pathsShown) {
            var line = path.path
            if let pressure = path.pressure {
                line += String(format: "  %.3f/%.3f", pressure.mean, pressure.max)
                let refused = pressure.refused.prefix(3).map { "\(Self.visible($0.text)) ×\($0.count)" }
                if !refused.isEmpty { line += " (wanted " + refused.joined(separator: ", ") + ")" }
            } else if measured {
                line += "  -"
            }
            line += "  " + Self.describe(path.values)
            lines.append(line)
        }
        if report.paths.count > Self.pathsShown { lines.append("… and \(report.paths.count - Self.pathsShown) more paths (--json or --report for all)") }
        let neverTaken = report.coverage.filter { $0.answers == 0 }
        if !report.coverage.isEmpty {
            lines.append("")
            lines.append("coverage: \(report.coverage.count - neverTaken.count) of \(report.coverage.count) branches taken")
            for branch in neverTaken { lines.append("  never: \(branch.schemaPath) \(branch.kind.rawValue) \(branch.label)") }
        }
        text = lines.joined(separator: "\n") + "\n"
    }

    /// Kinds, distinct count, and the commonest values or the range.
    private static func describe(_ values: ValueDistribution) -> String {
        var parts = [values.kinds.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")]
        if values.kinds.keys.contains(where: { $0 != "object" && $0 != "array" }) { parts.append("\(values.distinct) distinct") }
        if let dates = values.dates {
            parts.append("\(dates.earliest)…\(dates.latest)")
        } else if let numbers = values.numbers {
            parts.append(String(format: "%g…%g", numbers.minimum, numbers.maximum))
        } else if values.distinct <= 5, !values.frequencies.isEmpty {
            parts.append(values.frequencies.map { "\($0.value) ×\($0.count)" }.joined(separator: ", "))
        }
        return parts.joined(separator: "; ")
    }

    /// A token's text with its whitespace shown.
    static func visible(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t") + "\""
    }
}
