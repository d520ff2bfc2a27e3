import ArgumentParser

@main
struct BridleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridle",
        abstract: "Grammar-constrained structured generation for Swift types.",
        subcommands: [DemoCommand.self, GenerateCommand.self, ServeCommand.self, PromptCommand.self, MakeModelCommand.self, SchemaCommand.self, GrammarCommand.self, LintCommand.self, MatchCommand.self, SampleCommand.self, TestCommand.self, ConformanceCommand.self]
    )
}
