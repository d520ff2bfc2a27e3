import Bridle
import BridleEndpoint
import BridleExampleTypes
import BridleLlama
import BridleServer
import Foundation

// Requests/s and p50/p99 latency for 1, 4, 16 and 64 concurrent sessions, in-process
// (`LlamaLanguageModel`, decoding 1 and 16 sequences together) against llama-server with 1 and 2 replicas of 4 slots, on the same
// model: `bash scripts/server-benchmarks.sh [MODEL.gguf]` (gemma-3-270m by default). Then OpenAI
// clients over HTTP (1, 16 and 64 at a time): `bridle serve`'s endpoint against llama-server with
// its own `json_schema` and 16 slots (`BRIDLE_BENCHMARK_ONLY=http` runs only this part); then the
// endpoint under load with faults mixed in (`BRIDLE_BENCHMARK_ONLY=faults`); then rows decoded
// together against llama.cpp's llama-batched-bench (`BRIDLE_BENCHMARK_ONLY=batching`, with
// BRIDLE_BATCHED_BENCH naming its binary); and many seeds of one request, one at a time against
// together (`BRIDLE_BENCHMARK_ONLY=seeds`).
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
                return seconds(clock.now - began)
            }
        }
        for _ in 0..<min(sessions, requests) { launch() }
        for try await latency in group {
            latencies.append(latency)
            if next < requests { launch() }
        }
        return latencies
    }
    return Row(backend: backend, sessions: sessions, requests: requests, seconds: seconds(clock.now - start), latencies: latencies)
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
let only = ProcessInfo.processInfo.environment["BRIDLE_BENCHMARK_ONLY"]
for replicas in [1, 2] where ProcessInfo.processInfo.environment["BRIDLE_BENCHMARK_SERVERS"] != "0" && only == nil {
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
for sequences in [1, 16] where only == nil {
    let configuration = LlamaConfiguration(threads: cores, sequences: sequences)
    let local = try LlamaLanguageModel(contentsOf: URL(fileURLWithPath: modelPath), configuration: configuration)
    // One warm-up request per backend, so model loading and first-touch costs stay out of the table.
    _ = try await measure("warm-up", model: local, sessions: 1)
    for sessions in concurrencies {
        report(try await measure("in-process, \(sequences) sequence\(sequences == 1 ? "" : "s")", model: local, sessions: sessions))
    }
}

// OpenAI clients over HTTP, the same bodies to both servers: llama-server with its own
// json_schema grammar and 16 slots, then bridle serve's endpoint over 16 sequences (request
// emphasis off, as llama-server has none; then on, Bridle's default), and in-process respond at
// one session for the latency the endpoint adds.
let httpSessions = [1, 16, 64]
let schema = Contacts.Arguments.generationSchema
func reportHTTP(_ outcome: ChatCompletionLoad.Outcome) {
    report(Row(
        backend: outcome.row.backend + ", \(outcome.valid)/\(outcome.row.requests) valid", sessions: outcome.row.sessions,
        requests: outcome.row.requests, seconds: outcome.row.seconds, latencies: outcome.row.latencies))
}
/// `model` behind bridle serve's endpoint on a free loopback port, serving until the task is cancelled.
func serve(_ model: LlamaLanguageModel, defaults: GenerationOptions) async -> (port: Int, serving: Task<Void, any Error>) {
    let endpoint = OpenAIEndpoint(model: model, configuration: EndpointConfiguration(modelID: "bench", defaults: defaults))
    let (ports, found) = AsyncStream<Int>.makeStream()
    let serving = Task { try await endpoint.run(port: 0) { found.yield($0) } }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
        print("error: the endpoint did not start")
        exit(1)
    }
    return (port, serving)
}

if only == nil || only == "http" {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["bash", script, "start", modelPath, "1", "16", "18080"]
    var environment = ProcessInfo.processInfo.environment
    environment["BRIDLE_SERVER_THREADS"] = String(cores)
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    guard exitStatus(of: process) == 0 else {
        print("error: \(script) start failed")
        exit(1)
    }
    let llama = ChatCompletionLoad(url: "http://127.0.0.1:18080", schema: schema, topK: ("top_k", 40))
    _ = try await llama.run("warm-up", sessions: 1)
    for sessions in httpSessions { reportHTTP(try await llama.run("llama-server json_schema (16 slots), HTTP", sessions: sessions)) }
    try stopReplicas()

    for emphasis in [false, true] {
        let local = try LlamaLanguageModel(contentsOf: URL(fileURLWithPath: modelPath), configuration: LlamaConfiguration(threads: cores, sequences: 16))
        var defaults = GenerationOptions()
        if !emphasis { defaults.requestEmphasis = nil }
        let (port, serving) = await serve(local, defaults: defaults)
        let bridle = ChatCompletionLoad(url: "http://127.0.0.1:\(port)", schema: schema, topK: ("bridle", ["top_k": 40]))
        let label = "bridle serve (16 sequences\(emphasis ? ", request emphasis" : "")), HTTP"
        _ = try await bridle.run("warm-up", sessions: 1)
        for sessions in httpSessions { reportHTTP(try await bridle.run(label, sessions: sessions)) }
        serving.cancel()
        // The same answer in-process, one at a time, for the latency HTTP and the endpoint add.
        var options = defaults
        options.sampling = .random(top: 40, seed: 0)
        options.maximumResponseTokens = 200
        let direct = InProcessBaseline(model: local, schema: schema, options: options)
        report(try await direct.run("in-process respond\(emphasis ? ", request emphasis" : "")", requests: 16))
    }
}

