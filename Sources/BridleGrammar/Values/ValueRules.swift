import BridleSchema

/// The rules of a schema that depend on values already written, which no context-free grammar
/// can state: elements that must differ from the earlier ones (`uniqueItems`,
/// `.uniqueElements()`), properties compared with earlier properties (relation guides) and
/// values that must differ from excluded ones (``SchemaNode/excludedValues``).
/// The mask engine enforces them while decoding; they are also declared as post-checks, so
/// servers (GBNF only) check them after generation.
///
/// The rules form a tree over JSON paths: from the root value, by property name (or any other
/// key of a dictionary) and array element, down to the containers that carry a rule. Parts of
/// the value below a choice of shapes (`anyOf`, `oneOf`, `any`) have no single path, so their
/// rules are left to the check after generation; so are the rules of a value whose grammar is
/// not JSON on its own. Text made of tool calls, each a JSON value framed by text, takes the
/// rules of each call's tool (``calls(_:framing:)``).
///
/// ```swift
/// let rules = ValueRules(schema)   // {"terms": array, uniqueItems}
/// rules.nodes[0].properties["terms"]   // 1
/// rules.nodes[1].uniqueElements        // true
/// ```
public struct ValueRules: Sendable, Hashable {
    /// One container on the way to a rule.
    public struct Node: Sendable, Hashable {
        /// No element of this array equals an earlier one.
        public var uniqueElements = false
        /// Comparisons between this object's properties.
        public var relations: [PropertyRelation] = []
        /// Values this node's value must not equal (``SchemaNode/excludedValues``).
        public var excludedValues: [ExcludedValue] = []
        /// The bounds of each compared property that is an integer (either end `nil` when
        /// open): integer comparisons are decided from them exactly, digit by digit.
        public var integerBounds: [String: IntegerBounds] = [:]
        /// The compared properties that may be left out.
        public var optionalProperties: Set<String> = []
        /// The node of each property's value that leads to a rule.
        public var properties: [String: Int] = [:]
        /// The node of the value of any other key (a dictionary's values).
        public var otherProperties: Int?
        /// The node of every element.
        public var items: Int?
        /// For a choice of object shapes (`anyOf`/`oneOf`, a session's tool calls): how its
        /// first property tells the shapes apart, and each shape's node. Empty otherwise.
        public var choices: [Choice] = []

        var hasOwnRules: Bool { uniqueElements || !relations.isEmpty || !excludedValues.isEmpty }
        var children: [Int] { Array(properties.values) + [otherProperties, items].compactMap { $0 } + choices.map(\.node) }
    }

    /// The integers a property admits: its schema's minimum and maximum.
    public struct IntegerBounds: Sendable, Hashable {
        public var minimum: Int128?
        public var maximum: Int128?
    }

    /// One shape of a choice: the object whose first key is `key` (and, when several shapes
    /// share it, whose value there is `value`, as canonical JSON).
    public struct Choice: Sendable, Hashable {
        public var key: String
        public var value: String?
        public var node: Int
    }

    /// A value excluded from a node's language: its canonical JSON (``JSONEquality``), to
    /// refuse it whatever its spelling, and its text as the grammar writes it (the schema's
    /// key order, no layout), to tell early that a value being written can't become it.
    public struct ExcludedValue: Sendable, Hashable {
        public var canonical: String
        public var text: [UInt8]
    }

    /// `nodes[0]` is the root value's (for ``calls``, each tool's root is in its roots);
    /// empty when the schema has no such rules.
    public let nodes: [Node]
    /// For text made of tool calls (``calls(_:framing:)``): how calls are framed, and each
    /// tool's root node. `nil` when the text is one JSON value.
    public let calls: Calls?

    public var isEmpty: Bool { nodes.isEmpty }

    /// No rules: a grammar given as such.
    public static let none = ValueRules(nodes: [])

    init(nodes: [Node], calls: Calls? = nil) {
        self.nodes = nodes
        self.calls = calls
    }

    /// The rules of `schema`.
    public init(_ schema: GenerationSchema) {
        var builder = Builder(schema: schema)
        let root = builder.node(for: schema.root)
        nodes = builder.pruned(root: root)
        calls = nil
    }

    private struct Builder {
        let schema: GenerationSchema
        var nodes: [Node] = []
        var definitionNodes: [String: Int] = [:]

        init(schema: GenerationSchema) {
            self.schema = schema
        }

        /// The index of a node for `schemaNode`, or nil where no path can be followed.
        mutating func node(for schemaNode: SchemaNode) -> Int? {
            if case .reference(let name) = schemaNode.kind, schemaNode.excludedValues.isEmpty {
                if let known = definitionNodes[name] { return known }
                guard let target = schema.definitions[name] else { return nil }
                let index = nodes.count
                nodes.append(Node())
                definitionNodes[name] = index
                fill(index, from: target)
                return index
            }
            let index = nodes.count
            nodes.append(Node())
            fill(index, from: schemaNode)
            return index
        }

