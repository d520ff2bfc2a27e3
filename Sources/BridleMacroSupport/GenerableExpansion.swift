import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// What `@Generable` adds to a struct or enum: a `Generable` conformance and a
/// `generationSchema` that lists the type's coded properties (or cases) with their guides;
/// for structs, a `PartiallyGenerated` type for streaming; for enums without raw values,
/// `Codable` members that use the case name as a string.
///
/// ```swift
/// @Generable struct Arguments {
///     @Guide(description: "How many", .range(1...10)) let count: Int?
/// }
/// // struct Arguments {
/// //     let count: Int?
/// //     nonisolated static var generationSchema: Bridle.GenerationSchema {
/// //         Bridle.GenerationSchema(type: Self.self, properties: [
/// //             Bridle.GenerationSchema.Property(name: "count", description: "How many", type: Int?.self, guides: [.range(1...10)])
/// //         ])
/// //     }
/// // }
/// // extension Arguments: Bridle.Generable {}
/// ```
public enum GenerableExpansion {
    /// The members: `generationSchema`, and `Codable` members for enums that Swift would
    /// not code as strings. They go inside the type so that the type's siblings (nested
    /// types of the enclosing type) resolve as they do in the user's own code.
    public static func members(
        of attribute: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        in context: some MacroExpansionContext
    ) -> [DeclSyntax] {
        let result: (members: [String], diagnostics: [Diagnostic])
        if let structure = declaration.as(StructDeclSyntax.self) {
            result = StructSchemaWriter(structure, attribute: attribute).members()
        } else if let enumeration = declaration.as(EnumDeclSyntax.self) {
            result = EnumSchemaWriter(enumeration, attribute: attribute).members()
        } else {
            let kind = declaration.is(ClassDeclSyntax.self) ? "a class"
                : declaration.is(ActorDeclSyntax.self) ? "an actor"
                : declaration.is(ProtocolDeclSyntax.self) ? "a protocol"
                : declaration.is(ExtensionDeclSyntax.self) ? "an extension" : "this declaration"
            context.diagnose(Diagnostic(node: attribute, message: GenerableDiagnostic.unsupportedDeclaration(kind: kind)))
            return []
        }
        result.diagnostics.forEach(context.diagnose)
        guard result.diagnostics.isEmpty else { return [] }
        return result.members.map { DeclSyntax(stringLiteral: $0) }
    }

    /// The conformance: `extension Type: Bridle.Generable {}`, unless the type already
    /// declares it or cannot be generable (the member expansion says why).
    public static func extensions(
        attachedTo declaration: some DeclGroupSyntax,
        extending type: some TypeSyntaxProtocol,
        addingConformance: Bool
    ) -> [ExtensionDeclSyntax] {
        guard addingConformance, declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) else { return [] }
        let source: DeclSyntax = "extension \(type.trimmed): Bridle.Generable {}"
        return source.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
    }

    /// The modifier the generated members need to satisfy `Generable` as visibly as the type.
    static func accessPrefix(of modifiers: DeclModifierListSyntax) -> String {
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }

    /// `description: …` from `@Generable(description:)`, else the doc comment.
    static func typeDescription(_ attribute: AttributeSyntax, trivia: Trivia) -> String? {
        let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) ?? []
        if let argument = arguments.first(where: { $0.label?.text == "description" }) {
            return argument.expression.trimmedDescription
        }
        return DocComment.text(of: trivia).map(SwiftLiteral.string)
    }

    /// Whether the type already declares a member named `name` (user code wins).
    static func declares(_ name: String, in members: MemberBlockItemListSyntax) -> Bool {
        members.contains { item in
            if let variable = item.decl.as(VariableDeclSyntax.self) {
                return variable.bindings.contains { $0.pattern.trimmedDescription == name }
            }
            if let initializer = item.decl.as(InitializerDeclSyntax.self) {
                return name == "init(from:)" && initializer.signature.parameterClause.parameters.first?.firstName.text == "from"
            }
            if let nested = item.decl.as(StructDeclSyntax.self) { return nested.name.text == name }
            if let alias = item.decl.as(TypeAliasDeclSyntax.self) { return alias.name.text == name }
            if let function = item.decl.as(FunctionDeclSyntax.self) {
                return name == "encode(to:)" && function.name.text == "encode"
                    && function.signature.parameterClause.parameters.first?.firstName.text == "to"
            }
            return false
        }
    }

    /// `Bridle.GenerationSchema.Property(…)` for one coded value.
    static func propertyExpression(
        key: String, description: String?, type: TypeSyntax, guides: [GuideExpression]
    ) -> String {
        var arguments = ["name: \(SwiftLiteral.string(key))"]
        if let description { arguments.append("description: \(description)") }
        arguments.append("type: \(type.trimmedDescription).self")
        if !guides.isEmpty {
            arguments.append("guides: [\(guides.map(\.expression.trimmedDescription).joined(separator: ", "))]")
        }
        return "Bridle.GenerationSchema.Property(\(arguments.joined(separator: ", ")))"
    }

    /// The `generationSchema` member around a schema expression.
    static func schemaMember(access: String, expression: String) -> String {
        """
        \(access)nonisolated static var generationSchema: Bridle.GenerationSchema {
            \(expression)
        }
        """
    }

    /// A list literal, one element per line, indented for the generated member.
    static func list(_ elements: [String], indent: String) -> String {
        guard !elements.isEmpty else { return "[]" }
        return "[\n" + elements.map { "\(indent)    \($0)" }.joined(separator: ",\n") + "\n\(indent)]"
    }
}
