extension GeneratedContent: ConvertibleFromGeneratedContent, ConvertibleToGeneratedContent {
    /// The content itself.
    public init(_ content: GeneratedContent) {
        self = content
    }

    public var generatedContent: GeneratedContent { self }
}

/// FoundationModels' initializers from any convertible values, so ported code such as
/// `GeneratedContent(properties: ["name": name, "count": count])` compiles unchanged.
///
/// They cannot throw (FoundationModels' don't), but Bridle's ``ConvertibleToGeneratedContent``
/// can: a value with no JSON form (a `Double.nan`, an `encode(to:)` that throws) is written as
/// a string that says so, `"<no JSON form: …>"`, which no schema with a number or object there
/// accepts, so the problem surfaces where the content is checked instead of vanishing. Use
/// `try value.generatedContent` to get the error itself.
extension GeneratedContent {
    /// Disfavoured, so that strings, numbers and content keep their direct initializers
    /// rather than going through the encoder.
    @_disfavoredOverload
    public init<Value: ConvertibleToGeneratedContent>(_ value: Value) {
        self = Self.converting(value)
    }

    /// An object with the keys in the order given; a repeated key keeps its first position
    /// and its last value.
    ///
    /// ```swift
    /// GeneratedContent(properties: ["name": "Ada", "born": 1815, "tags": ["math"]]).jsonString
    /// // {"name":"Ada","born":1815,"tags":["math"]}
    /// GeneratedContent(properties: ["b": 1, "a": 2, "b": 3]).jsonString  // {"b":3,"a":2}
    /// ```
    public init(properties: KeyValuePairs<String, any ConvertibleToGeneratedContent>) {
        self.init(properties: properties.map { ($0.key, Self.converting($0.value)) })
    }

    public init(elements: some Sequence<any ConvertibleToGeneratedContent>) {
        self.init(elements: elements.map { Self.converting($0) })
    }

    /// The value's content, or the string that says it has none.
    package static func converting(_ value: any ConvertibleToGeneratedContent) -> GeneratedContent {
        do {
            return try value.generatedContent
        } catch {
            return GeneratedContent("<no JSON form: \(error)>")
        }
    }
}
