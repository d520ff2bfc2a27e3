import BridleSchema
import Foundation

/// Rewrites a schema's composition keywords, at the JSON level, into shapes the reader's
/// per-type readers understand, before the reader reads the schema's own keywords:
///
/// - `allOf` becomes one merged schema (``intersect(_:_:at:references:)``);
/// - `$ref`, `anyOf` and `oneOf` beside other keywords: the siblings are merged into the
///   referenced schema or into each alternative (`{S, anyOf:[A,B]}` → `anyOf:[S∧A, S∧B]`);
/// - `not` is pushed into the schema (``negate(_:at:references:)``);
/// - `if`/`then`/`else` becomes `anyOf:[if∧then, ¬if∧else]`;
/// - a finite schema (an `enum`/`const` beside anything, or reached through `allOf`) keeps
///   exactly the values that the whole schema accepts, decided by ``FiniteValueEvaluator``.
///
/// The result has at its top only a plain schema, a lone `$ref`, or a lone `anyOf`/`oneOf`;
/// subschemas (properties, items, alternatives) are rewritten lazily when the reader
/// reaches them, so that recursive definitions stay references. Every merge counts against
/// ``SchemaLimits/maximumNodes``, and every inlined reference against the reference depth.
///
/// Where a result admits fewer values than the document (a narrowing, always sound), the
/// method that narrows says so.
struct JSONSchemaComposition {
    var references: JSONSchemaReferences
    var evaluator: FiniteValueEvaluator
    let limits: SchemaLimits
    /// Schemas produced by merging and distribution, against ``SchemaLimits/maximumNodes``.
    var produced = 0
    /// Keywords of a `not` left out (narrowing) while rewriting the current schema, so that
    /// a contradiction after narrowing is not reported as the schema having no instance.
    var narrowedNegations: Set<String> = []
    /// The finite values of each referenced schema, computed once (nil while in progress or
    /// when not finite), so that diamonds of references cost linear work.
    private var candidatesByPointer: [String: [GeneratedContent]?] = [:]

    /// A merge that no value satisfies, with the reason (`string ∧ integer`).
    struct Contradiction: Error {
        var reason: String
    }

    init(document: GeneratedContent, limits: SchemaLimits) {
        references = JSONSchemaReferences(document: document)
        evaluator = FiniteValueEvaluator(references: references, limits: limits)
        self.limits = limits
    }

    static let compositionKeywords: Set<String> = ["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref"]

    /// Keywords that annotate a schema or hold definitions, never constraining a value here.
    static let annotationKeywords: Set<String> = [
        "title", "description", "default", "examples", "$comment", "$schema", "$id", "id", "$anchor",
        "$dynamicAnchor", "$defs", "definitions", "deprecated", "readOnly", "writeOnly", "$vocabulary",
        "contentEncoding", "contentMediaType", "comment", "x-order", "nullable", "discriminator", "example",
        "externalDocs", "xml",
    ]

    static func isAnnotation(_ keyword: String) -> Bool {
        annotationKeywords.contains(keyword) || keyword.hasPrefix("x-") || keyword.hasPrefix("comment")
    }

