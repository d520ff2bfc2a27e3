/// The JSON shape of a ``Generable`` type: Bridle's schema IR.
///
/// A schema is a tree of ``SchemaNode``s plus named ``definitions`` for the types that
/// refer to themselves. It is deterministic (the same type always gives an equal schema,
/// properties in declaration order), `Equatable`, and `Codable` as a JSON Schema
/// (draft 2020-12) document:
///
/// ```swift
/// try JSONEncoder().encode(Arguments.generationSchema)    // a JSON Schema document
/// try GenerationSchema(jsonSchema: #"{"type":"string","format":"uuid"}"#)
/// ```
///
/// Building a schema never fails; what no value could satisfy (say `.minimum(.nan)`) is
/// recorded and reported by ``validate()``, which every consumer of a schema calls first.
public struct GenerationSchema: Sendable, Hashable {
    /// The shape of the value itself.
    public var root: SchemaNode
    /// Shapes that nodes refer to by name (``SchemaNode/Kind/reference(_:)``): recursive
    /// types and JSON Schema `$defs`.
    public var definitions: [String: SchemaNode]
    /// Problems found while applying guides; ``validate()`` reports them.
    var buildIssues: [SchemaIssue]
    /// The JSON Schema document this schema was read from, when it was. The IR may admit
    /// fewer values than the document (a grammar never writes extra properties), so values
    /// are judged against the document itself: see ``violations(of:)``.
    public var jsonSchemaSource: GeneratedContent? { documentValidator?.document }
    /// The document and how values are judged against it: set by the importer, which owns
    /// JSON Schema's keywords; the schema model only asks it.
    package var documentValidator: DocumentValidator?
    /// What the JSON Schema import kept as an annotation without enforcing it, one line each
    /// with its JSON pointer (a `format` name Bridle does not know admits any string, as
    /// draft 2020-12 defines it). Empty for schemas not read from JSON Schema.
    public package(set) var importNotes: [String] = []

    public init(root: SchemaNode, definitions: [String: SchemaNode] = [:]) {
        self.init(root: root, definitions: definitions, buildIssues: [])
    }

    init(root: SchemaNode, definitions: [String: SchemaNode], buildIssues: [SchemaIssue]) {
        self.root = root
        self.definitions = definitions
        self.buildIssues = buildIssues
    }

    /// The node a reference names, following references until a concrete node.
    public func resolved(_ node: SchemaNode) -> SchemaNode {
        var current = node
        var seen: Set<String> = []
        while case .reference(let name) = current.kind, let target = definitions[name], seen.insert(name).inserted {
            current = target
        }
        return current
    }
}

extension GenerationSchema {
    /// Schemas are equal when their IR is: the same grammar, the same checks. The source
    /// document is left out, so a schema exported and read back (a saved transcript's tool
    /// definitions) equals the original.
    public static func == (lhs: GenerationSchema, rhs: GenerationSchema) -> Bool {
        lhs.root == rhs.root && lhs.definitions == rhs.definitions && lhs.buildIssues == rhs.buildIssues
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(root)
        hasher.combine(definitions)
        hasher.combine(buildIssues)
    }

    /// Absorbs the definitions and issues of a schema nested inside this one.
    mutating func absorb(_ nested: GenerationSchema) {
        definitions.merge(nested.definitions) { current, _ in current }
        buildIssues.append(contentsOf: nested.buildIssues)
    }
}
