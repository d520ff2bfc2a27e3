/// Several `pattern`s on one string, at the JSON level. A schema object holds one `pattern`,
/// so merging `allOf` members that each give one, or negating `pattern`, keeps the rest in two
/// internal keywords that the reader turns into ``StringConstraints/additionalPatterns`` and
/// ``StringConstraints/excludedPatterns``:
/// - `$bridlePatterns`: patterns the string must also match;
/// - `$bridleNotPatterns`: patterns the string must not match anywhere.
///
/// Both are exact (nothing is dropped); the grammar compiler intersects them as automata.
extension JSONSchemaComposition {
    static let additionalPatterns = "$bridlePatterns"
    static let excludedPatterns = "$bridleNotPatterns"

    /// `result` with `theirs` (the other side's value of `key`, a pattern keyword) added.
    static func mergingPattern(_ result: GeneratedContent, key: String, theirs: GeneratedContent) -> GeneratedContent {
        let target = key == "pattern" ? additionalPatterns : key
        let added = key == "pattern" ? [theirs] : ((try? theirs.elements()) ?? [])
        var list = (try? result[property: target]?.elements()) ?? []
        if key != "pattern", let mine = try? result[property: key]?.elements() { list = mine }
        for pattern in added where !list.contains(pattern) && pattern != result[property: "pattern"] { list.append(pattern) }
        return result.setting(target, GeneratedContent(elements: list))
    }

    /// The negation of a pattern keyword's value, as disjuncts: strings that fail a required
    /// pattern, or match an excluded one.
    static func negatedPatterns(_ key: String, _ value: GeneratedContent) -> [GeneratedContent] {
        let patterns = key == "pattern" ? [value] : ((try? value.elements()) ?? [])
        return patterns.map { pattern in
            key == excludedPatterns
                ? GeneratedContent(properties: [("type", "string"), ("pattern", pattern)])
                : GeneratedContent(properties: [("type", "string"), (excludedPatterns, GeneratedContent(elements: [pattern]))])
        }
    }
}
