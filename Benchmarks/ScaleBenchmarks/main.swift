import BridleScaleInputs
import Foundation

// Scale harness: every input dimension grown through 10², 10³, 10⁴ and 10⁵, through every stage
// that applies, each (dimension, stage, size) in a child process of its own under the limits a
// service would set (4 GiB of address space, 20 seconds), so a crash, a hang or an allocation
// failure is a row of the table, not the end of the run.
//
//   swift run -c release scale-benchmarks [--sizes 100,1000,10000,100000] [--dimension NAME]
//   scale-benchmarks --one DIMENSION STAGE SIZE     (one cell; prints its measurement as JSON)
//
// Growth per doubling is (t(10n) / t(n))^(log 2 / log 10): 2 for linear work, 2.3 for n log n
// at these sizes, 4 for quadratic. Printed where the larger time is at least 5 ms (below that,
// the clock and the process's start dominate).

/// Writes a line at once, even into a pipe: the table shows rows as they are measured.
func say(_ line: String = "") {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--one", arguments.count == 4, let dimension = ScaleDimension(rawValue: arguments[1]),
    let stage = ScaleStage(rawValue: arguments[2]), let size = Int(arguments[3])
{
    say(ScaleCell.measure(dimension, stage, size).json)
    exit(0)
}

var sizes = [100, 1_000, 10_000, 100_000]
var dimensions = ScaleDimension.allCases
var index = 0
while index < arguments.count {
    switch arguments[index] {
    case "--sizes":
        index += 1
        sizes = arguments.indices.contains(index) ? arguments[index].split(separator: ",").compactMap { Int($0) } : sizes
    case "--dimension":
        index += 1
        dimensions = dimensions.filter { arguments.indices.contains(index) && $0.rawValue == arguments[index] }
    default:
        FileHandle.standardError.write(Data("usage: scale-benchmarks [--sizes 100,1000,…] [--dimension NAME] | --one DIMENSION STAGE SIZE\n".utf8))
        exit(2)
    }
    index += 1
}

let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
say("== Scale: time (ms) and peak memory (MB above the stage's start) per size; ×: growth per doubling over the last 10× step")
say("== limits per cell: \(ScaleCell.memoryLimitGiB) GiB of address space, \(ScaleCell.secondsLimit) s; a typed error is the row's outcome\n")
var flagged: [String] = []
for dimension in dimensions {
    say("### \(dimension.rawValue): \(dimension.summary)\n")
    say("| stage | " + sizes.map { "n = \($0)" }.joined(separator: " | ") + " | × time | × memory |")
    say("|---|" + String(repeating: "---|", count: sizes.count + 2))
    for stage in dimension.stages {
        var cells: [ScaleCell] = []
        for size in sizes {
            // Past a failure or a slow cell, larger sizes only fail the same way, slower.
            if let last = cells.last, last.outcome != "ok" || last.seconds > 10 {
                cells.append(ScaleCell(seconds: 0, peakMegabytes: 0, outcome: "skipped"))
                continue
            }
            cells.append(ScaleCell.spawn(executable, dimension, stage, size))
        }
        let timeGrowth = ScaleCell.growth(cells.map(\.seconds), cells, sizes, floor: 0.005)
        let memoryGrowth = ScaleCell.growth(cells.map(\.peakMegabytes), cells, sizes, floor: 16)
        let row = "| \(stage.rawValue) | " + cells.map(\.summary).joined(separator: " | ")
            + " | \(timeGrowth.map { String(format: "%.2f", $0) } ?? "–") | \(memoryGrowth.map { String(format: "%.2f", $0) } ?? "–") |"
        say(row)
        if (timeGrowth ?? 0) > 2.3 || (memoryGrowth ?? 0) > 2.3 || cells.contains(where: { $0.isFailure }) {
            flagged.append("\(dimension.rawValue) / \(stage.rawValue): " + cells.map(\.summary).joined(separator: ", "))
        }
    }
    say()
}
say("== Above 2.3× per doubling, or ending in a crash, a timeout or an untyped failure: \(flagged.isEmpty ? "none" : "")")
for line in flagged { say("- \(line)") }
