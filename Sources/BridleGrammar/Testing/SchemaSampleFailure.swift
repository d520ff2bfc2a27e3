/// A sample that did not hold up: the type, the seed and the text, to replay the case with
/// `SampleGenerator(T.self).sample(seed:)`.
public struct SchemaSampleFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public let type: String
    public let seed: UInt64
    public let text: String
    public let reason: String

    public init(type: String, seed: UInt64, text: String, reason: String) {
        self.type = type
        self.seed = seed
        self.text = text
        self.reason = reason
    }

    public var description: String {
        "\(type) sample for seed \(seed) failed: \(reason)\n  text: \(text)\n  replay: try SampleGenerator(\(type).self).sample(seed: \(seed))"
    }
}
