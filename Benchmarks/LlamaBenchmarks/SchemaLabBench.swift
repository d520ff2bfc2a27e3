import Bridle
import BridleExampleTypes
import BridleLlama
import Foundation

/// The schema lab's cost, in one run on one model: 32 seeds of the Films type decoded together
/// (up to 16 sequences, every core, as `bridle generate --count 32` and `bridle test --seeds 32`
/// load it), with the constraint's pressure off, then on, then the whole report
/// (``LanguageModel/testSchema(_:prompt:seeds:instructions:includeSchemaInPrompt:options:)``:
/// pressure on, plus the report's paths, values and coverage). Printed as times and ratios to
/// the first; the pressure's own share is also read from the sampling time it adds per token.
struct SchemaLabBench {
    let url: URL
    let seeds = UInt64(0)..<32

    func run() async throws {
        let model = try LlamaLanguageModel(contentsOf: url, configuration: LlamaConfiguration(sequences: 16))
        let schema = Films.Arguments.generationSchema
        let constraint = try OutputConstraint(schema: schema)
        let messages: [ChatMessage] = [.user("Dramas from the fifties, please.")]
        var options = GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: 0))
        _ = try await model.checkedAnswers(to: messages, constraint: constraint, seeds: 100..<102, options: options)

        func timed(_ body: () async throws -> [GenerationStatistics]) async throws -> (seconds: Double, statistics: GenerationStatistics) {
            let start = ContinuousClock.now
            let all = try await body()
            var sum = GenerationStatistics.zero
            for statistics in all { sum.add(statistics) }
            return (milliseconds(ContinuousClock.now - start) / 1000, sum)
        }
        func answers() async throws -> [GenerationStatistics] {
            try await model.checkedAnswers(to: messages, constraint: constraint, seeds: seeds, options: options)
                .compactMap { try? $0.result.get().statistics }
        }
        let off = try await timed(answers)
        options.measuresPressure = true
        let on = try await timed(answers)
        options.measuresPressure = false
        let start = ContinuousClock.now
        let report = try await model.testSchema(schema, prompt: "Dramas from the fifties, please.", seeds: seeds, includeSchemaInPrompt: false, options: options)
        let tested = milliseconds(ContinuousClock.now - start) / 1000

        let addedPerToken = (on.statistics.samplingSeconds / Double(max(on.statistics.responseTokens, 1)))
            - (off.statistics.samplingSeconds / Double(max(off.statistics.responseTokens, 1)))
        let decodePerToken = off.statistics.responseSeconds / Double(max(off.statistics.responseTokens, 1))
        print("schema lab, Films, \(seeds.count) seeds, 16 sequences, \(ProcessInfo.processInfo.activeProcessorCount) threads:"
            + " --count \(seeds.count) \(format(off.seconds, 2)) s; pressure on \(format(on.seconds, 2)) s (\(format(on.seconds / off.seconds, 2))×;"
            + " \(format(addedPerToken * 1e3, 3)) ms of sampling added per token, \(format(addedPerToken / max(decodePerToken, 1e-9) * 100, 1))% of a token's time);"
            + " bridle test's report \(format(tested, 2)) s (\(format(tested / off.seconds, 2))×; \(report.totals.validAtFirstAttempt) valid,"
            + " highest path pressure \(format(report.totals.highestPathPressure, 3)))")
    }
}
