import BridleSchema

/// Objects with `patternProperties`, `propertyNames`, `minProperties`/`maxProperties` or
/// dependencies.
///
/// Policy: the grammar writes only named properties (extra keys only for a dictionary whose
/// keys a single pattern or `propertyNames` describes), in declaration order, so:
/// - a named property whose name breaks `propertyNames` is never written (an error if required);
/// - the property count is a counting grammar over the optional properties: one rule per
///   (position, properties written so far);
/// - a dependency on an optional trigger splits the object into a branch without the trigger
///   and one with it and its requirements; past ``dependencyBranchLimit`` optional triggers,
///   the rest are never written;
/// - a `dependentSchemas` schema is enforced when it only adds required names among the
///   named properties (the common shape); otherwise its trigger is never written.
extension SchemaGrammarCompiler {
    /// Optional dependency triggers branched on: 2^limit branches at most.
    static let dependencyBranchLimit = 3
    /// (position, count) states a counted member list may have.
    static let countingStateLimit = 20_000

    mutating func constrainedObject(_ shape: ObjectShape, at pointer: String, hint: String) throws(GrammarCompileError) -> GrammarExpression? {
        var properties: [SchemaProperty] = []
        for property in shape.properties {
            if let names = shape.propertyNames, !schema.conforms(GeneratedContent(property.name), to: names) {
                if property.isOptional { continue }
                throw GrammarCompileError(
                    pointer: "\(pointer)/propertyNames",
                    message: "the required property \"\(property.name)\" breaks propertyNames, so no object is valid; rename it or relax propertyNames")
            }
            properties.append(property)
        }
        if properties.isEmpty { return try keyedObject(shape, at: pointer, hint: hint) }
        // Names a dependency requires that `properties` does not declare: written, when needed,
        // with additionalProperties' schema (if no pattern or propertyNames says otherwise).
        if let additional = shape.additionalProperties, shape.patternProperties.isEmpty {
            for name in Set(shape.dependentRequired.values.joined()).sorted() where !shape.properties.contains(where: { $0.name == name }) {
                if let names = shape.propertyNames, !schema.conforms(GeneratedContent(name), to: names) { continue }
                properties.append(SchemaProperty(name: name, node: additional, isOptional: true))
            }
        }

        // Compile every property's value once; properties with no value can't be written.
        var values: [String: GrammarExpression] = [:]
        for property in properties {
            let value = try expression(
                for: property.node, at: "\(pointer)/properties/\(Self.pointerToken(property.name))", hint: property.name)
            if let value { values[property.name] = value } else if !property.isOptional { return nil }
        }
        let writable = properties.filter { values[$0.name] != nil }
        let names = Set(writable.map(\.name))
        var required = Set(writable.filter { !$0.isOptional }.map(\.name))

        // What each trigger demands when present: names, or nil when that can't be written.
        var demands: [String: Set<String>?] = [:]
        let triggers = Set(shape.dependentRequired.keys).union(shape.dependentSchemas.keys).intersection(names)
        for trigger in triggers.sorted() {
            var needed = Set(shape.dependentRequired[trigger] ?? [])
            if let dependent = shape.dependentSchemas[trigger] {
                if let extra = requiredNames(of: dependent, within: writable) { needed.formUnion(extra) } else {
                    demands[trigger] = .some(nil)
                    continue
                }
            }
            demands[trigger] = needed.isSubset(of: names) ? needed : nil
        }
        // Required triggers always apply, transitively.
        var changed = true
        while changed {
            changed = false
            for trigger in required.intersection(triggers).sorted() {
                guard let needed = demands[trigger] ?? nil else {
                    throw GrammarCompileError(
                        pointer: "\(pointer)/\(shape.dependentSchemas[trigger] != nil ? "dependentSchemas" : "dependentRequired")/\(Self.pointerToken(trigger))",
                        message: "the required property \"\(trigger)\" depends on properties or a schema Bridle cannot write (names outside properties, or a dependent schema that does more than require named properties); list them in properties")
                }
                if !needed.isSubset(of: required) {
                    required.formUnion(needed)
                    changed = true
                }
            }
        }
        let optionalTriggers = triggers.subtracting(required).sorted()
        let branched = Array(optionalTriggers.prefix(Self.dependencyBranchLimit))
        let silenced = Set(optionalTriggers.dropFirst(Self.dependencyBranchLimit))

        var branches: [GrammarExpression] = []
        for mask in 0..<(1 << branched.count) {
            var present = required
            var absent = silenced
            var feasible = true
            for (bit, trigger) in branched.enumerated() {
                if mask & (1 << bit) == 0 {
                    absent.insert(trigger)
                } else if let needed = demands[trigger] ?? nil {
                    present.insert(trigger)
                    present.formUnion(needed)
                } else {
                    feasible = false
                }
            }
            // A demanded name that is itself an absent trigger makes the branch empty; so does
            // a present trigger whose demands (transitively) are not all present.
            if !feasible || !present.isDisjoint(with: absent) { continue }
            if triggers.intersection(present).contains(where: { trigger in !((demands[trigger] ?? nil)?.isSubset(of: present) ?? false) }) {
                continue
            }
            let members = writable.compactMap { property -> Member? in
                if absent.contains(property.name) { return nil }
                guard let value = values[property.name] else { return nil }
                return Member(text: .all([layout.key(property.name), value]), isRequired: present.contains(property.name))
            }
            let minimum = shape.minimumCount
            let maximum = min(shape.maximumCount ?? members.count, members.count)
            if members.count * (maximum + 1) > Self.countingStateLimit {
                throw GrammarCompileError(
                    pointer: "\(pointer)/maxProperties",
                    message: "counting \(members.count) properties up to \(maximum) needs more than \(Self.countingStateLimit) grammar states; lower maxProperties or split the object")
            }
            if let body = counted(members, minimum: minimum, maximum: maximum, hint: hint) {
                branches.append(layout.container("{", body, "}"))
            }
        }
        if branches.isEmpty {
            if shape.minimumCount > writable.count {
                throw GrammarCompileError(
                    pointer: "\(pointer)/minProperties",
                    message: "minProperties \(shape.minimumCount) is more than the \(writable.count) named properties, and Bridle writes only named properties; name more properties or lower minProperties")
            }
            return nil
        }
        return builder.rule(hint, .either(branches))
    }

