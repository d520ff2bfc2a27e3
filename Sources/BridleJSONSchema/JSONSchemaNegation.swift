import BridleSchema
import Foundation

/// `not` at the JSON level: the negation of a schema as a schema without `not`, for the
/// common shapes.
///
/// A schema is the conjunction of its keywords, so its negation is the disjunction of the
/// negations of each keyword (or coupled group of keywords):
/// - `type` → the other types (`not integer` drops numbers altogether: a narrowing);
/// - `required: [a, b]` → an object lacking `a`, or lacking `b`;
/// - `minimum`, `maxLength`, `minItems`, … → the value of that type beyond the bound;
/// - `properties: {p: S}` → an object whose `p` is present and not `S`;
/// - `propertyNames: S` → an object with some key outside `S`; `patternProperties: {P: S}`
///   → an object with some key matching `P` whose value is not `S` (existentials, resolved
///   into witness keys by ``resolveWitnessKeys(_:at:)``);
/// - `enum`/`const` → the types it lists nothing of; strings other than its strings (a
///   pattern built from their trie); the boolean it doesn't list; integers other than its
///   integers (``excludedValues``, compiled by splitting the range around them); other
///   numbers, arrays and objects it lists values of are dropped altogether (a narrowing);
/// - `multipleOf` → integers that are not multiples of the integer step it implies on
///   integers (``excludedMultiples``; `2.5` → 5), read into ``IntegerConstraints/excludedMultiples``
///   and compiled exactly as a residue automaton; non-integers are dropped (a narrowing);
/// - `pattern` → a string it does not match (kept as an excluded pattern);
/// - `format`, `items`, `oneOf`, … cannot be
///   negated into a grammar here: when other disjuncts exist they are dropped (a
///   narrowing: fewer values, all valid), otherwise the negation stays a residual
///   `$bridleNot` that only a finite schema (an enum, booleans, null) can resolve, exactly,
///   through ``FiniteValueEvaluator``; anything else is an unsupported error.
/// - `not: {not: S}` is `S`; `anyOf` and `allOf` follow De Morgan's laws.
///
/// The negation is only ever used positively (intersected or united, never negated again),
/// so the narrowings above stay sound.
extension JSONSchemaComposition {
    /// The residual keyword: the value it holds must not match.
    static let residualNot = "$bridleNot"

