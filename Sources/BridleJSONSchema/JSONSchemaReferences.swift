import BridleSchema
import Foundation

/// Resolves the references of one JSON Schema document: JSON pointers (`#/$defs/Name`,
/// `#/definitions/Name`, any `#/…`) and plain-name anchors (`#name`, declared by `$anchor`
/// or by the older `$id`/`id` fragment spelling `"#name"`).
///
/// Only references inside the document are resolved; the reader and the evaluator share
/// this so that they agree on what a reference means.
struct JSONSchemaReferences {
    let document: GeneratedContent
    /// Anchor name → pointer of the schema declaring it; built on first use.
    private var anchors: [String: String]?

    init(document: GeneratedContent) {
        self.document = document
    }

    /// The pointer (`#/…`) and schema that `target` names, or an error naming `pointer`.
    mutating func resolve(_ reference: GeneratedContent, at pointer: String) throws -> (pointer: String, schema: GeneratedContent) {
        guard case .string(let target) = reference.kind, target.hasPrefix("#") else {
            throw JSONSchemaImportError(
                pointer: pointer, keyword: "$ref",
                message: "only references inside the document (#/…) are supported; inline the external schema \(reference.jsonString)")
        }
        let path = target.dropFirst()
        if !path.isEmpty && !path.hasPrefix("/") {
            let name = String(path).removingPercentEncoding ?? String(path)
            guard let anchored = anchorIndex()[name], let schema = Self.walk(document, anchored) else {
                throw JSONSchemaImportError(
                    pointer: pointer, keyword: "$ref", message: "no schema in this document declares the anchor \"\(name)\" (\(target))")
            }
            return (anchored, schema)
        }
        guard let schema = Self.walk(document, target) else {
            throw JSONSchemaImportError(pointer: pointer, keyword: "$ref", message: "\(target) points to nothing in this document")
        }
        return (target, schema)
    }

    /// The reference tokens of a `#/…` pointer, unescaped.
    static func tokens(_ pointer: String) -> [String] {
        pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            JSONPointer.unescape(String($0)).removingPercentEncoding ?? String($0)
        }
    }

    private static func walk(_ document: GeneratedContent, _ pointer: String) -> GeneratedContent? {
        var current = document
        for token in tokens(pointer) {
            if let child = current[property: token] {
                current = child
            } else if case .array(let items) = current.kind, let index = Int(token), items.indices.contains(index) {
                current = items[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// Every anchor in the document, found with an explicit stack (no recursion on input).
    private mutating func anchorIndex() -> [String: String] {
        if let anchors { return anchors }
        var found: [String: String] = [:]
        var stack: [(GeneratedContent, String)] = [(document, "#")]
        while let (content, pointer) = stack.popLast() {
            switch content.kind {
            case .structure:
                let members = content.orderedProperties ?? []
                for key in ["$anchor", "$dynamicAnchor"] {
                    if case .string(let name)? = content[property: key]?.kind, found[name] == nil { found[name] = pointer }
                }
                for key in ["$id", "id"] {
                    if case .string(let id)? = content[property: key]?.kind, id.hasPrefix("#"), id.count > 1, found[String(id.dropFirst())] == nil {
                        found[String(id.dropFirst())] = pointer
                    }
                }
                for member in members.reversed() {
                    stack.append((member.value, "\(pointer)/\(JSONPointer.escape(member.name))"))
                }
            case .array(let items):
                for (index, item) in items.enumerated().reversed() { stack.append((item, "\(pointer)/\(index)")) }
            default:
                break
            }
        }
        anchors = found
        return found
    }
}