        private mutating func fill(_ index: Int, from schemaNode: SchemaNode) {
            if !schemaNode.excludedValues.isEmpty { nodes[index].excludedValues = excluded(by: schemaNode) }
            switch schemaNode.kind {
            case .reference:
                // With exclusions of its own, a reference has a node apart: the definition's
                // rules, and these.
                var plain = schemaNode
                plain.excludedValues = []
                if let target = node(for: plain) {
                    let excluded = nodes[index].excludedValues
                    nodes[index] = nodes[target]
                    nodes[index].excludedValues += excluded
                }
            case .array(let array):
                nodes[index].uniqueElements = array.uniqueItems && array.contains == nil && array.prefixItems.isEmpty
                nodes[index].items = array.prefixItems.isEmpty ? node(for: array.items) : nil
            case .object(let shape):
                nodes[index].relations = shape.relations.filter { relation in
                    shape.properties.contains { $0.name == relation.property } && shape.properties.contains { $0.name == relation.other }
                }
                let compared = Set(nodes[index].relations.flatMap { [$0.property, $0.other] })
                for property in shape.properties {
                    if let child = node(for: property.node) { nodes[index].properties[property.name] = child }
                    guard compared.contains(property.name) else { continue }
                    if property.isOptional { nodes[index].optionalProperties.insert(property.name) }
                    if case .integer(let integer) = schema.resolved(property.node).kind {
                        nodes[index].integerBounds[property.name] = IntegerBounds(minimum: integer.minimum, maximum: integer.maximum)
                    }
                }
                if shape.patternProperties.isEmpty, let additional = shape.additionalProperties {
                    nodes[index].otherProperties = node(for: additional)
                }
            case .anyOf(let alternatives), .oneOf(let alternatives):
                nodes[index].choices = choices(among: alternatives)
            default:
                break
            }
        }

        /// The shapes of a choice among objects, told apart by their first property: its key
        /// when no other shape starts with it, else its single allowed value. Empty when some
        /// shape can't be told apart that way (then no rule below the choice has one path).
        private mutating func choices(among alternatives: [SchemaNode]) -> [Choice] {
            var firsts: [(key: String, value: String?)] = []
            for alternative in alternatives {
                guard case .object(let shape) = schema.resolved(alternative).kind, let first = shape.properties.first, !first.isOptional
                else { return [] }
                firsts.append((first.name, Self.singleValue(of: schema.resolved(first.node))))
            }
            // Counted once, not by a scan per alternative: a choice among 10,000 shapes.
            var sharingKey: [String: Int] = [:]
            var sharingValue: [String: [String?: Int]] = [:]
            for first in firsts {
                sharingKey[first.key, default: 0] += 1
                sharingValue[first.key, default: [:]][first.value, default: 0] += 1
            }
            var result: [Choice] = []
            for (alternative, first) in zip(alternatives, firsts) {
                let sharing = sharingKey[first.key] ?? 0
                let value: String? = sharing == 1 ? nil : first.value
                if sharing > 1 && (value == nil || (sharingValue[first.key]?[value] ?? 0) > 1) { return [] }
                guard let node = node(for: alternative) else { return [] }
                result.append(Choice(key: first.key, value: value, node: node))
            }
            return result
        }

        /// The values `schemaNode` excludes, each once, written as its grammar writes them.
        private func excluded(by schemaNode: SchemaNode) -> [ExcludedValue] {
            var plain = schemaNode
            plain.excludedValues = []
            let context = GenerationSchema(root: plain, definitions: schema.definitions)
            var seen: Set<String> = []
            return schemaNode.excludedValues.compactMap { value in
                let canonical = JSONEquality.canonicalText(value)
                guard seen.insert(canonical).inserted else { return nil }
                return ExcludedValue(canonical: canonical, text: Array(context.canonicalText(of: value, layout: .compact).utf8))
            }
        }

        /// The canonical JSON of the only value `node` allows, if it allows one.
        private static func singleValue(of node: SchemaNode) -> String? {
            switch node.kind {
            case .enumeration(let values) where values.count == 1: JSONEquality.canonicalText(values[0])
            case .string(let string) where string.choices?.count == 1: string.choices.map { JSONEquality.canonicalText(GeneratedContent($0[0])) }
            default: nil
            }
        }

        /// The nodes that lead to a rule, renumbered from the root; empty when none does.
        func pruned(root: Int?) -> [Node] {
            guard let root else { return [] }
            // A node leads to a rule if it has one or a child leads to one: spread from the
            // nodes with rules to their parents, each node once (a pass repeated until nothing
            // changes would cost one pass per level of a deep chain).
            var leads = nodes.map(\.hasOwnRules)
            var parents = Array(repeating: [Int](), count: nodes.count)
            for (index, node) in nodes.enumerated() {
                for child in node.children { parents[child].append(index) }
            }
            var pending = nodes.indices.filter { leads[$0] }
            while let next = pending.popLast() {
                for parent in parents[next] where !leads[parent] {
                    leads[parent] = true
                    pending.append(parent)
                }
            }
            guard leads[root] else { return [] }
            var order: [Int: Int] = [root: 0]
            var queue = [root]
            var position = 0
            while position < queue.count {
                let node = nodes[queue[position]]
                position += 1
                for child in node.children.sorted() where leads[child] && order[child] == nil {
                    order[child] = order.count
                    queue.append(child)
                }
            }
            return queue.map { old in
                var node = nodes[old]
                node.properties = node.properties.compactMapValues { order[$0] }
                node.otherProperties = node.otherProperties.flatMap { order[$0] }
                node.items = node.items.flatMap { order[$0] }
                // A shape without rules still needs its place in the choice: it maps to nothing.
                node.choices = node.choices.map { Choice(key: $0.key, value: $0.value, node: order[$0.node] ?? -1) }
                return node
            }
        }
    }
}
