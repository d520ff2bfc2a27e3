import Bridle
import BridleExampleTypes
import BridleLlama
import Foundation
import Testing

/// Many seeds of one request give the same answers from run to run on gemma-3-270m, whose
/// quantized kernels round a batch differently from a row alone: the seeds' requests must reach
/// the context in the same order and the same steps every time (``RequestGroup``). Before, the
/// first seed to arrive read the prompt whole and the others copied it, in whatever order their
/// tasks ran, and `bridle generate --count 8 --seed 1` changed from run to run.
@Suite(.enabled(if: RealModel.gemma.url != nil, RealModel.gemma.missingMessage))
struct ManySeedsReproducibilityTests {
    @Test("the same seeds give the same answers, run after run", arguments: [(sequences: 1, emphasis: false), (sequences: 8, emphasis: true)])
    func sameSeedsSameAnswers(sequences: Int, emphasis: Bool) async throws {
        let url = try #require(RealModel.gemma.url)
        // A model of its own: other tests decoding beside these requests would change their batches.
        let model = try LlamaLanguageModel(contentsOf: url, configuration: LlamaConfiguration(sequences: sequences))
        var options = GenerationOptions(sampling: .random(probabilityThreshold: 1), maximumResponseTokens: 64)
        if !emphasis { options.requestEmphasis = nil }
        let constraint = try OutputConstraint(schema: Films.Arguments.generationSchema)
        let messages: [ChatMessage] = [.user("Dramas from the fifties")]
        var runs: [[String?]] = []
        for _ in 0..<3 {
            await model.clearCache()
            let answers = try await model.checkedAnswers(to: messages, constraint: constraint, seeds: 1...4, options: options)
            #expect(answers.map(\.seed) == [1, 2, 3, 4])
            runs.append(answers.map { try? $0.result.get().text })
        }
        #expect(runs[0].contains { $0 != nil })
        #expect(runs[1] == runs[0])
        #expect(runs[2] == runs[0])
    }
}
