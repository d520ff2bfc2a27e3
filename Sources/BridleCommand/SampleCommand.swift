import ArgumentParser
import Bridle

/// `bridle sample --grammar FILE --seed N --count K`: K sentences, one per line.
struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Print random sentences of a GBNF grammar, reproducibly from a seed.",
        discussion: "Sentences that are JSON are printed compactly on one line."
    )

    @Option(help: "A GBNF file.")
    var grammar: String

    @Option(help: "The seed: the same seed always gives the same sentences.")
    var seed: UInt64 = 0

    @Option(help: "How many sentences.")
    var count: Int = 1

    func run() throws {
        let grammar = try SchemaLoading.grammar(gbnfFile: self.grammar)
        let generator: SentenceGenerator
        do {
            generator = try SentenceGenerator(grammar)
        } catch {
            Diagnostics.error("\(self.grammar): \(error)")
            throw ExitCode(2)
        }
        for sentence in generator.samples(seed: seed, count: count) {
            if let content = try? GeneratedContent(json: sentence) {
                print(content.jsonString)
            } else {
                print(sentence.replacingOccurrences(of: "\n", with: "\\n"))
            }
        }
    }
}