    /// The schema in a shape the reader reads, or a typed error naming `pointer`.
    mutating func normalize(_ schema: GeneratedContent, at pointer: String) throws -> GeneratedContent {
        guard case .structure = schema.kind else { return schema }
        let keys = schema.keywords
        let constraining = keys.filter { !Self.isAnnotation($0) }
        if let finite = try finiteSchema(schema, constraining: constraining, at: pointer) { return finite }
        let needsRewrite = !constraining.isDisjoint(with: ["allOf", "not", "if", "then", "else", Self.residualNot, Self.someKey])
            || (constraining.contains("$ref") && constraining.count > 1)
            || (!constraining.isDisjoint(with: ["anyOf", "oneOf"]) && constraining.count > 1)
            || !Self.dependencySplits(schema).1.isEmpty
        guard needsRewrite else { return schema }
        narrowedNegations = []
        do {
            let result = try resolveWitnessKeys(head(schema, at: pointer, references: []), at: pointer)
            let resultKeys = result.keywords.filter { !Self.isAnnotation($0) }
            if let finite = try finiteSchema(result, constraining: resultKeys, at: pointer) { return finite }
            if let residual = result[property: Self.residualNot] {
                throw JSONSchemaImportError(
                    pointer: "\(pointer)/not", keyword: "not",
                    message: "not \(residual.jsonString.prefix(120)) cannot be expressed beside the rest of this schema: "
                        + "only negations of type, required, enum/const (with a finite schema), bounds, lengths and properties are supported; list the allowed shapes instead")
            }
            return result
        } catch let contradiction as Contradiction where !narrowedNegations.isEmpty {
            throw JSONSchemaImportError(
                pointer: pointer, keyword: "not",
                message: "the schema at \(pointer) cannot be expressed: what remains once the parts of `not` Bridle cannot negate (\(narrowedNegations.sorted().joined(separator: ", "))) are left out has no instance (\(contradiction.reason)); rewrite the negation as the allowed shapes")
        } catch let contradiction as Contradiction {
            let what = keys.contains("allOf") ? "allOf" : keys.contains("$ref") ? "$ref with its sibling keywords" : "this schema"
            let error = JSONSchemaImportError(
                pointer: pointer, keyword: keys.contains("allOf") ? "allOf" : nil,
                message: "\(what) at \(pointer) has no instance: \(contradiction.reason); remove the conflicting keywords")
            throw error.withNoInstance(at: pointer)
        }
    }

    // MARK: Finite schemas

    /// `{enum: kept}` when the schema is finite (an enum or const in it or in an `allOf`
    /// member, or only booleans and null) and says more than its values: exactly the
    /// values the whole schema accepts. Nil when not finite, or when the evaluator cannot
    /// decide a keyword exactly (the rewrite then says what is unsupported).
    private mutating func finiteSchema(_ schema: GeneratedContent, constraining: Set<String>, at pointer: String) throws -> GeneratedContent? {
        // Alternatives of values and plain references are read as they are.
        guard !constraining.subtracting(["type", "enum", "const", "anyOf", "oneOf", "$ref"]).isEmpty else { return nil }
        guard let candidates = try candidates(of: schema, at: pointer, depth: 0) else { return nil }
        var kept: [GeneratedContent] = []
        do {
            for value in candidates where try evaluator.isValid(value, against: schema, at: pointer) {
                kept.append(value)
            }
        } catch FiniteValueEvaluator.Failure.limit(let error) {
            throw error
        } catch {
            return nil
        }
        guard !kept.isEmpty else {
            let error = JSONSchemaImportError(
                pointer: pointer, keyword: constraining.contains("allOf") ? "allOf" : "enum",
                message: "\(constraining.contains("allOf") ? "allOf" : "this schema") at \(pointer) has no instance: no value of its enum/const satisfies the rest of the schema")
            throw error.withNoInstance(at: pointer)
        }
        var members: [(String, GeneratedContent)] = [("enum", GeneratedContent(elements: kept))]
        for key in ["title", "description"] { if let value = schema[property: key] { members.append((key, value)) } }
        return GeneratedContent(properties: members)
    }

