import BridleSchema
import BridleRegex
import Foundation

/// Existential key constraints, the negations of `propertyNames` and `patternProperties`:
/// `not {propertyNames: S}` says some key is not in `S`, `not {patternProperties: {P: S}}`
/// says some key matching `P` has a value not in `S`, `not {propertyNames: false}` says the
/// object is not empty.
///
/// The negation writes each as a requirement under ``someKey`` (`{"names": N, "value": V}`:
/// some key in `N` whose value is in `V`; a list is a conjunction), and merging concatenates
/// the lists. A grammar can't say "some key", so ``resolveWitnessKeys(_:at:)`` narrows: it
/// picks concrete witness keys — from the strings and patterns the schema mentions, checked
/// exactly by ``FiniteValueEvaluator`` against each requirement's names and the object's own
/// `propertyNames` — that the object's other keywords allow, and makes them required
/// properties whose schema also carries the requirement's value schema. One key may serve
/// several requirements. Objects without those keys are never written (a sound subset);
/// when no witnesses are found within ``witnessCandidateLimit`` candidates, or they would
/// break `maxProperties`, the schema is refused with a typed error.
extension JSONSchemaComposition {
    /// The keyword holding existential key requirements, between negation and the reader.
    static let someKey = "$bridleSomeKey"
    /// The keyword holding rules every key must satisfy (schemas of strings, a conjunction)
    /// that `propertyNames` can't hold, from merging `allOf` members: the witness and
    /// synthesised keys obey them, and the reader writes only named keys that do.
    static let keyRule = "$bridleKeyRule"
    /// Candidate keys checked per object: literal strings and pattern examples, then pairs.
    static let witnessCandidateLimit = 2_000

    /// `{type: object, someKey: [{names, value}]}`.
    static func existential(names: GeneratedContent, value: GeneratedContent) -> GeneratedContent {
        GeneratedContent(properties: [
            ("type", "object"),
            (someKey, GeneratedContent(elements: [GeneratedContent(properties: [("names", names), ("value", value)])])),
        ])
    }

    /// The schema with its ``someKey`` requirements replaced by required witness properties.
    mutating func resolveWitnessKeys(_ schema: GeneratedContent, at pointer: String) throws -> GeneratedContent {
        guard let list = schema[property: Self.someKey] else { return schema }
        let requirements = ((try? list.elements()) ?? []).map { ($0[property: "names"] ?? true, $0[property: "value"] ?? true) }
        // The requirement holds only for objects.
        if let type = schema[property: "type"], !Self.typeNames(type).contains("object") {
            throw Contradiction(reason: "an object ∧ \(type.jsonString)")
        }
        var result = schema.removing([Self.someKey]).setting("type", "object")
        var checker = FiniteValueEvaluator(references: references, limits: limits)
        let listed: [GeneratedContent] = (try? schema[property: "required"]?.elements() ?? []) ?? []
        var required = listed.compactMap(\.stringValue)
        var uncovered = Array(requirements.indices)
        // Required keys already serve requirements that ask nothing of their values.
        for name in required {
            uncovered.removeAll { index in
                requirements[index].1 == true && (try? checker.isValid(GeneratedContent(name), against: requirements[index].0, at: Self.namesPointer(pointer, index))) == true
            }
        }
        // Stages add candidates: the base ones, their pairwise concatenations, those written
        // over examples of propertyNames, short pairs padded to four characters; after each,
        // keys are picked greedily, the one serving the most requirements still open first.
        let base = Self.witnessCandidates(schema, requirements: requirements)
        var pool: [(key: String, served: [Int])] = []
        var checked = 0
        var chosen: [(key: String, served: [Int])] = []
        let open = uncovered
        let pairs = base.flatMap { first in base.map { first + $0 } }.filter { !base.contains($0) }
        let paddedPairs = pairs.filter { $0.count < 4 }.map { $0 + String(repeating: "a", count: 4 - $0.count) }
        for stage in [base, pairs, Self.overlays(base + pairs, onto: Self.nameExamples(schema)), paddedPairs] {
            for key in stage where checked < Self.witnessCandidateLimit {
                checked += 1
                guard try isWritableKey(key, in: schema, checker: &checker, at: pointer) else { continue }
                let served = try open.filter { try names(requirements[$0].0, contain: key, checker: &checker, at: Self.namesPointer(pointer, $0)) }
                if !served.isEmpty { pool.append((key, served)) }
            }
            chosen = []
            uncovered = open
            while !uncovered.isEmpty {
                let ranked = pool.map { ($0.key, $0.served.filter(uncovered.contains)) }.filter { !$0.1.isEmpty }
                guard let best = ranked.max(by: { $0.1.count < $1.1.count }) else { break }
                pool.removeAll { $0.key == best.0 }
                var served = best.1
                if try !isSatisfiable(served.map { requirements[$0].1 }, key: best.0, in: schema, at: pointer) {
                    // The value schemas conflict: let the key serve one requirement alone.
                    var single: Int?
                    for index in served where try isSatisfiable([requirements[index].1], key: best.0, in: schema, at: pointer) {
                        single = index
                        break
                    }
                    guard let single else { continue }
                    served = [single]
                }
                chosen.append((best.0, served))
                uncovered.removeAll { served.contains($0) }
            }
            pool += chosen
            let fits = Self.maximumProperties(schema).map { Set(required + chosen.map(\.key)).count <= $0 } ?? true
            if uncovered.isEmpty && fits { break }
        }
        guard uncovered.isEmpty else {
            throw JSONSchemaImportError(
                pointer: pointer, keyword: "not",
                message: "the negated propertyNames/patternProperties here require some key that Bridle could not choose among \(checked) candidates (from the strings and patterns the schema mentions) within the object's other keywords; name such a key in properties and required")
        }
        if let maximum = Self.maximumProperties(schema), Set(required + chosen.map(\.key)).count > maximum {
            throw JSONSchemaImportError(
                pointer: pointer, keyword: "maxProperties",
                message: "the keys chosen to satisfy the negated propertyNames/patternProperties here (\(chosen.map(\.key).joined(separator: ", "))) exceed maxProperties \(maximum); name one key that serves them all in properties and required")
        }
        var properties = (schema[property: "properties"]?.orderedProperties ?? []).map { ($0.name, $0.value) }
        for (key, served) in chosen {
            let value = served.map { requirements[$0].1 }.reduce(GeneratedContent(true), Self.both)
            if let slot = properties.firstIndex(where: { $0.0 == key }) {
                properties[slot].1 = Self.both(properties[slot].1, value)
            } else {
                // A key now named escapes additionalProperties, so its schema goes along.
                let matched = Self.patternSchemas(for: key, in: schema).isEmpty
                properties.append((key, matched ? Self.both(value, schema[property: "additionalProperties"] ?? true) : value))
            }
            if !required.contains(key) { required.append(key) }
        }
        result = result.setting("properties", GeneratedContent(properties: properties))
        return result.setting("required", GeneratedContent(elements: required.map { GeneratedContent($0) }))
    }

