/// One metadata key/value pair, in the order it appears in the file.
///
/// Metadata is kept as an ordered list rather than a dictionary because the
/// order is part of the file's bytes, and identical inputs must produce
/// byte-identical files.
public struct GGUFMetadataEntry: Sendable, Equatable {
    public var key: String
    public var value: GGUFValue

    public init(_ key: String, _ value: GGUFValue) {
        self.key = key
        self.value = value
    }
}
