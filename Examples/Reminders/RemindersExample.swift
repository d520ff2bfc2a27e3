import ArgumentParser
import Bridle
import BridleExampleTypes
import ExampleSupport

/// `swift run reminders`: a tool whose arguments use `.anyOf` (the status) and `.range` (the
/// count); the grammar admits only those values, so every call decodes.
@main
struct RemindersExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders", abstract: "A session with a tool that searches reminders (anyOf and range guides).")

    @OptionGroup var options: ExampleOptions

    func run() async throws {
        let example = try Example(options, prompt: "Show my three most recent incomplete reminders.")
        let session = LanguageModelSession(
            model: example.model, tools: [RemindersTool()],
            instructions: "You help the user with their reminders. Search them with the searchReminders tool.",
            policy: Example.policy)
        try await example.run(session) {
            try await session.respond(to: example.prompt, options: example.generationOptions).content
        }
    }
}
