import ArgumentParser
import Bridle
import BridleExampleTypes
import Foundation

/// `bridle demo`: for each of the Examples' types, its JSON Schema, its grammar, and values
/// generated under that grammar and decoded with the type's own `Codable` conformance.
///
/// Until the llama.cpp backend lands, the generator is Bridle's seeded grammar sampler, a
/// stand-in for a model that picks tokens at random: what it writes always decodes, which is
/// the guarantee a real model gets from the same grammar.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show the Examples' schemas and grammars, and generate typed values under them."
    )

    @Option(help: "Values to generate per type.")
    var count: Int = 3

    @Option(help: "The first seed; each value uses the next one.")
    var seed: UInt64 = 0

    @Flag(help: "Also print each type's JSON Schema.")
    var schemas = false

    func run() throws {
        try show(SearchSuggestions.self)
        try show(CurrentDate.Arguments.self)
        try show(Reminders.Arguments.self)
        try show(Contacts.Arguments.self)
        try show(Films.Arguments.self)
    }

    private func show<Value: Generable>(_ type: Value.Type) throws {
        print("== \(String(reflecting: type).split(separator: ".").dropFirst().joined(separator: "."))")
        if schemas { print(Value.generationSchema.jsonSchemaString(prettyPrinted: true)) }
        let sampler = try SchemaSampler(type)
        print("grammar: \(sampler.compiled.grammar.rules.count) rules, at most \(sampler.compiled.maximumLength) characters")
        for sample in try sampler.samples(seeds: seed..<(seed + UInt64(count))) {
            print("seed \(sample.seed): \(Self.shortened(sample.text))")
            print("  decoded: \(Self.shortened(String(describing: sample.value)))")
        }
        print("")
    }

    /// A random generator writes long strings; the start shows the point.
    private static func shortened(_ text: String, limit: Int = 240) -> String {
        text.count <= limit ? text : "\(text.prefix(limit))… (\(text.count) characters)"
    }
}
