import Foundation

extension GenerationSchema {
    /// The JSON Schema (draft 2020-12) dialect URI written into every exported document.
    public static let jsonSchemaDialect = "https://json-schema.org/draft/2020-12/schema"

    /// This schema as a JSON Schema document (draft 2020-12), keys in a fixed, readable
    /// order and properties in declaration order.
    ///
    /// Objects also carry `"x-order"`, the property order, so that a JSON decoder that
    /// does not keep key order (like Foundation's) still reads the order back.
    ///
    /// ```swift
    /// GenerationSchema(root: .integer(IntegerConstraints(of: UInt8.self))).jsonSchema
    /// // {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"integer","minimum":0,"maximum":255}
    /// ```
    public var jsonSchema: GeneratedContent {
        var members: [(String, GeneratedContent)] = [("$schema", GeneratedContent(Self.jsonSchemaDialect))]
        members += JSONSchemaWriter.members(of: root)
        if !definitions.isEmpty {
            let defs = definitions.keys.sorted().compactMap { name in
                definitions[name].map { (name, JSONSchemaWriter.document(of: $0)) }
            }
            members.append(("$defs", GeneratedContent(properties: defs)))
        }
        return GeneratedContent(properties: members)
    }

    /// ``jsonSchema`` as text: compact on one line, or indented.
    public func jsonSchemaString(prettyPrinted: Bool = false) -> String {
        jsonSchema.jsonString(prettyPrinted: prettyPrinted)
    }
}

