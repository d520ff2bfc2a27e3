/// A type whose values a language model can generate: it describes its own JSON shape
/// (``generationSchema``) and round-trips through that JSON with its `Codable` conformance.
///
/// Apply `@Generable` to a struct or enum rather than conforming by hand:
///
/// ```swift
/// @Generable struct SearchTerm {
///     @Guide(description: "A search term") var searchTerm: String
/// }
/// SearchTerm.generationSchema.jsonSchemaString()
/// // {"type":"object","title":"SearchTerm","properties":{"searchTerm":{…}},…}
/// ```
///
/// The JSON a grammar built from ``generationSchema`` admits decodes with the type's own
/// `Decodable` conformance — synthesized or hand-written — through
/// ``GeneratedContentDecoder`` or a `JSONDecoder` using the `.rfc3339` date strategy.
public protocol Generable: Codable, ConvertibleFromGeneratedContent, ConvertibleToGeneratedContent, SendableMetatype {
    /// A value as far as a model has written it, for streaming: `@Generable` structs get a
    /// nested struct whose properties are optional (and partial themselves); scalars and enums
    /// are whole or absent, so theirs is `Self`.
    ///
    /// ```swift
    /// let partial = try SearchSuggestions.PartiallyGenerated(GeneratedContent(partialJSON: #"{"searchTerms":[{"searchTerm":"Beau"#)!)
    /// partial.searchTerms?.first?.searchTerm   // "Beau"
    /// ```
    associatedtype PartiallyGenerated: ConvertibleFromGeneratedContent = Self

    /// The JSON shape of every value of this type, with every guide applied.
    static var generationSchema: GenerationSchema { get }
}

/// A type that can be built from ``GeneratedContent``.
public protocol ConvertibleFromGeneratedContent {
    init(_ content: GeneratedContent) throws
}

/// A type that can describe itself as ``GeneratedContent``, and so be written into a prompt
/// or instructions (as JSON; a `String` as its text).
///
/// Unlike FoundationModels, the getter throws: a `Double.nan` or a throwing hand-written
/// `encode(to:)` has no JSON form, and Bridle reports that rather than invent a value.
public protocol ConvertibleToGeneratedContent: InstructionsRepresentable, PromptRepresentable {
    var generatedContent: GeneratedContent { get throws }
}

extension Generable {
    public init(_ content: GeneratedContent) throws {
        self = try GeneratedContentDecoder().decode(Self.self, from: content)
    }

    public var generatedContent: GeneratedContent {
        get throws { try GeneratedContentEncoder().encode(self) }
    }
}
