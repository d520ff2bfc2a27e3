import BridleTestSupport
import Foundation
import Testing
@testable import BridleGeneration

/// The schema report's page in a real browser: headless chromium (Debian's, from
/// `scripts/chromium.sh`) parses it and paints it, and the screenshot must show the histogram
/// bars and the tree's pressure colours. The string tests (``SchemaReportHTMLTests``) can't
/// tell a page that parses from one a browser would drop half of.
@Suite struct SchemaReportBrowserTests {
    @Test(.enabled(if: Chromium.isAvailable, Chromium.missing))
    func pageParsesAndPaints() async throws {
        let chromium = try #require(Chromium.executable, Chromium.missing)
        let report = try SchemaReportHTMLTests.sample()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridle-schema-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try Data(report.html.utf8).write(to: page)
        let screenshot = folder.appendingPathComponent("report.png")

        // The DOM chromium built: the sections, the tree and the charts survived parsing.
        let dump = try await Chromium.run(chromium, ["--dump-dom", page.absoluteString], profile: folder.appendingPathComponent("profile-dom"))
        try #require(dump.status == 0, "chromium --dump-dom failed (status \(dump.status)): \(dump.errors)")
        let dom = dump.output
        for id in ["settings", "totals", "tree", "histograms", "coverage", "answers"] { #expect(dom.contains("<section id=\"\(id)\">"), "no section \(id)") }
        #expect(dom.contains("<ul class=\"tree\">"))
        #expect(dom.components(separatedBy: "<svg class=\"histogram\"").count == report.html.components(separatedBy: "<svg class=\"histogram\"").count)
        #expect(dom.contains("<svg class=\"frequencies\""))
        #expect(dom.contains("<rect class=\"bar\""))
        #expect(!dom.contains("<script"))

        let shot = try await Chromium.run(
            chromium, ["--screenshot=\(screenshot.path)", "--window-size=1280,2400", page.absoluteString], profile: folder.appendingPathComponent("profile-png"))
        try #require(shot.status == 0, "chromium --screenshot failed (status \(shot.status)): \(shot.errors)")
        let png = try Data(contentsOf: screenshot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        Attachment.record(png, named: "schema-report.png")
        Attachment.record(Data(report.html.utf8), named: "schema-report.html")

        let colours = [
            "bar": "3b6fd4", "amber": String(SchemaReportHTMLTests.amber.dropFirst()), "amberToRed": String(SchemaReportHTMLTests.amberToRed.dropFirst()),
            "red": String(SchemaReportHTMLTests.red.dropFirst()),
        ]
        let counts = try await PNGColours.count(screenshot, Array(colours.values))
        #expect(counts.width == 1280)
        #expect(counts.height == 2400)
        // Bars are big blocks of one colour; the tree's rows are wide bands of theirs.
        #expect(counts.counts["3b6fd4", default: 0] > 2000, "no histogram bars painted: \(counts.counts)")
        for name in ["amber", "amberToRed", "red"] {
            let hex = colours[name, default: ""]
            #expect(counts.counts[hex, default: 0] > 2000, "the tree's \(name) (#\(hex)) is not painted: \(counts.counts)")
        }
    }
}

/// Debian's chromium, headless: `scripts/test.sh` sets `BRIDLE_CHROMIUM` (from
/// `scripts/chromium.sh`) and `BRIDLE_REQUIRE_CHROMIUM=1`, so CI runs the browser test rather
/// than skipping it.
enum Chromium {
    static let executable: URL? = {
        guard let path = ProcessInfo.processInfo.environment["BRIDLE_CHROMIUM"], !path.isEmpty, FileManager.default.isExecutableFile(atPath: path)
        else { return nil }
        return URL(fileURLWithPath: path)
    }()
    static var isAvailable: Bool { executable != nil || ProcessInfo.processInfo.environment["BRIDLE_REQUIRE_CHROMIUM"] == "1" }
    static let missing: Comment = "chromium not found: run `bash scripts/chromium.sh` and set BRIDLE_CHROMIUM to the path it prints"

    /// A hung browser fails the test instead of holding the run.
    static let timeout: TimeInterval = 60

    /// Runs headless chromium with `arguments` and a profile folder of its own (so runs never
    /// share or touch `~/.config`), on a thread of its own: waiting for it must not hold one of
    /// Swift concurrency's few pool threads.
    static func run(_ chromium: URL, _ arguments: [String], profile: URL) async throws -> (status: Int32, output: String, errors: String) {
        let flags = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--disable-dev-shm-usage", "--no-first-run",
            "--user-data-dir=\(profile.path)",
        ]
        return try await BuiltExecutable.runOffThePool(chromium, arguments: flags + arguments, timeout: timeout)
    }
}

/// `Tests/Fixtures/schema-report/png_colours.py`: how many of a PNG's pixels are near each colour.
enum PNGColours {
    struct Counts: Decodable, Sendable {
        let width: Int
        let height: Int
        let counts: [String: Int]
    }

    static func count(_ png: URL, _ colours: [String]) async throws -> Counts {
        let script = Fixtures.directory("schema-report/png_colours.py")
        let result = try await BuiltExecutable.runOffThePool(
            URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", script.path, "--tolerance", "6", png.path] + colours, timeout: 120)
        try #require(result.status == 0, "png_colours.py failed (status \(result.status)): \(result.errors)")
        return try JSONDecoder().decode(Counts.self, from: Data(result.output.utf8))
    }
}
