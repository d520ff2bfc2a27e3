import Bridle
import BridleServer
import BridleSessionChecks
import Testing

/// The session checks the in-process backend passes (`LlamaSessionTests`), on a real
/// llama-server: the tool layer is unchanged, so every turn is a valid call or answer, only
/// validators refuse calls, nothing refused or interrupted is dispatched, and the transcript
/// round-trips.
@Suite(.enabled(if: LlamaServerProcess.isAvailable, LlamaServerProcess.missingMessage))
struct ServerSessionTests {
    static let seeds: [UInt64] = Array(0..<12)

    @Test(arguments: [SessionChecks.twoTools] + SessionChecks.examples.prefix(2))
    func everyTurnIsAValidCallOrAnswer(_ example: SessionChecks.Example) async throws {
        let server = try await LlamaServerProcess(model: ServerTestModels.large.url)
        let model = try ServerLanguageModel(configuration: ServerTestModels.configuration([server.url], serving: ServerTestModels.large))
        var tally = SessionChecks.Tally()
        var failures: [String] = []
        for seed in Self.seeds {
            let problems = await SessionChecks.run(example, seed: seed, model: model, tally: &tally)
            failures += problems.map { "seed \(seed): \($0)" }
        }
        print("ServerSessionTests: \(example.name), \(Self.seeds.count) seeds: \(tally)")
        #expect(failures.isEmpty, "\(failures.count) problems; first: \(failures.prefix(5).joined(separator: "\n"))")
        #expect(tally.requests == Self.seeds.count)
    }
}
