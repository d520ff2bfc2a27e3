import BridleSchema
import Foundation

/// Schema intersection at the JSON level (`allOf`, siblings of `$ref`/`anyOf`/`oneOf`):
/// one schema that admits exactly the values both admit, or a ``JSONSchemaComposition/Contradiction``
/// when none can, or an unsupported error when a pair of keywords cannot be merged exactly
/// (`contains`, two `format`s) — never a keyword dropped. Two different `pattern`s are both
/// kept (see `JSONSchemaComposition+Patterns`).
///
/// Subschemas (a property in both, `items` on both sides) are merged lazily as
/// `{"allOf": [a, b]}`, rewritten when the reader reaches them, so recursion through
/// definitions costs nothing here.
extension JSONSchemaComposition {
    mutating func intersect(_ a: GeneratedContent, _ b: GeneratedContent, at pointer: String, references stack: [String]) throws -> GeneratedContent {
        try count(at: pointer)
        if a == false || b == false { throw Contradiction(reason: "the schema false admits nothing") }
        if a == true || (a.kind.isStructure && a.keywords.allSatisfy(Self.isAnnotation)) { return try head(b, at: pointer, references: stack) }
        if b == true || (b.kind.isStructure && b.keywords.allSatisfy(Self.isAnnotation)) { return try head(a, at: pointer, references: stack) }
        let left = try head(a, at: pointer, references: stack)
        let right = try head(b, at: pointer, references: stack)
        guard left.kind.isStructure, right.kind.isStructure else {
            if left == false || right == false { throw Contradiction(reason: "the schema false admits nothing") }
            return left == true ? right : left
        }
        for (side, other) in [(left, right), (right, left)] {
            if let reference = side[property: "$ref"] {
                let (target, targetPointer, inner) = try inline(reference, at: "\(pointer)/$ref", stack: stack)
                let inlined = try head(target, at: targetPointer, references: inner)
                return try intersect(inlined, other, at: pointer, references: inner)
            }
        }
        for (side, other) in [(left, right), (right, left)] {
            for keyword in ["anyOf", "oneOf"] {
                guard case .array(let branches)? = side[property: keyword]?.kind else { continue }
                var results: [GeneratedContent] = []
                var reasons: [String] = []
                for (index, branch) in branches.enumerated() {
                    do {
                        results.append(try intersect(branch, other, at: "\(pointer)/\(keyword)/\(index)", references: stack))
                    } catch let contradiction as Contradiction {
                        reasons.append(contradiction.reason)
                    }
                }
                return try Self.union(results, keyword: keyword, reasons: reasons)
            }
        }
        return try mergePlain(left, right, at: pointer)
    }

    // MARK: Plain schemas

    private static let lowerBounds: Set<String> = ["minLength", "minItems", "minProperties", "minContains"]
    private static let upperBounds: Set<String> = ["maxLength", "maxItems", "maxProperties", "maxContains"]
    private static let objectGroup: Set<String> = ["properties", "additionalProperties", "patternProperties"]
    private static let arrayGroup: Set<String> = ["items", "prefixItems", "additionalItems"]
    /// Keywords whose meaning depends on the schema object they sit in: merged only when
    /// the two sides agree.
    private static let unmergeable: Set<String> = ["unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$recursiveRef"]

