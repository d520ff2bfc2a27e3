extension GenerationSchema {
    /// Every reason no value, or no well-defined grammar, can come from this schema:
    /// empty ranges and choices, negative counts, references to missing definitions,
    /// choices that break their own pattern or length, guides that did not fit.
    public var issues: [SchemaIssue] {
        var found = buildIssues
        SchemaChecker(definitions: definitions).check(root, path: "", into: &found)
        for name in definitions.keys.sorted() {
            if let node = definitions[name] {
                SchemaChecker(definitions: definitions).check(node, path: "#/$defs/\(name)", into: &found)
            }
        }
        return found
    }

    /// Throws a ``GenerationSchemaError`` listing every issue, if there is one.
    public func validate() throws(GenerationSchemaError) {
        let found = issues
        if !found.isEmpty { throw GenerationSchemaError(issues: found) }
    }
}

private struct SchemaChecker {
    let definitions: [String: SchemaNode]

    func check(_ node: SchemaNode, path: String, into issues: inout [SchemaIssue]) {
        func report(_ message: String) { issues.append(SchemaIssue(path: path, message: message)) }
        switch node.kind {
        case .any, .null, .boolean:
            break
        case .string(let string):
            checkString(string, report: report)
        case .integer(let integer):
            if let minimum = integer.minimum, let maximum = integer.maximum, minimum > maximum {
                report("minimum \(minimum) is above maximum \(maximum); no integer satisfies both")
            }
        case .number(let number):
            if let minimum = number.minimum, let maximum = number.maximum,
                minimum > maximum || (minimum == maximum && (number.minimumIsExclusive || number.maximumIsExclusive))
            {
                report("the range \(minimum)…\(maximum) is empty; no number satisfies it")
            }
        case .array(let array):
            if array.minimumCount < 0 { report("minimum count \(array.minimumCount) is negative; counts start at 0") }
            if let maximum = array.maximumCount {
                if maximum < 0 { report("maximum count \(maximum) is negative; counts start at 0") }
                if maximum < array.minimumCount {
                    report("minimum count \(array.minimumCount) is above maximum count \(maximum)")
                }
            }
            if array.uniqueItems, let available = distinctValues(of: array.items), available < array.minimumCount, array.prefixItems.isEmpty {
                report("asks for at least \(array.minimumCount) different elements, but its elements can take only \(available) values; lower minItems or widen the elements")
            }
            for (index, item) in array.prefixItems.enumerated() {
                check(item, path: "\(path)/prefixItems/\(index)", into: &issues)
            }
            check(array.items, path: "\(path)/items", into: &issues)
            if let contains = array.contains {
                check(contains, path: "\(path)/contains", into: &issues)
                if let maximum = array.maximumContains, maximum < array.minimumContains {
                    report("minContains \(array.minimumContains) is above maxContains \(maximum)")
                }
            }
        case .object(let shape):
            var seen: Set<String> = []
            for property in shape.properties {
                if !seen.insert(property.name).inserted {
                    report("the property \"\(property.name)\" appears twice; give each property its own key")
                }
                check(property.node, path: "\(path)/properties/\(JSONPointer.escape(property.name))", into: &issues)
            }
            if let additional = shape.additionalProperties {
                check(additional, path: "\(path)/additionalProperties", into: &issues)
            }
            for entry in shape.patternProperties {
                if !PatternCheck.isValid(entry.pattern) {
                    report("the pattern \(entry.pattern) in patternProperties is not a valid regular expression")
                }
                check(entry.node, path: "\(path)/patternProperties/\(JSONPointer.escape(entry.pattern))", into: &issues)
            }
            if let names = shape.propertyNames { check(names, path: "\(path)/propertyNames", into: &issues) }
            for (trigger, dependent) in shape.dependentSchemas.sorted(by: { $0.key < $1.key }) {
                check(dependent, path: "\(path)/dependentSchemas/\(JSONPointer.escape(trigger))", into: &issues)
            }
            for (property, message) in shape.relationIssues(definitions: definitions) {
                issues.append(SchemaIssue(path: "\(path)/properties/\(JSONPointer.escape(property))", message: message))
            }
            if let maximum = shape.maximumCount, maximum < shape.minimumCount {
                report("minProperties \(shape.minimumCount) is above maxProperties \(maximum)")
            }
        case .enumeration(let values):
            if values.isEmpty { report("has no allowed values; list at least one") }
        case .anyOf(let alternatives), .oneOf(let alternatives):
            if alternatives.isEmpty { report("has no alternatives; list at least one") }
            for (index, alternative) in alternatives.enumerated() {
                check(alternative, path: "\(path)/anyOf/\(index)", into: &issues)
            }
        case .reference(let name):
            if definitions[name] == nil {
                report("refers to \"\(name)\", which is not defined; add it to the definitions (dependencies)")
            }
        }
    }

