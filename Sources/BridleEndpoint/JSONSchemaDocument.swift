import BridleJSONSchema
import BridleSchema

/// A JSON Schema in a request, read into Bridle's schema; a problem points at the keyword.
enum JSONSchemaDocument {
    static func read(_ document: GeneratedContent, at path: String) throws(EndpointError) -> GenerationSchema {
        do {
            return try GenerationSchema(jsonSchema: document)
        } catch let error as JSONSchemaImportError {
            throw .invalidRequest("the JSON Schema at \(error.pointer) can't be used: \(error.message)", parameter: path + error.pointer, code: "invalid_schema")
        } catch {
            throw .invalidRequest("the JSON Schema can't be used: \(error)", parameter: path, code: "invalid_schema")
        }
    }
}