    /// Keys Bridle may write to reach `minProperties` beyond the named properties: up to two
    /// more than missing, as optional properties with the schema the object gives them,
    /// chosen (and checked) as witness keys are, dependency triggers last. Objects using
    /// other keys are never written (a sound subset). A dictionary the grammar writes itself
    /// (no named properties, one key needed, no dependencies) is left as it is.
    mutating func addingKeysForMinimum(_ schema: GeneratedContent, at pointer: String) throws -> GeneratedContent {
        guard case .number(let number)? = schema[property: "minProperties"]?.kind, let minimum = number.exactInteger(Int.self) else { return schema }
        var properties = (schema[property: "properties"]?.orderedProperties ?? []).map { ($0.name, $0.value) }
        let required = ((try? schema[property: "required"]?.elements() ?? []) ?? []).compactMap(\.stringValue)
        let named = Set(properties.filter { $0.1 != false }.map(\.0) + required)
        let declared = Set(properties.map(\.0))
        guard minimum > named.count, minimum <= 64 else { return schema }
        let triggers = ["dependentRequired", "dependentSchemas", "dependencies"].flatMap { (schema[property: $0]?.orderedProperties ?? []).map(\.name) }
        let patterns = schema[property: "patternProperties"]?.orderedProperties ?? []
        if named.isEmpty, minimum <= 1, triggers.isEmpty, patterns.count <= 1 { return schema }
        var candidates = Self.witnessCandidates(schema, requirements: [])
        candidates += "abcdefghijklmnopqrstuvwxyz0123456789".map(String.init)
        // Pairs of the short ones padded to four characters, for patterns that forbid short keys.
        let short = candidates.filter { $0.count <= 2 }.prefix(12)
        candidates += short.flatMap { first in short.map { first + $0 } }.filter { $0.count < 4 }.map { $0 + String(repeating: "a", count: 4 - $0.count) }
        candidates = candidates.filter { !named.contains($0) && !declared.contains($0) }
        candidates = candidates.filter { !triggers.contains($0) } + candidates.filter { triggers.contains($0) }
        var checker = FiniteValueEvaluator(references: references, limits: limits)
        var added: [String] = []
        for key in candidates where added.count < minimum - named.count + 2 && !added.contains(key) {
            guard try isWritableKey(key, in: schema, checker: &checker, at: pointer) else { continue }
            let matched = !Self.patternSchemas(for: key, in: schema).isEmpty
            properties.append((key, matched ? true : schema[property: "additionalProperties"] ?? true))
            added.append(key)
        }
        guard !added.isEmpty else { return schema }
        return schema.setting("properties", GeneratedContent(properties: properties))
    }

