extension Array: Generable, ConvertibleFromGeneratedContent, ConvertibleToGeneratedContent where Element: Generable {
    public static var generationSchema: GenerationSchema {
        let element = Element.generationSchema
        var schema = GenerationSchema(root: .array(ArrayConstraints(items: element.root)))
        schema.absorb(element)
        return schema
    }
}

extension Optional: Generable, ConvertibleFromGeneratedContent, ConvertibleToGeneratedContent where Wrapped: Generable {
    /// The wrapped value or `null`. (An optional *property* is instead a key that may be
    /// missing: see ``GenerationSchema/Property``.)
    public static var generationSchema: GenerationSchema {
        let wrapped = Wrapped.generationSchema
        var schema = GenerationSchema(root: SchemaNode(.anyOf([wrapped.root, .null])))
        schema.absorb(wrapped)
        return schema
    }
}

extension Dictionary: Generable, ConvertibleFromGeneratedContent, ConvertibleToGeneratedContent
where Key == String, Value: Generable {
    /// An object whose keys are free and whose values all have `Value`'s shape.
    public static var generationSchema: GenerationSchema {
        let value = Value.generationSchema
        var schema = GenerationSchema(root: .object(ObjectShape(additionalProperties: value.root)))
        schema.absorb(value)
        return schema
    }
}
