import BridleGeneration
import BridleLlama
import BridleScaleInputs
import Foundation

// Soak: rounds of 64 concurrent requests on one in-process model, each a mix of valid schemas,
// schemas over the compile budget, cancelled requests, requests at the token limit and value
// rules, until the time is up. Prints the requests per kind and outcome, and the process's
// resident memory after the warm-up round and at the end; exits 1 when a request ended in
// an untyped error, a request is still running at the end, or memory grew by more than 10%.
//
//   bash scripts/soak.sh [MINUTES]        (gemma-3-270m, 10 minutes at most by default)
//   soak-benchmarks MODEL.gguf [MINUTES] [CONCURRENCY]

func say(_ line: String = "") {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Double(line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) / 1024
    }
    return 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first else {
    say("usage: soak-benchmarks MODEL.gguf [MINUTES] [CONCURRENCY]")
    exit(2)
}
let minutes = arguments.count > 1 ? Double(arguments[1]) ?? 10 : 10
let concurrency = arguments.count > 2 ? Int(arguments[2]) ?? 64 : 64
let model = try LlamaLanguageModel(contentsOf: URL(fileURLWithPath: path), configuration: LlamaConfiguration(contextSize: 512, sequences: 16))

/// One round: `concurrency` requests at once, kinds in turn.
func mixedRound(_ number: Int) async -> [String: Int] {
    await withTaskGroup(of: String.self) { group in
        for index in 0..<concurrency {
            let kind = SoakRequest.allCases[index % SoakRequest.allCases.count]
            group.addTask { "\(kind.rawValue) → \(await kind.outcome(on: model, index: number * concurrency + index))" }
        }
        var counts: [String: Int] = [:]
        for await outcome in group { counts[outcome, default: 0] += 1 }
        return counts
    }
}

let clock = ContinuousClock()
let started = clock.now
say("Soak: \(URL(fileURLWithPath: path).lastPathComponent), \(concurrency) concurrent requests a round, \(minutes) minutes at most")
var totals = await mixedRound(0)
let warm = residentMegabytes()
say(String(format: "after the warm-up round: %.0f MB resident", warm))
var rounds = 1
while clock.now - started < .seconds(minutes * 60) {
    for (outcome, count) in await mixedRound(rounds) { totals[outcome, default: 0] += count }
    rounds += 1
    say(String(format: "round %d: %.0f MB resident, %.0f s", rounds, residentMegabytes(), (clock.now - started) / .seconds(1)))
}
// Cancelled requests end as soon as their sequences are freed; give the scheduler a moment.
var active = await model.activeRequests
for _ in 0..<50 where active > 0 {
    try? await Task.sleep(for: .milliseconds(100))
    active = await model.activeRequests
}
let end = residentMegabytes()
say("\n| request → outcome | count |\n|---|---:|")
for (outcome, count) in totals.sorted(by: { $0.key < $1.key }) { say("| \(outcome) | \(count) |") }
say(String(format: "\n%d rounds, %d requests; resident memory %.0f MB after warm-up, %.0f MB at the end (%.3f×); requests still running: %d",
           rounds, totals.values.reduce(0, +), warm, end, end / warm, active))
let untyped = totals.keys.filter { $0.contains("untyped") }
if !untyped.isEmpty || active != 0 || end > warm * 1.10 {
    say("FAILED: \(untyped.isEmpty ? "" : "untyped errors; ")\(active != 0 ? "requests left running; " : "")\(end > warm * 1.10 ? "memory grew past 10%" : "")")
    exit(1)
}
say("passed: every request ended in an answer or a typed error")
