import SwiftDiagnostics
import SwiftSyntax

/// `generationSchema` (and, where Swift would not code the enum as a string, `Codable`
/// members) for an enum:
/// - cases without values and no raw type: one of the case names, coded as that string;
/// - `String` raw values: one of the raw values (Swift codes them so already);
/// - integer raw values: one of the raw numbers;
/// - any case with associated values: Swift's synthesized shape, `{"case":{"label":…}}`.
struct EnumSchemaWriter {
    let declaration: EnumDeclSyntax
    let attribute: AttributeSyntax

    init(_ declaration: EnumDeclSyntax, attribute: AttributeSyntax) {
        self.declaration = declaration
        self.attribute = attribute
    }

    private struct Case {
        let name: String
        let element: EnumCaseElementSyntax
        let declaration: EnumCaseDeclSyntax
        let guides: [GuideAttribute]
        var description: String?
    }

    private enum RawType { case string, integer }

    func members() -> (members: [String], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let members = declaration.memberBlock.members
        let cases = collectCases(members)
        let access = GenerableExpansion.accessPrefix(of: declaration.modifiers)
        var arguments = ["type: Self.self"]
        if let description = GenerableExpansion.typeDescription(attribute, trivia: declaration.leadingTrivia) {
            arguments.append("description: \(description)")
        }
        let rawType: RawType?
        switch rawTypeOf(declaration) {
        case .supported(let type): rawType = type
        case .unsupported(let diagnostic): return ([], [diagnostic])
        }
        let hasValues = cases.contains { $0.element.parameterClause != nil }
        var generated: [String] = []
        if hasValues {
            arguments.append("cases: \(GenerableExpansion.list(payloadCases(cases, members: members, diagnostics: &diagnostics), indent: "        "))")
        } else {
            for enumCase in cases where enumCase.guides.contains(where: { !$0.guides.isEmpty }) {
                if let guide = enumCase.guides.first {
                    diagnostics.append(Diagnostic(node: guide.node, message: GenerableDiagnostic.caseGuideNeedsOneValue(caseName: enumCase.name, count: 0)))
                }
            }
            switch rawType {
            case .integer:
                arguments.append("values: [\(integerRawValues(cases).joined(separator: ", "))]")
            case .string, nil:
                let choices = rawType == .string ? cases.map { $0.element.rawValue?.value.stringLiteralValue ?? $0.name } : cases.map(\.name)
                arguments.append("anyOf: [\(choices.map(SwiftLiteral.string).joined(separator: ", "))]")
                let described = zip(choices, cases).compactMap { choice, enumCase in
                    enumCase.description.map { "\(SwiftLiteral.string(choice)): \($0)" }
                }
                if !described.isEmpty { arguments.append("choiceDescriptions: [\(described.joined(separator: ", "))]") }
                if rawType == nil && !GenerableExpansion.declares("init(from:)", in: members)
                    && !GenerableExpansion.declares("encode(to:)", in: members)
                {
                    generated = stringCodingMembers(cases.map(\.name), access: access)
                }
            }
        }
        guard diagnostics.isEmpty else { return ([], diagnostics) }
        var result: [String] = []
        if !GenerableExpansion.declares("generationSchema", in: members) {
            let expression = "Bridle.GenerationSchema(\n        \(arguments.joined(separator: ",\n        "))\n    )"
            result.append(GenerableExpansion.schemaMember(access: access, expression: expression))
        }
        return (result + generated, diagnostics)
    }

    private func collectCases(_ members: MemberBlockItemListSyntax) -> [Case] {
        var cases: [Case] = []
        for member in members {
            guard let caseDeclaration = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            let guides = GuideAttribute.all(in: caseDeclaration.attributes)
            let documented = DocComment.text(of: caseDeclaration.leadingTrivia).map(SwiftLiteral.string)
            let described = guides.first { $0.associatedValue == nil && $0.description != nil }?.description?.trimmedDescription
            for element in caseDeclaration.elements {
                cases.append(Case(
                    name: element.name.text.trimmingBackticks, element: element, declaration: caseDeclaration,
                    guides: guides, description: described ?? documented))
            }
        }
        return cases
    }

    private enum RawTypeReading {
        case supported(RawType?)
        case unsupported(Diagnostic)
    }

    private func rawTypeOf(_ declaration: EnumDeclSyntax) -> RawTypeReading {
        guard let first = declaration.inheritanceClause?.inheritedTypes.first?.type else { return .supported(nil) }
        switch TypeShape(first) {
        case .string: return .supported(.string)
        case .integer: return .supported(.integer)
        case .floatingPoint, .decimal, .bool:
            return .unsupported(Diagnostic(node: first, message: GenerableDiagnostic.unsupportedRawType(type: first.trimmedDescription)))
        case .named(let name) where name == "Character":
            return .unsupported(Diagnostic(node: first, message: GenerableDiagnostic.unsupportedRawType(type: name)))
        default:
            return .supported(nil)
        }
    }

