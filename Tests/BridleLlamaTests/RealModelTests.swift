@testable import BridleLlama
import Bridle
import BridleExampleTypes
import BridleTestSupport
import Foundation
import Testing

/// Not under the real-model suites' `enabled(if:)`: where the test command asks for gemma,
/// a missing model is a failure, never a quiet skip.
@Suite struct RealModelPresenceTests {
    @Test func theModelIsPresentWhereItIsRequired() {
        #expect(!RealModel.gemma.isRequired || RealModel.gemma.shared != nil, RealModel.gemma.missingMessage)
    }
}

/// The guarantee on a real vocabulary (gemma-3-270m): byte-fallback pieces, `▁` pieces,
/// control and unused tokens, no chat template. Temperature 1.5 flattens the distribution so
/// the grammar, not the model, keeps the output valid.
///
/// `BRIDLE_GEMMA_SWEEP=1` runs the full sweep: 50 seeds for each of the Examples' types and
/// ten shared schemas (CI runs 4 seeds of five types and five schemas).
@Suite(.enabled(if: RealModel.gemma.url != nil, RealModel.gemma.missingMessage))
struct RealModelTests {
    static let isSweep = ProcessInfo.processInfo.environment["BRIDLE_GEMMA_SWEEP"] == "1"
    static let seeds: UInt64 = isSweep ? 50 : 4

    static let grammarOptions: GrammarOptions = {
        var options = GrammarOptions()
        options.maximumStringLength = 16
        options.maximumArrayCount = 3
        return options
    }()

    /// No token limit: every grammar here has a longest sentence, which ends the response.
    static func options(seed: UInt64) -> GenerationOptions {
        GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: seed), temperature: 1.5, grammar: grammarOptions)
    }

    typealias Case = LlamaGuaranteeTests.Case

    static let exampleCases = LlamaGuaranteeTests.exampleCases

    static let sharedSchemaNames: [String] = {
        let names = LlamaGuaranteeTests.sharedSchemaNames
        let more = [
            "send_email_21186007", "create_todo_e7e42931", "schedule_meeting_01d629d2",
            "search_news_036e12d4", "calculate_mortgage_payment_0670bce6",
        ]
        return isSweep ? names + more : names
    }()

    static var sharedCases: [Case] { LlamaGuaranteeTests.sharedCases(named: sharedSchemaNames) }

    @Test(arguments: exampleCases)
    func exampleTypesAreValidAtHighTemperature(_ testCase: Case) async throws {
        try await check(testCase)
    }

    @Test(arguments: sharedCases)
    func sharedSchemasAreValidAtHighTemperature(_ testCase: Case) async throws {
        try await check(testCase)
    }

    /// Generates under `testCase`'s grammar for each seed and checks every token and the whole:
    /// no control, unused or marker token is chosen; the response ends (end of generation)
    /// only where Bridle's matcher says the sentence is complete; the value matches the
    /// schema, decodes, and holds no control-token text.
    private func check(_ testCase: Case) async throws {
        let model = try RealModel.gemma.model()
        let compiled = try testCase.schema.grammar(options: Self.grammarOptions)
        let neverInText = Set(model.model.tokensNeverInText)
        var failures: [String] = []
        var tokens = 0
        for seed in 0..<Self.seeds {
            let request = GenerationRequest(
                messages: [.system("Reply with JSON."), .user("Fill in the form with made-up values.")],
                constraint: OutputConstraint(compiled: compiled, schema: testCase.schema), options: Self.options(seed: seed))
            var ids: [Int32] = []
            var response = ResponseText()
            do {
                for try await event in model.generate(request) {
                    if case .token(let id, let bytes) = event {
                        ids.append(id)
                        response.append(bytes)
                    }
                }
                let text = try #require(response.text, "seed \(seed): not UTF-8: \(response.bytes)")
                tokens += ids.count
                if let id = ids.first(where: neverInText.contains) { failures.append("seed \(seed): chose token \(id), which is never text") }
                if try !GrammarMatcher.matches(compiled.grammar, text) { failures.append("seed \(seed): the matcher rejects \(text.debugDescription)") }
                let content = try GeneratedContent(json: text)
                let violations = testCase.schema.violations(of: content)
                if !violations.isEmpty { failures.append("seed \(seed): \(violations) in \(text)") }
                try testCase.decode(content)
                if text.contains("<unused") || text.contains("<start_of") || text.contains("<end_of") {
                    failures.append("seed \(seed): control-token text in \(text.debugDescription)")
                }
            } catch {
                failures.append("seed \(seed): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.seeds) seeds failed: \(failures.prefix(3).joined(separator: "\n"))")
        #expect(tokens > 0)
    }
}
