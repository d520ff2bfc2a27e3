import BridleMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

let bridleMacros: [String: MacroSpec] = [
    "Generable": MacroSpec(type: GenerableMacro.self, conformances: ["Generable"]),
    "Guide": MacroSpec(type: GuideMacro.self),
]

/// `assertMacroExpansion` reporting through Swift Testing.
func expectExpansion(
    _ source: String,
    expands expected: String,
    diagnostics: [DiagnosticSpec] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source, expandedSource: expected, diagnostics: diagnostics, macroSpecs: bridleMacros, indentationWidth: .spaces(4)
    ) { failure in
        Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
    }
}
