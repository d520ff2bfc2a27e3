extension GeneratedContent: ConvertibleFromGeneratedContent, ConvertibleToGeneratedContent {
    /// The content itself.
    public init(_ content: GeneratedContent) {
        self = content
    }

    public var generatedContent: GeneratedContent { self }
}
