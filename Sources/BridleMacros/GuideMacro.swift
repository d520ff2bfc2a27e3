import BridleMacroSupport
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Guide`: adds nothing itself (`@Generable` reads it); it only checks its placement.
public struct GuideMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        GuidePlacement.check(node, on: declaration).forEach(context.diagnose)
        return []
    }
}
