/// The page's charts: histograms and frequency bars as inline SVG, drawn to a fixed size and
/// scaled by the browser, with no script and no font of their own.
extension ReportHTML {
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
}
