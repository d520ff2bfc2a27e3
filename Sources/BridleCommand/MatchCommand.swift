import ArgumentParser
import Bridle
import Foundation

/// `bridle match --grammar FILE | --json-schema FILE [--input FILE] [--work-budget N]`: exit 0
/// when the whole input is a sentence (and, under a JSON Schema, passes the checks the grammar
/// leaves to after generation), 1 when it is not (saying at which byte it failed, or which rule
/// it breaks), 2 when the grammar or schema is invalid, 3 when the matcher gave up (the input
/// costs more than its work budget).
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Check whether an input is a sentence of a GBNF grammar, or an answer a JSON Schema's grammar and checks accept."
    )

    @Option(help: "A GBNF file.")
    var grammar: String?

    @Option(name: .customLong("json-schema"), help: "A JSON Schema file: the input must be a sentence of its grammar and pass the checks the grammar leaves to after generation (uniqueItems, overlapping oneOf), as every answer must.")
    var jsonSchema: String?

    @Option(help: "With --json-schema, the whitespace its grammar allows: \(JSONLayout.allCases.map(\.rawValue).joined(separator: ", ")) (default spaced).")
    var layout: JSONLayout = GrammarOptions().layout

    @Option(help: "The input file (default: standard input). One trailing line break is not part of the input.")
    var input: String = "-"

    @Option(help: "The most work (Earley items) matching may cost before giving up.")
    var workBudget: Int = GrammarMatcher.defaultWorkBudget

    func validate() throws {
        if (grammar == nil) == (jsonSchema == nil) {
            throw ValidationError("Give --grammar (a GBNF file) or --json-schema (a JSON Schema file), not both.")
        }
    }

    func run() throws {
        let constraint: OutputConstraint
        let source: String
        if let jsonSchema {
            let (schema, compiled) = try SchemaLoading.compileWithSchema(jsonSchemaFile: jsonSchema, layout: layout)
            constraint = OutputConstraint(compiled: compiled, schema: schema)
            source = jsonSchema
        } else {
            source = grammar ?? "-"
            do {
                constraint = try OutputConstraint(grammar: try SchemaLoading.grammar(gbnfFile: source))
            } catch let error as OutputConstraintError {
                Diagnostics.error("\(source): \(error)")
                throw ExitCode(2)
            }
        }
        // Text files end with a line break by convention; it is not part of the sentence.
        var text = try InputFile.read(input)
        // ("\r\n" is one Character in Swift.)
        if let last = text.last, last == "\n" || last == "\r\n" { text.removeLast() }
        let bytes = Array(text.utf8)
        var matcher: GrammarMatcher
        do {
            matcher = try GrammarMatcher(constraint.grammar, workBudget: workBudget)
        } catch {
            Diagnostics.error("\(source): \(error)")
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
        // The grammar admits it; under a schema, the rules only a check can make come next.
        let issues = try constraint.violations(ofAnswer: text)
        if !issues.isEmpty {
            for issue in issues { print("no match: \(issue)") }
            throw ExitCode(1)
        }
        print("match")
    }
}
