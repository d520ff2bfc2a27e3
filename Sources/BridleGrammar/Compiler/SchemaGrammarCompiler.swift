import BridleSchema

/// Compiles the schema IR into the grammar IR, node by node.
///
/// Every function returns the expression for the JSON text of a value, or nil when no value
/// can be written (an unsatisfiable branch, or recursion past its depth limit): containers
/// then drop what they can (an optional property, a branch, extra elements) and fail only
/// when a required part has no value.
struct SchemaGrammarCompiler {
    let schema: GenerationSchema
    let options: GrammarOptions
    var builder = GrammarBuilder()
    /// The punctuation of containers in ``GrammarOptions/layout``.
    let layout: LayoutGrammar
    /// Definitions being compiled along the current path, for recursion depth.
    private var stack: [String] = []
    /// Schemas being compiled along the current path, `$ref`s followed included.
    private var nesting = 0
    /// Compiled definitions by name and recursion context.
    private var definitionRules: [String: GrammarExpression?] = [:]
    /// Schema nodes compiled and pattern automaton states built so far; with the rules
    /// built, what ``GrammarOptions/maximumCompileWork`` bounds.
    private var work = 0
    /// Pattern contents by their patterns and lengths: `allOf` with `not` can ask for the same
    /// product automaton in many branches, each a costly determinization.
    private var patternContents: [PatternContentKey: GrammarExpression?] = [:]
    /// ``anyValue(depth:)``'s rule per depth: a schema with many free-form objects asks often.
    private var anyValueRules: [Int: GrammarExpression] = [:]
    /// Rules the grammar leaves to the validator, in the order met, one per pointer and kind.
    var postChecks: [PostCheck] = []
    /// Strings written in the format their descriptions name, in the order met.
    private var describedFormats: [DescribedFormatUse] = []
    /// Each format's rule, built once: ten thousand dates of one template share it.
    private var describedFormatRules: [DescribedFormat: GrammarExpression] = [:]

    /// Recursion groups of the definitions, for ``reference(_:at:)``'s cache keys.
    private let components: DefinitionComponents

    init(schema: GenerationSchema, options: GrammarOptions) {
        self.schema = schema
        self.options = options
        components = DefinitionComponents(schema)
        layout = LayoutGrammar(options.layout, builder: &builder)
    }

    mutating func compile() throws(GrammarCompileError) -> CompiledGrammar {
        guard let root = try expression(for: schema.root, at: "#", hint: "value") else {
            throw GrammarCompileError(
                pointer: "#",
                message: "no value can be written within the recursion limit (\(options.maximumRecursionDepth)); make the recursive part optional, or raise GrammarOptions.maximumRecursionDepth")
        }
        builder.define("root", root)
        try spend(0, at: "#")
        // The root rule comes first in the printed grammar.
        var rules = builder.rules
        if let index = rules.firstIndex(where: { $0.name == "root" }) {
            let rootRule = rules.remove(at: index)
            rules.insert(rootRule, at: 0)
        }
        let grammar = Grammar(rules: rules)
        guard let maximumLength = grammar.maximumLength else {
            throw GrammarCompileError(pointer: "#", message: "the grammar has no length bound; this is a Bridle bug, please report it")
        }
        try Self.checkBudgets(of: grammar, options: options)
        var gbnf: String
        do {
            gbnf = try GBNFPrinter().print(grammar)
        } catch {
            throw GrammarCompileError(pointer: "#", message: "the grammar cannot be printed as GBNF: \(error)")
        }
        if gbnf.utf8.count > options.maximumGrammarSize {
            throw GrammarCompileError(
                pointer: "#",
                message: "the grammar takes \(gbnf.utf8.count) bytes of GBNF, more than GrammarOptions.maximumGrammarSize (\(options.maximumGrammarSize)); lower the schema's enum sizes, maxItems or maxLength, or raise the limit",
                limit: "maximumGrammarSize")
        }
        // A reader of the GBNF alone (llama-server, another engine) learns what it must check.
        if !postChecks.isEmpty {
            gbnf = postChecks.map { "# warning: \($0.warning)\n" }.joined() + gbnf
        }
        gbnf = describedFormats.map { "# note: \($0.note)\n" }.joined() + gbnf
        return CompiledGrammar(
            grammar: grammar, gbnf: gbnf, maximumLength: maximumLength, options: options, postChecks: postChecks,
            valueRules: ValueRules(schema), describedFormats: describedFormats)
    }

