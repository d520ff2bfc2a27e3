import BridleSchema
import Foundation

/// The per-type keywords beyond the basic ones: object counts, pattern and name rules,
/// dependencies, array uniqueness and `contains`, and `multipleOf`. The IR keeps each of
/// them, so the validator judges them exactly; the grammar compiler enforces what a grammar
/// can and declares post-checks for the rest.
extension JSONSchemaReader {
    // MARK: Objects

    /// `patternProperties`, `propertyNames`, `minProperties`/`maxProperties`,
    /// `dependentRequired`, `dependentSchemas` and draft 7's `dependencies`.
    ///
    /// Returns true when a subschema with no instance forbids some keys (`patternProperties:
    /// {P: false}`, `propertyNames: false`, `dependentSchemas: {K: false}`): the IR cannot
    /// forbid a set of names, so the object then gets no keys beyond its declared
    /// properties (a narrowing) and the caller closes it.
    mutating func readObjectKeywords(_ content: GeneratedContent, into shape: inout ObjectShape, at pointer: String) throws -> Bool {
        var closes = false
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
                if value == false { continue }  // see forbidPatterns(_:in:at:)
                do {
                    shape.patternProperties.append(PatternProperty(pattern: pattern, node: try node(value, at: entryPointer)))
                } catch let error as JSONSchemaImportError where error.isNoInstance(at: entryPointer) {
                    // Keys matching the pattern are never written; keys of the other
                    // patterns might match it, so none are written either.
                    for property in shape.properties where PatternCheck.matches(pattern, property.name) != false {
                        try forbid(property.name, in: &shape, because: error, at: pointer)
                    }
                    closes = true
                }
            }
            if closes { shape.patternProperties = [] }
            try intersectNamedProperties(content, shape: &shape, at: pointer)
        }
        if let names = content[property: "propertyNames"] {
            do {
                shape.propertyNames = try node(names, at: "\(pointer)/propertyNames")
            } catch let error as JSONSchemaImportError where error.isNoInstance(at: "\(pointer)/propertyNames") {
                // No name is allowed: only the empty object.
                for property in shape.properties { try forbid(property.name, in: &shape, because: error, at: pointer) }
                shape.patternProperties = []
                closes = true
            }
        }
        if let relations = content[property: BridleKeywords.relationsKeyword] {
            let keyword = BridleKeywords.relationsKeyword
            do {
                shape.relations = try BridleKeywords.relations(from: relations)
            } catch {
                throw JSONSchemaImportError(pointer: "\(pointer)/\(keyword)", keyword: keyword, message: error.message)
            }
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
                if try !dependentSchema(schema, trigger, at: "\(pointer)/dependentSchemas/\(JSONPointer.escape(trigger))", into: &shape, object: pointer) {
                    closes = true
                }
            }
        }
        if let dependencies = content[property: "dependencies"] {
            // Draft 7: a list of names is dependentRequired, a schema is dependentSchemas.
            for (trigger, value) in try members(dependencies, keyword: "dependencies", at: pointer) {
                let entryPointer = "\(pointer)/dependencies/\(JSONPointer.escape(trigger))"
                if case .array = value.kind {
                    shape.dependentRequired[trigger, default: []] += try names(value, at: entryPointer)
                } else if try !dependentSchema(value, trigger, at: entryPointer, into: &shape, object: pointer) {
                    closes = true
                }
            }
        }
        return closes
    }

    /// Reads a dependent schema into `shape`; false when it has no instance, so that its
    /// trigger is never written (and the caller closes the object).
    private mutating func dependentSchema(
        _ schema: GeneratedContent, _ trigger: String, at entryPointer: String, into shape: inout ObjectShape, object pointer: String
    ) throws -> Bool {
        do {
            shape.dependentSchemas[trigger] = try node(schema, at: entryPointer)
            return true
        } catch let error as JSONSchemaImportError where error.isNoInstance(at: entryPointer) {
            try forbid(trigger, in: &shape, because: error, at: pointer)
            if shape.patternProperties.contains(where: { PatternCheck.matches($0.pattern, trigger) != false }) {
                shape.patternProperties = []
            }
            return false
        }
    }

    /// Leaves the optional property `name` out; a required one makes the object at
    /// `pointer` have no instance, which `error` says.
    private func forbid(_ name: String, in shape: inout ObjectShape, because error: JSONSchemaImportError, at pointer: String) throws {
        guard let index = shape.properties.firstIndex(where: { $0.name == name }) else { return }
        guard shape.properties[index].isOptional else {
            throw error.withNoInstance(at: pointer)
        }
        shape.properties.remove(at: index)
    }

    /// Patterns whose keys are forbidden (`P: false`), which the IR cannot say: named
    /// properties they match are dropped (an error when required), and no key beyond the
    /// named properties is ever written (a narrowing).
    func forbidPatterns(_ content: GeneratedContent, in shape: inout ObjectShape, at pointer: String) throws {
        let patterns = (content[property: "patternProperties"]?.orderedProperties ?? []).filter { $0.value == false }.map(\.name)
        guard !patterns.isEmpty else { return }
        for pattern in patterns {
            for property in shape.properties where PatternCheck.matches(pattern, property.name) != false {
                guard property.isOptional else {
                    throw JSONSchemaImportError(
                        pointer: "\(pointer)/patternProperties/\(JSONPointer.escape(pattern))", keyword: "patternProperties",
                        message: "the required property \"\(property.name)\" matches the forbidden pattern \(GeneratedContent(pattern).jsonString), so no object is valid; rename it or relax the pattern")
                }
            }
            shape.properties.removeAll { PatternCheck.matches(pattern, $0.name) != false }
        }
        shape.additionalProperties = nil
        shape.maximumCount = min(shape.maximumCount ?? Int.max, shape.properties.count)
        try checkNamedOnlyCount(shape, at: pointer)
    }

    /// An object narrowed to its named properties must still reach minProperties.
    func checkNamedOnlyCount(_ shape: ObjectShape, at pointer: String) throws {
        guard shape.minimumCount > shape.properties.count else { return }
        throw JSONSchemaImportError(
            pointer: "\(pointer)/minProperties", keyword: "minProperties",
            message: "minProperties \(shape.minimumCount) is more than the \(shape.properties.count) properties Bridle may write here (keys are limited by a false pattern or an allOf member's additionalProperties); name more properties")
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
        // `false` patterns are left to forbidPatterns(_:in:at:).
        return members.filter { $0.value != false && PatternCheck.matches($0.name, name) == true }.map {
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
            do {
                constraints.contains = try node(contains, at: "\(pointer)/contains")
                constraints.minimumContains = minimum
                constraints.maximumContains = maximum
            } catch let error as JSONSchemaImportError where error.isNoInstance(at: "\(pointer)/contains") {
                // No element can match: fine only when none has to.
                guard minimum == 0 else {
                    throw error.withNoInstance(at: pointer)
                }
            }
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
    /// (`{"properties": …}` as an object) also admits, in JSON Schema, every value of the
    /// other types. For `anyOf` leaving those out only narrows; for `oneOf` it would hide a
    /// second match, so the alternative keeps them: the compiler then sees the overlap and
    /// leaves exclusivity to the validator.
    func widenedOneOfAlternative(_ read: SchemaNode, _ alternative: GeneratedContent) -> SchemaNode {
        let typed: Set<String> = ["type", "$ref", "enum", "const", "anyOf", "oneOf", "allOf", "not", "if"]
        guard let members = alternative.orderedProperties else { return read }
        let keys = Set(members.map(\.name))
        guard keys.isDisjoint(with: typed) else { return read }
        let implied = inferredTypes(keys)
        guard !implied.isEmpty else { return read }
        let others = Self.defaultNodes.filter { !implied.contains($0.type) && !($0.type == "integer" && implied.contains("number")) }
        return SchemaNode(.anyOf([read] + others.map(\.node)))
    }

    /// Every JSON type with no constraint, by type name (`number` covers `integer`).
    static let defaultNodes: [(type: String, node: SchemaNode)] = [
        ("null", .null), ("boolean", .boolean), ("string", .string(StringConstraints())), ("number", .number(NumberConstraints())),
        ("array", .array(ArrayConstraints(items: .any))), ("object", .object(ObjectShape(additionalProperties: .any))),
    ]

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
