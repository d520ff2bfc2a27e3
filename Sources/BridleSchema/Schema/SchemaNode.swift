/// One node of a ``GenerationSchema``: what a single JSON value may be.
///
/// The node tree is Bridle's schema IR. Every later pass (the grammar compiler, the
/// conformance checker, the JSON Schema printer) reads it, so it says exactly what a
/// type's `Codable` conformance accepts and nothing more vague:
///
/// ```swift
/// SchemaNode(.integer(IntegerConstraints(minimum: 1, maximum: 10)))
/// // {"type":"integer","minimum":1,"maximum":10}
/// ```
public struct SchemaNode: Sendable, Hashable {
    /// What the value may be.
    public var kind: Kind
    /// The name of the Swift type that produced this node, when it is a named type.
    public var title: String?
    /// Text for the model (and the reader of the JSON Schema).
    public var description: String?
    /// Values of ``kind``'s language that are not allowed after all, compared as JSON
    /// (``JSONEquality``: key order and number spelling don't matter): JSON Schema's
    /// `"not": {"enum": […]}`. Empty by default. Grammars can't exclude a value, so the mask
    /// engine enforces them while decoding (``GenerationSchema/excluding(_:)``).
    ///
    /// ```swift
    /// var node = SchemaNode.object(shape)
    /// node.excludedValues = [try GeneratedContent(json: #"{"city": "Oslo"}"#)]
    /// // {"type":"object",…,"not":{"enum":[{"city":"Oslo"}]}}
    /// ```
    public var excludedValues: [GeneratedContent]
    /// JSON Schema's `default`: the value a reader assumes when the property is left out. An
    /// annotation, so it constrains nothing; a string whose description names a format
    /// (``GrammarOptions``-`readsDescribedFormats`) may still be written as its default.
    public var defaultValue: GeneratedContent?

    public init(
        _ kind: Kind, title: String? = nil, description: String? = nil, excludedValues: [GeneratedContent] = [],
        defaultValue: GeneratedContent? = nil
    ) {
        self.kind = kind
        self.title = title
        self.description = description
        self.excludedValues = excludedValues
        self.defaultValue = defaultValue
    }

    public indirect enum Kind: Sendable, Hashable {
        /// Any JSON value (`{}` / `true` in JSON Schema).
        case any
        case null
        case boolean
        case string(StringConstraints)
        case integer(IntegerConstraints)
        case number(NumberConstraints)
        case array(ArrayConstraints)
        case object(ObjectShape)
        /// Exactly one of a list of JSON values (`enum`; `const` when there is one).
        case enumeration([GeneratedContent])
        /// At least one of the alternatives (`anyOf`).
        case anyOf([SchemaNode])
        /// Exactly one of the alternatives (`oneOf`); kept apart from `anyOf` because a value
        /// that matches two alternatives is invalid here.
        case oneOf([SchemaNode])
        /// The definition of that name in ``GenerationSchema/definitions``.
        case reference(String)
    }
}

extension SchemaNode {
    public static let any = SchemaNode(.any)
    public static let null = SchemaNode(.null)
    public static let boolean = SchemaNode(.boolean)
    public static func string(_ constraints: StringConstraints = .init()) -> SchemaNode { SchemaNode(.string(constraints)) }
    public static func integer(_ constraints: IntegerConstraints = .init()) -> SchemaNode { SchemaNode(.integer(constraints)) }
    public static func number(_ constraints: NumberConstraints = .init()) -> SchemaNode { SchemaNode(.number(constraints)) }
    public static func array(_ constraints: ArrayConstraints) -> SchemaNode { SchemaNode(.array(constraints)) }
    public static func object(_ shape: ObjectShape) -> SchemaNode { SchemaNode(.object(shape)) }
    public static func reference(_ name: String) -> SchemaNode { SchemaNode(.reference(name)) }

    /// This node, with `description` replaced when `newDescription` is not nil.
    func describing(_ newDescription: String?) -> SchemaNode {
        guard let newDescription else { return self }
        var copy = self
        copy.description = newDescription
        return copy
    }
}