    /// The finitely many values a schema can have, when its own keywords or an `allOf`
    /// member (or every `anyOf`/`oneOf` alternative) list them.
    private mutating func candidates(of schema: GeneratedContent, at pointer: String, depth: Int) throws -> [GeneratedContent]? {
        guard depth <= limits.maximumReferenceDepth, case .structure = schema.kind else { return nil }
        if let constant = schema[property: "const"] { return [constant] }
        if case .array(let values)? = schema[property: "enum"]?.kind {
            guard values.count <= limits.maximumEnumValues else {
                throw JSONSchemaImportError.limit("maximumEnumValues", limits.maximumEnumValues, at: "\(pointer)/enum", "an enum of \(values.count) values")
            }
            return values
        }
        if let reference = schema[property: "$ref"], let target = try? references.resolve(reference, at: pointer) {
            let found: [GeneratedContent]?
            if let cached = candidatesByPointer[target.pointer] {
                found = cached
            } else {
                candidatesByPointer[target.pointer] = .some(nil)
                found = try candidates(of: target.schema, at: target.pointer, depth: depth + 1)
                candidatesByPointer[target.pointer] = .some(found)
            }
            if let found { return found }
        }
        if case .array(let members)? = schema[property: "allOf"]?.kind {
            for (index, member) in members.enumerated() {
                if let found = try candidates(of: member, at: "\(pointer)/allOf/\(index)", depth: depth + 1) { return found }
            }
        }
        for keyword in ["anyOf", "oneOf"] {
            guard case .array(let branches)? = schema[property: keyword]?.kind, !branches.isEmpty else { continue }
            var all: [GeneratedContent] = []
            var seen: Set<GeneratedContent> = []
            for (index, branch) in branches.enumerated() {
                guard let found = try candidates(of: branch, at: "\(pointer)/\(keyword)/\(index)", depth: depth + 1) else { return nil }
                for value in found where seen.insert(value).inserted { all.append(value) }
                guard all.count <= limits.maximumEnumValues else {
                    throw JSONSchemaImportError.limit("maximumEnumValues", limits.maximumEnumValues, at: pointer, "the values of \(keyword)")
                }
            }
            return all
        }
        if depth == 0, schema[property: "not"] != nil || schema[property: Self.residualNot] != nil,
            let types = schema[property: "type"].map(Self.typeNames), !types.isEmpty,
            types.isSubset(of: ["boolean", "null"])
        {
            return (types.contains("boolean") ? [GeneratedContent(true), GeneratedContent(false)] : []) + (types.contains("null") ? [.null] : [])
        }
        return nil
    }

    static func typeNames(_ content: GeneratedContent) -> Set<String> {
        switch content.kind {
        case .string(let name): return [name]
        case .array(let names): return Set(names.compactMap { if case .string(let name) = $0.kind { return name } else { return nil } })
        default: return []
        }
    }

    // MARK: Rewriting

    /// The schema with no composition keyword beside others at its top: plain, a lone
    /// `$ref`, or a lone `anyOf`/`oneOf` (annotations aside).
    mutating func head(_ schema: GeneratedContent, at pointer: String, references stack: [String]) throws -> GeneratedContent {
        guard case .structure = schema.kind else { return schema }
        try count(at: pointer)
        let keys = schema.keywords
        let constraining = keys.filter { !Self.isAnnotation($0) }
        let composition = constraining.intersection(Self.compositionKeywords)
        let (independent, splits) = Self.dependencySplits(schema)
        if !splits.isEmpty {
            var result = try head(independent, at: pointer, references: stack)
            for (trigger, dependent) in splits {
                let here = "\(pointer)/dependentSchemas/\(JSONPointer.escape(trigger))"
                result = try intersect(result, Self.dependencyBranches(trigger, dependent), at: here, references: stack)
            }
            return result
        }
        if composition.isEmpty { return schema }
        if composition == ["$ref"] && constraining.count == 1 { return schema }
        if composition.count == 1, constraining.count == 1, let keyword = composition.first, keyword == "anyOf" || keyword == "oneOf" {
            return schema
        }
        var result = schema.removing(Self.compositionKeywords)
        if let reference = schema[property: "$ref"] {
            let (target, targetPointer, inner) = try inline(reference, at: "\(pointer)/$ref", stack: stack)
            result = try intersect(result, head(target, at: targetPointer, references: inner), at: pointer, references: inner)
        }
        if let allOf = schema[property: "allOf"] {
            guard case .array(let members) = allOf.kind, !members.isEmpty else {
                throw JSONSchemaImportError(pointer: "\(pointer)/allOf", keyword: "allOf", message: "allOf must be a non-empty array of schemas")
            }
            for (index, member) in members.enumerated() {
                result = try intersect(result, member, at: "\(pointer)/allOf/\(index)", references: stack)
            }
        }
        if let negated = schema[property: "not"] {
            result = try intersect(result, negate(negated, at: "\(pointer)/not", references: stack), at: pointer, references: stack)
        }
        if let condition = schema[property: "if"] {
            result = try intersect(result, conditional(schema, condition, at: pointer, references: stack), at: pointer, references: stack)
        }
        for keyword in ["anyOf", "oneOf"] {
            guard let list = schema[property: keyword] else { continue }
            guard case .array(let branches) = list.kind, !branches.isEmpty else {
                throw JSONSchemaImportError(pointer: "\(pointer)/\(keyword)", keyword: keyword, message: "\(keyword) must be a non-empty array of schemas")
            }
            result = try intersect(result, GeneratedContent(properties: [(keyword, list)]), at: pointer, references: stack)
        }
        return result
    }

