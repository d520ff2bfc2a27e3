import Bridle
import BridleExampleTypes
import BridleLlama
import BridleServer
import Foundation

// Requests/s and p50/p99 latency for 1, 4, 16 and 64 concurrent sessions, in-process
// (`LlamaLanguageModel`, decoding 1 and 16 sequences together) against llama-server with 1 and 2 replicas of 4 slots, on the same
// model: `bash scripts/server-benchmarks.sh [MODEL.gguf]` (gemma-3-270m by default).
// Numbers only; nothing is asserted. Each session asks for one typed value (`Contacts.Arguments`)
// with its own seed and a prompt of its own, so no two requests share a whole cached prompt.
//
// Arguments: MODEL.gguf SCRIPT (scripts/llama-server.sh, which starts and stops the replicas).

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let modelPath = arguments.first, let script = arguments.last else {
    print("usage: server-benchmarks MODEL.gguf scripts/llama-server.sh")
    exit(2)
}
let cores = ProcessInfo.processInfo.activeProcessorCount
let concurrencies = [1, 4, 16, 64]
let slotsPerReplica = 4

struct Row {
    let backend: String
    let sessions: Int
    let requests: Int
    let seconds: Double
    let latencies: [Double]

    var requestsPerSecond: Double { Double(requests) / seconds }

    func percentile(_ fraction: Double) -> Double {
        let sorted = latencies.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }
}

/// Runs `max(16, sessions)` requests, `sessions` at a time, and times each.
func measure(_ backend: String, model: any LanguageModel, sessions: Int) async throws -> Row {
    let requests = max(16, sessions)
    var options = GenerationOptions(sampling: .random(top: 40, seed: 0))
    options.grammar.maximumStringLength = 24
    let clock = ContinuousClock()
    let start = clock.now
    let latencies = try await withThrowingTaskGroup(of: Double.self) { group in
        var next = 0
        var latencies: [Double] = []
        func launch() {
            let index = next
            next += 1
            var requestOptions = options
            requestOptions.sampling = .random(top: 40, seed: UInt64(index))
            group.addTask {
                let began = clock.now
                let session = LanguageModelSession(model: model)
                _ = try await session.respond(
                    to: "Request \(index): which of my contacts are millennials?", generating: Contacts.Arguments.self,
                    options: requestOptions)
                let elapsed = clock.now - began
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            }
        }
        for _ in 0..<min(sessions, requests) { launch() }
        for try await latency in group {
            latencies.append(latency)
            if next < requests { launch() }
        }
        return latencies
    }
    let elapsed = clock.now - start
    return Row(
        backend: backend, sessions: sessions, requests: requests,
        seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18, latencies: latencies)
}

/// Waits for `process` with `waitpid`: Foundation's `waitUntilExit` misses the child's exit
/// here (the zombie stays), once llama.cpp's threads are running in the process.
func exitStatus(of process: Process) -> Int32 {
    var status: Int32 = 0
    while waitpid(process.processIdentifier, &status, 0) == -1, errno == EINTR {}
    return (status >> 8) & 0xFF
}

/// Starts `count` replicas with the project's script and returns their URLs.
func startReplicas(_ count: Int) throws -> [URL] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["bash", script, "start", modelPath, String(count), String(slotsPerReplica), "18080"]
    var environment = ProcessInfo.processInfo.environment
    environment["BRIDLE_SERVER_THREADS"] = String(max(1, cores / count))
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let status = exitStatus(of: process)
    guard status == 0 else {
        print("error: \(script) start failed (exit \(status))")
        exit(1)
    }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { URL(string: String($0)) }
}

func stopReplicas() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["bash", script, "stop"]
    try process.run()
    _ = exitStatus(of: process)
}

FileHandle.standardOutput.write(Data("""
    Model: \(URL(fileURLWithPath: modelPath).lastPathComponent), \(cores) cores; each request: one Contacts.Arguments, top-40 sampling
    | backend | sessions | requests | requests/s | p50 latency | p99 latency |
    |---|---:|---:|---:|---:|---:|

    """.utf8))

/// Prints `row` as soon as it is measured, so a long run keeps what it measured.
func report(_ row: Row) {
    let numbers = String(
        format: "%.2f | %.0f ms | %.0f ms", row.requestsPerSecond, row.percentile(0.5) * 1000, row.percentile(0.99) * 1000)
    // Unbuffered, unlike print when standard output is a file.
    FileHandle.standardOutput.write(Data("| \(row.backend) | \(row.sessions) | \(row.requests) | \(numbers) |\n".utf8))
}

// Servers first, then in-process. Either order runs: the failures once seen after the in-process
// rows were llama-server closing each connection after its answer (see ServerEngine).
for replicas in [1, 2] where ProcessInfo.processInfo.environment["BRIDLE_BENCHMARK_SERVERS"] != "0" {
    let urls = try startReplicas(replicas)
    defer { try? stopReplicas() }
    var configuration = ServerConfiguration(endpoints: urls)
    configuration.replicaChoice = .leastBusy
    // As many requests in flight per replica as it has slots: the rest wait on the client.
    configuration.maximumRequestsPerEndpoint = slotsPerReplica
    let server = try ServerLanguageModel(configuration: configuration)
    _ = try await measure("warm-up", model: server, sessions: 1)
    for sessions in concurrencies {
        report(try await measure("llama-server ×\(replicas) (\(slotsPerReplica) slots)", model: server, sessions: sessions))
    }
}
// In-process: one sequence (requests one at a time, as before continuous batching), then 16
// sequences decoded together.
for sequences in [1, 16] {
    let configuration = LlamaConfiguration(threads: cores, sequences: sequences)
    let local = try LlamaLanguageModel(contentsOf: URL(fileURLWithPath: modelPath), configuration: configuration)
    // One warm-up request per backend, so model loading and first-touch costs stay out of the table.
    _ = try await measure("warm-up", model: local, sessions: 1)
    for sessions in concurrencies {
        report(try await measure("in-process, \(sequences) sequence\(sequences == 1 ? "" : "s")", model: local, sessions: sessions))
    }
}