    /// How many values `node` admits, when that is few and plain to count (enums, booleans,
    /// bounded integers); `nil` otherwise.
    private func distinctValues(of node: SchemaNode) -> Int? {
        let resolved = GenerationSchema(root: .any, definitions: definitions).resolved(node)
        switch resolved.kind {
        case .null: return 1
        case .boolean: return 2
        case .enumeration(let values): return values.count
        case .string(let string): return string.choices?.count
        case .integer(let integer):
            guard let minimum = integer.minimum, let maximum = integer.maximum, integer.multipleOf == nil,
                integer.excludedValues.isEmpty, integer.excludedMultiples.isEmpty, maximum - minimum < 1_000_000
            else { return nil }
            return Int(max(maximum - minimum + 1, 0))
        default: return nil
        }
    }

    private func checkString(_ string: StringConstraints, report: (String) -> Void) {
        if let choices = string.choices {
            if choices.isEmpty { report("has no allowed strings; anyOf needs at least one choice") }
            for choice in choices {
                let length = choice.unicodeScalars.count
                if let minimum = string.minimumLength, length < minimum {
                    report("the choice \"\(choice)\" is shorter than the minimum length \(minimum)")
                }
                if let maximum = string.maximumLength, length > maximum {
                    report("the choice \"\(choice)\" is longer than the maximum length \(maximum)")
                }
                let patterns = string.requiredPatterns + string.excludedPatterns
                if patterns.allSatisfy({ PatternCheck.problem(with: $0) == nil }),
                    let failure = PatternCheck.failure(of: choice, against: string)
                {
                    report("the choice \"\(choice)\" fails its patterns: \(failure)")
                }
            }
        }
        if let minimum = string.minimumLength, minimum < 0 { report("minimum length \(minimum) is negative") }
        if let maximum = string.maximumLength {
            if maximum < 0 { report("maximum length \(maximum) is negative") }
            if let minimum = string.minimumLength, minimum > maximum {
                report("minimum length \(minimum) is above maximum length \(maximum)")
            }
        }
        for pattern in string.requiredPatterns + string.excludedPatterns {
            if let problem = PatternCheck.problem(with: pattern) { report(problem) }
        }
        if let bounds = string.dateBounds {
            if string.format?.isDate != true { report("date bounds need a date or date-time format") }
            if let lower = bounds.lower, let upper = bounds.upper,
                lower > upper || (lower == upper && !(bounds.lowerIsInclusive && bounds.upperIsInclusive))
            {
                report("the date range \(lower)…\(upper) is empty")
            }
        }
        if let relative = string.relativeDateBounds {
            if string.format?.isDate != true { report("date bounds relative to now need a date or date-time format") }
            if let lower = relative.earliest, let upper = relative.latest,
                lower > upper || (lower == upper && !(relative.earliestIsInclusive && relative.latestIsInclusive))
            {
                report("the dates \(relative.summary) are none; widen the window")
            }
        }
    }
}
