import BridleSchema

/// A `GenerationSchema` encodes as its JSON Schema document and decodes from one, so
/// `JSONEncoder().encode(schema)` gives JSON Schema and `JSONDecoder` reads it back.
/// Property order survives Foundation's coders through `"x-order"`.
extension GenerationSchema: Codable {
    public func encode(to encoder: any Encoder) throws {
        try jsonSchema.encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let document = try GeneratedContent(from: decoder)
        do {
            try self.init(jsonSchema: document)
        } catch let error as JSONSchemaImportError {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }
}
