import ArgumentParser
import Bridle
import BridleExampleTypes
import ExampleSupport

/// `swift run contacts`: a tool whose only argument is an enum, generated as one of its case
/// names.
@main
struct ContactsExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts", abstract: "A session with a tool that finds contacts by generation (an enum argument).")

    @OptionGroup var options: ExampleOptions

    func run() async throws {
        let example = try Example(options, prompt: "Which of my contacts are Gen X?")
        let session = LanguageModelSession(
            model: example.model, tools: [ContactsTool()],
            instructions: "You help the user find their contacts. Look them up with the findContacts tool.",
            policy: Example.policy)
        try await example.run(session) {
            try await session.respond(to: example.prompt, options: example.generationOptions).content
        }
    }
}
