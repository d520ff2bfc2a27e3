import BridleSchema
import Foundation

/// Reads a JSON Schema document into Bridle's schema IR, one keyword at a time, with the
/// JSON pointer of every node at hand for errors.
struct JSONSchemaReader {
    let document: GeneratedContent
    private var definitions: [String: SchemaNode] = [:]
    /// Definitions referenced but not read yet: name → (pointer, schema).
    private var pending: [(name: String, pointer: String, content: GeneratedContent)] = []
    private var namesByPointer: [String: String] = [:]
    /// The names given so far: a set, so naming the n-th definition costs no scan of the others.
    private var namesGiven: Set<String> = []
    let limits: SchemaLimits
    /// Rewrites `allOf`, `not`, `if` and composition siblings before a schema is read.
    private var composition: JSONSchemaComposition
    private var depth = 0
    private var nodesRead = 0
    /// What the document says that the schema keeps as an annotation without enforcing it.
    private var importNotes: [String] = []

    init(document: GeneratedContent, limits: SchemaLimits = SchemaLimits()) {
        self.document = document
        self.limits = limits
        composition = JSONSchemaComposition(document: document, limits: limits)
    }

    mutating func read() throws -> GenerationSchema {
        var root = try node(document, at: "#")
        while !pending.isEmpty {
            let next = pending.removeFirst()
            if next.pointer == "#" { continue }
            definitions[next.name] = try node(next.content, at: next.pointer)
        }
        if let rootName = namesByPointer["#"] {
            definitions[rootName] = root
            root = .reference(rootName)
        }
        var schema = GenerationSchema(root: root, definitions: definitions)
        schema.importNotes = importNotes
        return schema
    }

    // MARK: Keyword sets

    /// Validation keywords Bridle cannot enforce in a grammar: an error, never skipped.
    private static let unsupported: [String: String] = [
        "not": "negation cannot be expressed in a grammar; list the allowed shapes instead",
        "if": "conditional schemas are not supported; use anyOf with one branch per case",
        "then": "conditional schemas are not supported; use anyOf with one branch per case",
        "else": "conditional schemas are not supported; use anyOf with one branch per case",
        "unevaluatedProperties": "unevaluatedProperties is not supported; use additionalProperties",
        "unevaluatedItems": "unevaluatedItems is not supported; use items",
        "$dynamicRef": "this dynamic reference depends on the dynamic scope (its $dynamicAnchor is declared more than once); use $ref to a $defs entry",
        "$recursiveRef": "recursive references are not supported; use $ref to a $defs entry",
    ]

