import BridleLlama
import BridleScaleInputs
import Foundation
import Testing

/// The soak, small: one round of the mixed requests `soak-benchmarks` runs for ten minutes on
/// gemma (valid, over budget, cancelled, at the token limit, value rules), 20 at once on a tiny
/// model with 8 sequences. Every request ends in an answer or a typed error, and no request is
/// left running.
@Suite struct SoakTests {
    @Test func aMixedRoundEndsInAnswersOrTypedErrorsAndLeavesNothingRunning() async throws {
        let model = try LlamaLanguageModel(contentsOf: TestModels.small, configuration: LlamaConfiguration(contextSize: 512, sequences: 8))
        let outcomes = await withTaskGroup(of: (SoakRequest, String).self) { group in
            for index in 0..<20 {
                let kind = SoakRequest.allCases[index % SoakRequest.allCases.count]
                group.addTask { (kind, await kind.outcome(on: model, index: index)) }
            }
            var outcomes: [(SoakRequest, String)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(outcomes.count == 20)
        for (kind, outcome) in outcomes {
            #expect(!outcome.hasPrefix("untyped"), "\(kind.rawValue): \(outcome)")
            switch kind {
            case .overBudget: #expect(outcome == "GrammarCompileError")
            case .tokenLimit: #expect(outcome == "ResponseError")
            default: break
            }
        }
        var active = await model.activeRequests
        for _ in 0..<50 where active > 0 {
            try await Task.sleep(for: .milliseconds(100))
            active = await model.activeRequests
        }
        #expect(active == 0)
    }
}
