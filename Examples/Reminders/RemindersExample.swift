import ArgumentParser
import Bridle
import BridleExampleTypes
import ExampleSupport

/// `swift run reminders`: a tool whose arguments use `.anyOf` (the status) and `.range` (the
/// count), and one whose due date must lie after the request (`.afterNow(within:)`); the
/// grammar admits only those values, so every call decodes and no reminder is set in the past.
@main
struct RemindersExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders", abstract: "A session with a tool that searches reminders (anyOf and range guides).")

    @OptionGroup var options: ExampleOptions

    func run() async throws {
        let example = try Example(options, prompt: "Show my three most recent incomplete reminders.")
        let session = LanguageModelSession(
            model: example.model, tools: [RemindersTool(), AddReminderTool()],
            instructions: "You help the user with their reminders. Search them with the searchReminders tool; add one with the addReminder tool.",
            policy: Example.policy)
        try await example.run(session) {
            try await session.respond(to: example.prompt, options: example.generationOptions).content
        }
    }
}