    /// Refuses a grammar no model could finish (see ``GrammarOptions``).
    /// Counts `units` of work, and stops the compile once the schema has taken more than its
    /// budget: a count, not a clock, so a schema compiles or fails the same way everywhere.
    mutating func spend(_ units: Int, at pointer: String) throws(GrammarCompileError) {
        work += units
        if builder.size > options.maximumGrammarNodes {
            throw GrammarCompileError(
                pointer: pointer,
                message: "the grammar grows past GrammarOptions.maximumGrammarNodes (\(options.maximumGrammarNodes) expression nodes, a literal's every eight bytes counting as one); simplify the schema here (fewer properties, enum values or alternatives), or raise the limit",
                limit: "maximumGrammarNodes")
        }
        // Rules count too: a multipleOf automaton or a long member list is built as rules.
        guard work + builder.rules.count > options.maximumCompileWork else { return }
        throw GrammarCompileError(
            pointer: pointer,
            message: "compiling the schema takes more than GrammarOptions.maximumCompileWork (\(options.maximumCompileWork) units: schema nodes compiled, grammar rules and pattern automaton states built); simplify the schema here (fewer allOf/anyOf/not branches over patterns or multipleOf, smaller maxLength), or raise the budget",
            limit: "maximumCompileWork")
    }

    private static func checkBudgets(of grammar: Grammar, options: GrammarOptions) throws(GrammarCompileError) {
        if let shortest = grammar.shortestLength, shortest > options.maximumShortestSentenceLength {
            let length = shortest == Int.max ? "more than \(Int.max)" : "\(shortest)"
            throw GrammarCompileError(
                pointer: "#",
                message: "even the shortest value takes \(length) characters, more than GrammarOptions.maximumShortestSentenceLength (\(options.maximumShortestSentenceLength)); required properties or minItems that each multiply the next level make every value enormous: make some of them optional",
                limit: "maximumShortestSentenceLength")
        }
    }

    // MARK: Nodes

