import ArgumentParser
import Bridle
import BridleExampleTypes
import ExampleSupport

/// `swift run current-date`: the model asks a tool for the date, with arguments in the shape
/// of an enum with associated values (`{"beforeNow":{"seconds":604800}}`).
@main
struct CurrentDateExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "current-date", abstract: "A session with a tool that tells the model the date.")

    @OptionGroup var options: ExampleOptions

    func run() async throws {
        let example = try Example(options, prompt: "What was the date a week ago?")
        let session = LanguageModelSession(
            model: example.model, tools: [CurrentDateTool()],
            instructions: "You answer questions about dates. Use the currentDate tool; never guess the date.",
            policy: Example.policy)
        try await example.run(session) {
            try await session.respond(to: example.prompt, options: example.generationOptions).content
        }
    }
}
