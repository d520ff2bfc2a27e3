import ArgumentParser
import Bridle
import Foundation

/// `bridle grammar --json-schema FILE`: the GBNF grammar for a JSON Schema.
struct GrammarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grammar",
        abstract: "Print the GBNF grammar for a JSON Schema.",
        discussion: "Exits 1 with a message naming the JSON pointer when the schema uses something Bridle cannot enforce."
    )

    @Option(name: .customLong("json-schema"), help: "A JSON Schema file, or - for standard input.")
    var jsonSchema: String

    @Flag(help: "Also print the grammar's maximum length (in characters) to standard error.")
    var showMaximumLength = false

    @Option(help: "Whitespace the grammar allows: \(JSONLayout.allCases.map(\.rawValue).joined(separator: ", ")) (default spaced: one space after : and ,; compact: none).")
    var layout: JSONLayout = GrammarOptions().layout

    @Flag(help: "Refuse a schema the grammar admits more than (overlapping oneOf, uniqueItems), instead of warning.")
    var strict = false

    func run() throws {
        let compiled = try SchemaLoading.compile(jsonSchemaFile: jsonSchema, layout: layout)
        if strict, !compiled.postChecks.isEmpty {
            for check in compiled.postChecks { Diagnostics.error("\(jsonSchema): \(check.warning)") }
            throw ValidationFailure("\(jsonSchema): --strict: the grammar cannot enforce \(compiled.postChecks.map(\.keywordPointer).joined(separator: ", ")); leave out --strict to check those after generation")
        }
        for check in compiled.postChecks { Diagnostics.warning("\(jsonSchema): \(check.warning)") }
        print(compiled.gbnf, terminator: "")
        if showMaximumLength { Diagnostics.note("maximum length: \(compiled.maximumLength) characters") }
    }
}

enum SchemaLoading {
    /// The compiled grammar of a JSON Schema file, or a failure that names the JSON pointer.
    static func compile(jsonSchemaFile path: String, layout: JSONLayout) throws -> CompiledGrammar {
        try compileWithSchema(jsonSchemaFile: path, layout: layout).compiled
    }

    /// The schema of a JSON Schema file and its compiled grammar.
    static func compileWithSchema(jsonSchemaFile path: String, layout: JSONLayout) throws -> (schema: GenerationSchema, compiled: CompiledGrammar) {
        let text = try InputFile.read(path)
        do {
            let schema = try GenerationSchema(jsonSchema: text)
            for note in schema.importNotes { Diagnostics.note("\(path): note: \(note)") }
            let compiled = try schema.grammar(options: GrammarOptions(layout: layout))
            for use in compiled.describedFormats { Diagnostics.note("\(path): note: \(use.note)") }
            return (schema, compiled)
        } catch let error as any SchemaIssuesError {
            throw ValidationFailure("\(path): \(error)")
        }
    }

    /// A grammar read from a GBNF file; exit status 2 when it does not parse or lint.
    static func grammar(gbnfFile path: String) throws -> Grammar {
        let text = try InputFile.read(path)
        let grammar: Grammar
        do {
            grammar = try Grammar(gbnf: text)
        } catch {
            Diagnostics.error("\(path): \(error)")
            throw ExitCode(2)
        }
        let errors = grammar.lint().filter { $0.severity == .error }
        if !errors.isEmpty {
            for finding in errors { Diagnostics.note("\(path): \(finding)") }
            throw ExitCode(2)
        }
        return grammar
    }
}

extension JSONLayout: ExpressibleByArgument {}

/// Messages for people go to standard error, so standard output stays machine-readable.
enum Diagnostics {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }

    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }
}