    /// Examples of the object's `propertyNames` patterns (their lengths often matter).
    private static func nameExamples(_ schema: GeneratedContent) -> [String] {
        var patterns: [String] = []
        if let rule = schema[property: "propertyNames"] {
            if let pattern = rule[property: "pattern"]?.stringValue { patterns.append(pattern) }
            for member in (try? rule[property: "allOf"]?.elements() ?? []) ?? [] {
                if let pattern = member[property: "pattern"]?.stringValue { patterns.append(pattern) }
            }
        }
        return patterns.flatMap(PatternExamples.examples)
    }

    /// Each candidate written over the start of each example no shorter than it (`b` over
    /// `aaaa` is `baaa`): keys of the example's length that contain the candidate.
    private static func overlays(_ candidates: [String], onto examples: [String]) -> [String] {
        var result: [String] = []
        for example in examples {
            for candidate in candidates where candidate.count < example.count {
                result.append(candidate + example.dropFirst(candidate.count))
            }
        }
        return result
    }

    /// A pointer of its own for each requirement's names: the evaluator caches enums by pointer.
    private static func namesPointer(_ pointer: String, _ index: Int) -> String {
        "\(pointer)/\(someKey)/\(index)/names"
    }

    private static func maximumProperties(_ schema: GeneratedContent) -> Int? {
        guard case .number(let number)? = schema[property: "maxProperties"]?.kind else { return nil }
        return number.exactInteger(Int.self)
    }

    private static func patternSchemas(for key: String, in schema: GeneratedContent) -> [GeneratedContent] {
        (schema[property: "patternProperties"]?.orderedProperties ?? []).filter { PatternCheck.matches($0.name, key) == true }.map(\.value)
    }

    private mutating func names(_ names: GeneratedContent, contain key: String, checker: inout FiniteValueEvaluator, at pointer: String) throws -> Bool {
        do {
            return try checker.isValid(GeneratedContent(key), against: names, at: pointer)
        } catch FiniteValueEvaluator.Failure.limit(let error) {
            throw error
        } catch {
            return false
        }
    }

    /// Whether `key` obeys the schema's ``keyRule``s; nil when the evaluator can't decide.
    mutating func obeysKeyRules(_ key: String, in schema: GeneratedContent, at pointer: String) throws -> Bool {
        var checker = FiniteValueEvaluator(references: references, limits: limits)
        for (index, rule) in ((try? schema[property: Self.keyRule]?.elements() ?? []) ?? []).enumerated() {
            if !(try names(rule, contain: key, checker: &checker, at: "\(pointer)/\(Self.keyRule)/\(index)")) { return false }
        }
        return true
    }

    /// Whether the object's `propertyNames`, `properties` (a `false` entry) and
    /// `patternProperties`/`additionalProperties` let `key` appear at all.
    private mutating func isWritableKey(_ key: String, in schema: GeneratedContent, checker: inout FiniteValueEvaluator, at pointer: String) throws -> Bool {
        if let rule = schema[property: "propertyNames"], !(try names(rule, contain: key, checker: &checker, at: "\(pointer)/propertyNames")) { return false }
        for (index, rule) in ((try? schema[property: Self.keyRule]?.elements() ?? []) ?? []).enumerated() {
            if !(try names(rule, contain: key, checker: &checker, at: "\(pointer)/\(Self.keyRule)/\(index)")) { return false }
        }
        for pattern in schema[property: "patternProperties"]?.orderedProperties ?? [] where PatternCheck.matches(pattern.name, key) == nil {
            return false
        }
        if let own = schema[property: "properties"]?[property: key] { return own != false }
        let patterns = Self.patternSchemas(for: key, in: schema)
        if patterns.isEmpty { return schema[property: "additionalProperties"] != false }
        return !patterns.contains(false)
    }

    /// Whether the key's value can satisfy the requirements' value schemas beside what the
    /// object says of the key, as far as merging the schemas' tops tells.
    private mutating func isSatisfiable(_ values: [GeneratedContent], key: String, in schema: GeneratedContent, at pointer: String) throws -> Bool {
        var governing = Self.patternSchemas(for: key, in: schema)
        if let own = schema[property: "properties"]?[property: key] {
            governing.append(own)
        } else if governing.isEmpty {
            governing.append(schema[property: "additionalProperties"] ?? true)
        }
        do {
            var merged: GeneratedContent = true
            for value in values + governing { merged = try intersect(merged, value, at: pointer, references: []) }
            return merged != false
        } catch is Contradiction {
            return false
        } catch let error as JSONSchemaImportError where error.limit == nil {
            // Schemas that can't be merged can't be read either: try another key.
            return false
        }
    }

