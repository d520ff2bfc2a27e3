import ArgumentParser
import Bridle
import BridleLlama
import ExampleSupport
import Foundation

/// `bridle demo`: generates each of the Examples' types with llama.cpp from a prompt a user
/// would write, under the grammar compiled from the type, and prints the decoded values with
/// timings and whether each one answers its prompt.
///
/// `scripts/demo.sh` runs it on gemma-3-270m, which it fetches once. Without `--model` it
/// makes (once) a tiny random-weight model instead: its words are noise, but every value
/// decodes and satisfies every guide, which is what the grammar guarantees for any weights.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Generate the Examples' typed values with llama.cpp and print them decoded.",
        discussion: """
            A value is "plausible" when it passes its type's validator and answers its prompt \
            (Films: a drama within the fifties); --measure N reports the share over N seeds.
            """
    )

    @Option(help: "A GGUF model; without it a tiny random model is made (or reused) in the cache.")
    var model: String?

    @Option(help: "Vocabulary of the tiny model.")
    var vocab: Int = 32_000

    @Option(help: "Values to generate per type.")
    var count: Int = 1

    @Option(help: "The first seed; each value takes the next --best-of seeds.")
    var seed: UInt64 = 0

    @Option(help: "Sampling temperature (top 40), the same for every type.")
    var temperature = 0.7

    /// Four candidates, the likeliest valid one shown (under request emphasis, the one the
    /// request explains best): the same settings for every type, and plausible 89 times in 100
    /// on gemma against 69 without emphasis and 45 for one candidate (BENCHMARKS.md, "Demo").
    @Option(name: .customLong("best-of"), help: "Candidates per value, decoded together: the valid one the model found likeliest is shown (1: one candidate).")
    var bestOf = 4

    @Option(help: "Request emphasis γ (GenerationOptions.requestEmphasis): each token weighed against the same conversation without the request (default: 1.5, RequestEmphasis.automatic; 1 is off).")
    var emphasis: Double?

    private var requestEmphasis: RequestEmphasis { emphasis.map { RequestEmphasis(weight: $0) } ?? .automatic }

    @Flag(inversion: .prefixedNo, help: "Show each type's example requests and answers; without them, its JSON Schema.")
    var examples = true


    @Flag(inversion: .prefixedNo, help: "Append the tokens the grammar forces without sampling them.")
    var fastForward = true

    @Option(name: .customLong("max-string-length"), help: "Longest string where a type sets no bound.")
    var maximumStringLength = 32

    @Option(help: "Prompt template: auto, none, or a llama.cpp template name.")
    var template = "auto"

    @Option(help: "Instead of printing values, report the share of plausible values over this many seeds per type.")
    var measure: Int?

    @Option(help: "Only the types whose name contains this (Films, Reminders, …).")
    var only: String?

    @Flag(help: "Also print each type's JSON Schema.")
    var schemas = false

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
        if let measure, measure < 1 { throw ValidationError("--measure must be at least 1") }
        guard bestOf >= 1 else { throw ValidationError("--best-of must be at least 1") }
    }

    func run() async throws {
        let path = try model ?? Self.tinyModel(vocabularySize: vocab)
        let llama = try ModelLoading.load(path, template: template, sequences: bestOf * (requestEmphasis.isActive ? 2 : 1))
        try options(seed: seed).checkFlags(for: llama)
        print("model: \(path)")
        print("vocabulary \(llama.vocabularySize) tokens, context \(llama.contextSize) tokens, prompt template: \(llama.promptTemplateDescription)")
        print("sampling: top 40, temperature \(temperature), best of \(bestOf)\(requestEmphasis.isActive ? ", request emphasis \(requestEmphasis.weight)" : ""); strings at most \(maximumStringLength) characters\(fastForward ? "; fast-forward" : "")")
        print("")
        if let measure {
            try await self.measure(seeds: measure, on: llama)
        } else {
            for demo in cases { try await show(demo, on: llama) }
        }
    }

    private var cases: [DemoCase] {
        DemoCase.all.filter { only.map($0.name.localizedCaseInsensitiveContains) ?? true }
    }

    private func options(seed: UInt64) -> GenerationOptions {
        var grammar = GrammarOptions()
        grammar.maximumStringLength = maximumStringLength
        var options = GenerationOptions(
            sampling: .random(top: 40, seed: seed), temperature: temperature, grammar: grammar,
            fastForward: fastForward)
        options.bestOf = bestOf
        options.requestEmphasis = requestEmphasis
        return options
    }

    private func show(_ demo: DemoCase, on llama: LlamaLanguageModel) async throws {
        print("== \(demo.name)")
        if schemas { print(demo.schema.jsonSchemaString(prettyPrinted: true)) }
        print("prompt: \(demo.prompt.debugDescription)")
        for index in 0..<UInt64(count) {
            let seed = seed + index * UInt64(bestOf)
            let outcome = try await demo.run(on: llama, withExamples: examples, options: options(seed: seed))
            let statistics = outcome.statistics
            print("seed \(seed): \(outcome.text)")
            print("  decoded: \(Self.shortened(outcome.value))")
            print("  plausible: \(outcome.problems.isEmpty ? "yes" : "no (\(outcome.problems.joined(separator: "; ")))")")
            print(String(
                format: "  %d tokens (%d forced) in %.2f s (%.1f tokens/s, sampling %.1f ms/token); prompt %d tokens in %.2f s",
                statistics.responseTokens, statistics.forcedTokens, statistics.responseSeconds, statistics.tokensPerSecond,
                statistics.responseTokens > 0 ? statistics.samplingSeconds * 1000 / Double(statistics.responseTokens) : 0,
                statistics.promptTokens, statistics.promptSeconds))
        }
        print("")
    }

    /// One line per type: how many of the seeds gave a plausible value, and the most common
    /// problem.
    private func measure(seeds: Int, on llama: LlamaLanguageModel) async throws {
        print("type                          plausible   tokens/s   most common problem")
        for demo in cases {
            var plausible = 0
            var problems: [String: Int] = [:]
            var total = GenerationStatistics.zero
            // Best of N takes N consecutive seeds per value; each value gets its own.
            for index in 0..<UInt64(seeds) {
                let outcome = try await demo.run(on: llama, withExamples: examples, options: options(seed: seed + index * UInt64(bestOf)))
                total.add(outcome.statistics)
                if outcome.problems.isEmpty { plausible += 1 }
                for problem in outcome.problems { problems[problem, default: 0] += 1 }
            }
            let common = problems.max { $0.value < $1.value }.map { "\($0.key) (\($0.value)×)" } ?? "-"
            let name = demo.name.padding(toLength: 30, withPad: " ", startingAt: 0)
            print(String(format: "%@%3d/%-3d     %6.1f     %@", name, plausible, seeds, total.tokensPerSecond, common))
        }
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
