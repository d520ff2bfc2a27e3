import ArgumentParser

@main
struct BridleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridle",
        abstract: "Grammar-constrained structured generation for Swift types.",
        subcommands: [DemoCommand.self, SchemaCommand.self, GrammarCommand.self, LintCommand.self, MatchCommand.self, SampleCommand.self, ConformanceCommand.self]
    )
}
