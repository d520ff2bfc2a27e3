import Bridle
import BridleExampleTypes
import BridleLlama
import Foundation
import BridleSessionChecks
import Testing

/// `LanguageModelSession` end to end on real llama.cpp with a random-weight model, for each
/// example tool: ``SessionChecks`` on every seed.
///
/// `BRIDLE_SESSION_SEEDS` sets the seeds per example (default 100). Each test prints its
/// tally: answered directly, answered after tool calls, semantic rejections, ToolCallErrors.
@Suite struct LlamaSessionTests {
    static let seeds: UInt64 = ProcessInfo.processInfo.environment["BRIDLE_SESSION_SEEDS"].flatMap(UInt64.init) ?? 100

    static func loadModel() throws -> LlamaLanguageModel {
        try LlamaLanguageModel(contentsOf: TestModels.large, configuration: LlamaConfiguration(threads: 1))
    }

    // MARK: Tests

    @Test(arguments: SessionChecks.examples)
    func everyTurnIsAValidCallOrAnswer(_ example: SessionChecks.Example) async throws {
        let model = try Self.loadModel()
        let clock = ContinuousClock()
        let started = clock.now
        var tally = SessionChecks.Tally()
        var failures: [String] = []
        for seed in 0..<Self.seeds {
            let problems = await SessionChecks.run(example, seed: seed, model: model, tally: &tally)
            failures += problems.map { "seed \(seed): \($0)" }
        }
        let report = "\(example.name), \(Self.seeds) seeds, \(clock.now - started): \(tally)"
        print("LlamaSessionTests: \(report)")
        #expect(failures.isEmpty, "\(failures.count) problems; first: \(failures.prefix(5).joined(separator: "\n"))")
        #expect(tally.requests == Int(Self.seeds), Comment(rawValue: report))
    }

    /// With `measuresPressure`, the audit holds each proposed call's pressure by the turn's JSON
    /// pointers (`#/arguments/…`); without it, none.
    @Test func auditKeepsEachProposedCallsPressure() async throws {
        let model = try Self.loadModel()
        for measures in [true, false] {
            var options = SessionChecks.options(seed: 3)
            options.toolCallingMode = .required
            options.measuresPressure = measures
            let session = LanguageModelSession(model: model, tools: [CurrentDateTool(clock: { SessionChecks.now })], policy: SessionChecks.policy)
            _ = try await session.respond(to: "What was the date a week ago?", options: options)
            let proposed = session.transcript.audit.filter {
                switch $0.decision {
                case .validated, .rejected: true
                default: false
                }
            }
            #expect(!proposed.isEmpty, "a required call was proposed")
            if measures {
                #expect(proposed.allSatisfy { $0.pressure != nil })
                let paths = proposed.flatMap { $0.pressure?.paths.map(\.path) ?? [] }
                #expect(paths.contains { $0.hasPrefix("#/arguments") }, "\(paths)")
            } else {
                #expect(proposed.allSatisfy { $0.pressure == nil })
            }
        }
    }

    /// Snapshots of a streamed answer extend one another, and the last is the answer itself:
    /// the same answer as `respond` gives for the same seed.
    @Test func streamedAnswerGrowsToTheResponse() async throws {
        let model = try Self.loadModel()
        let seeds: [UInt64] = [0, 1, 2, 3, 4, 5, 6, 7]
        for seed in seeds {
            // Both from a cold cache: under request emphasis a warm one decodes the baseline's
            // tail in other batches, and a draw between near-equal tokens may round otherwise.
            await model.clearCache()
            let streaming = LanguageModelSession(model: model, tools: [CurrentDateTool(clock: { SessionChecks.now })], policy: SessionChecks.policy)
            var snapshots: [ResponseStream<String>.Snapshot] = []
            for try await snapshot in streaming.streamResponse(to: "What is the date tomorrow?", options: SessionChecks.options(seed: seed)) {
                snapshots.append(snapshot)
            }
            await model.clearCache()
            let responding = LanguageModelSession(model: model, tools: [CurrentDateTool(clock: { SessionChecks.now })], policy: SessionChecks.policy)
            let response = try await responding.respond(to: "What is the date tomorrow?", options: SessionChecks.options(seed: seed))

            let final = try #require(snapshots.last, "seed \(seed): no snapshot")
            #expect(final.isComplete)
            #expect(snapshots.dropLast().allSatisfy { !$0.isComplete })
            #expect(final.rawContent == response.rawContent, "seed \(seed)")
            #expect(final.rawContent == SessionChecks.lastResponse(in: streaming.transcript)?.content, "seed \(seed)")
            let texts = snapshots.map { SessionChecks.string($0.rawContent) }
            #expect(texts.allSatisfy { $0 != nil }, "seed \(seed): a snapshot is not a string")
            let partials = texts.dropLast().compactMap { $0 }
            // Compared as scalars: `String.hasPrefix` compares characters, and a combining
            // mark that arrives in the next token changes the last character of the text.
            for (before, after) in zip(partials, partials.dropFirst()) {
                #expect(after.unicodeScalars.starts(with: before.unicodeScalars) && after != before,
                        "seed \(seed): \(before.debugDescription), then \(after.debugDescription)")
            }
            if let lastPartial = partials.last, let whole = texts.last ?? nil {
                #expect(whole.unicodeScalars.starts(with: lastPartial.unicodeScalars), "seed \(seed)")
            }
        }
    }
}
