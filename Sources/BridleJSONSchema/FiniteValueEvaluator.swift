import BridleSchema
import Foundation

/// Decides whether one JSON value is valid against a schema of the original document, with
/// draft 2020-12 semantics, for the reader's finite schemas: an `enum`/`const` beside
/// `allOf`, `not`, `if`, … keeps exactly the values this accepts.
///
/// It is exact or it refuses: a keyword it cannot decide exactly (an unknown format, a
/// remote `$ref`, `unevaluated*`, a `multipleOf` where decimal and binary arithmetic
/// disagree) throws ``Failure/undecided``, so that a negation (`not`) can never turn a
/// guess into an unsound answer. Work is counted against ``SchemaLimits``.
///
/// (The reader's own, stricter sibling of ``JSONSchemaEvaluator``, which judges whole
/// documents and decides `unevaluated*`; folding the two into one is planned.)
struct FiniteValueEvaluator {
    enum Failure: Error {
        /// This evaluator cannot decide the keyword at that pointer exactly.
        case undecided(pointer: String, keyword: String)
        /// A work budget ran out.
        case limit(JSONSchemaImportError)
    }

    var references: JSONSchemaReferences
    let limits: SchemaLimits
    private(set) var steps = 0
    /// The scalar values of each `enum` evaluated, by pointer.
    private var enumSets: [String: Set<GeneratedContent>] = [:]

    init(references: JSONSchemaReferences, limits: SchemaLimits) {
        self.references = references
        self.limits = limits
    }

    /// Keywords that only annotate (or hold subschemas reached through `$ref`).
    static let annotations: Set<String> = [
        "title", "description", "default", "examples", "$comment", "$schema", "$id", "id", "$anchor",
        "$dynamicAnchor", "$defs", "definitions", "deprecated", "readOnly", "writeOnly", "$vocabulary",
        "contentEncoding", "contentMediaType", "contentSchema", "comment", "x-order", "nullable",
        "additionalItems", "dependencies",
    ]

