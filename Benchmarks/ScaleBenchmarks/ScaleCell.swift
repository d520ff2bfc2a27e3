import BridleScaleInputs
import Foundation

/// One measurement: a stage on a dimension at one size, taken in a child process.
struct ScaleCell: Codable {
    var seconds: Double
    var peakMegabytes: Double
    /// "ok", the typed error that stopped the stage ("budget: …"), or how the child ended.
    var outcome: String

    static let memoryLimitGiB = 4
    static let secondsLimit = 20

    var isFailure: Bool { outcome.hasPrefix("crash") || outcome.hasPrefix("timeout") || outcome.hasPrefix("failed") }

    var summary: String {
        switch outcome {
        case "ok": String(format: "%.1f ms, %.0f MB", seconds * 1000, peakMegabytes)
        case "skipped": "–"
        default: String(format: "%@ (%.1f ms)", outcome, seconds * 1000)
        }
    }

    var json: String {
        (try? String(decoding: JSONEncoder().encode(self), as: UTF8.self)) ?? "{}"
    }

    /// The growth per doubling over the last 10× step both of whose cells succeeded and whose
    /// larger value reaches `floor`.
    static func growth(_ values: [Double], _ cells: [ScaleCell], _ sizes: [Int], floor: Double) -> Double? {
        for index in stride(from: values.count - 1, to: 0, by: -1)
        where cells[index].outcome == "ok" && cells[index - 1].outcome == "ok" && values[index] >= floor {
            let ratio = max(values[index], 1e-9) / max(values[index - 1], 1e-9)
            return pow(ratio, log(2) / log(Double(sizes[index]) / Double(sizes[index - 1])))
        }
        return nil
    }

    /// Runs the cell in a child process under the limits.
    static func spawn(_ executable: String, _ dimension: ScaleDimension, _ stage: ScaleStage, _ size: Int) -> ScaleCell {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let kilobytes = memoryLimitGiB << 20
        process.arguments = ["-c", "ulimit -v \(kilobytes); exec timeout \(secondsLimit) \"$0\" --one \"$1\" \"$2\" \"$3\" 2>&1",
                             executable, dimension.rawValue, stage.rawValue, String(size)]
        let pipe = Pipe()
        process.standardOutput = pipe
        let start = DispatchTime.now().uptimeNanoseconds
        do { try process.run() } catch { return ScaleCell(seconds: 0, peakMegabytes: 0, outcome: "failed to start: \(error)") }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let lastLine = output.split(separator: "\n").last.map(String.init) ?? ""
        if process.terminationStatus == 0, let cell = try? JSONDecoder().decode(ScaleCell.self, from: Data(lastLine.utf8)) {
            return cell
        }
        let status = process.terminationStatus
        let outcome = status == 124 ? "timeout" : process.terminationReason == .uncaughtSignal || status > 128
            ? "crash (signal \(status > 128 ? status - 128 : status))" : "failed (exit \(status)): \(lastLine.prefix(80))"
        return ScaleCell(seconds: elapsed, peakMegabytes: 0, outcome: outcome)
    }

    /// Measures in this process: the stage's time, and its peak resident memory above what the
    /// process held when the stage began (the kernel's high-water mark, reset just before).
    static func measure(_ dimension: ScaleDimension, _ stage: ScaleStage, _ size: Int) -> ScaleCell {
        var cell = ScaleCell(seconds: 0, peakMegabytes: 0, outcome: "ok")
        do {
            try ScaleInput(dimension: dimension, size: size).run(stage) { body in
                try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
                let before = residentKilobytes("VmRSS")
                let start = DispatchTime.now().uptimeNanoseconds
                defer {
                    cell.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                    cell.peakMegabytes = Double(max(0, residentKilobytes("VmHWM") - before)) / 1024
                }
                try body()
            }
        } catch let failure as ScaleFailure {
            cell.outcome = "failed: \(failure)"
        } catch {
            // One line, short: a table cell. The kind of error and its first words say which budget.
            let firstLine = String(describing: error).split(separator: "\n").first.map(String.init) ?? ""
            cell.outcome = "\(type(of: error)): \(firstLine.prefix(70))…"
        }
        return cell
    }

    private static func residentKilobytes(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
