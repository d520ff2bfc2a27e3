import Foundation

extension GenerationSchema {
    /// Every way `content` breaks this schema, each with the JSON pointer of the offending
    /// value. Empty when `content` conforms. This re-checks every guide (ranges, counts,
    /// choices, patterns, formats, date bounds) independently of any grammar.
    ///
    /// A schema read from a JSON Schema document is judged by the document itself (the
    /// importer's ``DocumentValidator``, BridleJSONSchema's evaluator): so `oneOf` exclusivity and `uniqueItems`, which no grammar
    /// can enforce, are checked exactly, whatever the IR narrowed. A document the evaluator
    /// can't decide on gives a violation, never a pass.
    ///
    /// ```swift
    /// let schema = GenerationSchema(root: .integer(IntegerConstraints(minimum: 1, maximum: 10)))
    /// schema.violations(of: 11)   // [#: 11 is above the maximum 10]
    /// ```
    public func violations(of content: GeneratedContent) -> [Violation] {
        if let documentValidator {
            var found = documentValidator.violations(content)
            // Exclusions added to the IR (``excluding(_:)``) are not in the document: the IR
            // judges them, and only them.
            if hasExcludedValues {
                var own: [Violation] = []
                ConformanceChecker(schema: self).check(content, against: root, at: "#", into: &own, depth: 0)
                found += own.filter { $0.isExcludedValue && !found.contains($0) }
            }
            return found
        }
        var found: [Violation] = []
        ConformanceChecker(schema: self).check(content, against: root, at: "#", into: &found, depth: 0)
        return found
    }

    /// Whether `content` satisfies this schema.
    public func conforms(_ content: GeneratedContent) -> Bool {
        violations(of: content).isEmpty
    }

    /// Whether `content` satisfies `node`, with this schema's definitions for references.
    /// The grammar compiler uses it to judge property names against `propertyNames`.
    public func conforms(_ content: GeneratedContent, to node: SchemaNode) -> Bool {
        var found: [Violation] = []
        ConformanceChecker(schema: self).check(content, against: node, at: "#", into: &found, depth: 0)
        return found.isEmpty
    }
}

private struct ConformanceChecker {
    let schema: GenerationSchema
    /// The moment dates relative to now are judged at: when the check runs.
    let now = Date()
    /// References are followed at most this deep, so a definition that only refers to
    /// itself ends with a violation rather than a stack overflow.
    static let depthLimit = 256