    mutating func negate(_ schema: GeneratedContent, at pointer: String, references stack: [String]) throws -> GeneratedContent {
        try count(at: pointer)
        switch schema.kind {
        case .bool(let value): return GeneratedContent(!value)
        case .structure: break
        default:
            throw JSONSchemaImportError(pointer: pointer, keyword: "not", message: "not must hold a schema (an object or a boolean)")
        }
        let constraining = schema.keywords.filter { !Self.isAnnotation($0) }
        if constraining.isEmpty { return false }
        if constraining == ["not"], let inner = schema[property: "not"] { return inner }
        if constraining == [Self.residualNot], let inner = schema[property: Self.residualNot] { return inner }

        var exact: [GeneratedContent] = []
        var residual: [String: GeneratedContent] = [:]
        func keep(_ keys: [String]) {
            for key in keys { if let value = schema[property: key] { residual[key] = value } }
        }
        let objectKeys: Set<String> = ["properties", "additionalProperties", "patternProperties"]
        for key in constraining.sorted() {
            guard let value = schema[property: key] else { continue }
            let here = "\(pointer)/\(JSONPointer.escape(key))"
            switch key {
            case "$ref":
                let (target, targetPointer, inner) = try inline(value, at: here, stack: stack)
                exact.append(try negate(target, at: targetPointer, references: inner))
            case "not":
                exact.append(value)
            case "allOf":
                for (index, member) in ((try? value.elements()) ?? []).enumerated() {
                    exact.append(try negate(member, at: "\(here)/\(index)", references: stack))
                }
            case "anyOf":
                var conjunction: GeneratedContent = true
                do {
                    for (index, member) in ((try? value.elements()) ?? []).enumerated() {
                        conjunction = try intersect(conjunction, negate(member, at: "\(here)/\(index)", references: stack), at: here, references: stack)
                    }
                    exact.append(conjunction)
                } catch is Contradiction {
                    continue
                }
            case "type":
                let named = Self.typeNames(value)
                if named.contains("integer") && !named.contains("number") { narrowedNegations.insert("type integer") }
                let others = ["null", "boolean", "object", "array", "string", "number"].filter { name in
                    !named.contains(name) && !(name == "number" && named.contains("integer"))
                }
                if !others.isEmpty { exact.append(GeneratedContent(properties: [("type", GeneratedContent(elements: others.map { GeneratedContent($0) }))])) }
            case "required":
                for name in (try? value.elements()) ?? [] {
                    exact.append(GeneratedContent(properties: [
                        ("type", "object"), ("properties", GeneratedContent(properties: [(name.stringValue ?? "", false)])),
                    ]))
                }
            case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
                guard case .number = value.kind else { continue }  // draft 4 flags go with their bound
                let flag = key == "minimum" ? schema[property: "exclusiveMinimum"] == true
                    : key == "maximum" ? schema[property: "exclusiveMaximum"] == true : false
                let opposite: String
                switch key {
                case "minimum": opposite = flag ? "maximum" : "exclusiveMaximum"
                case "maximum": opposite = flag ? "minimum" : "exclusiveMinimum"
                case "exclusiveMinimum": opposite = "maximum"
                default: opposite = "minimum"
                }
                exact.append(GeneratedContent(properties: [("type", "number"), (opposite, value)]))
            case "minLength", "minItems", "minProperties":
                guard case .number(let number) = value.kind, let bound = number.exactInteger(Int.self) else { keep([key]); continue }
                if bound > 0 {
                    let type = key == "minLength" ? "string" : key == "minItems" ? "array" : "object"
                    exact.append(GeneratedContent(properties: [("type", GeneratedContent(type)), (key.replacingOccurrences(of: "min", with: "max"), GeneratedContent(bound - 1))]))
                }
            case "maxLength", "maxItems", "maxProperties":
                guard case .number(let number) = value.kind, let bound = number.exactInteger(Int.self), bound < Int.max else { keep([key]); continue }
                let type = key == "maxLength" ? "string" : key == "maxItems" ? "array" : "object"
                exact.append(GeneratedContent(properties: [("type", GeneratedContent(type)), (key.replacingOccurrences(of: "max", with: "min"), GeneratedContent(bound + 1))]))
            case "propertyNames":
                // Some key outside the names; `false` names none, so: some key at all.
                if value == true || value == [:] { continue }
                exact.append(Self.existential(names: value == false ? true : GeneratedContent(properties: [("not", value)]), value: true))
            case "patternProperties" where schema[property: "additionalProperties"] == nil:
                for member in value.orderedProperties ?? [] where member.value != true {
                    let inner: GeneratedContent = member.value == false ? true : GeneratedContent(properties: [("not", member.value)])
                    exact.append(Self.existential(names: GeneratedContent(properties: [("pattern", GeneratedContent(member.name))]), value: inner))
                }
            case "properties" where schema[property: "additionalProperties"] == nil:
                for member in value.orderedProperties ?? [] where member.value != true {
                    let inner: GeneratedContent = member.value == false ? true : GeneratedContent(properties: [("not", member.value)])
                    exact.append(GeneratedContent(properties: [
                        ("type", "object"), ("required", GeneratedContent(elements: [GeneratedContent(member.name)])),
                        ("properties", GeneratedContent(properties: [(member.name, inner)])),
                    ]))
                }
            case "pattern", Self.additionalPatterns, Self.excludedPatterns:
                exact.append(contentsOf: Self.negatedPatterns(key, value))
            case "multipleOf":
                // Numbers that are not multiples: narrowed to the integers among them (every
                // non-integer is one too, and is dropped), which are exactly the integers that
                // are not multiples of the integer step the decimal one implies on integers.
                guard case .number(let number) = value.kind, let step = Self.integerStep(number) else { keep([key]); continue }
                narrowedNegations.insert(key)
                if step > 1 {
                    exact.append(GeneratedContent(properties: [
                        ("type", "integer"), (Self.excludedMultiples, GeneratedContent(elements: [GeneratedContent(step)])),
                    ]))
                }
            case "enum", "const":
                let values = key == "const" ? [value] : ((try? value.elements()) ?? [])
                if let parts = Self.excluding(values) {
                    exact.append(contentsOf: parts)
                    // Integers other than the listed ones, exactly (non-integers stay dropped).
                    let integers = values.compactMap { value -> GeneratedContent? in
                        guard case .number(let number) = value.kind, let integer = number.int128 else { return nil }
                        return GeneratedContent(kind: .number(JSONNumber(integer)))
                    }
                    if !integers.isEmpty {
                        exact.append(GeneratedContent(properties: [("type", "integer"), (Self.excludedValues, GeneratedContent(elements: integers))]))
                    }
                    if values.contains(where: { [.number, .array, .structure].contains($0.kind.jsonType) }) { narrowedNegations.insert(key) }
                } else {
                    keep([key])
                }
            case _ where objectKeys.contains(key):
                keep(Array(objectKeys))
            case "items", "prefixItems", "additionalItems":
                keep(["items", "prefixItems", "additionalItems"])
            case "contains", "minContains", "maxContains":
                keep(["contains", "minContains", "maxContains"])
            case "if", "then", "else":
                keep(["if", "then", "else"])
            default:
                keep([key])
            }
        }
        let kept = exact.filter { $0 != false }
        if !kept.isEmpty {
            // Residual disjuncts are dropped here: a narrowing, sound because the negation
            // is only used positively.
            narrowedNegations.formUnion(residual.keys)
            return kept.count == 1 ? kept[0] : GeneratedContent(properties: [("anyOf", GeneratedContent(elements: kept))])
        }
        if residual.isEmpty { return false }
        let group = GeneratedContent(properties: residual.keys.sorted().compactMap { key in residual[key].map { (key, $0) } })
        return GeneratedContent(properties: [(Self.residualNot, group)])
    }
}

