import ArgumentParser
import Bridle

/// `bridle lint FILE`: problems in a GBNF grammar; exit 1 if any is an error.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a GBNF grammar: undefined or unreachable rules, left recursion, empty repetitions, rules that never finish."
    )

    @Argument(help: "A GBNF file, or - for standard input.")
    var file: String

    func run() throws {
        let text = try InputFile.read(file)
        let grammar: Grammar
        do {
            grammar = try Grammar(gbnf: text)
        } catch {
            Diagnostics.error("\(file): \(error)")
            throw ExitCode(1)
        }
        let findings = grammar.lint()
        for finding in findings { print("\(file): \(finding)") }
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}
