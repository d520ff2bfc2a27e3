import BridleSchema

/// Rewrites `unevaluatedProperties` and `unevaluatedItems` where what they apply to is
/// known from the schema object alone: its own keywords, its `allOf` members and its
/// `$ref` target, when none of those has a conditional applicator (`anyOf`, `oneOf`, `if`,
/// `dependentSchemas`, …) whose evaluated set depends on the value.
///
/// Then the properties the schema evaluates are its own and its members' `properties` and
/// `patternProperties` (all of them once any has `additionalProperties`), so
/// `unevaluatedProperties` is exactly `additionalProperties` beside those names and
/// patterns (added as `true`). Items likewise: the longest `prefixItems`, or all once any
/// has `items`. An own `contains` also evaluates the items it matches; applying
/// `unevaluatedItems` to every item after the prefix is then a narrowing.
enum UnevaluatedKeywords {
    /// Keywords whose evaluated set depends on which subschemas the value satisfies.
    private static let conditional: Set<String> = [
        "anyOf", "oneOf", "if", "then", "else", "dependentSchemas", "dependencies", "$dynamicRef", "$recursiveRef",
    ]

    /// `members` of one schema object with its unevaluated keywords replaced where decidable;
    /// `referenced` is its `$ref` target, nil when it has none (an unresolved `$ref` keeps them).
    static func rewrite(
        _ members: [(name: String, value: GeneratedContent)], referenced: GeneratedContent?
    ) -> [(name: String, value: GeneratedContent)] {
        let keys = Set(members.map(\.name))
        guard keys.contains("unevaluatedProperties") || keys.contains("unevaluatedItems"),
            keys.isDisjoint(with: conditional), !keys.contains("$ref") || referenced != nil
        else { return members }
        var contributors: [GeneratedContent] = referenced.map { [$0] } ?? []
        if case .array(let list)? = members.first(where: { $0.name == "allOf" })?.value.kind { contributors += list }
        let structured = contributors.filter(\.kind.isStructure)
        guard structured.allSatisfy({ member in
            member.keywords.isDisjoint(with: conditional.union(["allOf", "$ref"]))
        }) else { return members }
        var result = members
        if keys.contains("unevaluatedProperties") { result = properties(result, structured) }
        if keys.contains("unevaluatedItems") { result = items(result, structured) }
        return result
    }

    private static func properties(
        _ members: [(name: String, value: GeneratedContent)], _ contributors: [GeneratedContent]
    ) -> [(name: String, value: GeneratedContent)] {
        let own = GeneratedContent(properties: members)
        let everything = ([own] + contributors).contains { $0[property: "additionalProperties"] != nil }
            || contributors.contains { $0[property: "unevaluatedProperties"] != nil }
        if everything { return members.filter { $0.name != "unevaluatedProperties" } }
        var names = own[property: "properties"]?.orderedProperties ?? []
        var patterns = own[property: "patternProperties"]?.orderedProperties ?? []
        for contributor in contributors {
            for (name, _) in contributor[property: "properties"]?.orderedProperties ?? [] where !names.contains(where: { $0.name == name }) {
                names.append((name, true))
            }
            for (pattern, _) in contributor[property: "patternProperties"]?.orderedProperties ?? []
            where !patterns.contains(where: { $0.name == pattern }) {
                patterns.append((pattern, true))
            }
        }
        var result = members.compactMap { member -> (name: String, value: GeneratedContent)? in
            switch member.name {
            case "properties", "patternProperties": return nil
            case "unevaluatedProperties": return ("additionalProperties", member.value)
            default: return member
            }
        }
        if !names.isEmpty { result.append(("properties", GeneratedContent(properties: names))) }
        if !patterns.isEmpty { result.append(("patternProperties", GeneratedContent(properties: patterns))) }
        return result
    }

    private static func items(
        _ members: [(name: String, value: GeneratedContent)], _ contributors: [GeneratedContent]
    ) -> [(name: String, value: GeneratedContent)] {
        let own = GeneratedContent(properties: members)
        guard contributors.allSatisfy({ $0[property: "contains"] == nil }) else { return members }
        func evaluatesAll(_ schema: GeneratedContent) -> Bool {
            if let items = schema[property: "items"], !items.kind.isArray { return true }
            return schema[property: "additionalItems"] != nil
        }
        func prefix(_ schema: GeneratedContent) -> [GeneratedContent] {
            if case .array(let list)? = schema[property: "prefixItems"]?.kind { return list }
            if case .array(let list)? = schema[property: "items"]?.kind { return list }
            return []
        }
        if evaluatesAll(own) || contributors.contains(where: { evaluatesAll($0) || $0[property: "unevaluatedItems"] != nil }) {
            return members.filter { $0.name != "unevaluatedItems" }
        }
        // Draft 2019 spells the prefix as an `items` array and the rest as `additionalItems`.
        let tupleKeyword = own[property: "items"]?.kind.isArray == true ? "items" : "prefixItems"
        var ownPrefix = prefix(own)
        let longest = contributors.map { prefix($0).count }.max() ?? 0
        while ownPrefix.count < longest { ownPrefix.append(true) }
        var result = members.compactMap { member -> (name: String, value: GeneratedContent)? in
            switch member.name {
            case tupleKeyword: return nil
            case "unevaluatedItems": return (tupleKeyword == "items" ? "additionalItems" : "items", member.value)
            default: return member
            }
        }
        if !ownPrefix.isEmpty { result.append((tupleKeyword, GeneratedContent(elements: ownPrefix))) }
        return result
    }
}
