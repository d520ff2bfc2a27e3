import ArgumentParser
import Bridle
import BridleExampleTypes
import ExampleSupport

/// `swift run films`: a rule no grammar can state (`fromYear` not after `toYear`) checked
/// before dispatch. A call that breaks it is refused and shown back to the model with the
/// reason; the audit trail lists each refusal and then the call that passed.
@main
struct FilmsExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "films", abstract: "A session whose tool arguments are checked across fields before the tool runs.")

    @OptionGroup var options: ExampleOptions

    @Option(help: "Tries the model gets to write a valid call.")
    var attempts = 4

    func run() async throws {
        let example = try Example(options, prompt: "Find me dramas from the fifties.")
        var policy = Example.policy
        // One lookup, then the answer: a second round would only repeat the demonstration.
        policy.maximumToolRounds = 1
        policy.maximumArgumentAttempts = attempts
        let session = LanguageModelSession(
            model: example.model, tools: [FilmsTool()],
            instructions: "You recommend films. Look them up with the findFilms tool.",
            policy: policy)
        try await example.run(session) {
            try await session.respond(to: example.prompt, options: example.generationOptions).content
        }
    }
}
