extension GenerationGuide where Value == String {
    /// The value is exactly `value`.
    ///
    /// ```swift
    /// .constant("v1")   // {"type":"string","enum":["v1"]} (printed as "const")
    /// ```
    public static func constant(_ value: String) -> GenerationGuide<String> {
        GenerationGuide(.choices([value]))
    }

    /// The value is one of `values`.
    ///
    /// ```swift
    /// .anyOf(["all", "completed"])   // {"type":"string","enum":["all","completed"]}
    /// ```
    public static func anyOf(_ values: [String]) -> GenerationGuide<String> {
        GenerationGuide(.choices(values))
    }

    /// The whole value matches the regular expression `pattern` (ECMA-262 / JSON Schema
    /// syntax, which is also what Swift's `Regex` literals use for the common subset).
    ///
    /// ```swift
    /// .pattern("[A-Z]{3}-[0-9]{4}")
    /// ```
    public static func pattern(_ pattern: String) -> GenerationGuide<String> {
        GenerationGuide(.pattern(pattern))
    }

    /// The whole value matches `regex`.
    ///
    /// Inside `@Guide` a regex *literal* is read from source by the macro and becomes
    /// `.pattern("…")`. A `Regex` built at run time cannot be printed back as a pattern,
    /// so ``GenerationSchema/validate()`` reports it as an error that says to pass a string.
    public static func pattern<Output>(_ regex: Regex<Output>) -> GenerationGuide<String> {
        GenerationGuide(.runtimeRegex)
    }

    /// At least `length` characters (Unicode scalars).
    public static func minimumLength(_ length: Int) -> GenerationGuide<String> {
        GenerationGuide(.minimumLength(length))
    }

    /// At most `length` characters (Unicode scalars).
    public static func maximumLength(_ length: Int) -> GenerationGuide<String> {
        GenerationGuide(.maximumLength(length))
    }

    /// Between `lengths.lowerBound` and `lengths.upperBound` characters (Unicode scalars).
    public static func length(_ lengths: ClosedRange<Int>) -> GenerationGuide<String> {
        GenerationGuide(.minimumLength(lengths.lowerBound), .maximumLength(lengths.upperBound))
    }
}
