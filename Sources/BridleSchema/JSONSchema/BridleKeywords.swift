/// Bridle's own JSON Schema keywords, for what standard JSON Schema cannot say. Other
/// validators ignore them (draft 2020-12 treats unknown keywords as annotations); Bridle
/// writes, reads and evaluates them, so a schema exported and read back keeps its rules.
///
/// ```json
/// {"type": "object", …, "x-bridle-relations": [{"property": "toYear", "atLeast": "fromYear"}]}
/// {"type": "string", "format": "date-time", "x-bridle-relativeDates": {"after": 0, "before": 2592000}}
/// ```
/// Relative dates count seconds from the moment of the request; `after`/`before` exclude the
/// bound, `notBefore`/`notAfter` include it.
package enum BridleKeywords {
    package static let relationsKeyword = "x-bridle-relations"
    package static let relativeDatesKeyword = "x-bridle-relativeDates"

    /// What is malformed about a keyword's value.
    package struct Malformed: Error {
        package let message: String
    }

    package static func document(of relations: [PropertyRelation]) -> GeneratedContent {
        GeneratedContent(elements: relations.map { relation in
            GeneratedContent(properties: [("property", GeneratedContent(relation.property)), (relation.comparison.rawValue, GeneratedContent(relation.other))])
        })
    }

    /// The relations `value` lists.
    package static func relations(from value: GeneratedContent) throws(Malformed) -> [PropertyRelation] {
        guard case .array(let entries) = value.kind else { throw Malformed(message: "\(relationsKeyword) must be an array") }
        var result: [PropertyRelation] = []
        for entry in entries {
            guard let members = entry.orderedProperties, members.count == 2,
                let property = entry[property: "property"]?.stringValue,
                let (name, other) = members.first(where: { $0.name != "property" }).map({ ($0.name, $0.value) }),
                let comparison = PropertyRelation.Comparison(rawValue: name), let otherName = other.stringValue
            else {
                let names = PropertyRelation.Comparison.allCases.map(\.rawValue).joined(separator: ", ")
                throw Malformed(message: "each entry of \(relationsKeyword) is {\"property\": NAME, COMPARISON: OTHER} with COMPARISON one of \(names)")
            }
            result.append(PropertyRelation(property: property, comparison: comparison, other: otherName))
        }
        return result
    }

    package static func document(of bounds: RelativeDateBounds) -> GeneratedContent {
        var members: [(String, GeneratedContent)] = []
        if let earliest = bounds.earliest { members.append((bounds.earliestIsInclusive ? "notBefore" : "after", number(earliest))) }
        if let latest = bounds.latest { members.append((bounds.latestIsInclusive ? "notAfter" : "before", number(latest))) }
        return GeneratedContent(properties: members)
    }

    package static func relativeDates(from value: GeneratedContent) throws(Malformed) -> RelativeDateBounds {
        guard let members = value.orderedProperties else { throw Malformed(message: "\(relativeDatesKeyword) must be an object") }
        var bounds = RelativeDateBounds()
        for (name, offset) in members {
            guard case .number(let number) = offset.kind, let seconds = number.double else {
                throw Malformed(message: "\(relativeDatesKeyword)/\(name) must be a number of seconds from now")
            }
            switch name {
            case "after", "notBefore": (bounds.earliest, bounds.earliestIsInclusive) = (seconds, name == "notBefore")
            case "before", "notAfter": (bounds.latest, bounds.latestIsInclusive) = (seconds, name == "notAfter")
            default: throw Malformed(message: "\(relativeDatesKeyword) takes after, notBefore, before and notAfter, not \(name)")
            }
        }
        return bounds
    }

    private static func number(_ seconds: Double) -> GeneratedContent {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? GeneratedContent(JSONNumber(Int64(seconds))) : GeneratedContent(JSONNumber(seconds) ?? JSONNumber(0))
    }
}