extension JSONSchemaComposition {
    /// The keyword a negated `multipleOf` becomes: integer steps no value is a multiple of.
    static let excludedMultiples = "$bridleNotMultipleOf"
    /// The keyword a negated `enum`/`const` of integers adds: integers that are none of these.
    static let excludedValues = "$bridleNotIntegers"

    /// The integer multiples of `step` (a positive decimal `p·10⁻ᵉ`) are the multiples of
    /// `p / gcd(p, 10ᵉ)`; nil when that does not fit comfortably in `Int64`.
    static func integerStep(_ step: JSONNumber) -> Int64? {
        let canonical = step.canonical
        guard !canonical.isNegative, !canonical.digits.isEmpty, canonical.digits.count <= 17,
            case .small(let exponent) = canonical.exponent, exponent > -18, canonical.digits.count + max(exponent, 0) <= 17
        else { return nil }
        var numerator = canonical.digits.reduce(Int64(0)) { $0 * 10 + Int64($1) }
        if exponent >= 0 {
            for _ in 0..<exponent { numerator *= 10 }
            return numerator
        }
        var (a, b) = (numerator, Int64(1))
        for _ in 0..<(-exponent) { b *= 10 }
        while b != 0 { (a, b) = (b, a % b) }
        return numerator / a
    }

    /// The values no schema in `values` equals, as disjuncts; nil when the strings can't be
    /// excluded by a pattern (too long, or characters a pattern can't spell portably).
    static func excluding(_ values: [GeneratedContent]) -> [GeneratedContent]? {
        var listed: Set<String> = []
        var strings: [String] = []
        var booleans: Set<Bool> = []
        for value in values {
            switch value.kind {
            case .null: listed.insert("null")
            case .bool(let flag): booleans.insert(flag)
            case .number: listed.insert("number")
            case .string(let text): strings.append(text)
            case .array: listed.insert("array")
            case .structure: listed.insert("object")
            }
        }
        var parts: [GeneratedContent] = []
        let free = ["null", "object", "array", "number"].filter { !listed.contains($0) }
        if !free.isEmpty { parts.append(GeneratedContent(properties: [("type", GeneratedContent(elements: free.map { GeneratedContent($0) }))])) }
        if booleans.count < 2 {
            let remaining = [true, false].filter { !booleans.contains($0) }
            parts.append(booleans.isEmpty ? GeneratedContent(properties: [("type", "boolean")]) : GeneratedContent(properties: [("const", GeneratedContent(remaining[0]))]))
        }
        if strings.isEmpty {
            parts.append(GeneratedContent(properties: [("type", "string")]))
        } else {
            guard let pattern = StringExclusion.pattern(excluding: strings) else { return nil }
            parts.append(GeneratedContent(properties: [("type", "string"), ("pattern", GeneratedContent(pattern))]))
        }
        return parts
    }
}

/// A regular expression matching every string except a finite few, built from their trie:
/// at each node, stop here (unless a listed string ends here), go on with a listed next
/// character, or take any other character and then anything.
enum StringExclusion {
    static let maximumLength = 40
    static let maximumStrings = 200

    static func pattern(excluding strings: [String]) -> String? {
        let words = Array(Set(strings.map { Array($0.unicodeScalars) })).sorted { String(String.UnicodeScalarView($0)) < String(String.UnicodeScalarView($1)) }
        guard words.count <= maximumStrings, words.allSatisfy({ $0.count <= maximumLength }),
            words.allSatisfy({ $0.allSatisfy { $0.value >= 0x20 && $0.value < 0xD800 } })
        else { return nil }
        return "^" + node(words[...], depth: 0) + "$"
    }

    private static func node(_ words: ArraySlice<[Unicode.Scalar]>, depth: Int) -> String {
        let terminal = words.contains { $0.count == depth }
        var groups: [(Unicode.Scalar, [[Unicode.Scalar]])] = []
        for word in words where word.count > depth {
            if let index = groups.firstIndex(where: { $0.0 == word[depth] }) { groups[index].1.append(word) } else { groups.append((word[depth], [word])) }
        }
        var alternatives = groups.map { scalar, group in escape(scalar) + node(group[...], depth: depth + 1) }
        alternatives.append((groups.isEmpty ? "[\\s\\S]" : "[^" + groups.map { classEscape($0.0) }.joined() + "]") + "[\\s\\S]*")
        return "(?:" + alternatives.joined(separator: "|") + ")" + (terminal ? "" : "?")
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        "^$\\.*+?()[]{}|/".unicodeScalars.contains(scalar) ? "\\" + String(scalar) : String(scalar)
    }

    private static func classEscape(_ scalar: Unicode.Scalar) -> String {
        "\\]^-[".unicodeScalars.contains(scalar) ? "\\" + String(scalar) : String(scalar)
    }
}

extension GeneratedContent.Kind {
    /// The JSON type, for grouping values.
    var jsonType: JSONType {
        switch self {
        case .null: return .null
        case .bool: return .boolean
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .structure: return .structure
        }
    }

    enum JSONType { case null, boolean, number, string, array, structure }
}
