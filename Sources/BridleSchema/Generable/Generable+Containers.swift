/// Element by element, so that arrays of partial values (which are not `Decodable`) read too.
extension Array: ConvertibleFromGeneratedContent where Element: ConvertibleFromGeneratedContent {
    public init(_ content: GeneratedContent) throws {
        self = try content.elements().map(Element.init)
    }
}

extension Array: Generable, ConvertibleToGeneratedContent where Element: Generable {
    public typealias PartiallyGenerated = [Element.PartiallyGenerated]

    public static var generationSchema: GenerationSchema {
        let element = Element.generationSchema
        var schema = GenerationSchema(root: .array(ArrayConstraints(items: element.root)))
        schema.absorb(element)
        return schema
    }
}

extension Optional: Generable, ConvertibleFromGeneratedContent, ConvertibleToGeneratedContent, InstructionsRepresentable,
    PromptRepresentable where Wrapped: Generable {
    /// A partial optional is a partial value or nothing, like any partial property.
    public typealias PartiallyGenerated = Wrapped.PartiallyGenerated

    /// The wrapped value or `null`. (An optional *property* is instead a key that may be
    /// missing: see ``GenerationSchema/Property``.)
    public static var generationSchema: GenerationSchema {
        let wrapped = Wrapped.generationSchema
        var schema = GenerationSchema(root: SchemaNode(.anyOf([wrapped.root, .null])))
        schema.absorb(wrapped)
        return schema
    }
}

extension Dictionary: Generable, ConvertibleFromGeneratedContent, ConvertibleToGeneratedContent, InstructionsRepresentable,
    PromptRepresentable
where Key == String, Value: Generable {
    /// An object whose keys are free and whose values all have `Value`'s shape.
    public static var generationSchema: GenerationSchema {
        let value = Value.generationSchema
        var schema = GenerationSchema(root: .object(ObjectShape(additionalProperties: value.root)))
        schema.absorb(value)
        return schema
    }
}