    /// Two schemas without composition keywords at their tops, merged keyword by keyword.
    mutating func mergePlain(_ a: GeneratedContent, _ b: GeneratedContent, at pointer: String) throws -> GeneratedContent {
        var result = a
        let numbers = (Self.numericBounds(a), Self.numericBounds(b))
        result = result.removing(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"])
        for (key, value) in Self.mergedBounds(numbers.0, numbers.1) { result = result.setting(key, value) }

        for member in b.orderedProperties ?? [] {
            let key = member.name
            let mine = a[property: key]
            let theirs = member.value
            if ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"].contains(key) { continue }
            if Self.objectGroup.contains(key) || Self.arrayGroup.contains(key) || Self.patternGroup.contains(key) { continue }
            guard let mine else {
                result = result.setting(key, theirs)
                continue
            }
            if key == Self.excludedMultiples || key == Self.excludedValues {
                var steps = (try? mine.elements()) ?? []
                for step in (try? theirs.elements()) ?? [] where !steps.contains(step) { steps.append(step) }
                result = result.setting(key, GeneratedContent(elements: steps))
                continue
            }
            if Self.isAnnotation(key) { continue }
            if key != "enum" && key != "const" && key != "type" && FiniteValueEvaluator.equal(mine, theirs) { continue }
            switch key {
            case "type":
                result = result.setting("type", try Self.mergedTypes(mine, theirs))
            case "enum", "const":
                continue  // both handled below
            case _ where Self.lowerBounds.contains(key):
                result = result.setting(key, Self.extreme(mine, theirs, largest: true))
            case _ where Self.upperBounds.contains(key):
                result = result.setting(key, Self.extreme(mine, theirs, largest: false))
            case "required":
                var names = (try? mine.elements()) ?? []
                for name in (try? theirs.elements()) ?? [] where !names.contains(name) { names.append(name) }
                result = result.setting("required", GeneratedContent(elements: names))
            case "uniqueItems":
                result = result.setting(key, GeneratedContent(mine == true || theirs == true))
            case "propertyNames", "contentSchema":
                result = result.setting(key, Self.both(mine, theirs))
            case Self.someKey, Self.keyRule:
                result = result.setting(key, GeneratedContent(elements: ((try? mine.elements()) ?? []) + ((try? theirs.elements()) ?? [])))
            case Self.residualNot:
                result = result.setting(key, GeneratedContent(properties: [("anyOf", GeneratedContent(elements: [mine, theirs]))]))
            case "multipleOf":
                result = result.setting(key, try Self.commonMultiple(mine, theirs, at: pointer))
            case "dependentRequired", "dependentSchemas", "dependencies":
                result = result.setting(key, try Self.mergedDependencies(mine, theirs, keyword: key, at: pointer))
            default:
                throw JSONSchemaImportError(
                    pointer: "\(pointer)/\(JSONPointer.escape(key))", keyword: key,
                    message: "allOf members (or a schema and its $ref/anyOf/oneOf siblings) give two different \(key) values, \(mine.jsonString.prefix(80)) and \(theirs.jsonString.prefix(80)), that cannot be merged into one schema; keep one of them")
            }
        }
        for key in Self.unmergeable where a[property: key] != nil || b[property: key] != nil {
            throw JSONSchemaImportError(
                pointer: "\(pointer)/\(key)", keyword: key,
                message: "\(key) depends on the schema object it sits in and cannot be merged across allOf members or siblings")
        }
        result = Self.mergedPatterns(result, a, b)
        result = try mergedValues(result, a, b)
        result = try mergedObjects(result, a, b, at: pointer)
        try Self.checkRequired(result)
        result = try mergedArrays(result, a, b, at: pointer)
        return result
    }

    /// Both enums (and consts) intersected, by JSON equality.
    private func mergedValues(_ result: GeneratedContent, _ a: GeneratedContent, _ b: GeneratedContent) throws -> GeneratedContent {
        func values(_ schema: GeneratedContent) -> [GeneratedContent]? {
            if let constant = schema[property: "const"] { return [constant] }
            return try? schema[property: "enum"]?.elements()
        }
        guard let mine = values(a), let theirs = values(b) else {
            return result
        }
        let common = mine.filter { value in theirs.contains { FiniteValueEvaluator.equal($0, value) } }
        guard !common.isEmpty else { throw Contradiction(reason: "enum/const values that do not overlap") }
        return result.removing(["const"]).setting("enum", GeneratedContent(elements: common))
    }

    /// `properties`, `patternProperties` and `additionalProperties` of both sides: a name
    /// either side declares gets the intersection of what each side says about it.
    private func mergedObjects(_ result: GeneratedContent, _ a: GeneratedContent, _ b: GeneratedContent, at pointer: String) throws -> GeneratedContent {
        if let oneSided = Self.oneSided(result, a, b, group: Self.objectGroup) { return oneSided }
        let hasPatterns = a[property: "patternProperties"] != nil || b[property: "patternProperties"] != nil
        var names: [String] = []
        for side in [a, b] {
            for member in side[property: "properties"]?.orderedProperties ?? [] where !names.contains(member.name) { names.append(member.name) }
        }
        if hasPatterns {
            // Required names get their exact schema here too: the patterns below may narrow.
            for case .string(let name) in ((try? result[property: "required"]?.elements()) ?? []).map(\.kind) where !names.contains(name) {
                names.append(name)
            }
        }
        /// What `side` says of a named key beyond its patterns (which the merged
        /// patternProperties still apply): its own schema, else additionalProperties when
        /// no pattern of its own surely matches.
        func schema(for name: String, in side: GeneratedContent) -> GeneratedContent {
            if let own = side[property: "properties"]?[property: name] { return own }
            let patterns = side[property: "patternProperties"]?.orderedProperties ?? []
            if patterns.contains(where: { PatternCheck.matches($0.name, name) == true }) { return true }
            return side[property: "additionalProperties"] ?? true
        }
        var properties: [(String, GeneratedContent)] = []
        for name in names {
            properties.append((name, Self.both(schema(for: name, in: a), schema(for: name, in: b))))
        }
        let absent: GeneratedContent? = .none  // not `nil`, which GeneratedContent reads as JSON null
        var merged = result.setting("properties", names.isEmpty ? absent : GeneratedContent(properties: properties))
        let additional = [a, b].compactMap { $0[property: "additionalProperties"] }
        merged = merged.setting("additionalProperties", additional.isEmpty ? absent : additional.dropFirst().reduce(additional[0], Self.both))
        if hasPatterns {
            // A key matching a pattern of one side but none of the other is also governed by
            // the other side's additionalProperties, which a pattern can't say without regex
            // complement. Sound narrowings: with named properties, write only those (their
            // schemas above are exact); without, add that additionalProperties to the pattern.
            // A side whose additionalProperties is false allows exactly its named keys and
            // the keys its patterns match: a rule on keys (``keyRule``), exact.
            var keyRules: [GeneratedContent] = []
            func closed(_ side: GeneratedContent) -> Bool {
                side[property: "additionalProperties"] == false && side[property: "patternProperties"]?.orderedProperties?.isEmpty == false
            }
            for (side, other) in [(a, b), (b, a)] where closed(side) {
                // Needed only when the other side brings keys this side may not allow.
                let own = side[property: "patternProperties"]?.orderedProperties ?? []
                let ownNames = Set((side[property: "properties"]?.orderedProperties ?? []).map(\.name))
                let foreignPattern = (other[property: "patternProperties"]?.orderedProperties ?? []).contains { pattern in !own.contains { $0.name == pattern.name } }
                let foreignName = (other[property: "properties"]?.orderedProperties ?? []).contains { property in
                    property.value != false && !ownNames.contains(property.name) && !own.contains { PatternCheck.matches($0.name, property.name) == true }
                }
                guard foreignPattern || foreignName else { continue }
                let named = (side[property: "properties"]?.orderedProperties ?? []).map { GeneratedContent($0.name) }
                var allowed = (side[property: "patternProperties"]?.orderedProperties ?? []).map { GeneratedContent(properties: [("pattern", GeneratedContent($0.name))]) }
                if !named.isEmpty { allowed.append(GeneratedContent(properties: [("enum", GeneratedContent(elements: named))])) }
                keyRules.append(GeneratedContent(properties: [("anyOf", GeneratedContent(elements: allowed))]))
            }
            var restricted = false
            var patterns: [(String, GeneratedContent)] = []
            for (side, other) in [(a, b), (b, a)] {
                let otherPatterns = Set((other[property: "patternProperties"]?.orderedProperties ?? []).map(\.name))
                let otherAdditional = closed(other) ? GeneratedContent(true) : other[property: "additionalProperties"] ?? true
                for member in side[property: "patternProperties"]?.orderedProperties ?? [] {
                    var value = member.value
                    let escapes = !otherPatterns.contains(member.name) && otherAdditional != true && otherAdditional != [:]
                    restricted = restricted || escapes
                    if escapes, names.isEmpty {
                        value = Self.both(value, otherAdditional)
                    }
                    if let index = patterns.firstIndex(where: { $0.0 == member.name }) {
                        patterns[index].1 = Self.both(patterns[index].1, value)
                    } else {
                        patterns.append((member.name, value))
                    }
                }
            }
            merged = merged.setting("patternProperties", GeneratedContent(properties: patterns))
            if !keyRules.isEmpty {
                let known = (try? merged[property: Self.keyRule]?.elements() ?? []) ?? []
                merged = merged.setting(Self.keyRule, GeneratedContent(elements: known + keyRules))
            }
            if restricted, !names.isEmpty {
                let only = GeneratedContent(properties: [("enum", GeneratedContent(elements: names.map { GeneratedContent($0) }))])
                merged = merged.setting("propertyNames", merged[property: "propertyNames"].map { Self.both($0, only) } ?? only)
            }
        }
        return merged
    }

    /// A contradiction when a required name is forbidden: by `properties` (`p: false`), or by
    /// `additionalProperties: false` when no pattern may match it.
    private static func checkRequired(_ merged: GeneratedContent) throws {
        guard let list = try? merged[property: "required"]?.elements() else { return }
        let hasPatterns = merged[property: "patternProperties"] != nil
        for case .string(let name) in list.map(\.kind) {
            let forbidden = (merged[property: "properties"]?[property: name]).map(isFalse)
                ?? (hasPatterns ? false : merged[property: "additionalProperties"].map(isFalse) ?? false)
            if forbidden { throw Contradiction(reason: "\"\(name)\" is required but not allowed") }
        }
    }

    /// `result` as it is when `b` has none of `group`'s keywords, with `b`'s when only `b` has
    /// some; `nil` when both sides have some, which must then be merged.
    private static func oneSided(
        _ result: GeneratedContent, _ a: GeneratedContent, _ b: GeneratedContent, group: Set<String>
    ) -> GeneratedContent? {
        guard group.contains(where: { b[property: $0] != nil }) else { return result }
        guard !group.contains(where: { a[property: $0] != nil }) else { return nil }
        var merged = result
        for key in group { if let value = b[property: key] { merged = merged.setting(key, value) } }
        return merged
    }

    /// `prefixItems`/`items` of both sides (older `items` arrays read as `prefixItems`,
    /// `additionalItems` as `items`), position by position.
    private func mergedArrays(_ result: GeneratedContent, _ a: GeneratedContent, _ b: GeneratedContent, at pointer: String) throws -> GeneratedContent {
        if let oneSided = Self.oneSided(result, a, b, group: Self.arrayGroup) { return oneSided }
        func tuple(_ side: GeneratedContent) -> (prefix: [GeneratedContent], rest: GeneratedContent) {
            if case .array(let prefix)? = side[property: "items"]?.kind {
                return (prefix, side[property: "additionalItems"] ?? true)
            }
            return ((try? side[property: "prefixItems"]?.elements()) ?? [], side[property: "items"] ?? true)
        }
        let (left, right) = (tuple(a), tuple(b))
        var prefix: [GeneratedContent] = []
        for index in 0..<max(left.prefix.count, right.prefix.count) {
            let mine = index < left.prefix.count ? left.prefix[index] : left.rest
            let theirs = index < right.prefix.count ? right.prefix[index] : right.rest
            prefix.append(Self.both(mine, theirs))
        }
        var merged = result.removing(Self.arrayGroup)
        if !prefix.isEmpty { merged = merged.setting("prefixItems", GeneratedContent(elements: prefix)) }
        let rest = Self.both(left.rest, right.rest)
        if rest != true { merged = merged.setting("items", rest) }
        return merged
    }

    // MARK: Keyword helpers

    /// `{"allOf": [a, b]}`, or the one side when the other admits everything.
    static func both(_ a: GeneratedContent, _ b: GeneratedContent) -> GeneratedContent {
        if a == true || (a.kind.isStructure && a.keywords.isEmpty) { return b }
        if b == true || (b.kind.isStructure && b.keywords.isEmpty) || FiniteValueEvaluator.equal(a, b) { return a }
        if a == false || b == false { return false }
        return GeneratedContent(properties: [("allOf", GeneratedContent(elements: [a, b]))])
    }

    static func isFalse(_ schema: GeneratedContent) -> Bool { schema == false }

    static func mergedTypes(_ a: GeneratedContent, _ b: GeneratedContent) throws -> GeneratedContent {
        let (left, right) = (typeNames(a), typeNames(b))
        var common: [String] = []
        for name in ["null", "boolean", "object", "array", "string", "number", "integer"] {
            let inLeft = left.contains(name) || (name == "integer" && left.contains("number"))
            let inRight = right.contains(name) || (name == "integer" && right.contains("number"))
            if inLeft && inRight && !(name == "integer" && common.contains("number")) { common.append(name) }
        }
        guard !common.isEmpty else {
            throw Contradiction(reason: "\(left.sorted().joined(separator: " ∨ ")) ∧ \(right.sorted().joined(separator: " ∨ "))")
        }
        return common.count == 1 ? GeneratedContent(common[0]) : GeneratedContent(elements: common.map { GeneratedContent($0) })
    }

    static func extreme(_ a: GeneratedContent, _ b: GeneratedContent, largest: Bool) -> GeneratedContent {
        guard case .number(let x) = a.kind, case .number(let y) = b.kind, let order = FiniteValueEvaluator.compare(x, y) else { return a }
        return (order < 0) == largest ? b : a
    }

    /// Lower and upper bounds, the draft 4 boolean `exclusive*` folded into numbers.
    static func numericBounds(_ schema: GeneratedContent) -> [(String, GeneratedContent)] {
        var bounds: [(String, GeneratedContent)] = []
        for (inclusive, exclusive) in [("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")] {
            let flag = schema[property: exclusive]
            if let value = schema[property: inclusive] { bounds.append((flag == true ? exclusive : inclusive, value)) }
            if let flag, case .number = flag.kind { bounds.append((exclusive, flag)) }
        }
        return bounds
    }

    /// The tightest bound of each keyword on either side (the reader keeps the tighter of
    /// an inclusive and an exclusive bound).
    static func mergedBounds(_ a: [(String, GeneratedContent)], _ b: [(String, GeneratedContent)]) -> [(String, GeneratedContent)] {
        var result: [(String, GeneratedContent)] = []
        for (key, value) in a + b {
            if let index = result.firstIndex(where: { $0.0 == key }) {
                result[index].1 = extreme(result[index].1, value, largest: key.lowercased().hasSuffix("minimum"))
            } else {
                result.append((key, value))
            }
        }
        return result
    }

    static func commonMultiple(_ a: GeneratedContent, _ b: GeneratedContent, at pointer: String) throws -> GeneratedContent {
        if case .number(let x) = a.kind, case .number(let y) = b.kind {
            if FiniteValueEvaluator.isMultiple(x, of: y) == true { return a }
            if FiniteValueEvaluator.isMultiple(y, of: x) == true { return b }
            if let multiple = decimalCommonMultiple(x, y) { return GeneratedContent(kind: .number(multiple)) }
        }
        throw JSONSchemaImportError(
            pointer: "\(pointer)/multipleOf", keyword: "multipleOf",
            message: "multipleOf \(a.jsonString) and \(b.jsonString) have no exact common multiple here; keep one multipleOf")
    }

    /// The least common multiple of two positive decimals, exactly: both written over the
    /// same power of ten, `x = m/10ᵉ` and `y = n/10ᵉ`, the numbers that are integer multiples
    /// of each are the multiples of `lcm(m, n)/10ᵉ` (`6.75` and `19`: `675` and `1900` over
    /// 100, so `513`). `nil` when the integers overflow `Int64`.
    static func decimalCommonMultiple(_ x: JSONNumber, _ y: JSONNumber) -> JSONNumber? {
        func scaled(_ number: JSONNumber) -> (digits: [UInt8], exponent: Int)? {
            let canonical = number.canonical
            guard !canonical.isNegative, !canonical.digits.isEmpty, case .small(let exponent) = canonical.exponent,
                exponent > -19, exponent < 19
            else { return nil }
            return (canonical.digits, exponent)
        }
        guard let a = scaled(x), let b = scaled(y) else { return nil }
        let exponent = min(a.exponent, b.exponent)
        func integer(_ side: (digits: [UInt8], exponent: Int)) -> Int64? {
            var value: Int64 = 0
            for digit in side.digits + Array(repeating: 0, count: side.exponent - exponent) {
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times.addingReportingOverflow(Int64(digit))
                guard !overflow, !carry else { return nil }
                value = sum
            }
            return value
        }
        guard let m = integer(a), let n = integer(b), m > 0, n > 0 else { return nil }
        var (p, q) = (m, n)
        while q != 0 { (p, q) = (q, p % q) }
        let (product, overflow) = (m / p).multipliedReportingOverflow(by: n)
        guard !overflow else { return nil }
        var (digits, scale) = (product, exponent)
        while scale < 0, digits % 10 == 0 {
            digits /= 10
            scale += 1
        }
        return JSONNumber(text: scale == 0 ? "\(digits)" : "\(digits)e\(scale)")
    }

    static func mergedDependencies(_ a: GeneratedContent, _ b: GeneratedContent, keyword: String, at pointer: String) throws -> GeneratedContent {
        var members: [(String, GeneratedContent)] = (a.orderedProperties ?? []).map { ($0.name, $0.value) }
        for member in b.orderedProperties ?? [] {
            guard let index = members.firstIndex(where: { $0.0 == member.name }) else {
                members.append((member.name, member.value))
                continue
            }
            let mine = members[index].1
            if case .array(let left) = mine.kind, case .array(let right) = member.value.kind {
                members[index].1 = GeneratedContent(elements: left + right.filter { !left.contains($0) })
            } else if !mine.kind.isArray && !member.value.kind.isArray {
                members[index].1 = both(mine, member.value)
            } else {
                throw JSONSchemaImportError(
                    pointer: "\(pointer)/\(keyword)", keyword: keyword,
                    message: "\(keyword) of \"\(member.name)\" is a list on one side and a schema on the other; write both as dependentSchemas")
            }
        }
        return GeneratedContent(properties: members)
    }
}

extension GeneratedContent.Kind {
    var isStructure: Bool {
        if case .structure = self { return true }
        return false
    }
}
