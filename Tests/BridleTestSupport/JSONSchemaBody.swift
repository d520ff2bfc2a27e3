import BridleSchema

/// The root node of `schema` as compact JSON Schema, without the `$schema` header.
public func jsonSchemaBody(_ schema: GenerationSchema) -> String {
    JSONSchemaWriter.document(of: schema.root).jsonString
}
