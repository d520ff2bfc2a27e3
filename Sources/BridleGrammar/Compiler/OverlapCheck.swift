import BridleSchema

/// Decides, conservatively, whether two schemas can match the same value: `oneOf` is only
/// compiled when its alternatives are provably disjoint, since a grammar (a union) cannot
/// rule out a value that matches two of them.
///
/// Schemas from strangers can be recursive (`D: anyOf [D, null]`) or share definitions in
/// diamonds, so nothing here recurses through references: the JSON types a definition can
/// take come from a fixpoint over the definitions involved, and the structural comparison of
/// objects stops at ``maximumDepth`` and after ``workBudget`` steps, answering "not proven
/// disjoint" (the caller then refuses the `oneOf`, with a typed error).
struct OverlapCheck {
    let schema: GenerationSchema

    /// How deep the comparison follows object properties into each other.
    static let maximumDepth = 16
    /// Steps (node comparisons and properties looked at) for one `oneOf`.
    static let workBudget = 200_000

    /// The first pair of alternatives not proven disjoint, as indices.
    func firstOverlap(in alternatives: [SchemaNode]) -> (Int, Int)? {
        var search = Search(schema: schema, roots: alternatives)
        for first in alternatives.indices {
            for second in alternatives.indices where second > first {
                if !search.disjoint(alternatives[first], alternatives[second], depth: 0) { return (first, second) }
            }
        }
        return nil
    }

    /// Whether the two nodes provably have no value in common.
    func disjoint(_ first: SchemaNode, _ second: SchemaNode) -> Bool {
        var search = Search(schema: schema, roots: [first, second])
        return search.disjoint(first, second, depth: 0)
    }

    enum JSONKind: Hashable, CaseIterable { case null, boolean, string, number, array, object }

    private struct Search {
        let schema: GenerationSchema
        /// The JSON types each definition reachable through `anyOf`/`oneOf`/`$ref` can take.
        var definitionKinds: [String: Set<JSONKind>] = [:]
        var work = 0

        init(schema: GenerationSchema, roots: [SchemaNode]) {
            self.schema = schema
            definitionKinds = Self.kindsOfDefinitions(reachableFrom: roots, in: schema)
        }

        mutating func disjoint(_ first: SchemaNode, _ second: SchemaNode, depth: Int) -> Bool {
            work += 1
            guard work <= OverlapCheck.workBudget, depth <= OverlapCheck.maximumDepth else { return false }
            let a = schema.resolved(first)
            let b = schema.resolved(second)
            if kinds(of: a).isDisjoint(with: kinds(of: b)) { return true }
            if let valuesA = Self.values(of: a), let valuesB = Self.values(of: b) {
                work += valuesA.count + valuesB.count
                return Set(valuesA).isDisjoint(with: valuesB)
            }
            switch (a.kind, b.kind) {
            case (.integer(let x), .integer(let y)):
                if let maximum = x.maximum, let minimum = y.minimum, maximum < minimum { return true }
                if let maximum = y.maximum, let minimum = x.minimum, maximum < minimum { return true }
                return false
            case (.object(let x), .object(let y)):
                return objectsDisjoint(x, y, depth: depth) || objectsDisjoint(y, x, depth: depth)
            default:
                return false
            }
        }

        /// A required property of `x` that `y` can't match (different constants), or that a
        /// closed `y` doesn't allow.
        private mutating func objectsDisjoint(_ x: ObjectShape, _ y: ObjectShape, depth: Int) -> Bool {
            var others: [String: SchemaProperty] = [:]
            for property in y.properties where others[property.name] == nil { others[property.name] = property }
            work += y.properties.count
            for property in x.properties where !property.isOptional {
                work += 1
                guard work <= OverlapCheck.workBudget else { return false }
                guard let other = others[property.name] else {
                    if y.additionalProperties == nil { return true }
                    continue
                }
                if !other.isOptional, disjoint(property.node, other.node, depth: depth + 1) { return true }
            }
            return false
        }

        /// The JSON types `node` can take; a reference reads the definitions' fixpoint.
        private func kinds(of node: SchemaNode) -> Set<JSONKind> {
            Self.kinds(of: node, definitions: definitionKinds)
        }

        private static func kinds(of node: SchemaNode, definitions: [String: Set<JSONKind>]) -> Set<JSONKind> {
            switch node.kind {
            case .any: return Set(JSONKind.allCases)
            case .null: return [.null]
            case .boolean: return [.boolean]
            case .string: return [.string]
            case .integer, .number: return [.number]
            case .array: return [.array]
            case .object: return [.object]
            case .enumeration(let values):
                var kinds: Set<JSONKind> = []
                for value in values {
                    kinds.insert(kind(of: value))
                    if kinds.count == JSONKind.allCases.count { break }
                }
                return kinds
            case .anyOf(let alternatives), .oneOf(let alternatives):
                return alternatives.reduce(into: Set<JSONKind>()) { $0.formUnion(kinds(of: $1, definitions: definitions)) }
            case .reference(let name):
                return definitions[name] ?? []
            }
        }

        private static func kind(of value: GeneratedContent) -> JSONKind {
            switch value.kind {
            case .null: .null
            case .bool: .boolean
            case .string: .string
            case .number: .number
            case .array: .array
            case .structure: .object
            }
        }

        /// The least fixpoint of "a definition takes the kinds its body takes", over the
        /// definitions reachable from `roots` through `anyOf`, `oneOf` and `$ref`: a cycle
        /// (`D: anyOf [D, null]`) adds nothing a finite value could have, so `D` is `null`.
        private static func kindsOfDefinitions(reachableFrom roots: [SchemaNode], in schema: GenerationSchema) -> [String: Set<JSONKind>] {
            var names: [String] = []
            var seen: Set<String> = []
            var pending = roots
            while let node = pending.popLast() {
                switch node.kind {
                case .anyOf(let alternatives), .oneOf(let alternatives):
                    pending.append(contentsOf: alternatives)
                case .reference(let name):
                    if seen.insert(name).inserted, let definition = schema.definitions[name] {
                        names.append(name)
                        pending.append(definition)
                    }
                default:
                    break
                }
            }
            var kinds: [String: Set<JSONKind>] = [:]
            // An undefined reference may be anything (the compiler reports it).
            for name in seen where schema.definitions[name] == nil { kinds[name] = Set(JSONKind.allCases) }
            var changed = true
            // Each pass that changes something adds a kind to some definition: at most six
            // per definition.
            while changed {
                changed = false
                for name in names {
                    guard let definition = schema.definitions[name] else { continue }
                    let found = Self.kinds(of: definition, definitions: kinds)
                    if found != kinds[name] ?? [] {
                        kinds[name] = found
                        changed = true
                    }
                }
            }
            return kinds
        }

        /// The finite set of values a node allows, when it is one.
        private static func values(of node: SchemaNode) -> [GeneratedContent]? {
            switch node.kind {
            case .null: return [.null]
            case .enumeration(let values): return values
            case .string(let constraints): return constraints.choices?.map { GeneratedContent($0) }
            default: return nil
            }
        }
    }
}