    mutating func expression(for node: SchemaNode, at pointer: String, hint: String) throws(GrammarCompileError) -> GrammarExpression? {
        try spend(1, at: pointer)
        // A `$ref` is a level through the definition it leads to, not a level of its own.
        let nests = if case .reference = node.kind { false } else { true }
        if nests {
            guard nesting < options.maximumNestingDepth else {
                throw GrammarCompileError(
                    pointer: pointer,
                    message: "schemas nest more than GrammarOptions.maximumNestingDepth (\(options.maximumNestingDepth)) levels here, counting each $ref followed; flatten the chain of definitions, or raise the limit",
                    limit: "maximumNestingDepth")
            }
            nesting += 1
        }
        defer { if nests { nesting -= 1 } }
        // The language stays whole: the mask engine refuses the excluded values while decoding.
        if !node.excludedValues.isEmpty { declare(PostCheck(pointer: pointer, kind: .excludedValues)) }
        switch node.kind {
        case .any:
            return anyValue(depth: options.maximumAnyDepth)
        case .null:
            return .literal("null")
        case .boolean:
            return builder.rule("boolean", .either([.literal("true"), .literal("false")]))
        case .string(let constraints):
            if options.readsDescribedFormats, constraints == StringConstraints(), let format = DescribedFormat(description: node.description) {
                describedFormats.append(DescribedFormatUse(pointer: pointer, template: format.template))
                return described(format, default: node.defaultValue, hint: hint)
            }
            return try string(constraints, at: pointer, hint: hint)
        case .integer(let constraints) where !constraints.excludedValues.isEmpty:
            return try integerAvoiding(constraints, at: pointer, hint: hint)
        case .integer(let constraints) where constraints.multipleOf.map({ $0 > 1 }) ?? !constraints.excludedMultiples.isEmpty:
            return try integerMultiples(constraints, at: pointer)
        case .number(let constraints) where constraints.multipleOf != nil:
            return try numberMultiples(constraints, at: pointer)
        case .integer(let constraints):
            guard let body = IntegerRangeGrammar.expression(
                minimum: constraints.minimum, maximum: constraints.maximum, maximumDigits: options.maximumIntegerDigits)
            else { return nil }
            return builder.rule(Self.integerHint(constraints), body)
        case .number(let constraints):
            let body: GrammarExpression?
            if constraints.minimum == nil && constraints.maximum == nil {
                body = NumberRangeGrammar.unboundedNumber(
                    maximumIntegerDigits: options.maximumNumberIntegerDigits, maximumFractionDigits: options.maximumFractionDigits)
            } else {
                body = NumberRangeGrammar.expression(
                    constraints, maximumIntegerDigits: options.maximumNumberIntegerDigits,
                    maximumFractionDigits: options.maximumFractionDigits)
            }
            return body.map { builder.rule("number", $0) }
        case .array(let constraints):
            return try array(constraints, at: pointer, hint: hint)
        case .object(let shape):
            return try object(shape, at: pointer, hint: node.title ?? hint)
        case .enumeration(let values):
            return .either(values.map { .literal($0.jsonString) })
        case .anyOf(let alternatives):
            return try choice(alternatives, at: pointer, keyword: "anyOf", hint: node.title ?? hint)
        case .oneOf(let alternatives):
            if OverlapCheck(schema: schema).firstOverlap(in: alternatives) != nil {
                // A grammar cannot rule out a value matching two alternatives: admit anyOf's
                // language and leave exclusivity to the validator.
                declare(PostCheck(pointer: pointer, kind: .exclusiveAlternatives))
            }
            return try choice(alternatives, at: pointer, keyword: "oneOf", hint: node.title ?? hint)
        case .reference(let name):
            return try reference(name, at: pointer)
        }
    }

    private mutating func choice(
        _ alternatives: [SchemaNode], at pointer: String, keyword: String, hint: String
    ) throws(GrammarCompileError) -> GrammarExpression? {
        var parts: [GrammarExpression] = []
        // An alternative Bridle can't write is left out while another can be written (fewer
        // values, all valid: the reader's branch splits produce such alternatives); when
        // none can, the first one's error says why.
        var firstError: GrammarCompileError?
        for (index, alternative) in alternatives.enumerated() {
            do {
                if let part = try expression(for: alternative, at: "\(pointer)/\(keyword)/\(index)", hint: hint) {
                    parts.append(part)
                }
            } catch {
                firstError = firstError ?? error
            }
        }
        if parts.isEmpty, let firstError { throw firstError }
        return parts.isEmpty ? nil : builder.rule(hint, .either(parts))
    }

    /// A definition, compiled once per recursion context: each time a definition appears
    /// again along a path it is compiled anew one level deeper, until the limit, where it
    /// has no value and the enclosing optional parts close the recursion.
    private mutating func reference(_ name: String, at pointer: String) throws(GrammarCompileError) -> GrammarExpression? {
        guard let definition = schema.definitions[name] else {
            throw GrammarCompileError(pointer: pointer, message: "refers to the undefined \"\(name)\"")
        }
        let depth = stack.filter { $0 == name }.count
        if depth >= options.maximumRecursionDepth { return nil }
        // Only the definitions on the path that `name` can reach again matter (its component).
        let component = components.component(of: name)
        let key = ([name] + stack.filter { components.component(of: $0) == component }).joined(separator: "/")
        if let known = definitionRules[key] { return known }
        stack.append(name)
        defer { stack.removeLast() }
        let body = try expression(for: definition, at: "#/$defs/\(name)", hint: name)
        let result = body.map { body -> GrammarExpression in
            if case .reference = body { return body }
            return builder.rule(name, body)
        }
        definitionRules[key] = result
        return result
    }

