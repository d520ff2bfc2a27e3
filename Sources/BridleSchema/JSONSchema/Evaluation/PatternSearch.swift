/// A JSON Schema `pattern`, compiled once: finds whether it matches anywhere in a string
/// (JSON Schema patterns are not anchored).
struct PatternSearch {
    private let regex: Regex<AnyRegexOutput>

    init?(_ pattern: String) {
        guard let regex = try? Regex(pattern) else { return nil }
        self.regex = regex
    }

    func finds(in text: String) -> Bool {
        (try? regex.firstMatch(in: text)) != nil
    }
}
