extension GenerationSchema {
    /// Builds a schema from a JSON Schema document (draft 2020-12, with the common older
    /// spellings: `definitions`, tuple `items` arrays, boolean `exclusiveMinimum`,
    /// and OpenAPI's `nullable` read as the annotation 2020-12 takes it for).
    ///
    /// Validation keywords Bridle cannot enforce are errors naming their JSON pointer, never
    /// skipped; unknown keywords are annotations, as JSON Schema defines them, and are
    /// ignored. A schema without `type` is narrowed to the types its keywords describe,
    /// which admits fewer values but never an invalid one.
    ///
    /// ```swift
    /// try GenerationSchema(jsonSchema: #"{"type":["integer","null"],"minimum":1}"#).root
    /// // anyOf [integer ≥ 1, null]
    /// ```
    public init(jsonSchema text: String) throws {
        let document: GeneratedContent
        do {
            document = try GeneratedContent(json: text)
        } catch {
            throw JSONSchemaImportError(pointer: "#", message: "the document is not valid JSON: \(error)")
        }
        try self.init(jsonSchema: document)
    }

    /// Builds a schema from a parsed JSON Schema document. See ``init(jsonSchema:)-(String)``.
    public init(jsonSchema document: GeneratedContent) throws {
        var reader = JSONSchemaReader(document: document)
        self = try reader.read()
        jsonSchemaSource = document
    }
}