    // MARK: Strings

    private mutating func string(_ constraints: StringConstraints, at pointer: String, hint: String) throws(GrammarCompileError) -> GrammarExpression? {
        if let choices = constraints.choices {
            return .either(choices.map { .literal(GeneratedContent($0).jsonString) })
        }
        if let format = constraints.format {
            if !constraints.requiredPatterns.isEmpty || !constraints.excludedPatterns.isEmpty || constraints.minimumLength != nil || constraints.maximumLength != nil {
                throw GrammarCompileError(
                    pointer: "\(pointer)/format",
                    message: "format \(format.rawValue) together with a pattern or length limits is not supported; use one of them")
            }
            let body: GrammarExpression?
            switch format {
            case .date: body = DateTimeGrammar.fullDate(bounds: constraints.dateBounds)
            case .dateTime: body = DateTimeGrammar.dateTime(bounds: constraints.dateBounds, fractionDigits: options.dateTimeFractionDigits)
            case .time: body = DateTimeGrammar.fullTime(fractionDigits: options.dateTimeFractionDigits)
            case .uuid: body = DateTimeGrammar.uuid()
            case .duration: body = DurationGrammar.duration(&builder)
            case .email: body = NetworkFormatGrammar.email(&builder)
            case .hostname: body = NetworkFormatGrammar.hostname(&builder)
            case .ipv4: body = NetworkFormatGrammar.ipv4(&builder)
            case .ipv6: body = NetworkFormatGrammar.ipv6(&builder)
            case .uri: body = URIFormatGrammar.uri(&builder)
            case .uriReference: body = URIFormatGrammar.reference(&builder)
            case .regex: body = RegexFormatGrammar.regex(&builder)
            // A URI is an IRI, and an ASCII address an internationalized one.
            case .iri: body = URIFormatGrammar.uri(&builder)
            case .iriReference: body = URIFormatGrammar.reference(&builder)
            case .idnEmail: body = NetworkFormatGrammar.email(&builder)
            case .idnHostname: body = IdentifierFormatGrammar.idnHostname(&builder)
            case .jsonPointer: body = IdentifierFormatGrammar.jsonPointer(&builder)
            case .relativeJSONPointer: body = IdentifierFormatGrammar.relativeJSONPointer(&builder)
            case .uriTemplate: body = IdentifierFormatGrammar.uriTemplate(&builder)
            }
            return body.map { builder.rule(format.rawValue, .all([.literal("\""), $0, .literal("\"")])) }
        }
        let minimum = constraints.minimumLength ?? 0
        let maximum = constraints.maximumLength ?? max(options.maximumStringLength, minimum)
        let length = constraints.minimumLength == nil && constraints.maximumLength == nil ? nil : minimum...maximum
        if constraints.requiredPatterns.count > 1 || !constraints.excludedPatterns.isEmpty {
            let key = PatternContentKey(patterns: constraints.requiredPatterns, excluded: constraints.excludedPatterns, length: length)
            let content: GrammarExpression?
            if let known = patternContents[key] {
                content = known
            } else {
                var states = 0
                do {
                    content = try PatternAutomatonGrammar.expression(
                        patterns: key.patterns, excluded: key.excluded, length: length,
                        maximumRepeat: options.maximumPatternRepeat, builder: &builder, hint: hint, states: &states)
                } catch {
                    throw GrammarCompileError(pointer: "\(pointer)/pattern", message: "\(error)")
                }
                try spend(states, at: "\(pointer)/pattern")
                patternContents[key] = content
            }
            return content.map { builder.rule("\(hint)-pattern", .all([.literal("\""), $0, .literal("\"")])) }
        }
        if let pattern = constraints.pattern {
            let content: GrammarExpression
            do {
                content = try PatternGrammar.expression(
                    pattern: pattern, maximumRepeat: options.maximumPatternRepeat,
                    length: constraints.minimumLength == nil && constraints.maximumLength == nil ? nil : minimum...maximum)
            } catch {
                throw GrammarCompileError(pointer: "\(pointer)/pattern", message: "\(error)")
            }
            return builder.rule("\(hint)-pattern", .all([.literal("\""), content, .literal("\"")]))
        }
        let character = builder.rule("char", JSONTextGrammar.stringCharacter)
        let name = minimum == 0 && maximum == options.maximumStringLength ? "string" : "string-\(minimum)-\(maximum)"
        return builder.rule(name, .all([.literal("\""), character.repeated(minimum, maximum), .literal("\"")]))
    }