    mutating func isValid(_ instance: GeneratedContent, against schema: GeneratedContent, at pointer: String, depth: Int = 0) throws -> Bool {
        steps += 1
        if steps > limits.maximumEvaluationSteps {
            throw Failure.limit(.limit("maximumEvaluationSteps", limits.maximumEvaluationSteps, at: pointer, "checking enum values"))
        }
        if depth > limits.maximumDepth {
            throw Failure.limit(.limit("maximumDepth", limits.maximumDepth, at: pointer, "the nesting of schemas and references"))
        }
        switch schema.kind {
        case .bool(let value): return value
        case .structure: break
        default: throw Failure.undecided(pointer: pointer, keyword: "schema")
        }
        for member in schema.orderedProperties ?? [] {
            let keyword = member.name
            let here = "\(pointer)/\(JSONPointer.escape(keyword))"
            if Self.annotations.contains(keyword) || keyword.hasPrefix("x-") { continue }
            if !(try check(keyword, member.value, schema, instance, at: here, depth: depth)) { return false }
        }
        return true
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private mutating func check(
        _ keyword: String, _ value: GeneratedContent, _ schema: GeneratedContent, _ instance: GeneratedContent,
        at pointer: String, depth: Int
    ) throws -> Bool {
        let undecided = Failure.undecided(pointer: pointer, keyword: keyword)
        func sub(_ child: GeneratedContent, _ subschema: GeneratedContent, _ path: String) throws -> Bool {
            try isValid(child, against: subschema, at: path, depth: depth + 1)
        }
        func list(_ content: GeneratedContent) throws -> [GeneratedContent] {
            guard case .array(let items) = content.kind else { throw undecided }
            return items
        }
        switch keyword {
        case "$ref":
            let target: (pointer: String, schema: GeneratedContent)
            do { target = try references.resolve(value, at: pointer) } catch { throw undecided }
            return try sub(instance, target.schema, target.pointer)
        case "type":
            let names: [GeneratedContent] = (try? list(value)) ?? [value]
            return try names.contains { name in
                guard case .string(let type) = name.kind else { throw undecided }
                return Self.hasType(instance, type)
            }
        case "enum":
            // Scalars hash as JSON compares them, so a large enum is a set lookup (linear work
            // over all candidates); arrays and objects compare key-order-free, one by one.
            switch instance.kind {
            case .array, .structure: return try list(value).contains { Self.equal($0, instance) }
            default:
                if let set = enumSets[pointer] { return set.contains(instance) }
                let set = Set(try list(value).filter { !$0.kind.isArray && !$0.kind.isStructure })
                enumSets[pointer] = set
                return set.contains(instance)
            }
        case "const": return Self.equal(value, instance)
        case "allOf":
            for (index, item) in try list(value).enumerated() where !(try sub(instance, item, "\(pointer)/\(index)")) { return false }
            return true
        case "anyOf":
            for (index, item) in try list(value).enumerated() where try sub(instance, item, "\(pointer)/\(index)") { return true }
            return false
        case "oneOf":
            var matches = 0
            for (index, item) in try list(value).enumerated() where try sub(instance, item, "\(pointer)/\(index)") { matches += 1 }
            return matches == 1
        case "not", JSONSchemaComposition.residualNot: return !(try sub(instance, value, pointer))
        case "if":
            let parent = String(pointer.dropLast(3))
            if try sub(instance, value, pointer) {
                return try schema[property: "then"].map { try sub(instance, $0, "\(parent)/then") } ?? true
            }
            return try schema[property: "else"].map { try sub(instance, $0, "\(parent)/else") } ?? true
        case "then", "else": return true
        case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
            guard case .number(let number) = instance.kind else { return true }
            if case .bool = value.kind { return true }  // draft 4 spelling: read beside minimum/maximum
            guard case .number(let bound) = value.kind, let order = Self.compare(number, bound) else { throw undecided }
            let draft4Exclusive = keyword == "minimum" ? schema[property: "exclusiveMinimum"] == true
                : keyword == "maximum" ? schema[property: "exclusiveMaximum"] == true : false
            switch keyword {
            case "minimum": return draft4Exclusive ? order > 0 : order >= 0
            case "maximum": return draft4Exclusive ? order < 0 : order <= 0
            case "exclusiveMinimum": return order > 0
            default: return order < 0
            }
        case "multipleOf":
            guard case .number(let number) = instance.kind else { return true }
            guard case .number(let step) = value.kind else { throw undecided }
            return try Self.isMultiple(number, of: step) ?? { throw undecided }()
        case JSONSchemaComposition.excludedValues:
            return try !list(value).contains { Self.equal($0, instance) }
        case JSONSchemaComposition.excludedMultiples:
            guard case .number(let number) = instance.kind else { return true }
            for step in try list(value) {
                guard case .number(let step) = step.kind, let isMultiple = Self.isMultiple(number, of: step) else { throw undecided }
                if isMultiple { return false }
            }
            return true
        case "minLength", "maxLength":
            guard case .string(let text) = instance.kind else { return true }
            let count = text.unicodeScalars.count
            guard case .number(let bound) = value.kind, let limit = bound.exactInteger(Int.self) else { throw undecided }
            return keyword == "minLength" ? count >= limit : count <= limit
        case "pattern":
            guard case .string(let text) = instance.kind else { return true }
            guard case .string(let pattern) = value.kind else { throw undecided }
            return try Self.search(pattern, in: text) ?? { throw undecided }()
        case JSONSchemaComposition.additionalPatterns, JSONSchemaComposition.excludedPatterns:
            guard case .string(let text) = instance.kind else { return true }
            for case .string(let pattern) in try list(value).map(\.kind) {
                let found = try Self.search(pattern, in: text) ?? { throw undecided }()
                if found != (keyword == JSONSchemaComposition.additionalPatterns) { return false }
            }
            return true
        case "format":
            guard case .string(let text) = instance.kind else { return true }
            guard case .string(let name) = value.kind else { throw undecided }
            switch name {
            case "date": return RFC3339.parseFullDate(text) != nil
            case "date-time": return RFC3339.parseDateTime(text) != nil
            case "time": return RFC3339.isValidFullTime(text)
            case "uuid": return RFC3339.isValidUUID(text)
            default: throw undecided
            }
        case "minItems", "maxItems", "minProperties", "maxProperties":
            let count: Int
            switch instance.kind {
            case .array(let items) where keyword.hasSuffix("Items"): count = items.count
            case .structure(let properties, _) where keyword.hasSuffix("Properties"): count = properties.count
            default: return true
            }
            guard case .number(let bound) = value.kind, let limit = bound.exactInteger(Int.self) else { throw undecided }
            return keyword.hasPrefix("min") ? count >= limit : count <= limit
        case "uniqueItems":
            guard case .array(let items) = instance.kind, value == true else { return true }
            for i in items.indices {
                for j in items.indices where j > i {
                    steps += 1
                    if Self.equal(items[i], items[j]) { return false }
                }
            }
            return true
        case "items", "prefixItems":
            guard case .array(let items) = instance.kind else { return true }
            if keyword == "prefixItems" || value.kind.isArray {
                for (index, (item, itemSchema)) in zip(items, try list(value)).enumerated()
                where !(try sub(item, itemSchema, "\(pointer)/\(index)")) { return false }
                if keyword == "items", let additional = schema[property: "additionalItems"] {
                    let start = try list(value).count
                    for item in items.dropFirst(start) where !(try sub(item, additional, "\(String(pointer.dropLast(6)))/additionalItems")) {
                        return false
                    }
                }
                return true
            }
            let start = (schema[property: "prefixItems"]).flatMap { try? list($0).count } ?? 0
            for item in items.dropFirst(start) where !(try sub(item, value, pointer)) { return false }
            return true
        case "contains", "minContains", "maxContains":
            guard keyword == "contains", case .array(let items) = instance.kind else { return true }
            var matches = 0
            for item in items where try sub(item, value, pointer) { matches += 1 }
            func bound(_ name: String) throws -> Int? {
                guard let content = schema[property: name] else { return nil }
                guard case .number(let number) = content.kind, let count = number.exactInteger(Int.self) else { throw undecided }
                return count
            }
            let minimum = try bound("minContains") ?? 1
            if let maximum = try bound("maxContains"), matches > maximum { return false }
            return matches >= minimum
        case "required":
            guard case .structure(let properties, _) = instance.kind else { return true }
            return try list(value).allSatisfy { name in
                guard case .string(let key) = name.kind else { throw undecided }
                return properties[key] != nil
            }
        case "properties", "patternProperties", "additionalProperties":
            guard case .structure(let properties, _) = instance.kind else { return true }
            return try checkProperties(keyword, value, schema, properties, at: pointer, depth: depth)
        case "propertyNames":
            guard case .structure(let properties, _) = instance.kind else { return true }
            for key in properties.keys.sorted() where !(try sub(GeneratedContent(key), value, pointer)) { return false }
            return true
        case JSONSchemaComposition.keyRule:
            guard case .structure(let properties, _) = instance.kind else { return true }
            for (index, rule) in try list(value).enumerated() {
                for key in properties.keys.sorted() where !(try sub(GeneratedContent(key), rule, "\(pointer)/\(index)")) { return false }
            }
            return true
        case JSONSchemaComposition.someKey:
            // Some key in `names` whose value is in `value`, for each requirement.
            guard case .structure(let properties, _) = instance.kind else { return false }
            for (index, requirement) in try list(value).enumerated() {
                var found = false
                for key in properties.keys.sorted() {
                    guard let child = properties[key] else { continue }
                    if try sub(GeneratedContent(key), requirement[property: "names"] ?? true, "\(pointer)/\(index)/names"),
                        try sub(child, requirement[property: "value"] ?? true, "\(pointer)/\(index)/value")
                    {
                        found = true
                        break
                    }
                }
                if !found { return false }
            }
            return true
        case "dependentRequired":
            guard case .structure(let properties, _) = instance.kind, let members = value.orderedProperties else { return true }
            for member in members where properties[member.name] != nil {
                for case .string(let needed) in try list(member.value).map(\.kind) where properties[needed] == nil { return false }
            }
            return true
        case "dependentSchemas":
            guard case .structure(let properties, _) = instance.kind, let members = value.orderedProperties else { return true }
            for member in members where properties[member.name] != nil {
                if !(try sub(instance, member.value, "\(pointer)/\(JSONPointer.escape(member.name))")) { return false }
            }
            return true
        default:
            if ["unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$recursiveRef", "$recursiveAnchor"].contains(keyword) {
                throw undecided
            }
            return true  // an unknown keyword is an annotation in 2020-12
        }
    }

    private mutating func checkProperties(
        _ keyword: String, _ value: GeneratedContent, _ schema: GeneratedContent, _ properties: [String: GeneratedContent],
        at pointer: String, depth: Int
    ) throws -> Bool {
        let undecided = Failure.undecided(pointer: pointer, keyword: keyword)
        let named = schema[property: "properties"]?.orderedProperties ?? []
        let patterns = schema[property: "patternProperties"]?.orderedProperties ?? []
        for key in properties.keys.sorted() {
            guard let child = properties[key] else { continue }
            switch keyword {
            case "properties":
                if let entry = named.first(where: { $0.name == key }),
                    !(try isValid(child, against: entry.value, at: "\(pointer)/\(JSONPointer.escape(key))", depth: depth + 1))
                {
                    return false
                }
            case "patternProperties":
                for entry in patterns {
                    guard let matches = Self.search(entry.name, in: key) else { throw undecided }
                    if matches, !(try isValid(child, against: entry.value, at: "\(pointer)/\(JSONPointer.escape(entry.name))", depth: depth + 1)) {
                        return false
                    }
                }
            default:
                if named.contains(where: { $0.name == key }) { continue }
                var matched = false
                for entry in patterns {
                    guard let matches = Self.search(entry.name, in: key) else { throw undecided }
                    matched = matched || matches
                }
                if !matched, !(try isValid(child, against: value, at: pointer, depth: depth + 1)) { return false }
            }
        }
        return true
    }

    // MARK: Values

    /// JSON Schema's `type`: 2020-12 counts `1.0` as an integer.
    static func hasType(_ instance: GeneratedContent, _ type: String) -> Bool {
        switch (type, instance.kind) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .structure), ("number", .number):
            return true
        case ("integer", .number(let number)):
            return number.isIntegral
        default:
            return false
        }
    }

    /// JSON equality: numbers by value, objects regardless of key order, booleans apart from numbers.
    static func equal(_ lhs: GeneratedContent, _ rhs: GeneratedContent) -> Bool {
        switch (lhs.kind, rhs.kind) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case (.structure(let a, _), .structure(let b, _)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { equal(value, $0) } ?? false }
        default: return false
        }
    }

    /// The sign of `lhs - rhs`, exactly when both fit a `Decimal`; nil when unsure.
    static func compare(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Int? {
        if let a = lhs.decimal, let b = rhs.decimal { return a < b ? -1 : a > b ? 1 : 0 }
        guard let a = lhs.double, let b = rhs.double, a != b else { return nil }
        return a < b ? -1 : 1
    }

    /// Whether `number` is a multiple of `step`, when decimal arithmetic and the binary
    /// floating point that many validators use agree; nil when they don't.
    static func isMultiple(_ number: JSONNumber, of step: JSONNumber) -> Bool? {
        guard let value = number.decimal, let divisor = step.decimal, divisor > 0 else { return nil }
        var quotient = value / divisor
        var rounded = Decimal()
        NSDecimalRound(&rounded, &quotient, 0, .plain)
        let exact = rounded == quotient && value == rounded * divisor
        if number.isIntegral && step.isIntegral { return exact }
        guard let a = number.double, let b = step.double, b != 0 else { return nil }
        let binary = (a / b).rounded() == a / b && (a / b).isFinite
        return exact == binary ? exact : nil
    }

    /// An ECMA-262 search (unanchored), as `pattern` and `patternProperties` mean it; nil when
    /// the expression does not compile here.
    static func search(_ pattern: String, in text: String) -> Bool? {
        guard let regex = try? Regex(pattern) else { return nil }
        do { return try regex.firstMatch(in: text) != nil } catch { return nil }
    }
}

extension GeneratedContent.Kind {
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}
