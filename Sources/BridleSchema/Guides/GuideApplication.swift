extension SchemaNode {
    /// This node narrowed by `constraints`. A guide that does not fit the node (only
    /// possible when building schemas by hand) is recorded in `issues`, never dropped.
    func applying(_ constraints: [GuideConstraint], path: String, issues: inout [SchemaIssue]) -> SchemaNode {
        constraints.reduce(self) { node, constraint in
            node.applying(constraint, path: path, issues: &issues)
        }
    }

    private func applying(_ constraint: GuideConstraint, path: String, issues: inout [SchemaIssue]) -> SchemaNode {
        var node = self
        func reject(_ message: String) -> SchemaNode {
            issues.append(SchemaIssue(path: path, message: message))
            return node
        }
        switch (constraint, node.kind) {
        case (.unsatisfiable(let spelling), _):
            return reject("\(spelling) can never be satisfied; use a finite bound")
        case (.runtimeRegex, _):
            return reject(
                "a Regex built at run time has no readable pattern; write a regex literal inside @Guide or pass the pattern as a string: .pattern(\"…\")"
            )
        case (.choices(let values), .string(var string)):
            string.choices = string.choices.map { existing in existing.filter(values.contains) } ?? values
            node.kind = .string(string)
        case (.pattern(let pattern), .string(var string)):
            let anchored = "^(?:\(pattern))$"
            if let existing = string.pattern, existing != anchored {
                return reject("has two patterns (\(existing) and \(anchored)); combine them into one")
            }
            string.pattern = anchored
            node.kind = .string(string)
        case (.minimumLength(let length), .string(var string)):
            string.minimumLength = max(string.minimumLength ?? length, length)
            node.kind = .string(string)
        case (.maximumLength(let length), .string(var string)):
            string.maximumLength = min(string.maximumLength ?? length, length)
            node.kind = .string(string)
        case (.integerMinimum(let bound), .integer(var integer)):
            integer.intersect(minimum: bound, maximum: nil)
            node.kind = .integer(integer)
        case (.integerMaximum(let bound), .integer(var integer)):
            integer.intersect(minimum: nil, maximum: bound)
            node.kind = .integer(integer)
        case (.numberMinimum(let bound), .number(var number)):
            number.intersect(minimum: bound)
            node.kind = .number(number)
        case (.numberMaximum(let bound), .number(var number)):
            number.intersect(maximum: bound)
            node.kind = .number(number)
        case (.minimumCount(let count), .array(var array)):
            array.minimumCount = max(array.minimumCount, count)
            node.kind = .array(array)
        case (.maximumCount(let count), .array(var array)):
            array.maximumCount = min(array.maximumCount ?? count, count)
            node.kind = .array(array)
        case (.element(let inner), .array(var array)):
            array.items = array.items.applying(inner, path: "\(path)[]", issues: &issues)
            node.kind = .array(array)
        case (.earliest(let date, let inclusive), .string(var string)) where string.format?.isDate == true:
            var bounds = string.dateBounds ?? DateBounds()
            if bounds.lower.map({ $0 < date || ($0 == date && !inclusive) }) ?? true {
                bounds.lower = date
                bounds.lowerIsInclusive = inclusive
            }
            string.dateBounds = bounds
            node.kind = .string(string)
        case (.latest(let date, let inclusive), .string(var string)) where string.format?.isDate == true:
            var bounds = string.dateBounds ?? DateBounds()
            if bounds.upper.map({ $0 > date || ($0 == date && !inclusive) }) ?? true {
                bounds.upper = date
                bounds.upperIsInclusive = inclusive
            }
            string.dateBounds = bounds
            node.kind = .string(string)
        case (.relativeToNow(let relative), .string(var string)) where string.format?.isDate == true:
            string.relativeDateBounds = string.relativeDateBounds.map { $0.intersection(relative) } ?? relative
            node.kind = .string(string)
        case (.uniqueElements, .array(var array)):
            array.uniqueItems = true
            node.kind = .array(array)
        case (.relation, _):
            return reject("\(constraint.swiftSpelling) relates two properties of one struct; put it on the later property's @Guide, not inside .element")
        default:
            return reject("\(constraint.swiftSpelling) does not apply to \(node.kind.summary)")
        }
        return node
    }
}

extension StringFormat {
    /// Formats whose values name an instant or a day, so date bounds apply.
    package var isDate: Bool { self == .date || self == .dateTime }
}

extension SchemaNode.Kind {
    /// A few words for messages: "a string", "an array", "a reference to Node".
    var summary: String {
        switch self {
        case .any: return "any value"
        case .null: return "null"
        case .boolean: return "a boolean"
        case .string(let string): return string.format.map { "a \($0.rawValue) string" } ?? "a string"
        case .integer: return "an integer"
        case .number: return "a number"
        case .array: return "an array"
        case .object: return "an object"
        case .enumeration: return "a fixed set of values"
        case .anyOf, .oneOf: return "a choice of shapes"
        case .reference(let name): return "the named type \(name)"
        }
    }
}
