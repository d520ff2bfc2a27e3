import Foundation

/// A unique identity for a generated value, assigned by Bridle, never by the model.
///
/// A `GenerationID` property is left out of the schema and the grammar; decoding gives it
/// a fresh identity (or keeps one found in the JSON), and encoding leaves it out, so the
/// JSON of a value is exactly what its schema describes.
///
/// ```swift
/// @Generable struct SearchTerm { var id: GenerationID; var searchTerm: String }
/// try SearchTerm(GeneratedContent(json: #"{"searchTerm":"tea"}"#))   // id is fresh
/// ```
public struct GenerationID: Sendable, Hashable, Codable, CustomStringConvertible {
    private let uuid: UUID

    public init() {
        uuid = UUID()
    }

    public var description: String { uuid.uuidString }

    public init(from decoder: any Decoder) throws {
        uuid = try decoder.singleValueContainer().decode(UUID.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(uuid)
    }
}

// Swift's synthesized `Codable` calls `decode(_:forKey:)` and `encode(_:forKey:)` with the
// concrete type, so these overloads win for every `GenerationID` property of every type
// that imports Bridle: the key may be missing when decoding and is skipped when encoding.
extension KeyedDecodingContainer {
    public func decode(_ type: GenerationID.Type, forKey key: Key) throws -> GenerationID {
        try decodeIfPresent(GenerationID.self, forKey: key) ?? GenerationID()
    }
}

extension KeyedEncodingContainer {
    public mutating func encode(_ value: GenerationID, forKey key: Key) throws {}
}
