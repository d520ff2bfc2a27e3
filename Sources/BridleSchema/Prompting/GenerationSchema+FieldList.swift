import Foundation

extension GenerationSchema {
    /// The schema as a list of fields, the way a small model reads it best: one line a
    /// field with its name, type, whether it is required, what its guides allow, and its
    /// description. Nested objects indent their fields; a property's description comes from
    /// its `@Guide` (or the JSON Schema `description`).
    ///
    /// What a session shows a model when `includeSchemaInPrompt` is true (Apple's
    /// FoundationModels shows a schema too, in a form it doesn't document); the accuracy
    /// benchmark compares it with showing the JSON Schema itself.
    ///
    /// ```swift
    /// Reminders.Arguments.generationSchema.fieldList
    /// // A JSON object with these fields:
    /// // - "status" (required): one of "all", "completed", "incomplete". Filter by status
    /// // - "count" (optional): an integer from 1 to 10. How many
    /// ```
    public var fieldList: String {
        FieldListWriter(schema: self).describe(root)
    }
}

/// Writes ``GenerationSchema/fieldList``: a summary of each node in words, and the fields of
/// objects as an indented list.
private struct FieldListWriter {
    let schema: GenerationSchema
    private static let nestingLimit = 4

    init(schema: GenerationSchema) {
        self.schema = schema
    }

    func describe(_ node: SchemaNode) -> String {
        let node = resolved(node)
        if case .object(let shape) = node.kind, !shape.properties.isEmpty {
            return (["A JSON object with these fields:"] + fields(of: shape, depth: 0)).joined(separator: "\n")
        }
        return "A JSON value: \(summary(of: node, depth: 0))."
    }

    private func fields(of shape: ObjectShape, depth: Int) -> [String] {
        let indent = String(repeating: "  ", count: depth)
        var lines: [String] = []
        for property in shape.properties {
            let node = resolved(property.node)
            var line = "\(indent)- \(GeneratedContent(property.name).jsonString) (\(property.isOptional ? "optional" : "required")): \(summary(of: node, depth: depth))"
            for relation in shape.relations where relation.property == property.name {
                line += ", \(relation.comparison.phrase) \(GeneratedContent(relation.other).jsonString)"
            }
            if let description = property.node.description ?? node.description, !description.isEmpty {
                line += ". \(description)"
            }
            lines.append(line)
            if depth < Self.nestingLimit, let nested = nestedShape(of: node) {
                lines += fields(of: nested, depth: depth + 1)
            }
        }
        return lines
    }

    /// The object whose fields are listed under a property: its own, or its elements'.
    private func nestedShape(of node: SchemaNode) -> ObjectShape? {
        switch node.kind {
        case .object(let shape) where !shape.properties.isEmpty: shape
        case .array(let constraints):
            if case .object(let shape) = resolved(constraints.items).kind, !shape.properties.isEmpty { shape } else { nil }
        default: nil
        }
    }

    private func summary(of node: SchemaNode, depth: Int) -> String {
        let node = resolved(node)
        switch node.kind {
        case .any: return "any JSON value"
        case .null: return "null"
        case .boolean: return "true or false"
        case .string(let constraints): return Self.string(constraints)
        case .integer(let constraints):
            return "an integer" + Self.range(constraints.minimum.map { "\($0)" }, constraints.maximum.map { "\($0)" })
                + (constraints.multipleOf.map { $0 > 1 ? ", a multiple of \($0)" : "" } ?? "")
        case .number(let constraints):
            return "a number" + Self.range(constraints.minimum.map { "\($0)" }, constraints.maximum.map { "\($0)" })
        case .enumeration(let values):
            return values.count == 1 ? "always \(values[0].jsonString)" : "one of " + values.map(\.jsonString).joined(separator: ", ")
        case .array(let constraints):
            let count: String = switch (constraints.minimumCount, constraints.maximumCount) {
            case (0, nil): ""
            case (let minimum, let maximum?) where minimum == maximum: "exactly \(minimum) "
            case (0, let maximum?): "at most \(maximum) "
            case (let minimum, nil): "at least \(minimum) "
            case (let minimum, let maximum?): "\(minimum) to \(maximum) "
            }
            let items = resolved(constraints.items)
            if case .object(let shape) = items.kind, !shape.properties.isEmpty {
                return "a list of \(count)\(constraints.uniqueItems ? "different " : "")objects with these fields"
            }
            return "a list of \(count)\(plural(summary(of: items, depth: depth + 1)))" + (constraints.uniqueItems ? ", all different" : "")
        case .object(let shape):
            if !shape.properties.isEmpty { return "an object with these fields" }
            if let additional = shape.additionalProperties { return "an object whose values are \(plural(summary(of: additional, depth: depth + 1)))" }
            return "an empty object"
        case .anyOf(let alternatives), .oneOf(let alternatives):
            guard depth < Self.nestingLimit else { return "a value" }
            return "either " + alternatives.map { summary(of: $0, depth: depth + 1) }.joined(separator: ", or ")
        case .reference(let name):
            return name
        }
    }

    private static func string(_ constraints: StringConstraints) -> String {
        if let choices = constraints.choices {
            return choices.count == 1 ? "always \(GeneratedContent(choices[0]).jsonString)"
                : "one of " + choices.map { GeneratedContent($0).jsonString }.joined(separator: ", ")
        }
        if let format = constraints.format {
            let text = switch format {
            case .date: "a date, YYYY-MM-DD"
            case .dateTime: "a date and time, ISO 8601 (YYYY-MM-DDThh:mm:ssZ)"
            case .time: "a time, hh:mm:ssZ"
            default: "a string (\(format.rawValue))"
            }
            return text + (constraints.relativeDateBounds.map { ", \($0.summary)" } ?? "")
        }
        var text = "a string"
        switch (constraints.minimumLength, constraints.maximumLength) {
        case (nil, nil), (0?, nil): break
        case (let minimum?, nil): text += " of at least \(minimum) characters"
        case (nil, let maximum?), (0?, let maximum?): text += " of at most \(maximum) characters"
        case (let minimum?, let maximum?): text += " of \(minimum) to \(maximum) characters"
        }
        if let pattern = constraints.pattern { text += " matching /\(pattern)/" }
        return text
    }

    private static func range(_ minimum: String?, _ maximum: String?) -> String {
        switch (minimum, maximum) {
        case (let minimum?, let maximum?): " from \(minimum) to \(maximum)"
        case (let minimum?, nil): " of at least \(minimum)"
        case (nil, let maximum?): " of at most \(maximum)"
        case (nil, nil): ""
        }
    }

    /// "a string" → "strings", "an integer from 1 to 3" → "integers from 1 to 3".
    private func plural(_ summary: String) -> String {
        for (singular, plural) in [("a string", "strings"), ("an integer", "integers"), ("a number", "numbers"), ("a date", "dates"), ("a list", "lists"), ("an object", "objects")]
        where summary.hasPrefix(singular) {
            return plural + summary.dropFirst(singular.count)
        }
        return summary
    }

    private func resolved(_ node: SchemaNode) -> SchemaNode {
        var node = node
        var seen: Set<String> = []
        while case .reference(let name) = node.kind, seen.insert(name).inserted, let target = schema.definitions[name] {
            node = SchemaNode(target.kind, title: target.title, description: node.description ?? target.description)
        }
        return node
    }
}
