import ArgumentParser
import Bridle
import BridleLlama
import Foundation

/// One example's run: the loaded model, the prompt and the options, and the report of what
/// the session did.
///
/// ```swift
/// let example = try Example(options, prompt: "Dramas from the fifties, please.")
/// let session = LanguageModelSession(model: example.model, tools: [FilmsTool()], policy: Example.policy)
/// try await example.run(session) { try await session.respond(to: example.prompt, options: example.generationOptions).content }
/// ```
public struct Example {
    public let model: LlamaLanguageModel
    public let prompt: String
    public let generationOptions: GenerationOptions

    /// Loads the model (the cached tiny one unless `--model` names another) and prints which.
    public init(_ options: ExampleOptions, prompt defaultPrompt: String) throws {
        let path: String
        do {
            path = try options.model ?? TinyModelCache.path(vocabularySize: options.vocab) { path in
                print("making a tiny random model (vocabulary \(options.vocab)) at \(path)")
            }
        } catch {
            Self.printError("could not write the tiny model: \(error)")
            throw ExitCode(2)
        }
        do {
            let configuration = LlamaConfiguration(promptTemplate: try PromptTemplate(options.template))
            model = try LlamaLanguageModel(contentsOf: URL(fileURLWithPath: path), configuration: configuration)
        } catch {
            Self.printError("could not load the model: \(error)")
            throw ExitCode(2)
        }
        prompt = options.prompt ?? defaultPrompt
        var grammar = GrammarOptions()
        grammar.maximumStringLength = options.maximumStringLength
        generationOptions = GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: options.seed), grammar: grammar)
        print("model: \(path) (vocabulary \(model.vocabularySize), context \(model.contextSize) tokens, prompt template: \(model.promptTemplateDescription))")
    }

    /// Few rounds, then an answer is forced: a random-weight model would otherwise call tools
    /// until the limit ends the request with an error.
    public static var policy: ToolPolicy {
        var policy = ToolPolicy()
        policy.maximumToolRounds = 2
        policy.answerAfterLastRound = true
        return policy
    }

    /// Prints the prompt, runs `request`, then prints the transcript, the audit trail and the
    /// answer.
    ///
    /// A ``LanguageModelSession/ToolCallError`` is an answer too (the model never wrote a valid call, and the
    /// session refused every try), so it is printed with its attempts and the run succeeds;
    /// any other error exits with status 1.
    public func run<Content>(
        _ session: LanguageModelSession, describe: (Content) -> String, _ request: () async throws -> Content
    ) async throws {
        print("tools: \(session.tools.isEmpty ? "none" : session.tools.map(\.name).joined(separator: ", "))"
            + (session.toolProviders.isEmpty ? "" : " (and those of \(session.toolProviders.count) tool provider(s))"))
        print("prompt: \(Self.quoted(prompt))")
        let started = Date()
        do {
            let answer = try await request()
            TranscriptReport.print(session.transcript)
            print("answer: \(describe(answer))")
        } catch let error as LanguageModelSession.ToolCallError {
            TranscriptReport.print(session.transcript)
            print("no answer: \(error)")
            for attempt in error.attempts { print("  \(attempt)") }
        } catch {
            TranscriptReport.print(session.transcript)
            Self.printError("\(error)")
            throw ExitCode.failure
        }
        print(String(format: "took %.2f s", Date().timeIntervalSince(started)))
    }

    /// Runs a request whose answer is text.
    public func run(_ session: LanguageModelSession, _ request: () async throws -> String) async throws {
        try await run(session, describe: Self.quoted, request)
    }

    /// `text` as a JSON string: quoted and escaped, but no more (unlike `debugDescription`, which
    /// escapes apostrophes too).
    public static func quoted(_ text: String) -> String {
        GeneratedContent(text).jsonString
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }
}
