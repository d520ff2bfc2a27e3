import ArgumentParser
import Bridle
import BridleExampleTypes
import BridleLlama
import ExampleSupport
import Foundation

/// `bridle demo`: generates each of the Examples' types with llama.cpp, under the grammar
/// compiled from the type, and prints the decoded values.
///
/// Without `--model` it makes (once) a tiny random-weight model. Its words are nonsense, but
/// every value decodes and satisfies every guide: that is what the grammar guarantees, for any
/// weights.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Generate the Examples' typed values with llama.cpp and print them decoded."
    )

    @Option(help: "A GGUF model; without it a tiny random model is made (or reused) in the cache.")
    var model: String?

    @Option(help: "Vocabulary of the tiny model.")
    var vocab: Int = 32_000

    @Option(help: "Values to generate per type.")
    var count: Int = 3

    @Option(help: "The first seed; each value uses the next one.")
    var seed: UInt64 = 0

    @Option(name: .customLong("max-string-length"), help: "Longest string where a type sets no bound.")
    var maximumStringLength = 24

    @Flag(help: "Also print each type's JSON Schema.")
    var schemas = false

    func run() async throws {
        let path = try model ?? Self.tinyModel(vocabularySize: vocab)
        let llama = try ModelLoading.load(path)
        Diagnostics.note("model: \(path) (vocabulary \(llama.vocabularySize), context \(llama.contextSize) tokens)")
        try await show(SearchSuggestions.self, prompt: "Suggest four searches about sunsets.", on: llama)
        try await show(CurrentDate.Arguments.self, prompt: "What was the date a week ago?", on: llama)
        try await show(Reminders.Arguments.self, prompt: "Show my five most recent incomplete reminders.", on: llama)
        try await show(Contacts.Arguments.self, prompt: "Find my contacts born in the nineties.", on: llama)
        try await show(Films.Arguments.self, prompt: "Dramas from the fifties, please.", on: llama)
    }

    private func show<Value: Generable>(_ type: Value.Type, prompt: String, on llama: LlamaLanguageModel) async throws {
        print("== \(String(reflecting: type).split(separator: ".").dropFirst().joined(separator: "."))  (prompt: \(prompt.debugDescription))")
        if schemas { print(Value.generationSchema.jsonSchemaString(prettyPrinted: true)) }
        var grammar = GrammarOptions()
        grammar.maximumStringLength = maximumStringLength
        for seed in seed..<(seed + UInt64(count)) {
            let options = GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: seed), grammar: grammar)
            let response = try await llama.respond(to: prompt, generating: Value.self, options: options)
            print("seed \(seed): \(response.text)")
            print("  decoded: \(Self.shortened(String(describing: response.content)))")
            print(String(format: "  %d tokens, %.0f tokens/s", response.statistics.responseTokens, response.statistics.tokensPerSecond))
        }
        print("")
    }

    /// Decoded values print their nested type names and IDs in full; the start shows the point.
    private static func shortened(_ text: String, limit: Int = 300) -> String {
        text.count <= limit ? text : "\(text.prefix(limit))… (\(text.count) characters)"
    }

    /// The tiny model for this vocabulary, written once into the cache and reused after.
    static func tinyModel(vocabularySize: Int) throws -> String {
        do {
            return try TinyModelCache.path(vocabularySize: vocabularySize) { path in
                Diagnostics.note("making a tiny random model (vocabulary \(vocabularySize)) at \(path)")
            }
        } catch {
            Diagnostics.error("could not write the tiny model: \(error)")
            throw ExitCode(2)
        }
    }
}