    /// `if`/`then`/`else` as `anyOf: [if ∧ then, ¬if ∧ else]`. The negation of `if` may be
    /// narrowed (see ``negate(_:at:references:)``), which only drops values.
    private mutating func conditional(
        _ schema: GeneratedContent, _ condition: GeneratedContent, at pointer: String, references stack: [String]
    ) throws -> GeneratedContent {
        let then = schema[property: "then"] ?? true
        let otherwise = schema[property: "else"] ?? true
        var branches: [GeneratedContent] = []
        var reasons: [String] = []
        do {
            branches.append(try intersect(condition, then, at: "\(pointer)/then", references: stack))
        } catch let contradiction as Contradiction { reasons.append(contradiction.reason) }
        do {
            let negated = try negate(condition, at: "\(pointer)/if", references: stack)
            branches.append(try intersect(negated, otherwise, at: "\(pointer)/else", references: stack))
        } catch let contradiction as Contradiction { reasons.append(contradiction.reason) }
        return try Self.union(branches, keyword: "anyOf", reasons: reasons)
    }

    /// The target of a reference inlined beside other keywords, with the reference stack
    /// that detects a reference reaching itself.
    mutating func inline(
        _ reference: GeneratedContent, at pointer: String, stack: [String]
    ) throws -> (GeneratedContent, String, [String]) {
        let target = try references.resolve(reference, at: pointer)
        guard !stack.contains(target.pointer) else {
            throw JSONSchemaImportError(
                pointer: pointer, keyword: "$ref",
                message: "the recursive reference \(target.pointer) cannot be merged with sibling keywords or allOf members; move those keywords into the referenced schema")
        }
        guard stack.count < limits.maximumReferenceDepth else {
            throw JSONSchemaImportError.limit("maximumReferenceDepth", limits.maximumReferenceDepth, at: pointer, "inlining references \(stack.count + 1) deep")
        }
        return (target.schema, target.pointer, stack + [target.pointer])
    }

    mutating func count(at pointer: String) throws {
        produced += 1
        if produced > limits.maximumNodes {
            throw JSONSchemaImportError.limit("maximumNodes", limits.maximumNodes, at: pointer, "merging and distributing composition keywords")
        }
    }

    /// `anyOf`/`oneOf` of the branches that have instances; a contradiction when none has.
    static func union(_ branches: [GeneratedContent], keyword: String, reasons: [String]) throws -> GeneratedContent {
        let kept = branches.filter { $0 != false }
        switch kept.count {
        case 0: throw Contradiction(reason: reasons.isEmpty ? "every alternative is false" : reasons.joined(separator: "; "))
        case 1 where keyword == "anyOf" || keyword == "oneOf": return kept[0]
        default: return GeneratedContent(properties: [(keyword, GeneratedContent(elements: kept))])
        }
    }
}

extension GeneratedContent {
    /// An object's keys.
    var keywords: Set<String> {
        guard case .structure(let properties, _) = kind else { return [] }
        return Set(properties.keys)
    }

    /// This object without the given keys.
    func removing(_ keys: Set<String>) -> GeneratedContent {
        GeneratedContent(properties: (orderedProperties ?? []).filter { !keys.contains($0.name) }.map { ($0.name, $0.value) })
    }

    /// This object with `key` set to `value` (appended when new), or removed when nil.
    func setting(_ key: String, _ value: GeneratedContent?) -> GeneratedContent {
        var members = (orderedProperties ?? []).map { ($0.name, $0.value) }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            if let value { members[index].1 = value } else { members.remove(at: index) }
        } else if let value {
            members.append((key, value))
        }
        return GeneratedContent(properties: members)
    }
}
