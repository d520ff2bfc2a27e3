import BridleSchema

/// Decides, conservatively, whether two schemas can match the same value: `oneOf` is only
/// compiled when its alternatives are provably disjoint, since a grammar (a union) cannot
/// rule out a value that matches two of them.
struct OverlapCheck {
    let schema: GenerationSchema

    /// The first pair of alternatives not proven disjoint, as indices.
    func firstOverlap(in alternatives: [SchemaNode]) -> (Int, Int)? {
        for first in alternatives.indices {
            for second in alternatives.indices where second > first {
                if !disjoint(alternatives[first], alternatives[second]) { return (first, second) }
            }
        }
        return nil
    }

    private enum JSONKind: Hashable { case null, boolean, string, number, array, object }

    func disjoint(_ first: SchemaNode, _ second: SchemaNode) -> Bool {
        let a = schema.resolved(first)
        let b = schema.resolved(second)
        if kinds(of: a).isDisjoint(with: kinds(of: b)) { return true }
        if let valuesA = values(of: a), let valuesB = values(of: b) { return Set(valuesA).isDisjoint(with: valuesB) }
        switch (a.kind, b.kind) {
        case (.integer(let x), .integer(let y)):
            if let maximum = x.maximum, let minimum = y.minimum, maximum < minimum { return true }
            if let maximum = y.maximum, let minimum = x.minimum, maximum < minimum { return true }
            return false
        case (.object(let x), .object(let y)):
            return objectsDisjoint(x, y) || objectsDisjoint(y, x)
        default:
            return false
        }
    }

    /// A required property of `x` that `y` can't match (different constants), or that a
    /// closed `y` doesn't allow.
    private func objectsDisjoint(_ x: ObjectShape, _ y: ObjectShape) -> Bool {
        for property in x.properties where !property.isOptional {
            guard let other = y.properties.first(where: { $0.name == property.name }) else {
                if y.additionalProperties == nil { return true }
                continue
            }
            if !other.isOptional, disjoint(property.node, other.node) { return true }
        }
        return false
    }

    private func kinds(of node: SchemaNode) -> Set<JSONKind> {
        switch node.kind {
        case .any: return [.null, .boolean, .string, .number, .array, .object]
        case .null: return [.null]
        case .boolean: return [.boolean]
        case .string: return [.string]
        case .integer, .number: return [.number]
        case .array: return [.array]
        case .object: return [.object]
        case .enumeration(let values):
            return Set(values.map { value -> JSONKind in
                switch value.kind {
                case .null: return .null
                case .bool: return .boolean
                case .string: return .string
                case .number: return .number
                case .array: return .array
                case .structure: return .object
                }
            })
        case .anyOf(let alternatives), .oneOf(let alternatives):
            return alternatives.reduce(into: Set<JSONKind>()) { $0.formUnion(kinds(of: schema.resolved($1))) }
        case .reference:
            return [.null, .boolean, .string, .number, .array, .object]
        }
    }

    /// The finite set of values a node allows, when it is one.
    private func values(of node: SchemaNode) -> [GeneratedContent]? {
        switch node.kind {
        case .null: return [.null]
        case .enumeration(let values): return values
        case .string(let constraints): return constraints.choices?.map { GeneratedContent($0) }
        default: return nil
        }
    }
}
