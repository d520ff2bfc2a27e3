import SwiftSyntax

/// A `CodingKeys`-style enum declared in the type: Swift name → JSON key, in order.
/// Synthesized `Codable` uses it, so the schema must too.
struct CodingKeysTable {
    let keys: [(name: String, key: String)]

    /// The nested enum `name` in `members`, if declared.
    init?(named name: String, in members: MemberBlockItemListSyntax) {
        guard let declaration = members.lazy.compactMap({ $0.decl.as(EnumDeclSyntax.self) }).first(where: { $0.name.text == name })
        else { return nil }
        var keys: [(String, String)] = []
        for member in declaration.memberBlock.members {
            guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in cases.elements {
                let caseName = element.name.text.trimmingBackticks
                keys.append((caseName, element.rawValue?.value.stringLiteralValue ?? caseName))
            }
        }
        self.keys = keys
    }

    /// The JSON key for the Swift name; nil when the name is not coded at all.
    func key(for name: String) -> String? {
        keys.first { $0.name == name }?.key
    }
}

extension String {
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
    }
}