    // MARK: Candidates

    /// Keys worth trying, most specific first: the strings the requirements, `propertyNames`
    /// and the named properties mention, examples of the patterns they use, a few plain
    /// letters and digits, then the short ones padded to four characters.
    static func witnessCandidates(_ schema: GeneratedContent, requirements: [(GeneratedContent, GeneratedContent)]) -> [String] {
        var literals: [String] = []
        var patterns: [String] = []
        var budget = 2_000
        func collect(_ content: GeneratedContent, depth: Int) {
            budget -= 1
            guard budget > 0, depth < 16 else { return }
            switch content.kind {
            case .structure:
                for member in content.orderedProperties ?? [] {
                    switch member.name {
                    case "const": if let text = member.value.stringValue { literals.append(text) }
                    case "enum": for value in (try? member.value.elements()) ?? [] { if let text = value.stringValue { literals.append(text) } }
                    case "pattern": if let text = member.value.stringValue { patterns.append(text) }
                    case "properties": literals += (member.value.orderedProperties ?? []).map(\.name)
                    case "patternProperties": patterns += (member.value.orderedProperties ?? []).map(\.name)
                    default: collect(member.value, depth: depth + 1)
                    }
                }
            case .array(let items):
                for item in items { collect(item, depth: depth + 1) }
            default:
                break
            }
        }
        for (names, _) in requirements { collect(names, depth: 0) }
        if let rule = schema[property: "propertyNames"] { collect(rule, depth: 0) }
        literals += (schema[property: "properties"]?.orderedProperties ?? []).map(\.name)
        patterns += (schema[property: "patternProperties"]?.orderedProperties ?? []).map(\.name)
        var result: [String] = []
        for text in literals + patterns.flatMap(PatternExamples.examples) + ["a", "b", "x", "0", "1", "_"] where !result.contains(text) {
            result.append(text)
            if result.count == 40 { break }
        }
        // Short keys padded to four characters, for patterns that forbid short keys.
        let padded = result.filter { $0.count < 4 }.prefix(12).map { $0 + String(repeating: "a", count: 4 - $0.count) }
        return result + padded.filter { !result.contains($0) }
    }
}

/// A few short strings a pattern matches (tried as witness keys, so each is checked again).
enum PatternExamples {
    static let perNode = 6

    static func examples(_ pattern: String) -> [String] {
        guard let node = try? RegexParser.parse(pattern) else { return [] }
        var budget = 500
        return strings(node, budget: &budget).map { String(String.UnicodeScalarView($0)) }
    }

    private static func strings(_ node: RegexNode, budget: inout Int) -> [[Unicode.Scalar]] {
        budget -= 1
        guard budget > 0 else { return [[]] }
        switch node {
        case .set(let approximation):
            return preferred(approximation.inner.isEmpty ? approximation.exact : approximation.inner).map { [[$0]] } ?? []
        case .sequence(let parts):
            var results: [[Unicode.Scalar]] = [[]]
            for part in parts {
                let tails = strings(part, budget: &budget)
                results = Array(results.flatMap { head in tails.map { head + $0 } }.prefix(perNode))
            }
            return results
        case .alternation(let parts):
            return Array(parts.flatMap { strings($0, budget: &budget) }.prefix(perNode))
        case .repetition(let inner, let minimum, let maximum):
            let once = strings(inner, budget: &budget)
            guard let first = once.first else { return minimum == 0 ? [[]] : [] }
            let count = min(minimum, 64)
            var results = [Array(repeating: first, count: count).flatMap { $0 }]
            if minimum == 0, maximum != 0 { results += once.map { $0 } }
            return Array(results.prefix(perNode))
        case .startAnchor, .endAnchor:
            return [[]]
        }
    }

    private static func preferred(_ set: RegexScalarSet) -> Unicode.Scalar? {
        for text in ["a", "b", "c", "0", "1", "A", "_", "-"] {
            if let scalar = text.unicodeScalars.first, set.contains(scalar.value) { return scalar }
        }
        for range in set.ranges {
            let value = max(range.lowerBound, 0x20)
            if value <= range.upperBound, !RegexScalarSet.surrogates.contains(value), let scalar = Unicode.Scalar(value) { return scalar }
        }
        return nil
    }
}
