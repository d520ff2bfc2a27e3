/// A rule of the schema that the compiled grammar does not enforce, so every value decoded
/// from it must also pass the schema's validator (``GenerationSchema/violations(of:)``)
/// and be regenerated when it fails.
///
/// Grammars are context-free: they cannot remember which array elements were written
/// (`uniqueItems`) or rule out a value matching two `oneOf` alternatives. Rather than refuse
/// such schemas, the compiler admits the wider language and declares the gap here.
///
/// ```swift
/// let compiled = try schema.grammar()
/// compiled.postChecks   // [PostCheck(pointer: "#/properties/tags", kind: .uniqueItems)]
/// ```
public struct PostCheck: Sendable, Hashable, CustomStringConvertible {
    /// The JSON pointer, into the schema, of the keyword's schema object.
    public var pointer: String
    public var kind: Kind

    public enum Kind: String, Sendable, Hashable {
        /// `uniqueItems: true`: the grammar may repeat an element.
        case uniqueItems
        /// A `oneOf` whose alternatives overlap, compiled as `anyOf`: a value may match more than one.
        case exclusiveAlternatives
        /// Relations between properties (`x-bridle-relations`): the grammar bounds each value alone.
        case relations
        /// Values excluded from a node's language (``SchemaNode/excludedValues``, `not: {enum}`):
        /// the grammar admits them.
        case excludedValues
    }

    public init(pointer: String, kind: Kind) {
        self.pointer = pointer
        self.kind = kind
    }

    public var description: String { "\(pointer): \(kind.rawValue)" }

    /// The keyword's own JSON pointer: `#/properties/tags/uniqueItems`.
    public var keywordPointer: String {
        let keyword = switch kind {
        case .uniqueItems: "uniqueItems"
        case .exclusiveAlternatives: "oneOf"
        case .relations: "x-bridle-relations"
        case .excludedValues: "not"
        }
        return pointer == "#" ? "#/\(keyword)" : "\(pointer)/\(keyword)"
    }

    /// What the grammar admits beyond the schema here, for a warning or a GBNF comment:
    /// `#/oneOf: the grammar admits values matching several alternatives; Bridle checks them
    /// after generation`.
    public var warning: String {
        let gap = switch kind {
        case .uniqueItems: "the grammar admits arrays with repeated elements"
        case .exclusiveAlternatives: "the grammar admits values matching several alternatives"
        case .relations: "the grammar admits values that break the relations between properties"
        case .excludedValues: "the grammar admits the values excluded here"
        }
        let enforcement = kind == .exclusiveAlternatives ? "" : " (in-process decoding enforces it while writing)"
        return "\(keywordPointer): \(gap); Bridle checks them after generation\(enforcement)"
    }
}
