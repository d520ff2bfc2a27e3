import BridleSchema

/// Work budgets for reading a JSON Schema from a stranger (an MCP server, an OpenAPI
/// document, an upload): every limit counts work (bytes, levels, nodes, steps), never time,
/// so the same document always succeeds or fails the same way.
///
/// Exceeding a limit is a ``JSONSchemaImportError`` whose ``JSONSchemaImportError/limit``
/// names the limit and whose pointer says where reading stopped.
///
/// ```swift
/// var limits = SchemaLimits()
/// limits.maximumEnumValues = 1_000
/// try GenerationSchema(jsonSchema: text, limits: limits)
/// ```
public struct SchemaLimits: Sendable, Hashable {
    /// The largest document, in UTF-8 bytes, ``GenerationSchema/init(jsonSchema:limits:)`` parses.
    public var maximumInputBytes: Int
    /// How deeply schemas may nest while they are read, counting each `$ref` followed into
    /// another schema as one level. (The JSON parser has its own nesting limit of 512.)
    public var maximumDepth: Int
    /// How many `$ref`s may be inlined inside one another when they sit beside other
    /// keywords or inside `allOf` (plain references are definitions and are not inlined).
    public var maximumReferenceDepth: Int
    /// How many values one `enum` may list.
    public var maximumEnumValues: Int
    /// How many schemas reading may produce in all: nodes of the schema IR plus schemas
    /// built by merging `allOf` and distributing siblings over `anyOf`/`oneOf`, whose
    /// number could otherwise grow exponentially with the document.
    public var maximumNodes: Int
    /// How many schema-instance checks the reader may make while it keeps the values of a
    /// finite `enum`/`const` that the rest of their schema accepts.
    public var maximumEvaluationSteps: Int

    public init(
        maximumInputBytes: Int = 8 << 20, maximumDepth: Int = 256, maximumReferenceDepth: Int = 32,
        maximumEnumValues: Int = 100_000, maximumNodes: Int = 200_000, maximumEvaluationSteps: Int = 5_000_000
    ) {
        self.maximumInputBytes = maximumInputBytes
        self.maximumDepth = maximumDepth
        self.maximumReferenceDepth = maximumReferenceDepth
        self.maximumEnumValues = maximumEnumValues
        self.maximumNodes = maximumNodes
        self.maximumEvaluationSteps = maximumEvaluationSteps
    }
}
