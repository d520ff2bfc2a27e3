import ArgumentParser
import Bridle
import Foundation

/// `bridle schema FILE`: reads a JSON Schema, reports what Bridle cannot enforce (by JSON
/// pointer), and prints the schema as Bridle understands it.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Check a JSON Schema and print it as Bridle will enforce it.",
        discussion: "Exits 1, naming the JSON pointer, when the schema uses a keyword Bridle cannot enforce."
    )

    @Argument(help: "A JSON Schema file, or - for standard input.")
    var file: String

    @Flag(help: "Print on one line instead of indented.")
    var compact = false

    func run() throws {
        let text = try InputFile.read(file)
        do {
            let schema = try GenerationSchema(jsonSchema: text)
            try schema.validate()
            print(schema.jsonSchemaString(prettyPrinted: !compact))
        } catch let error as any SchemaIssuesError {
            throw ValidationFailure("\(file): \(error)")
        }
    }
}

/// A failure whose message is the whole story: printed as is, exit status 1.
struct ValidationFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

enum InputFile {
    /// The text of `path`, or of standard input for `-`.
    static func read(_ path: String) throws -> String {
        if path == "-" {
            return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationFailure("\(path): no such file, or it cannot be read")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
