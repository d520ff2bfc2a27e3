import Foundation
import BridleSchema

/// A schema report's answers kept as golden files, one per seed, to catch a changed answer
/// later (`bridle test --record DIR`, then `--check DIR`): the same model, options and batch
/// size give the same answer for a seed, so a difference is a change in the schema's
/// behaviour, the model or Bridle.
///
/// The directory holds `settings.json` (the report's ``SchemaReport/Settings``) and, per seed,
/// `seed-N.txt` with the answer exactly as generated, or `seed-N.error.txt` with why the seed
/// gave none.
///
/// ```swift
/// try GoldenAnswers.record(report, in: directory)
/// let changes = try GoldenAnswers.changes(in: laterReport, against: directory)   // [] when nothing changed
/// ```
public enum GoldenAnswers {
    /// One seed whose outcome differs from the recorded one.
    public struct Change: Sendable, Hashable, CustomStringConvertible {
        public let seed: UInt64
        public let recorded: String
        public let now: String
        /// The two outcomes' lines, each prefixed `-` (recorded), `+` (now) or a space (both):
        /// an answer that is JSON is compared pretty-printed, so a change shows at its value.
        public let diff: [String]

        public var description: String { "seed \(seed) changed:\n" + diff.joined(separator: "\n") }
    }

    /// Writes `report`'s settings and answers to `directory` (created when missing), replacing
    /// what an earlier recording left there.
    public static func record(_ report: SchemaReport, in directory: URL) throws(GoldenAnswersError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let existing = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            for name in existing where name.hasPrefix("seed-") && name.hasSuffix(".txt") {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
        } catch {
            throw .unwritable(path: directory.path, reason: error.localizedDescription)
        }
        try write(try encoded(report.settings), to: directory.appendingPathComponent(settingsFile))
        for answer in report.answers {
            let (name, text) = file(of: answer)
            try write(Data(text.utf8), to: directory.appendingPathComponent(name))
        }
    }

    /// The seeds of `report` whose outcome differs from the one recorded in `directory`, in
    /// seed order.
    ///
    /// - Throws: ``GoldenAnswersError`` when the directory can't be read, was recorded with
    ///   another schema or other settings, or lacks one of the report's seeds.
    public static func changes(in report: SchemaReport, against directory: URL) throws(GoldenAnswersError) -> [Change] {
        let settingsURL = directory.appendingPathComponent(settingsFile)
        let recorded: SchemaReport.Settings
        do {
            recorded = try JSONDecoder().decode(SchemaReport.Settings.self, from: Data(contentsOf: settingsURL))
        } catch {
            throw .unreadable(path: settingsURL.path, reason: "\(error)")
        }
        if !JSONEquality.equal(recorded.schema, report.settings.schema) { throw .otherSchema(directory: directory.path) }
        if let difference = difference(between: recorded, and: report.settings) {
            throw .otherSettings(directory: directory.path, setting: difference.name, recorded: difference.recorded, now: difference.now)
        }
        var changes: [Change] = []
        for answer in report.answers {
            let (name, now) = file(of: answer)
            let answerFile = directory.appendingPathComponent(name)
            let otherFile = directory.appendingPathComponent(answer.text == nil ? "seed-\(answer.seed).txt" : "seed-\(answer.seed).error.txt")
            let found = [answerFile, otherFile].first { FileManager.default.fileExists(atPath: $0.path) }
            guard let found, let data = FileManager.default.contents(atPath: found.path) else {
                throw .missingSeed(directory: directory.path, seed: answer.seed)
            }
            let then = String(decoding: data, as: UTF8.self)
            let recordedText = found == answerFile ? then : "error: " + then
            let nowText = answer.text == nil ? "error: " + now : now
            if recordedText != nowText {
                changes.append(Change(seed: answer.seed, recorded: recordedText, now: nowText, diff: LineDiff.lines(comparable(recordedText), comparable(nowText))))
            }
        }
        return changes
    }

    static let settingsFile = "settings.json"

    private static func file(of answer: SeededAnswerReport) -> (name: String, text: String) {
        if let text = answer.text { return ("seed-\(answer.seed).txt", text) }
        return ("seed-\(answer.seed).error.txt", answer.error ?? "")
    }

    /// The first setting other than the schema in which two runs differ (the seeds may differ:
    /// only the report's must all be recorded).
    private static func difference(between recorded: SchemaReport.Settings, and now: SchemaReport.Settings) -> (name: String, recorded: String, now: String)? {
        let pairs: [(String, String?, String?)] = [
            ("model", recorded.model, now.model), ("prompt", recorded.prompt, now.prompt),
            ("instructions", recorded.instructions, now.instructions), ("sampling", recorded.sampling, now.sampling),
            ("temperature", recorded.temperature.map { "\($0)" }, now.temperature.map { "\($0)" }),
            ("emphasis", recorded.emphasis.map { "\($0)" }, now.emphasis.map { "\($0)" }), ("layout", recorded.layout, now.layout),
            ("schemaInPrompt", "\(recorded.schemaInPrompt)", "\(now.schemaInPrompt)"),
        ]
        for (name, then, current) in pairs where then != current {
            return (name, then ?? "none", current ?? "none")
        }
        return nil
    }

    /// A JSON answer pretty-printed, so that the diff's lines are its values.
    private static func comparable(_ text: String) -> [String] {
        let shown = (try? GeneratedContent(json: text)).map { $0.jsonString(prettyPrinted: true) } ?? text
        return shown.components(separatedBy: "\n")
    }

    private static func encoded(_ settings: SchemaReport.Settings) throws(GoldenAnswersError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do { return try encoder.encode(settings) } catch { throw .unwritable(path: settingsFile, reason: "\(error)") }
    }

    private static func write(_ data: Data, to url: URL) throws(GoldenAnswersError) {
        do { try data.write(to: url) } catch { throw .unwritable(path: url.path, reason: error.localizedDescription) }
    }
}

/// Why golden answers could not be recorded or checked.
public enum GoldenAnswersError: Error, Sendable, Hashable, CustomStringConvertible {
    case unwritable(path: String, reason: String)
    case unreadable(path: String, reason: String)
    case otherSchema(directory: String)
    case otherSettings(directory: String, setting: String, recorded: String, now: String)
    case missingSeed(directory: String, seed: UInt64)

    public var description: String {
        switch self {
        case .unwritable(let path, let reason): "can't write the golden answers at \(path): \(reason)"
        case .unreadable(let path, let reason): "can't read the golden answers' settings at \(path): \(reason); record them first with --record"
        case .otherSchema(let directory): "\(directory) holds answers to another schema; record this one with --record into another directory"
        case .otherSettings(let directory, let setting, let recorded, let now):
            "\(directory) was recorded with \(setting) \(recorded), not \(now): the same seed gives another answer under other settings; use the recorded ones or record again"
        case .missingSeed(let directory, let seed): "\(directory) has no answer for seed \(seed); record it with --record, or test the recorded seeds"
        }
    }
}

/// A line diff by longest common subsequence: answers are short, so the quadratic table is
/// small; past ``limit`` lines the two are shown whole.
enum LineDiff {
    static let limit = 2000

    static func lines(_ old: [String], _ new: [String]) -> [String] {
        guard old.count <= limit, new.count <= limit else { return old.map { "-" + $0 } + new.map { "+" + $0 } }
        var common = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var result: [String] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                result.append(" " + old[i])
                i += 1
                j += 1
            } else if j < new.count, i == old.count || common[i][j + 1] >= common[i + 1][j] {
                result.append("+" + new[j])
                j += 1
            } else {
                result.append("-" + old[i])
                i += 1
            }
        }
        return result
    }
}
