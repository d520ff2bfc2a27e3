import BridleMacroSupport
import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plug-in: it only lists the macros, whose logic lives in BridleMacroSupport.
@main
struct BridleMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [GenerableMacro.self, GuideMacro.self]
}