    /// Raw values as Swift assigns them: explicit ones, else one more than the previous.
    private func integerRawValues(_ cases: [Case]) -> [String] {
        var next = 0
        var explicit: String?
        return cases.map { enumCase in
            if let value = enumCase.element.rawValue?.value {
                explicit = value.trimmedDescription
                next = Int(value.trimmedDescription.replacingOccurrences(of: "_", with: "")).map { $0 + 1 } ?? next
                return explicit ?? ""
            }
            defer { next += 1 }
            return "\(next)"
        }
    }

    private func payloadCases(_ cases: [Case], members: MemberBlockItemListSyntax, diagnostics: inout [Diagnostic]) -> [String] {
        let caseKeys = CodingKeysTable(named: "CodingKeys", in: members)
        return cases.compactMap { enumCase -> String? in
            let key: String
            if let caseKeys {
                guard let coded = caseKeys.key(for: enumCase.name) else { return nil }
                key = coded
            } else {
                key = enumCase.name
            }
            let parameters = Array(enumCase.element.parameterClause?.parameters ?? [])
            let valueKeys = CodingKeysTable(named: enumCase.name.prefix(1).uppercased() + enumCase.name.dropFirst() + "CodingKeys", in: members)
            var values: [String] = []
            var unclaimed = enumCase.guides.filter { $0.associatedValue != nil }.map { ($0, false) }
            for (index, parameter) in parameters.enumerated() {
                let label = (parameter.firstName?.text).map(\.trimmingBackticks).flatMap { $0 == "_" ? nil : $0 } ?? "_\(index)"
                let valueKey = valueKeys?.key(for: label) ?? label
                var guides: [GuideExpression] = []
                var description: String?
                for (position, (guide, _)) in unclaimed.enumerated() where guide.associatedValue == label {
                    guides += guide.guides
                    description = guide.description?.trimmedDescription ?? description
                    unclaimed[position].1 = true
                }
                if parameters.count == 1 {
                    for guide in enumCase.guides where guide.associatedValue == nil { guides += guide.guides }
                }
                var checker = GuideChecker(target: "\(enumCase.name).\(label)")
                checker.check(guides, against: TypeShape(parameter.type), typeSpelling: parameter.type.trimmedDescription)
                diagnostics += checker.diagnostics
                values.append(GenerableExpansion.propertyExpression(
                    key: valueKey, description: description, type: parameter.type, guides: guides))
            }
            for (guide, claimed) in unclaimed where !claimed {
                diagnostics.append(Diagnostic(
                    node: guide.node,
                    message: GenerableDiagnostic.unknownAssociatedValue(caseName: enumCase.name, label: guide.associatedValue ?? "")))
            }
            if parameters.count != 1, let guide = enumCase.guides.first(where: { $0.associatedValue == nil && !$0.guides.isEmpty }) {
                diagnostics.append(Diagnostic(
                    node: guide.node, message: GenerableDiagnostic.caseGuideNeedsOneValue(caseName: enumCase.name, count: parameters.count)))
            }
            var arguments = ["name: \(SwiftLiteral.string(key))"]
            if let description = enumCase.description { arguments.append("description: \(description)") }
            if !values.isEmpty { arguments.append("associatedValues: [\(values.joined(separator: ", "))]") }
            return "Bridle.GenerationSchema.EnumCase(\(arguments.joined(separator: ", ")))"
        }
    }

    /// `Codable` as the case name, the shape the schema describes.
    private func stringCodingMembers(_ names: [String], access: String) -> [String] {
        let typeName = declaration.name.text
        // Case names are identifiers, so they need no escaping inside the literal.
        let failure = "is not a case of \(typeName); expected one of: \(names.joined(separator: ", "))"
        let decodeCases = names.map { "case \(SwiftLiteral.string($0)): self = .\($0.escapedIfKeyword)" }
        let encodeCases = names.map { "case .\($0.escapedIfKeyword): try container.encode(\(SwiftLiteral.string($0)))" }
        let decoder = """
            \(access)init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                let name = try container.decode(String.self)
                switch name {
                \(decodeCases.joined(separator: "\n    "))
                default:
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "\\"\\(name)\\" \(failure)")
                }
            }
            """
        let encoder = """
            \(access)func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                \(encodeCases.joined(separator: "\n    "))
                }
            }
            """
        return [decoder, encoder]
    }
}

extension String {
    /// Case names that are keywords need backticks after a dot only for a few words.
    var escapedIfKeyword: String {
        ["init", "self", "Type", "Protocol", "default"].contains(self) ? "`\(self)`" : self
    }
}