    /// A plain string whose description names `format`: a text in that format, or the
    /// schema's own `default` (often a word such as `"dontcare"` or `"null"` that the
    /// description gives a meaning).
    private mutating func described(_ format: DescribedFormat, default fallback: GeneratedContent?, hint: String) -> GrammarExpression {
        let formatted: GrammarExpression
        if let known = describedFormatRules[format] {
            formatted = known
        } else {
            let textParts = max(1, format.parts.filter { $0 == .text }.count)
            let body = format.expression(partLength: max(1, options.maximumStringLength / textParts))
            formatted = builder.rule("\(hint)-format", .all([.literal("\""), body, .literal("\"")]))
            describedFormatRules[format] = formatted
        }
        guard case .string? = fallback?.kind, let fallback else { return formatted }
        return .either([formatted, .literal(fallback.jsonString)])
    }

    // MARK: Containers

    mutating func array(_ constraints: ArrayConstraints, at pointer: String, hint: String) throws(GrammarCompileError) -> GrammarExpression? {
        if constraints.uniqueItems { declare(PostCheck(pointer: pointer, kind: .uniqueItems)) }
        if constraints.contains != nil { return try containing(constraints, at: pointer, hint: hint) }
        var prefix: [GrammarExpression] = []
        for (index, item) in constraints.prefixItems.enumerated() {
            guard let element = try expression(for: item, at: "\(pointer)/prefixItems/\(index)", hint: "\(hint)-\(index)") else { break }
            prefix.append(element)
        }
        let item = try expression(for: constraints.items, at: "\(pointer)/items", hint: "\(hint)-item")
        var maximum = constraints.maximumCount ?? max(options.maximumArrayCount, constraints.minimumCount, constraints.prefixItems.count)
        // Positions past a prefix item with no value, or items with no value, can't be filled.
        if prefix.count < constraints.prefixItems.count || item == nil { maximum = min(maximum, prefix.count) }
        let minimum = constraints.minimumCount
        if minimum > maximum { return nil }
        let elements = elements(prefix: prefix, item: item, minimum: minimum, maximum: maximum, hint: hint)
        return builder.rule(hint, layout.container("[", elements, "]"))
    }