    struct Member {
        var text: GrammarExpression
        var isRequired: Bool
    }

    /// The members with at least `minimum` and at most `maximum` written, commas only between
    /// written ones: one rule per state (members looked at, members written). The states are
    /// visited depth first with a stack of their own (an object may have thousands of
    /// members) and each is built after the states it continues with, as a recursion would.
    private mutating func counted(_ members: [Member], minimum: Int, maximum: Int, hint: String) -> GrammarExpression? {
        func key(_ index: Int, _ written: Int) -> Int { index * (maximum + 2) + written }
        func next(_ index: Int, _ written: Int) -> [(index: Int, written: Int)] {
            guard index < members.count, written + (members.count - index) >= minimum else { return [] }
            var states: [(index: Int, written: Int)] = []
            if written < maximum { states.append((index + 1, written + 1)) }
            if !members[index].isRequired { states.append((index + 1, written)) }
            return states
        }
        var built: [Int: GrammarExpression?] = [:]
        var visited: Set<Int> = [key(0, 0)]
        var stack: [(index: Int, written: Int, next: Int)] = [(0, 0, 0)]
        while let top = stack.last {
            let states = next(top.index, top.written)
            if top.next < states.count {
                stack[stack.count - 1].next += 1
                let state = states[top.next]
                if visited.insert(key(state.index, state.written)).inserted { stack.append((state.index, state.written, 0)) }
                continue
            }
            stack.removeLast()
            let (index, written) = (top.index, top.written)
            var result: GrammarExpression?
            if index == members.count {
                result = written >= minimum ? .empty : nil
            } else if written + (members.count - index) >= minimum {
                var options: [GrammarExpression] = []
                if written < maximum, let rest = built[key(index + 1, written + 1)] ?? nil {
                    options.append(.all([written > 0 ? layout.comma : layout.padding, members[index].text, rest]))
                }
                if !members[index].isRequired, let rest = built[key(index + 1, written)] ?? nil {
                    options.append(rest)
                }
                if !options.isEmpty {
                    let body = GrammarExpression.either(options)
                    result = index + 1 == members.count ? body : builder.rule("\(hint)-members", body)
                }
            }
            built[key(index, written)] = result
        }
        return built[key(0, 0)] ?? nil
    }

