import ArgumentParser
import Bridle
import BridleExampleTypes
import ExampleSupport

/// `swift run search-suggestions`: a typed answer streamed as it is written, read through
/// `SearchSuggestions.PartiallyGenerated`. A line is printed each time a search term is
/// finished, rather than one per token, to keep the output short.
@main
struct SearchSuggestionsExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search-suggestions", abstract: "Stream a typed value (four search terms) as the model writes it.")

    @OptionGroup var options: ExampleOptions

    func run() async throws {
        let example = try Example(options, prompt: "Suggest four searches about sunsets.")
        let session = LanguageModelSession(model: example.model, instructions: "You suggest short web searches.")
        try await example.run(session, describe: Self.describe) {
            let stream = session.streamResponse(
                to: example.prompt, generating: SearchSuggestions.self, options: example.generationOptions)
            var finished = 0
            for try await snapshot in stream {
                if snapshot.isComplete {
                    print("complete: \(snapshot.rawContent.jsonString)")
                    return try SearchSuggestions(snapshot.rawContent)
                }
                // `content` is the typed partial value; a term is finished once the next begins.
                let terms = snapshot.content?.searchTerms ?? []
                while finished < terms.count - 1 {
                    print("streamed term \(finished + 1): \(Example.quoted(terms[finished].searchTerm ?? ""))")
                    finished += 1
                }
            }
            // A stream ends with its complete snapshot or throws, unless it was cancelled.
            throw CancellationError()
        }
    }

    private static func describe(_ suggestions: SearchSuggestions) -> String {
        suggestions.searchTerms.map { Example.quoted($0.searchTerm) }.joined(separator: ", ")
    }
}