    /// The elements: the prefix items in order, each after the one before it (those past
    /// `minimum` optional), then the items.
    ///
    /// A short prefix nests each optional suffix in the one before: `a (, b (, c)?)?`. A long
    /// one (past ``prefixRuleSpan`` optional items) would make an expression as deep as the
    /// prefix, and a right-nested language costs a matcher quadratic work; it is written left
    /// to right instead, as one rule per prefix length, each extending the one before
    /// (`first-3 ::= first-2 ", " c`), with the lengths allowed as alternatives.
    private mutating func elements(
        prefix: [GrammarExpression], item: GrammarExpression?, minimum: Int, maximum: Int, hint: String
    ) -> GrammarExpression {
        let written = min(prefix.count, maximum)
        var items = GrammarExpression.empty
        if prefix.count < maximum, let item {
            let index = prefix.count
            let remainingMinimum = max(minimum - index, 0)
            let remainingMaximum = maximum - index
            if index == 0 {
                let group = layout.list(item, more: max(remainingMinimum - 1, 0), remainingMaximum - 1)
                items = remainingMinimum == 0 ? group.optional : group
            } else {
                items = GrammarExpression.all([layout.comma, item]).repeated(remainingMinimum, remainingMaximum)
            }
        }
        let required = min(minimum, written)
        if written - required > Self.prefixRuleSpan {
            var lengths: [GrammarExpression] = required == 0 ? [.empty] : []
            var first = GrammarExpression.empty
            for index in 0..<written {
                first = builder.rule("\(hint)-first-\(index + 1)", .all([first, index == 0 ? layout.padding : layout.comma, prefix[index]]))
                if index + 1 >= required { lengths.append(index + 1 == written ? .all([first, items]) : first) }
            }
            return .either(lengths)
        }
        var rest = items
        for index in stride(from: written - 1, through: required, by: -1) {
            rest = GrammarExpression.all([index == 0 ? layout.padding : layout.comma, prefix[index], rest]).optional
        }
        // The required items in one flat sequence, built once.
        var parts: [GrammarExpression] = []
        for index in 0..<required { parts += [index == 0 ? layout.padding : layout.comma, prefix[index]] }
        return .all(parts + [rest])
    }

    /// Optional prefix items nested in one expression at most.
    static let prefixRuleSpan = 32

    private mutating func object(_ shape: ObjectShape, at pointer: String, hint: String) throws(GrammarCompileError) -> GrammarExpression? {
        if !shape.relations.isEmpty { declare(PostCheck(pointer: pointer, kind: .relations)) }
        if shape.hasCountingKeywords { return try constrainedObject(shape, at: pointer, hint: hint) }
        if shape.properties.isEmpty {
            guard let additional = shape.additionalProperties else { return .literal("{}") }
            return try dictionary(of: additional, at: "\(pointer)/additionalProperties", hint: hint)
        }
        // (key-and-value text, required) for each property that can have a value.
        var members: [(GrammarExpression, Bool)] = []
        for property in shape.properties {
            let value = try expression(
                for: property.node, at: "\(pointer)/properties/\(Self.pointerToken(property.name))", hint: property.name)
            guard let value else {
                if property.isOptional { continue }
                return nil
            }
            members.append((.all([layout.key(property.name), value]), !property.isOptional))
        }
        return builder.rule(hint, layout.container("{", self.members(members, hint: hint), "}"))
    }

    /// The members in order: required ones always, optional ones maybe, with commas only
    /// between written members.
    ///
    /// Each leading optional member may be the first one written, and each such choice
    /// continues with the rest of the list: inline, that copies the rest once per leading
    /// optional member (quadratic: 80 optional properties printed 2.9 MB of GBNF). Past
    /// ``sharedRestThreshold`` copies, the rest after each member is a rule of its own, so the
    /// grammar grows linearly.
    private mutating func members(_ members: [(GrammarExpression, Bool)], hint: String) -> GrammarExpression {
        let leadingOptional = members.firstIndex(where: \.1) ?? members.count
        let inlineCopies = (0..<leadingOptional).reduce(0) { $0 + members.count - $1 }
        let shared = inlineCopies > Self.sharedRestThreshold
        func written(_ index: Int) -> GrammarExpression {
            let this = GrammarExpression.all([layout.comma, members[index].0])
            return members[index].1 ? this : this.optional
        }
        // rest[i]: members from i on, after one was written. Past the members a first one can
        // be, no rest is a choice's target: the tail is one flat sequence, built once (nesting
        // it member by member would copy it each time, quadratic in the properties).
        var rest = [GrammarExpression](repeating: .empty, count: members.count + 1)
        let tail = min(leadingOptional + 2, members.count)
        rest[tail] = .all((tail..<members.count).map(written))
        for index in (0..<tail).reversed() {
            let body = GrammarExpression.all([written(index), rest[index + 1]])
            rest[index] = shared && index > 0 && index <= leadingOptional + 1 ? builder.rule("\(hint)-rest", body) : body
        }
        // The first member written: any leading optional one, else the first required one.
        var firsts = (0..<min(leadingOptional + 1, members.count)).map { index in
            GrammarExpression.all([layout.padding, members[index].0, rest[index + 1]])
        }
        if leadingOptional == members.count { firsts.append(.empty) }
        return .either(firsts)
    }