// Faults mixed into the load: malformed bodies, schemas past a budget, streams dropped after
// their first piece; every ordinary answer must come back valid, and memory must not grow.
if only == nil || only == "faults" {
    let local = try LlamaLanguageModel(contentsOf: URL(fileURLWithPath: modelPath), configuration: LlamaConfiguration(threads: cores, sequences: 16))
    var defaults = GenerationOptions()
    defaults.requestEmphasis = nil
    let (port, serving) = await serve(local, defaults: defaults)
    let faults = FaultLoad(load: ChatCompletionLoad(url: "http://127.0.0.1:\(port)", schema: schema, topK: ("bridle", ["top_k": 40])))
    _ = try await faults.run(requests: 64, sessions: 64)
    let before = residentMegabytes()
    var rounds: [String] = []
    for round in 1...5 {
        let outcome = try await faults.run(requests: 256, sessions: 64)
        rounds.append(String(
            format: "| %d | %d/%d | %d/%d | %d | %.1f s | %.0f MB |", round, outcome.ordinaryValid, outcome.ordinary,
            outcome.refusedAsExpected, outcome.refusals, outcome.dropped, outcome.seconds, residentMegabytes()))
    }
    serving.cancel()
    FileHandle.standardOutput.write(Data("""

        Faults mixed in, 64 clients, 256 requests a round (bridle serve, 16 sequences); resident memory after warm-up: \(String(format: "%.0f", before)) MB
        | round | ordinary answers valid | malformed and over-budget refused (400) | streams dropped | time | resident memory |
        |---:|---:|---:|---:|---:|---:|
        \(rounds.joined(separator: "\n"))

        """.utf8))
}

// Many seeds of one request, one at a time against all together, with the same request
// emphasis setting on both sides (`BRIDLE_BENCHMARK_ONLY=seeds` runs only this part).
if only == nil || only == "seeds" {
    let rounds = max(ProcessInfo.processInfo.environment["BRIDLE_SEEDS_ROUNDS"].flatMap(Int.init) ?? 3, 1)
    let bench = ManySeedsBench(modelPath: modelPath, threads: cores)
    var lines: [String] = []
    for request in ManySeedsBench.requests {
        for emphasis in [false, true] {
            lines.append(try await bench.measure(request, emphasis: emphasis, rounds: rounds))
        }
    }
    FileHandle.standardOutput.write(Data("""

        8 seeds of one request, one at a time against together (\(cores) threads; medians of \(rounds) alternated rounds, each round's ratio in brackets)
        | request | request emphasis | one at a time | together | speed-up | tokens/s ratio | rows kept busy |
        |---|---|---:|---:|---:|---:|---:|
        \(lines.joined(separator: "\n"))

        """.utf8))
}

// Rows decoded together: Bridle's in-process backend against llama.cpp's own batched decode,
// alternated round by round (BRIDLE_BATCHING_ROUNDS, 3 by default), since runs here vary by ±10%:
// the table shows medians, and each round's ratio.
if only == nil || only == "batching", let tool = ProcessInfo.processInfo.environment["BRIDLE_BATCHED_BENCH"] {
    let rows = [1, 4, 8, 16]
    let (prompt, tokens) = (16, 96)
    let rounds = max(ProcessInfo.processInfo.environment["BRIDLE_BATCHING_ROUNDS"].flatMap(Int.init) ?? 3, 1)
    let bench = BatchingBench(modelPath: modelPath, batchedBench: tool, threads: cores)
    let local = try LlamaLanguageModel(
        contentsOf: URL(fileURLWithPath: modelPath), configuration: LlamaConfiguration(contextSize: 512, threads: cores, sequences: 16))
    _ = try await bench.bridle(local, rows: 1, tokens: 8, sampling: .greedy)
    var measured: [Int: (llama: [Double], greedy: [Double], topK: [Double])] = [:]
    for _ in 0..<rounds {
        let reference = try bench.llamaCpp(rows: rows, prompt: prompt, tokens: tokens)
        for count in rows {
            // llama-batched-bench starts each row count from an empty cache.
            await local.clearCache()
            let greedy = try await bench.bridle(local, rows: count, tokens: tokens, sampling: .greedy)
            await local.clearCache()
            let topK = try await bench.bridle(local, rows: count, tokens: tokens, sampling: .random(top: 40))
            let runs = measured[count, default: ([], [], [])]
            measured[count] = (runs.llama + [reference[count] ?? 0], runs.greedy + [greedy], runs.topK + [topK])
        }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func ratios(_ values: [Double], _ llama: [Double]) -> String {
        zip(values, llama).map { String(format: "%.2f", $1 > 0 ? $0 / $1 : 0) }.joined(separator: ", ")
    }
    let lines = rows.compactMap { count -> String? in
        guard let runs = measured[count] else { return nil }
        let llama = median(runs.llama)
        let (greedy, topK) = (median(runs.greedy), median(runs.topK))
        return String(
            format: "| %d | %.1f | %.1f (%.2f×; %@) | %.1f (%.2f×; %@) |", count, llama, greedy, llama > 0 ? greedy / llama : 0,
            ratios(runs.greedy, runs.llama), topK, llama > 0 ? topK / llama : 0, ratios(runs.topK, runs.llama))
    }
    FileHandle.standardOutput.write(Data("""

        Rows decoded together, \(tokens) tokens each after a \(prompt)-token prompt, \(cores) threads; tokens/s while every row generates,
        medians of \(rounds) alternated rounds (each round's ratio after the semicolon)
        | rows | llama-batched-bench (decode only) | Bridle, greedy | Bridle, top-40 |
        |---:|---:|---:|---:|
        \(lines.joined(separator: "\n"))

        """.utf8))
}
