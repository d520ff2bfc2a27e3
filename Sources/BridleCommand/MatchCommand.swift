import ArgumentParser
import Bridle
import Foundation

/// `bridle match --grammar FILE [--input FILE] [--work-budget N]`: exit 0 when the whole input
/// is a sentence, 1 when it is not (saying at which byte it failed), 2 when the grammar is
/// invalid, 3 when the matcher gave up (the input costs more than its work budget).
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Check whether an input is a sentence of a GBNF grammar."
    )

    @Option(help: "A GBNF file.")
    var grammar: String

    @Option(help: "The input file (default: standard input). One trailing line break is not part of the input.")
    var input: String = "-"

    @Option(help: "The most work (Earley items) matching may cost before giving up.")
    var workBudget: Int = GrammarMatcher.defaultWorkBudget

    func run() throws {
        let grammar = try SchemaLoading.grammar(gbnfFile: self.grammar)
        // Text files end with a line break by convention; it is not part of the sentence.
        var text = try InputFile.read(input)
        // ("\r\n" is one Character in Swift.)
        if let last = text.last, last == "\n" || last == "\r\n" { text.removeLast() }
        let bytes = Array(text.utf8)
        var matcher: GrammarMatcher
        do {
            matcher = try GrammarMatcher(grammar, workBudget: workBudget)
        } catch {
            Diagnostics.error("\(self.grammar): \(error)")
            throw ExitCode(2)
        }
        let rejectedAt = matcher.accept(bytes: bytes)
        if matcher.hasExceededWorkBudget {
            let error = GrammarMatcherError.workBudgetExceeded(budget: workBudget, byteOffset: rejectedAt ?? bytes.count)
            Diagnostics.error("\(input): \(error) (--work-budget)")
            throw ExitCode(3)
        }
        if let offset = rejectedAt {
            print("no match: byte \(offset) cannot continue a sentence")
            throw ExitCode(1)
        }
        guard matcher.isComplete else {
            print("no match: the input ends at byte \(bytes.count) before a sentence is complete")
            throw ExitCode(1)
        }
        print("match")
    }
}