    /// The names a dependent schema requires, when all it does (beyond what the named
    /// properties already guarantee) is require named properties; nil otherwise.
    private func requiredNames(of node: SchemaNode, within properties: [SchemaProperty]) -> Set<String>? {
        var node = node
        var seen: Set<String> = []
        while case .reference(let name) = node.kind, seen.insert(name).inserted, let target = schema.definitions[name] { node = target }
        switch node.kind {
        case .any:
            return []
        case .object(let dependent):
            guard dependent.additionalProperties.map({ $0.kind == .any }) ?? false, dependent.patternProperties.isEmpty,
                dependent.propertyNames == nil, dependent.minimumCount == 0, dependent.maximumCount == nil,
                dependent.dependentRequired.isEmpty, dependent.dependentSchemas.isEmpty
            else { return nil }
            var names: Set<String> = []
            for property in dependent.properties {
                let own = properties.first { $0.name == property.name }
                if property.node.kind != .any {
                    // Its values must already be what the object's own schema writes.
                    guard let own, own.node.kind == property.node.kind else {
                        if own == nil && property.isOptional { continue }
                        return nil
                    }
                }
                if !property.isOptional {
                    guard own != nil else { return nil }
                    names.insert(property.name)
                }
            }
            return names
        default:
            return nil
        }
    }

    /// An object with no writable named property: `{}`, or a dictionary whose keys a single
    /// pattern or `propertyNames` describe exactly.
    private mutating func keyedObject(_ shape: ObjectShape, at pointer: String, hint: String) throws(GrammarCompileError) -> GrammarExpression? {
        let minimum = shape.minimumCount
        let maximum = min(shape.maximumCount ?? options.maximumDictionaryCount, options.maximumDictionaryCount)
        var key: GrammarExpression?
        var value: SchemaNode?
        var valuePointer = "\(pointer)/additionalProperties"
        let simple = shape.dependentRequired.isEmpty && shape.dependentSchemas.isEmpty
        if simple, shape.patternProperties.isEmpty, let additional = shape.additionalProperties {
            value = additional
            if let names = shape.propertyNames {
                var target = names
                var seen: Set<String> = []
                while case .reference(let name) = target.kind, seen.insert(name).inserted, let resolved = schema.definitions[name] { target = resolved }
                switch target.kind {
                case .any: break
                case .string: key = try expression(for: target, at: "\(pointer)/propertyNames", hint: "\(hint)-key")
                default: value = nil
                }
            }
        } else if simple, shape.patternProperties.count == 1, shape.propertyNames == nil, let entry = shape.patternProperties.first {
            valuePointer = "\(pointer)/patternProperties/\(Self.pointerToken(entry.pattern))"
            if let content = try? PatternGrammar.expression(pattern: entry.pattern, maximumRepeat: options.maximumPatternRepeat, length: 1...options.maximumKeyLength) {
                key = builder.rule("\(hint)-key", .all([.literal("\""), content, .literal("\"")]))
                value = entry.node
            }
        }
        guard let value, maximum > 0 else {
            if minimum > 0 {
                throw GrammarCompileError(
                    pointer: "\(pointer)/minProperties",
                    message: "minProperties \(minimum) needs keys Bridle cannot choose (it writes named properties, or keys described by one pattern or a string propertyNames); name the properties in properties")
            }
            return .literal("{}")
        }
        if minimum > 1 {
            throw GrammarCompileError(
                pointer: "\(pointer)/minProperties",
                message: "minProperties \(minimum) on an object without named properties: generated keys may repeat, which a grammar cannot rule out; name the properties in properties")
        }
        let keyText = key ?? builder.rule("key", .all([
            .literal("\""), builder.rule("char", JSONTextGrammar.stringCharacter).repeated(1, options.maximumKeyLength), .literal("\""),
        ]))
        guard let valueText = try expression(for: value, at: valuePointer, hint: "\(hint)-value") else {
            if minimum > 0 { return nil }
            return .literal("{}")
        }
        let entry = GrammarExpression.all([layout.key(keyText), valueText])
        let entries = layout.list(entry, more: 0, maximum - 1)
        return builder.rule(hint, layout.container("{", minimum > 0 ? entries : entries.optional, "}"))
    }
}

extension ObjectShape {
    /// Whether the object needs ``SchemaGrammarCompiler/constrainedObject(_:at:hint:)``.
    var hasCountingKeywords: Bool {
        !patternProperties.isEmpty || propertyNames != nil || minimumCount > 0 || maximumCount != nil
            || !dependentRequired.isEmpty || !dependentSchemas.isEmpty
    }
}
