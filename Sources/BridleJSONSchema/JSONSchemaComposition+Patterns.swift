import BridleSchema

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

    static let patternGroup: Set<String> = ["pattern", additionalPatterns, excludedPatterns]

    /// `result` with the patterns of both sides: the first required one as `pattern`, the
    /// other required ones and every excluded one in the internal keywords.
    static func mergedPatterns(_ result: GeneratedContent, _ a: GeneratedContent, _ b: GeneratedContent) -> GeneratedContent {
        func list(_ schema: GeneratedContent, _ key: String) -> [GeneratedContent] {
            key == "pattern" ? schema[property: key].map { [$0] } ?? [] : (try? schema[property: key]?.elements()) ?? []
        }
        var required: [GeneratedContent] = []
        var excluded: [GeneratedContent] = []
        for side in [a, b] {
            for pattern in list(side, "pattern") + list(side, additionalPatterns) where !required.contains(pattern) { required.append(pattern) }
            for pattern in list(side, excludedPatterns) where !excluded.contains(pattern) { excluded.append(pattern) }
        }
        var merged = result.removing(patternGroup)
        if let first = required.first { merged = merged.setting("pattern", first) }
        if required.count > 1 { merged = merged.setting(additionalPatterns, GeneratedContent(elements: Array(required.dropFirst()))) }
        if !excluded.isEmpty { merged = merged.setting(excludedPatterns, GeneratedContent(elements: excluded)) }
        return merged
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
