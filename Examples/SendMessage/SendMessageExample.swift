import ArgumentParser
import Bridle
import BridleExampleTypes
import ExampleSupport

/// `swift run send-message`: a tool with a side effect. The send time must lie in the next 7
/// days: the session writes that into the grammar from the request's "now" and checks it again;
/// then it asks an approver before the tool runs. A denied call never runs, and the model is
/// told why.
@main
struct SendMessageExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send-message",
        abstract: "A session whose side-effecting tool runs only once approved.",
        discussion: "Asks on the terminal before sending; when standard input is not a terminal, --approve or --deny decides (default: deny).")

    @OptionGroup var options: ExampleOptions

    @Flag(help: "Decide without asking, even on a terminal.")
    var decision: ConsoleApprover.Decision?

    func run() async throws {
        let example = try Example(options, prompt: "Tell Ada I'll be ten minutes late.")
        let outbox = SendMessageTool.Outbox()
        var policy = Example.policy
        let approver = ConsoleApprover(decision: decision)
        policy.approver = { request in await approver.decide(request) }
        let session = LanguageModelSession(
            model: example.model, tools: [SendMessageTool(outbox: outbox)],
            instructions: "You send messages for the user with the sendMessage tool.",
            policy: policy)
        try await example.run(session) {
            try await session.respond(to: example.prompt, options: example.generationOptions).content
        }
        print(outbox.messages.isEmpty ? "outbox: empty" : "outbox:")
        for message in outbox.messages {
            print("  to \(message.recipient)\(message.sendAt.map { " at \($0.formatted(.iso8601))" } ?? ""): \(Example.quoted(message.body))")
        }
    }
}
