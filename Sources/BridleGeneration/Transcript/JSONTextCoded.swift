import BridleJSONSchema
import BridleSchema

/// Codes ``GeneratedContent`` as its JSON text. Foundation's keyed coders do not keep the
/// order of object keys, and a transcript must give back exactly what the model wrote and saw.
///
/// ```swift
/// struct Saved: Codable { @JSONTextCoded var arguments: GeneratedContent }
/// // {"arguments":"{\"b\":1,\"a\":2}"}
/// ```
@propertyWrapper
public struct JSONTextCoded: Sendable, Hashable, Codable {
    public var wrappedValue: GeneratedContent

    public init(wrappedValue: GeneratedContent) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            wrappedValue = try GeneratedContent(json: text)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "not JSON text: \(error.description)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue.jsonString)
    }
}