    func check(_ content: GeneratedContent, against node: SchemaNode, at pointer: String, into found: inout [Violation], depth: Int) {
        func fail(_ message: String) { found.append(Violation(path: pointer, message: message)) }
        guard depth < Self.depthLimit else { return fail("nesting exceeds \(Self.depthLimit) levels") }
        if !node.excludedValues.isEmpty, node.excludedValues.contains(where: { JSONEquality.equal($0, content) }) {
            fail(Violation.excludedValueMessage)
        }
        switch (node.kind, content.kind) {
        case (.any, _), (.null, .null), (.boolean, .bool):
            break
        case (.string(let constraints), .string(let text)):
            checkString(text, constraints, fail: fail)
        case (.integer(let constraints), .number(let number)):
            // Integers are written as integers: `1.0` and `1e2` are numbers here, as in
            // draft 4 and in every grammar Bridle emits (2020-12 would call them integers).
            guard number.isIntegerLiteral, let value = number.int128 else {
                return fail("\(number) is not an integer literal")
            }
            if !constraints.contains(value) {
                if let step = constraints.multipleOf, step > 0, value % step != 0 {
                    fail("\(number) is not a multiple of \(step)")
                } else {
                    fail("\(number) is outside \(constraints.rangeDescription)")
                }
            }
        case (.number(let constraints), .number(let number)):
            if !constraints.contains(number) { fail("\(number) is outside the allowed range") }
            if let step = constraints.multipleOf.flatMap(JSONNumber.init), !number.isMultiple(of: step) {
                fail("\(number) is not a multiple of \(step)")
            }
        case (.array(let constraints), .array(let items)):
            checkArray(items, constraints, at: pointer, into: &found, depth: depth)
        case (.object(let shape), .structure(let properties, let keys)):
            checkObject(properties, keys: keys, shape, at: pointer, into: &found, depth: depth)
        case (.enumeration(let values), _):
            if !values.contains(content) { fail("\(content.jsonString) is not one of the allowed values") }
        case (.anyOf(let alternatives), _):
            var onlyExcluded: [Violation]?
            let matches = alternatives.contains { alternative in
                var scratch: [Violation] = []
                check(content, against: alternative, at: pointer, into: &scratch, depth: depth + 1)
                if onlyExcluded == nil, !scratch.isEmpty, scratch.allSatisfy(\.isExcludedValue) { onlyExcluded = scratch }
                return scratch.isEmpty
            }
            // A tool call that repeats a failed one matches its tool's shape but for the
            // exclusion: say that, not that it matches nothing.
            if !matches { if let onlyExcluded { found += onlyExcluded } else { fail("\(content.jsonString) matches none of the alternatives") } }
        case (.oneOf(let alternatives), _):
            var onlyExcluded: [Violation]?
            let matches = alternatives.filter { alternative in
                var scratch: [Violation] = []
                check(content, against: alternative, at: pointer, into: &scratch, depth: depth + 1)
                if onlyExcluded == nil, !scratch.isEmpty, scratch.allSatisfy(\.isExcludedValue) { onlyExcluded = scratch }
                return scratch.isEmpty
            }.count
            if matches == 0, let onlyExcluded {
                found += onlyExcluded
            } else if matches != 1 {
                fail("\(content.jsonString) matches \(matches) alternatives; exactly one is required")
            }
        case (.reference(let name), _):
            guard let target = schema.definitions[name] else { return fail("refers to the undefined \"\(name)\"") }
            check(content, against: target, at: pointer, into: &found, depth: depth + 1)
        default:
            fail("expected \(node.kind.summary), found \(content.kind.name)")
        }
    }

    private func checkArray(
        _ items: [GeneratedContent], _ constraints: ArrayConstraints, at pointer: String,
        into found: inout [Violation], depth: Int
    ) {
        func fail(_ message: String) { found.append(Violation(path: pointer, message: message)) }
        if items.count < constraints.minimumCount { fail("has \(items.count) elements; at least \(constraints.minimumCount) needed") }
        if let maximum = constraints.maximumCount, items.count > maximum { fail("has \(items.count) elements; at most \(maximum) allowed") }
        for (index, item) in items.enumerated() {
            let itemNode = index < constraints.prefixItems.count ? constraints.prefixItems[index] : constraints.items
            check(item, against: itemNode, at: "\(pointer)/\(index)", into: &found, depth: depth + 1)
        }
        if constraints.uniqueItems, JSONEquality.hasDuplicates(items) {
            fail("has equal elements; the elements must be unique")
        }
        if let contains = constraints.contains {
            let matches = items.filter { item in
                var scratch: [Violation] = []
                check(item, against: contains, at: pointer, into: &scratch, depth: depth + 1)
                return scratch.isEmpty
            }.count
            if matches < constraints.minimumContains {
                fail("has \(matches) elements matching contains; at least \(constraints.minimumContains) needed")
            }
            if let maximum = constraints.maximumContains, matches > maximum {
                fail("has \(matches) elements matching contains; at most \(maximum) allowed")
            }
        }
    }

