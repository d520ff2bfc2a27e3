import Bridle
import BridleExampleTypes
import BridleLlama
import BridleTestSupport
import Foundation
import Testing

/// The product's promise, checked on real llama.cpp with a random-weight 32k-vocabulary model:
/// whatever the weights, every response decodes into the type, satisfies every guide, stays
/// within the grammar's maximum length, and is a sentence of Bridle's own grammar too.
///
/// `BRIDLE_GUARANTEE_SEEDS` sets the seeds per case (default 200).
@Suite struct LlamaGuaranteeTests {
    static let seeds: UInt64 = ProcessInfo.processInfo.environment["BRIDLE_GUARANTEE_SEEDS"].flatMap(UInt64.init) ?? 200

    /// Strings are capped short so a random model (which never closes a string early) finishes
    /// quickly; the caps are part of the grammar, so the guarantee is the same.
    static let grammarOptions: GrammarOptions = {
        var options = GrammarOptions()
        options.maximumStringLength = 16
        options.maximumArrayCount = 4
        return options
    }()

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let schema: GenerationSchema
        /// Decodes the JSON into the Swift type, when there is one.
        let decode: @Sendable (GeneratedContent) throws -> Void
        var testDescription: String { name }
    }

    static let exampleCases: [Case] = [
        typed(SearchSuggestions.self),
        typed(CurrentDate.Arguments.self),
        typed(Reminders.Arguments.self),
        typed(Contacts.Arguments.self),
        typed(Films.Arguments.self),
    ]

    static func typed<Value: Generable>(_ type: Value.Type) -> Case {
        Case(name: String(reflecting: type), schema: Value.generationSchema, decode: { _ = try Value($0) })
    }

    /// Function-calling schemas from JSONSchemaBench (Glaive): flat and nested objects, optional
    /// fields, arrays, a date-time format.
    static let sharedSchemaNames = [
        "book_flight_05dcf13f", "search_hotels_7d83ff70", "calculate_area_544de1a7",
        "generate_invoice_8ea90960", "create_calendar_event_667f096c",
    ]

    static var sharedCases: [Case] { sharedCases(named: sharedSchemaNames) }

    /// The Glaive schemas of these names, from the shared data (none when it is absent).
    static func sharedCases(named names: [String]) -> [Case] {
        guard let folder = SharedData.directory("conformance/jsonschemabench/Glaiveai2K") else { return [] }
        return names.compactMap { name in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent("\(name).json")),
                  let document = try? GeneratedContent(json: String(decoding: data, as: UTF8.self)),
                  let schema = document[property: "schema"],
                  let imported = try? GenerationSchema(jsonSchema: schema)
            else { return nil }
            return Case(name: name, schema: imported, decode: { _ in })
        }
    }

    @Test(arguments: exampleCases)
    func exampleTypesAlwaysDecode(_ testCase: Case) async throws {
        try await check(testCase)
    }

    @Test(.enabled(if: SharedData.directory("conformance/jsonschemabench/Glaiveai2K") != nil, SharedData.missingMessage))
    func sharedSchemasAllLoad() {
        #expect(Self.sharedCases.map(\.name) == Self.sharedSchemaNames)
    }

    @Test(arguments: sharedCases)
    func sharedSchemasAlwaysConform(_ testCase: Case) async throws {
        try await check(testCase)
    }

    private func check(_ testCase: Case) async throws {
        let compiled = try testCase.schema.grammar(options: Self.grammarOptions)
        let model = try LlamaLanguageModel(contentsOf: TestModels.large, configuration: LlamaConfiguration(threads: 1))
        var failures: [String] = []
        var longest = 0
        for seed in 0..<Self.seeds {
            // Even seeds sample the whole distribution (the engine draws first and checks the
            // drawn token), odd seeds the top 40 (masked before the draw: nothing is refused).
            let masked = !seed.isMultiple(of: 2)
            let sampling: SamplingMode = masked ? .random(top: 40, seed: seed) : .random(probabilityThreshold: 1, seed: seed)
            let options = GenerationOptions(sampling: sampling, grammar: Self.grammarOptions)
            do {
                let response = try await model.respond(to: "Call the function.", schema: testCase.schema, includeSchemaInPrompt: false, options: options)
                try testCase.decode(response.rawContent)
                if masked, response.statistics.refusedTokens > 0 {
                    failures.append("seed \(seed): \(response.statistics.refusedTokens) tokens refused under a mask")
                }
                longest = max(longest, response.statistics.responseTokens)
                if response.text.unicodeScalars.count > compiled.maximumLength {
                    failures.append("seed \(seed): \(response.text.unicodeScalars.count) characters, over the maximum \(compiled.maximumLength)")
                }
                if try !GrammarMatcher.matches(compiled.grammar, response.text) {
                    failures.append("seed \(seed): Bridle's matcher rejects \(response.text.debugDescription)")
                }
            } catch {
                failures.append("seed \(seed): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.seeds) seeds failed; first: \(failures.prefix(3).joined(separator: "\n"))")
        #expect(longest <= compiled.maximumLength * 4, "the token limit a constraint sets (4 tokens a scalar) holds every answer")
    }
}
