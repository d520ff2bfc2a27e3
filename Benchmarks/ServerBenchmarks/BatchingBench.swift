import Bridle
import BridleLlama
import Foundation

/// Tokens/s with N rows decoded together, in one run: llama.cpp's own `llama-batched-bench`
/// (decode only: no sampling, no constraint) against Bridle's in-process backend, N concurrent
/// requests each generating `tokens` tokens unconstrained with request emphasis off, on the same
/// model, threads and rows. Bridle's rate is read while every row generates: from the moment
/// the last request wrote its first token to the last token.
struct BatchingBench {
    let modelPath: String
    let batchedBench: String
    let threads: Int

    /// `speed_tg` per row count, from llama-batched-bench's JSON lines.
    func llamaCpp(rows: [Int], prompt: Int, tokens: Int) throws -> [Int: Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: batchedBench)
        process.arguments = [
            "-m", modelPath, "-c", String((prompt + tokens) * (rows.max() ?? 1) + 256), "-b", "2048", "-ub", "512",
            "-t", String(threads), "-npp", String(prompt), "-ntg", String(tokens), "-npl", rows.map(String.init).joined(separator: ","),
            "--output-format", "jsonl",
        ]
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("batched-bench-\(UUID().uuidString).jsonl")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        _ = exitStatus(of: process)
        try handle.close()
        var speeds: [Int: Double] = [:]
        for line in try String(contentsOf: output, encoding: .utf8).split(separator: "\n") {
            guard let value = try? GeneratedContent(json: String(line)), case .structure(let fields, _) = value.kind,
                case .number(let rows)? = fields["pl"]?.kind, case .number(let speed)? = fields["speed_tg"]?.kind,
                let count = rows.exactInteger(Int.self), let rate = speed.double
            else { continue }
            speeds[count] = rate
        }
        return speeds
    }

    func bridle(_ model: LlamaLanguageModel, rows: Int, tokens: Int, sampling: SamplingMode) async throws -> Double {
        let clock = ContinuousClock()
        let stamps = try await withThrowingTaskGroup(of: [ContinuousClock.Instant].self) { group in
            for row in 0..<rows {
                group.addTask {
                    var options = GenerationOptions(sampling: sampling.seeded(UInt64(row)), maximumResponseTokens: tokens)
                    options.requestEmphasis = nil
                    var stamps: [ContinuousClock.Instant] = []
                    do {
                        for try await event in model.generate(GenerationRequest(messages: [.user("Story \(row): once upon a time")], options: options)) {
                            if case .token = event { stamps.append(clock.now) }
                        }
                    } catch ResponseError.exceededMaximumResponseTokens {}
                    return stamps
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        guard let start = stamps.compactMap(\.first).max(), let end = stamps.compactMap(\.last).max(), end > start else { return 0 }
        let counted = stamps.map { $0.filter { $0 > start }.count }.reduce(0, +)
        return Double(counted) / seconds(end - start)
    }
}
