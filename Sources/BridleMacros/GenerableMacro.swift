import BridleMacroSupport
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Generable`: the `Generable` conformance and its members. The logic is
/// `GenerableExpansion` in BridleMacroSupport.
public struct GenerableMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        GenerableExpansion.members(of: node, providingMembersOf: declaration, in: context)
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        GenerableExpansion.extensions(attachedTo: declaration, extending: type, addingConformance: !protocols.isEmpty)
    }
}
