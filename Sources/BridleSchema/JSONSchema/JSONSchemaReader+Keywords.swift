import Foundation

/// The per-type keywords beyond the basic ones: object counts, pattern and name rules,
/// dependencies, array uniqueness and `contains`, and `multipleOf`. The IR keeps each of
/// them, so the validator judges them exactly; the grammar compiler enforces what a grammar
/// can and declares post-checks for the rest.
extension JSONSchemaReader {
    // MARK: Objects

    /// `patternProperties`, `propertyNames`, `minProperties`/`maxProperties`,
    /// `dependentRequired`, `dependentSchemas` and draft 7's `dependencies`.
    mutating func readObjectKeywords(_ content: GeneratedContent, into shape: inout ObjectShape, at pointer: String) throws {
        if let patterns = content[property: "patternProperties"] {
            guard let members = patterns.orderedProperties else {
                throw JSONSchemaImportError(
                    pointer: "\(pointer)/patternProperties", keyword: "patternProperties", message: "patternProperties must be an object")
            }
            for (pattern, value) in members {
                let entryPointer = "\(pointer)/patternProperties/\(JSONPointer.escape(pattern))"
                guard PatternCheck.isValid(pattern) else {
                    throw JSONSchemaImportError(
                        pointer: entryPointer, keyword: "patternProperties",
                        message: "the pattern \(GeneratedContent(pattern).jsonString) is not a valid regular expression; fix it or list the properties")
                }
                shape.patternProperties.append(PatternProperty(pattern: pattern, node: try node(value, at: entryPointer)))
            }
            try intersectNamedProperties(content, shape: &shape, at: pointer)
        }
        if let names = content[property: "propertyNames"] {
            shape.propertyNames = try node(names, at: "\(pointer)/propertyNames")
        }
        shape.minimumCount = try count(content, "minProperties", at: pointer) ?? 0
        shape.maximumCount = try count(content, "maxProperties", at: pointer)
        if let dependent = content[property: "dependentRequired"] {
            for (trigger, list) in try members(dependent, keyword: "dependentRequired", at: pointer) {
                shape.dependentRequired[trigger, default: []] += try names(list, at: "\(pointer)/dependentRequired/\(JSONPointer.escape(trigger))")
            }
        }
        if let dependent = content[property: "dependentSchemas"] {
            for (trigger, schema) in try members(dependent, keyword: "dependentSchemas", at: pointer) {
                shape.dependentSchemas[trigger] = try node(schema, at: "\(pointer)/dependentSchemas/\(JSONPointer.escape(trigger))")
            }
        }
        if let dependencies = content[property: "dependencies"] {
            // Draft 7: a list of names is dependentRequired, a schema is dependentSchemas.
            for (trigger, value) in try members(dependencies, keyword: "dependencies", at: pointer) {
                let entryPointer = "\(pointer)/dependencies/\(JSONPointer.escape(trigger))"
                if case .array = value.kind {
                    shape.dependentRequired[trigger, default: []] += try names(value, at: entryPointer)
                } else {
                    shape.dependentSchemas[trigger] = try node(value, at: entryPointer)
                }
            }
        }
    }

    /// The schema of a required property missing from `properties`: the patterns it matches
    /// if any, else `additionalProperties` (nil when that is `false`).
    mutating func undeclaredNode(_ name: String, in content: GeneratedContent, shape: ObjectShape, at pointer: String) throws -> SchemaNode? {
        let matching = try matchingPatterns(name, in: content, at: pointer)
        switch matching.count {
        case 0: return shape.additionalProperties
        case 1: return try node(matching[0].value, at: matching[0].pointer)
        default:
            return try intersection(matching.map(\.value), for: name, at: pointer)
        }
    }

