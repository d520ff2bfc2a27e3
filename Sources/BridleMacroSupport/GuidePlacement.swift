import SwiftDiagnostics
import SwiftSyntax

/// Where `@Guide` may appear: on stored properties and enum cases. Anywhere else it
/// would be silently ignored, so it is an error instead.
public enum GuidePlacement {
    public static func check(_ attribute: AttributeSyntax, on declaration: some DeclSyntaxProtocol) -> [Diagnostic] {
        if declaration.is(EnumCaseDeclSyntax.self) { return [] }
        if let variable = declaration.as(VariableDeclSyntax.self) {
            let isStatic = variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
            if !isStatic { return [] }
        }
        return [Diagnostic(node: attribute, message: GenerableDiagnostic.guideMisplaced)]
    }
}
