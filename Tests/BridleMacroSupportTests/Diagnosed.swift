import BridleMacros
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros

/// The diagnostics of expanding Bridle's macros in `source`, with their positions.
struct Diagnosed {
    struct Message: CustomStringConvertible {
        let message: String
        let line: Int
        let column: Int
        var description: String { "\(line):\(column): \(message)" }
    }

    let messages: [Message]
    /// The source after expansion.
    let expanded: String

    init(source: String) {
        let file = Parser.parse(source: source)
        let context = BasicMacroExpansionContext(sourceFiles: [file: .init(moduleName: "Test", fullFilePath: "test.swift")])
        expanded = file.expand(macroSpecs: bridleMacros, contextGenerator: { _ in context }, indentationWidth: .spaces(4)).description
        let converter = SourceLocationConverter(fileName: "test.swift", tree: file)
        messages = context.diagnostics.map { diagnostic in
            let location = diagnostic.location(converter: converter)
            return Message(message: diagnostic.message, line: location.line, column: location.column)
        }
    }
}
