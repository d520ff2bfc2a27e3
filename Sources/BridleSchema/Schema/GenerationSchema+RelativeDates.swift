import Foundation

extension GenerationSchema {
    /// Whether some date in the schema is bounded relative to the moment of a request.
    public var hasRelativeDates: Bool {
        let relative: (SchemaNode) -> Bool = { node in
            if case .string(let string) = node.kind { return string.relativeDateBounds != nil }
            return false
        }
        return root.contains(where: relative) || definitions.values.contains { $0.contains(where: relative) }
    }

    /// The schema at the moment `now`: every date bounded relative to now gets fixed bounds
    /// (``RelativeDateBounds/resolved(at:)``, intersected with its own), so a grammar can be
    /// made from it. Unchanged when there are none.
    ///
    /// ```swift
    /// Reminder.generationSchema.resolvingRelativeDates(at: now)   // `due` after `now`
    /// ```
    public func resolvingRelativeDates(at now: Date) -> GenerationSchema {
        guard hasRelativeDates else { return self }
        func resolve(_ node: SchemaNode) -> SchemaNode {
            guard case .string(var string) = node.kind, let relative = string.relativeDateBounds else { return node }
            let fixed = relative.resolved(at: now)
            string.dateBounds = string.dateBounds.map { $0.intersection(fixed) } ?? fixed
            string.relativeDateBounds = nil
            var resolved = node
            resolved.kind = .string(string)
            return resolved
        }
        var copy = self
        copy.root = root.mapped(resolve)
        copy.definitions = definitions.mapValues { $0.mapped(resolve) }
        return copy
    }
}

extension SchemaNode {
    /// Whether `predicate` holds for some node of this node's tree.
    func contains(where predicate: (SchemaNode) -> Bool) -> Bool {
        if predicate(self) { return true }
        switch kind {
        case .any, .null, .boolean, .string, .integer, .number, .enumeration, .reference:
            return false
        case .array(let array):
            return array.prefixItems.contains { $0.contains(where: predicate) } || array.items.contains(where: predicate)
                || (array.contains?.contains(where: predicate) ?? false)
        case .object(let shape):
            return shape.properties.contains { $0.node.contains(where: predicate) }
                || (shape.additionalProperties?.contains(where: predicate) ?? false)
                || shape.patternProperties.contains { $0.node.contains(where: predicate) }
                || (shape.propertyNames?.contains(where: predicate) ?? false)
                || shape.dependentSchemas.values.contains { $0.contains(where: predicate) }
        case .anyOf(let alternatives), .oneOf(let alternatives):
            return alternatives.contains { $0.contains(where: predicate) }
        }
    }

    /// This node with `transform` applied to every node of its tree, children first.
    func mapped(_ transform: (SchemaNode) -> SchemaNode) -> SchemaNode {
        var node = self
        switch kind {
        case .any, .null, .boolean, .string, .integer, .number, .enumeration, .reference:
            break
        case .array(var array):
            array.prefixItems = array.prefixItems.map { $0.mapped(transform) }
            array.items = array.items.mapped(transform)
            array.contains = array.contains?.mapped(transform)
            node.kind = .array(array)
        case .object(var shape):
            shape.properties = shape.properties.map { property in
                var property = property
                property.node = property.node.mapped(transform)
                return property
            }
            shape.additionalProperties = shape.additionalProperties?.mapped(transform)
            shape.patternProperties = shape.patternProperties.map { entry in
                var entry = entry
                entry.node = entry.node.mapped(transform)
                return entry
            }
            shape.propertyNames = shape.propertyNames?.mapped(transform)
            shape.dependentSchemas = shape.dependentSchemas.mapValues { $0.mapped(transform) }
            node.kind = .object(shape)
        case .anyOf(let alternatives):
            node.kind = .anyOf(alternatives.map { $0.mapped(transform) })
        case .oneOf(let alternatives):
            node.kind = .oneOf(alternatives.map { $0.mapped(transform) })
        }
        return transform(node)
    }
}
