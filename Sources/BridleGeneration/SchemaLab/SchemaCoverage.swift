import BridleSchema

/// Which branches of a schema answers took: each `anyOf`/`oneOf` alternative, optional
/// property and enumeration value (a string's choices included; a `const`, with one value, is
/// no branch), by its place in the
/// schema's JSON Schema form. A branch no answer took is the part of the schema that a model, a
/// prompt or a seed range never exercises.
///
/// An alternative is taken by an answer that matches it first (in the order written). A
/// definition's branches are listed once, under `#/$defs/Name`, however many places use it.
struct SchemaCoverage {
    private let schema: GenerationSchema
    private(set) var branches: [CoverageBranch] = []
    private var indexOf: [String: Int] = [:]

    /// An enumeration's values are branches only up to this many: past it, every value is not
    /// a branch worth listing.
    static let enumValuesListed = 100

    init(_ schema: GenerationSchema) {
        self.schema = schema
        declare(schema.root, at: "#")
        for name in schema.definitions.keys.sorted() {
            if let node = schema.definitions[name] { declare(node, at: "#/$defs/" + JSONPaths.escape(name)) }
        }
    }

    /// Counts the branches `answer` takes, each once.
    mutating func record(_ answer: GeneratedContent) {
        var taken: Set<Int> = []
        walk(answer, schema.root, at: "#", into: &taken, depth: 0)
        for index in taken { branches[index].answers += 1 }
    }

    private static func key(_ path: String, _ kind: CoverageBranch.Kind, _ label: String) -> String {
        "\(kind.rawValue)\u{0}\(path)\u{0}\(label)"
    }

    private mutating func add(_ path: String, _ kind: CoverageBranch.Kind, _ label: String) {
        let key = Self.key(path, kind, label)
        guard indexOf[key] == nil else { return }
        indexOf[key] = branches.count
        branches.append(CoverageBranch(schemaPath: path, kind: kind, label: label, answers: 0))
    }

    private mutating func declare(_ node: SchemaNode, at path: String) {
        switch node.kind {
        case .any, .null, .boolean, .integer, .number, .reference: break
        case .string(let constraints):
            // A string enumeration is kept as the string's choices.
            guard let choices = constraints.choices, choices.count > 1, choices.count <= Self.enumValuesListed else { return }
            for choice in choices { add(path, .enumValue, GeneratedContent(choice).jsonString) }
        case .enumeration(let values):
            guard values.count > 1, values.count <= Self.enumValuesListed else { return }
            for value in values { add(path, .enumValue, value.jsonString) }
        case .anyOf(let alternatives), .oneOf(let alternatives):
            let keyword = if case .anyOf = node.kind { "anyOf" } else { "oneOf" }
            for (index, alternative) in alternatives.enumerated() {
                let alternativePath = "\(path)/\(keyword)/\(index)"
                add(alternativePath, .alternative, String(index))
                declare(alternative, at: alternativePath)
            }
        case .array(let constraints):
            for (index, item) in constraints.prefixItems.enumerated() { declare(item, at: "\(path)/prefixItems/\(index)") }
            declare(constraints.items, at: path + "/items")
        case .object(let shape):
            for property in shape.properties {
                let propertyPath = path + "/properties/" + JSONPaths.escape(property.name)
                if property.isOptional { add(propertyPath, .optionalProperty, property.name) }
                declare(property.node, at: propertyPath)
            }
            if let additional = shape.additionalProperties { declare(additional, at: path + "/additionalProperties") }
        }
    }

    private func walk(_ value: GeneratedContent, _ node: SchemaNode, at path: String, into taken: inout Set<Int>, depth: Int) {
        guard depth < JSONPaths.depthLimit else { return }
        func take(_ path: String, _ kind: CoverageBranch.Kind, _ label: String) {
            if let index = indexOf[Self.key(path, kind, label)] { taken.insert(index) }
        }
        switch (node.kind, value.kind) {
        case (.reference(let name), _):
            guard let target = schema.definitions[name] else { return }
            walk(value, target, at: "#/$defs/" + JSONPaths.escape(name), into: &taken, depth: depth + 1)
        case (.string(let constraints), .string(let text)):
            if constraints.choices?.contains(text) == true { take(path, .enumValue, value.jsonString) }
        case (.enumeration(let values), _):
            if let match = values.first(where: { JSONEquality.equal($0, value) }) { take(path, .enumValue, match.jsonString) }
        case (.anyOf(let alternatives), _), (.oneOf(let alternatives), _):
            let keyword = if case .anyOf = node.kind { "anyOf" } else { "oneOf" }
            guard let index = alternatives.firstIndex(where: { schema.conforms(value, to: $0) }) else { return }
            let alternativePath = "\(path)/\(keyword)/\(index)"
            take(alternativePath, .alternative, String(index))
            walk(value, alternatives[index], at: alternativePath, into: &taken, depth: depth + 1)
        case (.array(let constraints), .array(let elements)):
            for (index, element) in elements.enumerated() {
                if index < constraints.prefixItems.count {
                    walk(element, constraints.prefixItems[index], at: "\(path)/prefixItems/\(index)", into: &taken, depth: depth + 1)
                } else {
                    walk(element, constraints.items, at: path + "/items", into: &taken, depth: depth + 1)
                }
            }
        case (.object(let shape), .structure(let properties, _)):
            for property in shape.properties {
                guard let member = properties[property.name] else { continue }
                let propertyPath = path + "/properties/" + JSONPaths.escape(property.name)
                if property.isOptional { take(propertyPath, .optionalProperty, property.name) }
                walk(member, property.node, at: propertyPath, into: &taken, depth: depth + 1)
            }
            if let additional = shape.additionalProperties {
                let declared = Set(shape.properties.map(\.name))
                for (name, member) in properties where !declared.contains(name) {
                    walk(member, additional, at: path + "/additionalProperties", into: &taken, depth: depth + 1)
                }
            }
        default:
            break
        }
    }
}