    /// A named property that a `patternProperties` pattern also matches must satisfy both
    /// schemas: its node becomes their intersection (`allOf`).
    private mutating func intersectNamedProperties(_ content: GeneratedContent, shape: inout ObjectShape, at pointer: String) throws {
        guard let declared = content[property: "properties"] else { return }
        for index in shape.properties.indices {
            let name = shape.properties[index].name
            guard let own = declared[property: name] else { continue }
            let matching = try matchingPatterns(name, in: content, at: pointer).filter { $0.value != true && $0.value != [:] && $0.value != own }
            if matching.isEmpty { continue }
            if matching.count == 1 && (own == true || own == [:]) {
                // Only the pattern's schema constrains the value.
                let isOptional = shape.properties[index].isOptional
                shape.properties[index] = SchemaProperty(name: name, node: try node(matching[0].value, at: matching[0].pointer), isOptional: isOptional)
                continue
            }
            shape.properties[index].node = try intersection([own] + matching.map(\.value), for: name, at: pointer)
        }
    }

    private func matchingPatterns(_ name: String, in content: GeneratedContent, at pointer: String) throws
        -> [(value: GeneratedContent, pointer: String)]
    {
        guard let members = content[property: "patternProperties"]?.orderedProperties else { return [] }
        return members.filter { PatternCheck.matches($0.name, name) == true }.map {
            ($0.value, "\(pointer)/patternProperties/\(JSONPointer.escape($0.name))")
        }
    }

    /// Reads `allOf: schemas` for one property, saying why when allOf can't be read.
    private mutating func intersection(_ schemas: [GeneratedContent], for name: String, at pointer: String) throws -> SchemaNode {
        let combined = GeneratedContent(properties: [("allOf", GeneratedContent(elements: schemas))])
        let propertyPointer = "\(pointer)/properties/\(JSONPointer.escape(name))"
        do {
            return try node(combined, at: propertyPointer)
        } catch let error as JSONSchemaImportError {
            throw JSONSchemaImportError(
                pointer: propertyPointer, keyword: "patternProperties",
                message: "the property \"\(name)\" must satisfy both its schema and the patternProperties schemas its name matches, and that intersection can't be read (\(error.message)); make the schemas agree or rename the property")
        }
    }

    private func members(_ content: GeneratedContent, keyword: String, at pointer: String) throws -> [(name: String, value: GeneratedContent)] {
        guard let members = content.orderedProperties else {
            throw JSONSchemaImportError(pointer: "\(pointer)/\(keyword)", keyword: keyword, message: "\(keyword) must be an object")
        }
        return members
    }

    private func names(_ list: GeneratedContent, at pointer: String) throws -> [String] {
        guard case .array(let items) = list.kind else {
            throw JSONSchemaImportError(pointer: pointer, keyword: "dependentRequired", message: "dependent requirements must list property names")
        }
        return try items.map { item in
            guard case .string(let name) = item.kind else {
                throw JSONSchemaImportError(pointer: pointer, keyword: "dependentRequired", message: "dependent requirements must list property names (strings)")
            }
            return name
        }
    }

    // MARK: Arrays

    /// `uniqueItems`, `contains`, `minContains` and `maxContains`.
    mutating func readArrayKeywords(_ content: GeneratedContent, into constraints: inout ArrayConstraints, at pointer: String) throws {
        if let unique = content[property: "uniqueItems"] {
            guard case .bool(let value) = unique.kind else {
                throw JSONSchemaImportError(pointer: "\(pointer)/uniqueItems", keyword: "uniqueItems", message: "uniqueItems must be true or false")
            }
            constraints.uniqueItems = value
        }
        if let contains = content[property: "contains"] {
            let minimum = try count(content, "minContains", at: pointer) ?? 1
            let maximum = try count(content, "maxContains", at: pointer)
            if maximum == nil, let prefix = try containedPrefix(content, contains, count: minimum, into: constraints, at: pointer) {
                constraints.prefixItems = prefix
                constraints.minimumCount = max(constraints.minimumCount, minimum)
                return
            }
            constraints.contains = try node(contains, at: "\(pointer)/contains")
            constraints.minimumContains = minimum
            constraints.maximumContains = maximum
        }
    }

