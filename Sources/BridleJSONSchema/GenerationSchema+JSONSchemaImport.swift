import BridleSchema

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
    ///
    /// `allOf`, `not`, `if`/`then`/`else` and keywords beside `$ref`/`anyOf`/`oneOf` are
    /// merged into one schema first (see the reader's composition pass); a merge no value
    /// satisfies is an error ("allOf at #/… has no instance: string ∧ integer").
    ///
    /// `limits` bounds the work a document from a stranger can cause (size, depth, enum
    /// size, schemas produced); exceeding one is a ``JSONSchemaImportError`` whose
    /// ``JSONSchemaImportError/limit`` names it.
    public init(jsonSchema text: String, limits: SchemaLimits = SchemaLimits()) throws {
        guard text.utf8.count <= limits.maximumInputBytes else {
            throw JSONSchemaImportError.limit("maximumInputBytes", limits.maximumInputBytes, at: "#", "a document of \(text.utf8.count) bytes")
        }
        let document: GeneratedContent
        do {
            document = try GeneratedContent(json: text)
        } catch {
            throw JSONSchemaImportError(pointer: "#", message: "the document is not valid JSON: \(error)")
        }
        try self.init(jsonSchema: document, limits: limits)
    }

    /// Builds a schema from a parsed JSON Schema document. See ``init(jsonSchema:limits:)-(String,_)``.
    public init(jsonSchema document: GeneratedContent, limits: SchemaLimits = SchemaLimits()) throws {
        var reader = JSONSchemaReader(document: try JSONSchemaReferenceLinker.link(document, limits: limits), limits: limits)
        self = try reader.read()
        judgeByDocument(document)
    }

    /// From now on, values are judged by `document` itself, through ``JSONSchemaEvaluator``;
    /// a document it can't decide on gives a violation, never a pass.
    package mutating func judgeByDocument(_ document: GeneratedContent) {
        documentValidator = DocumentValidator(document: document) { content in
            do throws(JSONSchemaEvaluationError) {
                return try JSONSchemaEvaluator(document: document).violations(of: content)
            } catch {
                return [Violation(path: error.pointer, message: "can't be checked against the JSON Schema: \(error.message)")]
            }
        }
    }
}
