import SwiftSyntax

/// The `PartiallyGenerated` member of a struct: each coded property optional and partial
/// itself, read leniently, so a snapshot of a value being streamed shows what is there. A
/// `Date` shows only once its date-time is whole (a prefix such as `2026-11-22` would read as
/// midnight).
///
/// ```swift
/// @Generable struct Arguments { let status: String; let count: Int? }
/// // nonisolated struct PartiallyGenerated: Bridle.ConvertibleFromGeneratedContent {
/// //     var status: String.PartiallyGenerated?
/// //     var count: Int?.PartiallyGenerated?
/// //     init(_ content: Bridle.GeneratedContent) throws {
/// //         _ = try content.properties()
/// //         status = try? content.value(String.PartiallyGenerated.self, forProperty: "status")
/// //         count = try? content.value(Int?.PartiallyGenerated.self, forProperty: "count")
/// //     }
/// // }
/// ```
struct PartiallyGeneratedWriter {
    struct Property {
        /// As written in the source, backticks included.
        let name: String
        /// The JSON key.
        let key: String
        let type: TypeSyntax
    }

    let access: String
    let properties: [Property]

    func member() -> String {
        var lines = ["\(access)nonisolated struct PartiallyGenerated: Bridle.ConvertibleFromGeneratedContent {"]
        for property in properties {
            lines.append("    \(access)var \(property.name): \(property.type.trimmedDescription).PartiallyGenerated?")
        }
        lines.append("")
        lines.append("    \(access)init(_ content: Bridle.GeneratedContent) throws {")
        lines.append("        _ = try content.properties()")
        for property in properties {
            let key = SwiftLiteral.string(property.key)
            let value = TypeShape(property.type).unwrapped == .date
                ? "Bridle.PartialValues.completeDate(in: content, forProperty: \(key))"
                : "try? content.value(\(property.type.trimmedDescription).PartiallyGenerated.self, forProperty: \(key))"
            lines.append("        self.\(property.name) = \(value)")
        }
        lines.append("    }")
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
