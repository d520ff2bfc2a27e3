/// The one place the validator runs a schema's regular expressions (`pattern`,
/// `patternProperties`, the `regex` format), so a shared ECMA-262 matcher can replace
/// Swift's `Regex` here alone.
enum PatternSearch {
    /// Whether `pattern` matches somewhere in `text` (JSON Schema patterns are unanchored);
    /// nil when `pattern` does not compile.
    static func matches(_ pattern: String, _ text: String) -> Bool? {
        guard let regex = try? Regex(pattern) else { return nil }
        return (try? regex.firstMatch(in: text)) != nil
    }

    /// Whether `pattern` compiles.
    static func isValid(_ pattern: String) -> Bool {
        (try? Regex(pattern)) != nil
    }
}
