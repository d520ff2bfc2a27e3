import SwiftDiagnostics
import SwiftSyntax

/// `generationSchema` for a struct: its coded stored properties, in declaration order; and
/// its `PartiallyGenerated` type for streaming.
struct StructSchemaWriter {
    let declaration: StructDeclSyntax
    let attribute: AttributeSyntax

    init(_ declaration: StructDeclSyntax, attribute: AttributeSyntax) {
        self.declaration = declaration
        self.attribute = attribute
    }

    func members() -> (members: [String], diagnostics: [Diagnostic]) {
        let members = declaration.memberBlock.members
        guard !GenerableExpansion.declares("generationSchema", in: members) else { return ([], []) }
        var diagnostics: [Diagnostic] = []
        let codingKeys = CodingKeysTable(named: "CodingKeys", in: members)
        var properties: [String] = []
        var partialProperties: [PartiallyGeneratedWriter.Property] = []
        let stored = StoredProperty.all(in: members, diagnostics: &diagnostics).compactMap { property -> (StoredProperty, String)? in
            guard let codingKeys else { return (property, property.name) }
            return codingKeys.key(for: property.name).map { (property, $0) }
        }
        let siblings = stored.map { (name: $0.0.name, shape: TypeShape($0.0.type), spelling: $0.0.type.trimmedDescription) }
        let keys = Dictionary(stored.map { ($0.0.name, $0.1) }, uniquingKeysWith: { first, _ in first })
        for (property, key) in stored {
            let guideAttributes = property.guides
            var guides: [GuideExpression] = []
            var description = DocComment.text(of: property.trivia).map(SwiftLiteral.string)
            for guide in guideAttributes {
                if let given = guide.description { description = given.trimmedDescription }
                guides += guide.guides
            }
            var checker = GuideChecker(target: property.name, siblings: siblings)
            checker.check(guides, against: TypeShape(property.type), typeSpelling: property.type.trimmedDescription)
            diagnostics += checker.diagnostics
            // A relation names a Swift property; the schema compares JSON keys.
            guides = guides.map { guide in
                guard let relation = GuideChecker.relatedProperty(of: guide.expression), let related = relation.name,
                    let relatedKey = keys[related], relatedKey != related
                else { return guide }
                let label = relation.guide == "differs" ? "from: " : ""
                return GuideExpression(expression: ".\(raw: relation.guide)(\(raw: label)\(raw: SwiftLiteral.string(relatedKey)))", source: guide.source)
            }
            properties.append(GenerableExpansion.propertyExpression(
                key: key, description: description, type: property.type, guides: guides))
            partialProperties.append(PartiallyGeneratedWriter.Property(name: property.spelling, key: key, type: property.type))
        }
        let access = GenerableExpansion.accessPrefix(of: declaration.modifiers)
        var arguments = ["type: Self.self"]
        if let description = GenerableExpansion.typeDescription(attribute, trivia: declaration.leadingTrivia) {
            arguments.append("description: \(description)")
        }
        arguments.append("properties: \(GenerableExpansion.list(properties, indent: "        "))")
        let expression = "Bridle.GenerationSchema(\n        \(arguments.joined(separator: ",\n        "))\n    )"
        var generated = [GenerableExpansion.schemaMember(access: access, expression: expression)]
        if !GenerableExpansion.declares("PartiallyGenerated", in: members) {
            generated.append(PartiallyGeneratedWriter(access: access, properties: partialProperties).member())
        }
        return (generated, diagnostics)
    }
}

/// A stored property that synthesized `Codable` encodes.
struct StoredProperty {
    let name: String
    /// The name as written, backticks included (`` `default` ``).
    let spelling: String
    let type: TypeSyntax
    let guides: [GuideAttribute]
    let trivia: Trivia

    /// The coded stored properties among `members`: not static, not computed, not lazy,
    /// not a `let` with an initial value (which `Decodable` cannot set), not a `GenerationID`.
    static func all(in members: MemberBlockItemListSyntax, diagnostics: inout [Diagnostic]) -> [StoredProperty] {
        var result: [StoredProperty] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            let modifiers = Set(variable.modifiers.map(\.name.text))
            let guides = GuideAttribute.all(in: variable.attributes)
            if !modifiers.isDisjoint(with: ["static", "class", "lazy"]) { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            // `var a, b: Int` gives both the type written after the last name.
            var pendingType: TypeSyntax?
            var bindings: [(PatternBindingSyntax, TypeSyntax?)] = []
            for binding in variable.bindings.reversed() {
                if let annotation = binding.typeAnnotation { pendingType = annotation.type }
                bindings.insert((binding, binding.typeAnnotation?.type ?? (binding.initializer == nil ? pendingType : nil)), at: 0)
            }
            for (binding, type) in bindings {
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let name = identifier.identifier.text.trimmingBackticks
                if let accessors = binding.accessorBlock, isComputed(accessors) {
                    if let guide = guides.first {
                        diagnostics.append(Diagnostic(node: guide.node, message: GenerableDiagnostic.guideOnComputedProperty(property: name)))
                    }
                    continue
                }
                if isLet && binding.initializer != nil { continue }
                guard let type else {
                    diagnostics.append(Diagnostic(node: binding, message: GenerableDiagnostic.missingTypeAnnotation(property: name)))
                    continue
                }
                switch TypeShape(type).unwrapped {
                case .generationID: continue
                case .unsupported(let spelling):
                    diagnostics.append(Diagnostic(
                        node: type, message: GenerableDiagnostic.unsupportedPropertyType(property: name, type: spelling)))
                    continue
                default: break
                }
                result.append(StoredProperty(
                    name: name, spelling: identifier.identifier.text, type: type, guides: guides, trivia: variable.leadingTrivia))
            }
        }
        return result
    }

    /// Accessors other than observers (`willSet`/`didSet`) make a property computed.
    private static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let list):
            return list.contains { !["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
    }
}