/// Prints ``SchemaNode``s as JSON Schema.
package enum JSONSchemaWriter {
    package static func document(of node: SchemaNode) -> GeneratedContent {
        GeneratedContent(properties: members(of: node))
    }

    static func members(of node: SchemaNode) -> [(String, GeneratedContent)] {
        var head: [(String, GeneratedContent)] = []
        var body: [(String, GeneratedContent)] = []
        switch node.kind {
        case .any:
            break
        case .null:
            head.append(("type", "null"))
        case .boolean:
            head.append(("type", "boolean"))
        case .string(let string):
            head.append(("type", "string"))
            body = members(of: string)
        case .integer(let integer):
            head.append(("type", "integer"))
            if let minimum = integer.minimum { body.append(("minimum", number(minimum))) }
            if let maximum = integer.maximum { body.append(("maximum", number(maximum))) }
            if let step = integer.multipleOf { body.append(("multipleOf", number(step))) }
            if !integer.excludedMultiples.isEmpty {
                let steps = integer.excludedMultiples.map { GeneratedContent(properties: [("multipleOf", number($0))]) }
                body.append(("not", GeneratedContent(properties: [("anyOf", GeneratedContent(elements: steps))])))
            }
            if !integer.excludedValues.isEmpty {
                let values = integer.excludedValues.map { number($0) }
                body.append(("allOf", GeneratedContent(elements: [GeneratedContent(properties: [("not", GeneratedContent(properties: [("enum", GeneratedContent(elements: values))]))])])))
            }
        case .number(let constraints):
            head.append(("type", "number"))
            if let minimum = constraints.minimum.flatMap(JSONNumber.init) {
                body.append((constraints.minimumIsExclusive ? "exclusiveMinimum" : "minimum", GeneratedContent(minimum)))
            }
            if let maximum = constraints.maximum.flatMap(JSONNumber.init) {
                body.append((constraints.maximumIsExclusive ? "exclusiveMaximum" : "maximum", GeneratedContent(maximum)))
            }
            if let step = constraints.multipleOf.flatMap(JSONNumber.init) { body.append(("multipleOf", GeneratedContent(step))) }
        case .array(let array):
            head.append(("type", "array"))
            if !array.prefixItems.isEmpty {
                body.append(("prefixItems", GeneratedContent(elements: array.prefixItems.map(document(of:)))))
            }
            body.append(("items", document(of: array.items)))
            if array.minimumCount > 0 { body.append(("minItems", GeneratedContent(array.minimumCount))) }
            if let maximum = array.maximumCount { body.append(("maxItems", GeneratedContent(maximum))) }
            if array.uniqueItems { body.append(("uniqueItems", true)) }
            if let contains = array.contains {
                body.append(("contains", document(of: contains)))
                if array.minimumContains != 1 { body.append(("minContains", GeneratedContent(array.minimumContains))) }
                if let maximum = array.maximumContains { body.append(("maxContains", GeneratedContent(maximum))) }
            }
        case .object(let shape):
            head.append(("type", "object"))
            body = members(of: shape)
        case .enumeration(let values):
            body.append(values.count == 1 ? ("const", values[0]) : ("enum", GeneratedContent(elements: values)))
        case .anyOf(let alternatives):
            body.append(("anyOf", GeneratedContent(elements: alternatives.map(document(of:)))))
        case .oneOf(let alternatives):
            body.append(("oneOf", GeneratedContent(elements: alternatives.map(document(of:)))))
        case .reference(let name):
            head.append(("$ref", GeneratedContent("#/$defs/\(JSONPointer.escape(name))")))
        }
        if let title = node.title { head.append(("title", GeneratedContent(title))) }
        if let description = node.description { head.append(("description", GeneratedContent(description))) }
        if let defaultValue = node.defaultValue { head.append(("default", defaultValue)) }
        if !node.excludedValues.isEmpty { excluding(node.excludedValues, in: &body) }
        return head + body
    }

    /// `"not": {"enum": values}`; inside `allOf` when the node already says `not` (an
    /// integer's excluded multiples), so that neither hides the other.
    private static func excluding(_ values: [GeneratedContent], in body: inout [(String, GeneratedContent)]) {
        let negation = GeneratedContent(properties: [("enum", GeneratedContent(elements: values))])
        guard body.contains(where: { $0.0 == "not" }) else { return body.append(("not", negation)) }
        let member = GeneratedContent(properties: [("not", negation)])
        if let index = body.firstIndex(where: { $0.0 == "allOf" }), case .array(let members) = body[index].1.kind {
            body[index].1 = GeneratedContent(elements: members + [member])
        } else {
            body.append(("allOf", GeneratedContent(elements: [member])))
        }
    }

    private static func members(of string: StringConstraints) -> [(String, GeneratedContent)] {
        var body: [(String, GeneratedContent)] = []
        if let format = string.format { body.append(("format", GeneratedContent(format.rawValue))) }
        if let choices = string.choices {
            body.append(
                choices.count == 1
                    ? ("const", GeneratedContent(choices[0]))
                    : ("enum", GeneratedContent(elements: choices.map { GeneratedContent($0) })))
        }
        if let pattern = string.pattern { body.append(("pattern", GeneratedContent(pattern))) }
        var parts = string.additionalPatterns.map { GeneratedContent(properties: [("pattern", GeneratedContent($0))]) }
        parts += string.excludedPatterns.map {
            GeneratedContent(properties: [("not", GeneratedContent(properties: [("pattern", GeneratedContent($0))]))])
        }
        if !parts.isEmpty { body.append(("allOf", GeneratedContent(elements: parts))) }
        if let minimum = string.minimumLength { body.append(("minLength", GeneratedContent(minimum))) }
        if let maximum = string.maximumLength { body.append(("maxLength", GeneratedContent(maximum))) }
        if let bounds = string.dateBounds {
            let write = string.format == .date ? RFC3339.formatFullDate : RFC3339.formatDateTime
            if let lower = bounds.lower, let text = write(lower) {
                body.append((bounds.lowerIsInclusive ? "formatMinimum" : "formatExclusiveMinimum", GeneratedContent(text)))
            }
            if let upper = bounds.upper, let text = write(upper) {
                body.append((bounds.upperIsInclusive ? "formatMaximum" : "formatExclusiveMaximum", GeneratedContent(text)))
            }
        }
        if let relative = string.relativeDateBounds {
            body.append((BridleKeywords.relativeDatesKeyword, BridleKeywords.document(of: relative)))
        }
        return body
    }

    private static func members(of shape: ObjectShape) -> [(String, GeneratedContent)] {
        var body: [(String, GeneratedContent)] = []
        if !shape.properties.isEmpty {
            body.append(("properties", GeneratedContent(properties: shape.properties.map { ($0.name, document(of: $0.node)) })))
            let required = shape.properties.filter { !$0.isOptional }.map { GeneratedContent($0.name) }
            if !required.isEmpty { body.append(("required", GeneratedContent(elements: required))) }
            if shape.properties.count > 1 {
                body.append(("x-order", GeneratedContent(elements: shape.properties.map { GeneratedContent($0.name) })))
            }
        }
        if !shape.patternProperties.isEmpty {
            body.append(("patternProperties", GeneratedContent(properties: shape.patternProperties.map { ($0.pattern, document(of: $0.node)) })))
        }
        switch shape.additionalProperties {
        case nil: body.append(("additionalProperties", false))
        case let node? where node == .any: break
        case let node?: body.append(("additionalProperties", document(of: node)))
        }
        if let names = shape.propertyNames { body.append(("propertyNames", document(of: names))) }
        if shape.minimumCount > 0 { body.append(("minProperties", GeneratedContent(shape.minimumCount))) }
        if let maximum = shape.maximumCount { body.append(("maxProperties", GeneratedContent(maximum))) }
        if !shape.dependentRequired.isEmpty {
            body.append(("dependentRequired", GeneratedContent(properties: shape.dependentRequired.keys.sorted().map { key in
                (key, GeneratedContent(elements: (shape.dependentRequired[key] ?? []).map { GeneratedContent($0) }))
            })))
        }
        if !shape.dependentSchemas.isEmpty {
            body.append(("dependentSchemas", GeneratedContent(properties: shape.dependentSchemas.keys.sorted().compactMap { key in
                shape.dependentSchemas[key].map { (key, document(of: $0)) }
            })))
        }
        if !shape.relations.isEmpty {
            body.append((BridleKeywords.relationsKeyword, BridleKeywords.document(of: shape.relations)))
        }
        return body
    }

    private static func number(_ value: Int128) -> GeneratedContent {
        GeneratedContent(JSONNumber(value))
    }
}