    private func checkObject(
        _ properties: [String: GeneratedContent], keys: [String], _ shape: ObjectShape, at pointer: String,
        into found: inout [Violation], depth: Int
    ) {
        func fail(_ message: String) { found.append(Violation(path: pointer, message: message)) }
        for property in shape.properties {
            if let value = properties[property.name] {
                check(value, against: property.node, at: "\(pointer)/\(JSONPointer.escape(property.name))", into: &found, depth: depth + 1)
            } else if !property.isOptional {
                fail("the required property \"\(property.name)\" is missing")
            }
        }
        let present = Set(properties.keys)
        for key in present.sorted() {
            let value = properties[key] ?? .null
            let keyPointer = "\(pointer)/\(JSONPointer.escape(key))"
            var matched = shape.properties.contains(where: { $0.name == key })
            for entry in shape.patternProperties {
                guard let matches = PatternCheck.matches(entry.pattern, key) else {
                    fail("the pattern \(entry.pattern) is not a valid regular expression")
                    continue
                }
                if matches {
                    matched = true
                    check(value, against: entry.node, at: keyPointer, into: &found, depth: depth + 1)
                }
            }
            if !matched {
                if let additional = shape.additionalProperties {
                    check(value, against: additional, at: keyPointer, into: &found, depth: depth + 1)
                } else {
                    fail("the property \"\(key)\" is not allowed")
                }
            }
            if let names = shape.propertyNames {
                var scratch: [Violation] = []
                check(GeneratedContent(key), against: names, at: keyPointer, into: &scratch, depth: depth + 1)
                if !scratch.isEmpty { fail("the property name \"\(key)\" breaks propertyNames") }
            }
        }
        if present.count < shape.minimumCount { fail("has \(present.count) properties; at least \(shape.minimumCount) needed") }
        if let maximum = shape.maximumCount, present.count > maximum { fail("has \(present.count) properties; at most \(maximum) allowed") }
        for trigger in shape.dependentRequired.keys.sorted() where present.contains(trigger) {
            for name in shape.dependentRequired[trigger] ?? [] where !present.contains(name) {
                fail("\"\(trigger)\" is present, so \"\(name)\" is required")
            }
        }
        for relation in shape.relations {
            guard let value = properties[relation.property], let other = properties[relation.other] else { continue }
            if let message = relation.violation(between: value, and: other) {
                found.append(Violation(path: "\(pointer)/\(JSONPointer.escape(relation.property))", message: message))
            }
        }
        for trigger in shape.dependentSchemas.keys.sorted() where present.contains(trigger) {
            if let dependent = shape.dependentSchemas[trigger] {
                check(GeneratedContent(kind: .structure(properties: properties, orderedKeys: keys)), against: dependent, at: pointer, into: &found, depth: depth + 1)
            }
        }
    }

    private func checkString(_ text: String, _ constraints: StringConstraints, fail: (String) -> Void) {
        if let choices = constraints.choices, !choices.contains(text) {
            fail("\"\(text)\" is not one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        let length = text.unicodeScalars.count
        if let minimum = constraints.minimumLength, length < minimum { fail("is \(length) characters; at least \(minimum) needed") }
        if let maximum = constraints.maximumLength, length > maximum { fail("is \(length) characters; at most \(maximum) allowed") }
        if let failure = PatternCheck.failure(of: text, against: constraints) { fail(failure) }
        if let format = constraints.format {
            let date: Date?
            switch format {
            case .date: date = RFC3339.parseFullDate(text)
            case .dateTime: date = RFC3339.parseDateTime(text)
            default: date = nil
            }
            let valid = format.accepts(text)
            if !valid { fail("\"\(text)\" is not a valid \(format.rawValue)") }
            if let date, let bounds = constraints.dateBounds, !bounds.contains(date) {
                fail("\"\(text)\" is outside the allowed dates")
            }
            if let date, let relative = constraints.relativeDateBounds, !relative.resolved(at: now).contains(date) {
                fail("\"\(text)\" is not \(relative.summary)")
            }
        }
    }
}

extension IntegerConstraints {
    var rangeDescription: String {
        "\(minimum.map(String.init) ?? "…")...\(maximum.map(String.init) ?? "…")"
    }
}
