extension ObjectShape {
    /// What makes a relation of this object impossible to hold or to check: an unknown or
    /// later property, or values that cannot be compared. Each says how to fix it.
    func relationIssues(definitions: [String: SchemaNode]) -> [(property: String, message: String)] {
        var issues: [(String, String)] = []
        let lookup = GenerationSchema(root: .any, definitions: definitions)
        for relation in relations {
            let spelling = relation.swiftSpelling
            guard let index = properties.firstIndex(where: { $0.name == relation.property }) else {
                issues.append((relation.property, "\(spelling) belongs to a property \"\(relation.property)\" the object does not have"))
                continue
            }
            guard let otherIndex = properties.firstIndex(where: { $0.name == relation.other }) else {
                let names = properties.map { "\"\($0.name)\"" }.joined(separator: ", ")
                issues.append((relation.property, "\(spelling) names \"\(relation.other)\", which is not a property here; use one of \(names)"))
                continue
            }
            guard otherIndex < index else {
                issues.append((relation.property, "\(spelling) names \"\(relation.other)\", which comes after \"\(relation.property)\"; put the rule on the later property, with the comparison reversed"))
                continue
            }
            let kinds = [properties[index].node, properties[otherIndex].node].map { lookup.resolved($0).comparableKind }
            guard kinds[0] != nil, kinds[0] == kinds[1] else {
                issues.append((relation.property, "\(spelling) compares \"\(relation.property)\" with \"\(relation.other)\", which are not both integers or both dates"))
                continue
            }
            if !properties[index].isOptional, !properties[otherIndex].isOptional,
                case .integer(let value) = lookup.resolved(properties[index].node).kind,
                case .integer(let other) = lookup.resolved(properties[otherIndex].node).kind,
                !Self.canHold(relation.comparison, value, other)
            {
                issues.append((relation.property, "\(spelling) can never hold: \"\(relation.property)\" is \(value.rangeDescription) and \"\(relation.other)\" is \(other.rangeDescription); widen the bounds or reverse the comparison"))
            }
        }
        return issues
    }

    /// Whether some pair of integers within their bounds satisfies the comparison.
    private static func canHold(_ comparison: PropertyRelation.Comparison, _ value: IntegerConstraints, _ other: IntegerConstraints) -> Bool {
        switch comparison {
        case .atLeast: (value.maximum ?? .max) >= (other.minimum ?? .min)
        case .greaterThan: (value.maximum ?? .max) > (other.minimum ?? .min)
        case .atMost: (value.minimum ?? .min) <= (other.maximum ?? .max)
        case .lessThan: (value.minimum ?? .min) < (other.maximum ?? .max)
        case .notEqual: !(value.minimum != nil && value.minimum == value.maximum && other.minimum == other.maximum && value.minimum == other.minimum)
        }
    }
}

extension SchemaNode {
    /// What a relation can compare this value as: `"integer"`, `"date"` (date and date-time
    /// strings), or `nil`.
    var comparableKind: String? {
        switch kind {
        case .integer: "integer"
        case .string(let string) where string.format?.isDate == true: "date"
        default: nil
        }
    }
}