    /// Inline copies of member lists an object may make before its rests become rules.
    static let sharedRestThreshold = 64

    mutating func dictionary(of value: SchemaNode, at pointer: String, hint: String) throws(GrammarCompileError) -> GrammarExpression? {
        let key = builder.rule("key", .all([
            .literal("\""), builder.rule("char", JSONTextGrammar.stringCharacter).repeated(1, options.maximumKeyLength), .literal("\""),
        ]))
        guard let value = try expression(for: value, at: pointer, hint: "\(hint)-value") else { return .literal("{}") }
        let entry = GrammarExpression.all([layout.key(key), value])
        let entries = layout.list(entry, more: 0, options.maximumDictionaryCount - 1)
        guard options.maximumDictionaryCount > 0 else { return builder.rule(hint, .literal("{}")) }
        return builder.rule(hint, layout.container("{", entries.optional, "}"))
    }

    /// Any JSON value, nested at most `depth` levels.
    private mutating func anyValue(depth: Int) -> GrammarExpression {
        if let known = anyValueRules[depth] { return known }
        let string = builder.rule("string", .all([
            .literal("\""), builder.rule("char", JSONTextGrammar.stringCharacter).repeated(0, options.maximumStringLength), .literal("\""),
        ]))
        let number = builder.rule("number", NumberRangeGrammar.unboundedNumber(
            maximumIntegerDigits: options.maximumNumberIntegerDigits, maximumFractionDigits: options.maximumFractionDigits))
        var parts: [GrammarExpression] = [.literal("null"), builder.rule("boolean", .either([.literal("true"), .literal("false")])), number, string]
        if depth > 0 {
            let inner = anyValue(depth: depth - 1)
            let count = options.maximumArrayCount
            parts.append(layout.container("[", layout.list(inner, more: 0, count - 1).optional, "]"))
            let key = builder.rule("key", .all([
                .literal("\""), builder.rule("char", JSONTextGrammar.stringCharacter).repeated(1, options.maximumKeyLength), .literal("\""),
            ]))
            let entry = GrammarExpression.all([layout.key(key), inner])
            parts.append(layout.container("{", layout.list(entry, more: 0, options.maximumDictionaryCount - 1).optional, "}"))
        }
        let rule = builder.rule("any-\(depth)", .either(parts))
        anyValueRules[depth] = rule
        return rule
    }

    // MARK: Names

    private struct PatternContentKey: Hashable {
        var patterns: [String]
        var excluded: [String]
        var length: ClosedRange<Int>?
    }

    private static func integerHint(_ constraints: IntegerConstraints) -> String {
        func text(_ value: Int128?) -> String {
            guard let value else { return "any" }
            // The magnitude: a bound clamped to Int128.min has no negation.
            return value < 0 ? "m\(value.magnitude)" : "\(value)"
        }
        return "integer-\(text(constraints.minimum))-\(text(constraints.maximum))"
    }

    static func pointerToken(_ name: String) -> String {
        JSONPointer.escape(name)
    }
}