    static let stringKeywords: Set<String> = [
        "minLength", "maxLength", "pattern", "format", JSONSchemaComposition.additionalPatterns, JSONSchemaComposition.excludedPatterns,
    ]
    static let numberKeywords: Set<String> = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]
    static let arrayKeywords: Set<String> = [
        "items", "prefixItems", "minItems", "maxItems", "additionalItems", "uniqueItems", "contains", "minContains", "maxContains",
    ]
    static let objectKeywords: Set<String> = [
        "properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties", "maxProperties",
        "dependentRequired", "dependentSchemas", "dependencies",
    ]
    /// Keywords that constrain a value, as opposed to annotating it.
    private static let constraining: Set<String> = stringKeywords
        .union(numberKeywords).union(arrayKeywords).union(objectKeywords)
        .union(["type", "enum", "const", "anyOf", "oneOf", "allOf", "$ref"])

    private static let supportedFormats = StringFormat.allCases.map(\.rawValue).joined(separator: ", ")

    // MARK: Nodes

    mutating func node(_ original: GeneratedContent, at pointer: String) throws -> SchemaNode {
        depth += 1
        defer { depth -= 1 }
        nodesRead += 1
        guard depth <= limits.maximumDepth else {
            throw JSONSchemaImportError.limit("maximumDepth", limits.maximumDepth, at: pointer, "schemas nested \(depth) deep")
        }
        guard nodesRead <= limits.maximumNodes else {
            throw JSONSchemaImportError.limit("maximumNodes", limits.maximumNodes, at: pointer, "reading \(nodesRead) schemas")
        }
        let content = try composition.normalize(original, at: pointer)
        let members: [(name: String, value: GeneratedContent)]
        switch content.kind {
        case .bool(true):
            return .any
        case .bool(false):
            throw JSONSchemaImportError(
                pointer: pointer, message: "the schema `false` admits no value; remove this property or branch"
            ).withNoInstance(at: pointer)
        case .structure:
            members = content.orderedProperties ?? []
        default:
            throw JSONSchemaImportError(pointer: pointer, message: "a schema must be an object or a boolean, found \(content.kind.name)")
        }
        let keys = Set(members.map(\.name))
        for member in members {
            if let advice = Self.unsupported[member.name] {
                throw JSONSchemaImportError(
                    pointer: "\(pointer)/\(JSONPointer.escape(member.name))", keyword: member.name,
                    message: "\(member.name) is not supported: \(advice)")
            }
        }
        let value = { (key: String) in content[property: key] }
        func siblingsCheck(_ keyword: String) throws {
            let others = keys.intersection(Self.constraining).subtracting([keyword]).sorted()
            if !others.isEmpty {
                throw JSONSchemaImportError(
                    pointer: "\(pointer)/\(keyword)", keyword: keyword,
                    message: "\(keyword) beside \(others.joined(separator: ", ")) is not supported; move those keywords into the referenced or alternative schemas")
            }
        }

        var result: SchemaNode
        if let reference = value("$ref") {
            try siblingsCheck("$ref")
            if let target = try? composition.references.resolve(reference, at: "\(pointer)/$ref"), target.schema == false {
                throw JSONSchemaImportError(
                    pointer: "\(pointer)/$ref", keyword: "$ref", message: "\(target.pointer) is the schema `false`, which admits no value"
                ).withNoInstance(at: pointer)
            }
            result = .reference(try referenceName(reference, at: "\(pointer)/$ref"))
        } else if let allOf = value("allOf") {
            try siblingsCheck("allOf")
            let parts = try elements(allOf, keyword: "allOf", at: pointer)
            guard parts.count == 1 else {
                throw JSONSchemaImportError(
                    pointer: "\(pointer)/allOf", keyword: "allOf",
                    message: "allOf with \(parts.count) schemas is not supported; merge them into one schema")
            }
            result = try node(parts[0], at: "\(pointer)/allOf/0")
        } else if let keyword = ["anyOf", "oneOf"].first(where: keys.contains), let list = value(keyword) {
            try siblingsCheck(keyword)
            let listed = try elements(list, keyword: keyword, at: pointer)
            guard !listed.isEmpty else {
                throw JSONSchemaImportError(pointer: "\(pointer)/\(keyword)", keyword: keyword, message: "\(keyword) is empty; list at least one schema")
            }
            // A branch without instances never matches, so leaving it out changes neither
            // anyOf nor oneOf. An anyOf alternative Bridle can't read is left out while
            // another can be (fewer values, all valid); oneOf needs them all to judge
            // exclusivity.
            var alternatives: [SchemaNode] = []
            var empty: JSONSchemaImportError?
            var unreadable: JSONSchemaImportError?
            for (index, alternative) in listed.enumerated() {
                let alternativePointer = "\(pointer)/\(keyword)/\(index)"
                do {
                    let read = try node(alternative, at: alternativePointer)
                    alternatives.append(keyword == "oneOf" ? widenedOneOfAlternative(read, alternative) : read)
                } catch let error as JSONSchemaImportError where error.isNoInstance(at: alternativePointer) {
                    empty = empty ?? error
                } catch let error as JSONSchemaImportError where keyword == "anyOf" && error.limit == nil {
                    unreadable = unreadable ?? error
                }
            }
            if alternatives.isEmpty {
                if let unreadable { throw unreadable }
                if let empty {
                    throw JSONSchemaImportError(
                        pointer: "\(pointer)/\(keyword)", keyword: keyword, message: "no alternative of \(keyword) has an instance (\(empty))"
                    ).withNoInstance(at: pointer)
                }
            }
            result = SchemaNode(keyword == "anyOf" ? .anyOf(alternatives) : .oneOf(alternatives))
        } else {
            result = try typedNode(content, keys: keys, at: pointer)
        }
        if case .string(let title)? = value("title")?.kind { result.title = title }
        if case .string(let description)? = value("description")?.kind { result.description = description }
        result.defaultValue = value("default")
        return result
    }

    private mutating func typedNode(_ content: GeneratedContent, keys: Set<String>, at pointer: String) throws -> SchemaNode {
        // OpenAPI's `nullable` is not a JSON Schema keyword: 2020-12 validators ignore it, so
        // admitting null for it would produce values they reject.
        let declared = try declaredTypes(content, at: pointer)
        var types = declared ?? inferredTypes(keys)
        if types.contains("integer") && types.contains("number") { types.removeAll { $0 == "integer" } }

        var alternatives: [SchemaNode] = []
        var empty: JSONSchemaImportError?
        for type in types {
            do {
                switch type {
                case "null": alternatives.append(.null)
                case "boolean": alternatives.append(.boolean)
                case "string": alternatives.append(try stringNode(content, at: pointer))
                case "integer": alternatives.append(try integerNode(content, at: pointer))
                case "number": alternatives.append(try numberNode(content, at: pointer))
                case "array": alternatives.append(try arrayNode(content, at: pointer))
                case "object": alternatives.append(try objectNode(content, at: pointer))
                default: break
                }
            } catch let error as JSONSchemaImportError where error.isNoInstance(at: pointer) {
                empty = empty ?? error
            }
        }
        if alternatives.isEmpty, let empty {
            // Without `type`, the keywords of one type leave the other types free
            // (`{"contains": false}` admits every non-array).
            guard declared == nil, types.count < Self.defaultNodes.count else { throw empty }
            alternatives = Self.defaultNodes.filter { !types.contains($0.type) }.map(\.node)
        }
        var result: SchemaNode
        switch alternatives.count {
        case 0: result = .any
        case 1: result = alternatives[0]
        default: result = SchemaNode(.anyOf(alternatives))
        }
        if let allowed = try allowedValues(content, at: pointer) {
            result = try enumeration(allowed, within: result, of: content, at: pointer)
        }
        return result
    }

    private func declaredTypes(_ content: GeneratedContent, at pointer: String) throws -> [String]? {
        guard let type = content[property: "type"] else { return nil }
        let known: Set<String> = ["null", "boolean", "string", "integer", "number", "array", "object"]
        let names: [String]
        switch type.kind {
        case .string(let name): names = [name]
        case .array(let list):
            names = try list.map { item in
                guard case .string(let name) = item.kind else {
                    throw JSONSchemaImportError(pointer: "\(pointer)/type", keyword: "type", message: "type lists must hold type names (strings)")
                }
                return name
            }
        default:
            throw JSONSchemaImportError(pointer: "\(pointer)/type", keyword: "type", message: "type must be a type name or a list of them")
        }
        for name in names where !known.contains(name) {
            throw JSONSchemaImportError(
                pointer: "\(pointer)/type", keyword: "type",
                message: "\"\(name)\" is not a JSON Schema type; use one of \(known.sorted().joined(separator: ", "))")
        }
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        return unique
    }

    /// Without `type`, a schema's keywords only constrain the types they describe; keeping
    /// just those types narrows what is admitted, which is sound.
    func inferredTypes(_ keys: Set<String>) -> [String] {
        var types: [String] = []
        if !keys.isDisjoint(with: Self.objectKeywords) { types.append("object") }
        if !keys.isDisjoint(with: Self.arrayKeywords) { types.append("array") }
        if !keys.isDisjoint(with: Self.stringKeywords) { types.append("string") }
        if !keys.isDisjoint(with: Self.numberKeywords) { types.append("number") }
        return types
    }

    private func allowedValues(_ content: GeneratedContent, at pointer: String) throws -> [GeneratedContent]? {
        if let constant = content[property: "const"] { return [constant] }
        guard let list = content[property: "enum"] else { return nil }
        guard case .array(let values) = list.kind else {
            throw JSONSchemaImportError(pointer: "\(pointer)/enum", keyword: "enum", message: "enum must be an array of values")
        }
        guard values.count <= limits.maximumEnumValues else {
            throw JSONSchemaImportError.limit("maximumEnumValues", limits.maximumEnumValues, at: "\(pointer)/enum", "an enum of \(values.count) values")
        }
        return values
    }

    /// The enum values that also satisfy the schema's other keywords.
    private mutating func enumeration(
        _ values: [GeneratedContent], within node: SchemaNode, of content: GeneratedContent, at pointer: String
    ) throws -> SchemaNode {
        let context = GenerationSchema(root: node)
        let kept = values.filter { context.conforms($0) }
        guard !kept.isEmpty else {
            let error = JSONSchemaImportError(
                pointer: pointer, keyword: "enum", message: "no value in enum/const satisfies the schema's other keywords")
            // The IR may be narrower than the document; only the document's verdict says
            // that the schema has no instance at all.
            var evaluator = composition.evaluator
            let none = (try? values.allSatisfy { try !evaluator.isValid($0, against: content, at: pointer) }) ?? false
            throw none ? error.withNoInstance(at: pointer) : error
        }
        var result: SchemaNode
        let strings = kept.compactMap { value -> String? in
            if case .string(let string) = value.kind { return string }
            return nil
        }
        if strings.count == kept.count {
            var constraints = StringConstraints(choices: strings)
            if case .string(let original) = node.kind { constraints.format = original.format }
            result = .string(constraints)
        } else {
            result = SchemaNode(.enumeration(kept))
        }
        result.title = node.title
        result.description = node.description
        result.defaultValue = node.defaultValue
        return result
    }

    // MARK: Scalars

    private mutating func stringNode(_ content: GeneratedContent, at pointer: String) throws -> SchemaNode {
        var constraints = StringConstraints()
        constraints.minimumLength = try count(content, "minLength", at: pointer)
        constraints.maximumLength = try count(content, "maxLength", at: pointer)
        if let pattern = content[property: "pattern"] {
            guard case .string(let text) = pattern.kind else {
                throw JSONSchemaImportError(pointer: "\(pointer)/pattern", keyword: "pattern", message: "pattern must be a string")
            }
            constraints.pattern = text
        }
        for key in [JSONSchemaComposition.additionalPatterns, JSONSchemaComposition.excludedPatterns] {
            guard let list = content[property: key] else { continue }
            let patterns = ((try? list.elements()) ?? []).compactMap(\.stringValue)
            if key == JSONSchemaComposition.additionalPatterns {
                constraints.additionalPatterns = patterns
            } else {
                constraints.excludedPatterns = patterns
            }
        }
        if let format = content[property: "format"] {
            guard case .string(let name) = format.kind else {
                throw JSONSchemaImportError(pointer: "\(pointer)/format", keyword: "format", message: "format must be a string")
            }
            if let known = StringFormat(rawValue: name) {
                constraints.format = known
                constraints.dateBounds = try dateBounds(content, format: known, at: pointer)
                if let relative = content[property: BridleKeywords.relativeDatesKeyword] {
                    let keyword = BridleKeywords.relativeDatesKeyword
                    guard known.isDate else {
                        throw JSONSchemaImportError(pointer: "\(pointer)/\(keyword)", keyword: keyword, message: "relative dates need format date or date-time")
                    }
                    do {
                        constraints.relativeDateBounds = try BridleKeywords.relativeDates(from: relative)
                    } catch {
                        throw JSONSchemaImportError(pointer: "\(pointer)/\(keyword)", keyword: keyword, message: error.message)
                    }
                }
            } else {
                // Draft 2020-12 makes `format` an annotation, and a name no vocabulary
                // defines constrains nothing; the schema says so rather than staying silent.
                let note = "\(pointer)/format: the format \(format.jsonString) is not one Bridle knows (\(Self.supportedFormats)); it is kept as an annotation and any string is allowed"
                if !importNotes.contains(note) { importNotes.append(note) }
            }
        }
        return .string(constraints)
    }

    private func dateBounds(_ content: GeneratedContent, format: StringFormat, at pointer: String) throws -> DateBounds? {
        let keywords = ["formatMinimum", "formatExclusiveMinimum", "formatMaximum", "formatExclusiveMaximum"]
        guard keywords.contains(where: { content[property: $0] != nil }) else { return nil }
        guard format.isDate else {
            throw JSONSchemaImportError(
                pointer: "\(pointer)/format", keyword: "formatMinimum",
                message: "format bounds are supported for date and date-time only")
        }
        var bounds = DateBounds()
        for keyword in keywords {
            guard let value = content[property: keyword] else { continue }
            guard case .string(let text) = value.kind,
                let date = format == .date ? RFC3339.parseFullDate(text) : RFC3339.parseDateTime(text)
            else {
                throw JSONSchemaImportError(
                    pointer: "\(pointer)/\(keyword)", keyword: keyword, message: "\(keyword) must be a \(format.rawValue) string")
            }
            let inclusive = !keyword.contains("Exclusive")
            if keyword.hasSuffix("inimum") {
                bounds.lower = date
                bounds.lowerIsInclusive = inclusive
            } else {
                bounds.upper = date
                bounds.upperIsInclusive = inclusive
            }
        }
        return bounds
    }

    private func integerNode(_ content: GeneratedContent, at pointer: String) throws -> SchemaNode {
        let bounds = try numericBounds(content, at: pointer)
        var constraints = IntegerConstraints()
        if let (value, exclusive) = bounds.lower {
            constraints.minimum = IntegerRounding.smallestInteger(above: value, strictly: exclusive)
        }
        if let (value, exclusive) = bounds.upper {
            constraints.maximum = IntegerRounding.largestInteger(below: value, strictly: exclusive)
        }
        constraints.multipleOf = try integerStep(content, at: pointer)
        func integers(_ keyword: String) -> [Int128] {
            ((try? content[property: keyword]?.elements()) ?? []).compactMap { element in
                if case .number(let number) = element.kind { return number.int128 }
                return nil
            }
        }
        constraints.excludedMultiples = integers(JSONSchemaComposition.excludedMultiples)
        constraints.excludedValues = integers(JSONSchemaComposition.excludedValues)
        return .integer(constraints)
    }

    private func numberNode(_ content: GeneratedContent, at pointer: String) throws -> SchemaNode {
        let bounds = try numericBounds(content, at: pointer)
        var constraints = NumberConstraints()
        if let (value, exclusive) = bounds.lower {
            // Beyond Decimal's range, the nearest representable bound is stricter, so sound.
            let bound = value.decimal ?? (value.isNegative ? -Decimal.greatestFiniteMagnitude : Decimal.greatestFiniteMagnitude)
            constraints.intersect(minimum: bound, exclusive: exclusive)
        }
        if let (value, exclusive) = bounds.upper {
            let bound = value.decimal ?? (value.isNegative ? -Decimal.greatestFiniteMagnitude : Decimal.greatestFiniteMagnitude)
            constraints.intersect(maximum: bound, exclusive: exclusive)
        }
        constraints.multipleOf = try step(content, at: pointer)?.decimal
        return .number(constraints)
    }

    /// The tightest lower and upper bounds, in draft 2020-12 (numeric `exclusive*`) or
    /// draft 4 (boolean `exclusive*` beside `minimum`/`maximum`) spelling.
    private func numericBounds(_ content: GeneratedContent, at pointer: String) throws
        -> (lower: (JSONNumber, Bool)?, upper: (JSONNumber, Bool)?)
    {
        func number(_ keyword: String) throws -> JSONNumber? {
            guard let value = content[property: keyword] else { return nil }
            if case .number(let number) = value.kind { return number }
            if case .bool = value.kind, keyword.hasPrefix("exclusive") { return nil }
            throw JSONSchemaImportError(pointer: "\(pointer)/\(keyword)", keyword: keyword, message: "\(keyword) must be a number")
        }
        let draft4ExclusiveMinimum = content[property: "exclusiveMinimum"] == true
        let draft4ExclusiveMaximum = content[property: "exclusiveMaximum"] == true
        var lower = try number("minimum").map { ($0, draft4ExclusiveMinimum) }
        var upper = try number("maximum").map { ($0, draft4ExclusiveMaximum) }
        // When both spellings bound the same side, the tighter one wins; Decimal compares
        // them exactly, and a bound beyond Decimal's range is never the tighter one.
        if let exclusive = try number("exclusiveMinimum"),
            lower.map({ ($0.0.decimal ?? .greatestFiniteMagnitude) <= (exclusive.decimal ?? .greatestFiniteMagnitude) }) ?? true
        {
            lower = (exclusive, true)
        }
        if let exclusive = try number("exclusiveMaximum"),
            upper.map({ ($0.0.decimal ?? -.greatestFiniteMagnitude) >= (exclusive.decimal ?? -.greatestFiniteMagnitude) }) ?? true
        {
            upper = (exclusive, true)
        }
        return (lower, upper)
    }

    func count(_ content: GeneratedContent, _ keyword: String, at pointer: String) throws -> Int? {
        guard let value = content[property: keyword] else { return nil }
        guard case .number(let number) = value.kind, let count = number.exactInteger(Int.self), count >= 0 else {
            throw JSONSchemaImportError(
                pointer: "\(pointer)/\(keyword)", keyword: keyword, message: "\(keyword) must be a non-negative integer")
        }
        return count
    }

    // MARK: Containers

    private mutating func arrayNode(_ content: GeneratedContent, at pointer: String) throws -> SchemaNode {
        var constraints = ArrayConstraints(items: .any)
        var prefix: [GeneratedContent] = []
        var prefixKeyword = "prefixItems"
        if let prefixItems = content[property: "prefixItems"] {
            prefix = try elements(prefixItems, keyword: "prefixItems", at: pointer)
        }
        if let items = content[property: "items"] {
            if case .array(let tuple) = items.kind {
                // Draft 4 to 2019-09 tuples: `items` is the prefix, `additionalItems` the rest.
                prefix = tuple
                prefixKeyword = "items"
                if let additional = content[property: "additionalItems"] {
                    constraints.items = try itemsNode(additional, at: "\(pointer)/additionalItems", count: tuple.count, into: &constraints)
                }
            } else {
                constraints.items = try itemsNode(items, at: "\(pointer)/items", count: prefix.count, into: &constraints)
            }
        }
        for (index, item) in prefix.enumerated() {
            do {
                constraints.prefixItems.append(try node(item, at: "\(pointer)/\(prefixKeyword)/\(index)"))
            } catch let error as JSONSchemaImportError where error.isNoInstance(at: "\(pointer)/\(prefixKeyword)/\(index)") {
                // No element fits position `index`: the array ends before it.
                constraints.maximumCount = min(constraints.maximumCount ?? index, index)
                break
            }
        }
        constraints.minimumCount = try count(content, "minItems", at: pointer) ?? 0
        if let maximum = try count(content, "maxItems", at: pointer) {
            constraints.maximumCount = min(constraints.maximumCount ?? maximum, maximum)
        }
        try readArrayKeywords(content, into: &constraints, at: pointer)
        return .array(constraints)
    }

    /// The schema of elements after the prefix; `false` caps the count at the prefix.
    private mutating func itemsNode(
        _ content: GeneratedContent, at pointer: String, count prefixCount: Int, into constraints: inout ArrayConstraints
    ) throws -> SchemaNode {
        do {
            return try node(content, at: pointer)
        } catch let error as JSONSchemaImportError where error.isNoInstance(at: pointer) {
            constraints.maximumCount = prefixCount
            return .any
        }
    }

    private mutating func objectNode(_ original: GeneratedContent, at pointer: String) throws -> SchemaNode {
        let content = try composition.addingKeysForMinimum(original, at: pointer)
        var shape = ObjectShape(additionalProperties: .any)
        if let additional = content[property: "additionalProperties"] {
            shape.additionalProperties = additional == false ? nil : try node(additional, at: "\(pointer)/additionalProperties")
        }
        var required: [String] = []
        if let list = content[property: "required"] {
            required = try elements(list, keyword: "required", at: pointer).map { item in
                guard case .string(let name) = item.kind else {
                    throw JSONSchemaImportError(pointer: "\(pointer)/required", keyword: "required", message: "required must list property names")
                }
                return name
            }
        }
        var declared: [(name: String, value: GeneratedContent)] = []
        var forbidsSome = false
        if let properties = content[property: "properties"] {
            guard let members = properties.orderedProperties else {
                throw JSONSchemaImportError(pointer: "\(pointer)/properties", keyword: "properties", message: "properties must be an object")
            }
            declared = Self.ordered(members, by: content[property: "x-order"])
        }
        // Sets, not scans of the lists: an object of 20,000 properties must cost linear work.
        let requiredNames = Set(required)
        // A forbidden property (`p: false`, as `allOf` and `not: {required}` write it):
        // the IR cannot forbid one name, so no other keys are allowed (a narrowing).
        var forbidden = Set(declared.lazy.filter { $0.value == false && !requiredNames.contains($0.name) }.map(\.name))
        for (name, value) in declared where !forbidden.contains(name) {
            let childPointer = "\(pointer)/properties/\(JSONPointer.escape(name))"
            do {
                let child = try node(value, at: childPointer)
                shape.properties.append(SchemaProperty(name: name, node: child, isOptional: !requiredNames.contains(name)))
            } catch let error as JSONSchemaImportError where error.isNoInstance(at: childPointer) {
                guard !requiredNames.contains(name) else {
                    throw error.withNoInstance(at: pointer)
                }
                // An optional property no value fits is a forbidden one (see above).
                forbidden.insert(name)
            }
        }
        if !forbidden.isEmpty {
            declared.removeAll { forbidden.contains($0.name) }
            forbidsSome = true
        }
        if try readObjectKeywords(content, into: &shape, at: pointer) { forbidsSome = true }
        let declaredNames = Set(declared.map(\.name))
        for name in required where !declaredNames.contains(name) {
            guard let additional = try undeclaredNode(name, in: content, shape: shape, at: pointer) else {
                throw JSONSchemaImportError(
                    pointer: "\(pointer)/required", keyword: "required",
                    message: "\"\(name)\" is required but not in properties, and additionalProperties is false; no object satisfies both")
            }
            shape.properties.append(SchemaProperty(name: name, node: additional))
        }
        if forbidsSome { shape.additionalProperties = nil }
        try forbidPatterns(content, in: &shape, at: pointer)
        if content[property: JSONSchemaComposition.keyRule] != nil {
            // Rules on keys the IR can't hold: only named keys that obey them are written.
            var kept: [SchemaProperty] = []
            for property in shape.properties {
                if try composition.obeysKeyRules(property.name, in: content, at: pointer) {
                    kept.append(property)
                } else if !property.isOptional {
                    throw JSONSchemaImportError(
                        pointer: "\(pointer)/required", keyword: "additionalProperties",
                        message: "the required property \"\(property.name)\" is not allowed by an allOf member whose additionalProperties is false; name it there or drop it from required")
                }
            }
            shape.properties = kept
            shape.additionalProperties = nil
            shape.maximumCount = min(shape.maximumCount ?? Int.max, kept.count)
            try checkNamedOnlyCount(shape, at: pointer)
        }
        return .object(shape)
    }

    /// Properties in `x-order` first (Bridle's own export writes it), then document order.
    private static func ordered(
        _ members: [(name: String, value: GeneratedContent)], by order: GeneratedContent?
    ) -> [(name: String, value: GeneratedContent)] {
        guard case .array(let names)? = order?.kind else { return members }
        var byName: [String: GeneratedContent] = [:]
        for member in members where byName[member.name] == nil { byName[member.name] = member.value }
        var result: [(name: String, value: GeneratedContent)] = []
        var placed: Set<String> = []
        for case .string(let name) in names.map(\.kind) {
            if let value = byName[name], placed.insert(name).inserted { result.append((name, value)) }
        }
        return result + members.filter { !placed.contains($0.name) }
    }

    func elements(_ content: GeneratedContent, keyword: String, at pointer: String) throws -> [GeneratedContent] {
        guard case .array(let items) = content.kind else {
            throw JSONSchemaImportError(pointer: "\(pointer)/\(keyword)", keyword: keyword, message: "\(keyword) must be an array")
        }
        return items
    }

    // MARK: References

    /// The definition name for a local reference (`#`, `#/$defs/Name`, any `#/…` pointer),
    /// queuing the target to be read.
    private mutating func referenceName(_ reference: GeneratedContent, at pointer: String) throws -> String {
        if case .string(let target) = reference.kind, let known = namesByPointer[target] { return known }
        let resolved = try composition.references.resolve(reference, at: pointer)
        if let known = namesByPointer[resolved.pointer] {
            if case .string(let target) = reference.kind { namesByPointer[target] = known }
            return known
        }
        let name = uniqueName(for: JSONSchemaReferences.tokens(resolved.pointer))
        namesGiven.insert(name)
        namesByPointer[resolved.pointer] = name
        if case .string(let target) = reference.kind { namesByPointer[target] = name }
        pending.append((name, resolved.pointer, resolved.schema))
        return name
    }

    private func uniqueName(for tokens: [String]) -> String {
        let isDefinition = tokens.count == 2 && (tokens[0] == "$defs" || tokens[0] == "definitions")
        let base = tokens.isEmpty ? "root" : isDefinition ? tokens[1] : tokens.joined(separator: ".")
        var name = base
        var suffix = 2
        while namesGiven.contains(name) {
            name = "\(base)-\(suffix)"
            suffix += 1
        }
        return name
    }
}