    /// Elements in `contains` drawn from an `items` schema `I` with `contains: C` are `I∧C`, so
    /// `I* (I∧C) I*` is exact; the IR has no "somewhere", so this puts the `minContains`
    /// elements of `I∧C` first (`prefixItems`), then `I*`: a sound narrowing (every such
    /// array is valid). Only where `items` is a schema other than `contains` and there is no
    /// tuple and no `maxContains` (which would need `I∧¬C` for the rest); otherwise `nil`,
    /// and `contains` stays for the grammar compiler.
    private mutating func containedPrefix(
        _ content: GeneratedContent, _ contains: GeneratedContent, count: Int, into constraints: ArrayConstraints, at pointer: String
    ) throws -> [SchemaNode]? {
        guard count > 0, count <= Self.containedPrefixLimit, constraints.prefixItems.isEmpty,
            let items = content[property: "items"], !items.kind.isArray, items != true,
            !(items.kind.isStructure && items.keywords.isEmpty), !FiniteValueEvaluator.equal(items, contains)
        else { return nil }
        let element = try node(JSONSchemaComposition.both(items, contains), at: "\(pointer)/contains")
        return Array(repeating: element, count: count)
    }

    /// Elements `minContains` may lay out one by one in front of `items`.
    static let containedPrefixLimit = 64

    // MARK: oneOf

    /// A `oneOf` alternative without `type` whose keywords Bridle reads as implying one
    /// (`{"properties": …}` as an object) is narrower in the IR than in JSON Schema, where it
    /// also admits every value of the other types. For `anyOf` that only narrows; for `oneOf`
    /// it would hide a second match, so the validator would pass values JSON Schema rejects.
    func checkOneOfTypes(_ alternatives: [GeneratedContent], at pointer: String) throws {
        let typed: Set<String> = ["type", "$ref", "enum", "const", "anyOf", "oneOf", "allOf", "not", "if"]
        let implying = Self.stringKeywords.union(Self.numberKeywords).union(Self.arrayKeywords).union(Self.objectKeywords)
        for (index, alternative) in alternatives.enumerated() {
            guard let members = alternative.orderedProperties else { continue }
            let keys = Set(members.map(\.name))
            if keys.isDisjoint(with: typed), let keyword = keys.intersection(implying).sorted().first {
                throw JSONSchemaImportError(
                    pointer: "\(pointer)/oneOf/\(index)", keyword: "oneOf",
                    message: "this oneOf alternative has \(keyword) but no type, so it also matches values of every other type, which oneOf must exclude; add \"type\" to it")
            }
        }
    }

    // MARK: Numbers

    /// `multipleOf` as a positive number.
    func step(_ content: GeneratedContent, at pointer: String) throws -> JSONNumber? {
        guard let value = content[property: "multipleOf"] else { return nil }
        guard case .number(let number) = value.kind, !number.isNegative, !number.canonical.digits.isEmpty, number.decimal != nil else {
            throw JSONSchemaImportError(pointer: "\(pointer)/multipleOf", keyword: "multipleOf", message: "multipleOf must be a positive number")
        }
        return number
    }

    /// The integer step an integer's `multipleOf` implies: an integer is a multiple of
    /// p·10⁻ⁿ exactly when it is a multiple of p / gcd(p, 10ⁿ), so `2.5` means 5 and `0.5` means 1.
    func integerStep(_ content: GeneratedContent, at pointer: String) throws -> Int128? {
        guard let step = try step(content, at: pointer) else { return nil }
        let canonical = step.canonical
        guard case .small(let exponent) = canonical.exponent, canonical.digits.count + max(exponent, 0) <= 36, exponent >= -36 else {
            throw JSONSchemaImportError(
                pointer: "\(pointer)/multipleOf", keyword: "multipleOf", message: "multipleOf \(step) is too large or too fine for integers; use a step below 10^30")
        }
        var numerator = canonical.digits.reduce(Int128(0)) { $0 * 10 + Int128($1) }
        if exponent >= 0 {
            for _ in 0..<exponent { numerator *= 10 }
            return numerator == 1 ? nil : numerator
        }
        var scale = Int128(1)
        for _ in 0..<(-exponent) { scale *= 10 }
        var a = numerator
        var b = scale
        while b != 0 { (a, b) = (b, a % b) }
        let result = numerator / a
        return result == 1 ? nil : result
    }
}
