import BridleSchema

/// Tests a `Generable` type's schema without a model: random sentences of its grammar from
/// fixed seeds, each decoded with the type's own `Codable` conformance and re-checked
/// against every guide. A failure names the seed and the text, so it can be replayed.
///
/// ```swift
/// import Testing
///
/// @Test(arguments: 0..<500)
/// func argumentsAlwaysDecode(seed: UInt64) throws {
///     let sample = try SampleGenerator(Arguments.self).sample(seed: seed)
///     #expect(sample.value.count.map { (1...10).contains($0) } ?? true)
/// }
/// ```
///
/// The generator favours boundaries (minimum and maximum counts, range ends, leap days,
/// escapes in strings), where hand-written examples rarely look.
public struct SampleGenerator<Value: Generable> {
    public let compiled: CompiledGrammar
    private let generator: SentenceGenerator
    private let schema: GenerationSchema

    /// One sample: the seed, the text the grammar produced, and the decoded value.
    public struct Sample: CustomStringConvertible {
        public let seed: UInt64
        public let text: String
        public let value: Value

        public var description: String { "seed \(seed): \(text)" }
    }

    public init(_ type: Value.Type, options: GrammarOptions = GrammarOptions()) throws {
        schema = Value.generationSchema
        compiled = try schema.grammar(options: options)
        generator = try SentenceGenerator(compiled.grammar, maximumDepth: 64)
    }

    /// The sample for `seed`; throws ``SchemaSampleFailure`` when the text is too long, does
    /// not decode, or breaks a guide.
    public func sample(seed: UInt64) throws(SchemaSampleFailure) -> Sample {
        let text = generator.sample(seed: seed)
        func failure(_ reason: String) -> SchemaSampleFailure {
            SchemaSampleFailure(type: String(reflecting: Value.self), seed: seed, text: text, reason: reason)
        }
        if text.unicodeScalars.count > compiled.maximumLength {
            throw failure("it is \(text.unicodeScalars.count) characters, above the grammar's maximum \(compiled.maximumLength)")
        }
        let content: GeneratedContent
        do {
            content = try GeneratedContent(json: text)
        } catch {
            throw failure("it is not JSON: \(error)")
        }
        let violations = schema.violations(of: content)
        if !violations.isEmpty {
            throw failure("it breaks the schema: \(violations.map(\.description).joined(separator: "; "))")
        }
        do {
            return Sample(seed: seed, text: text, value: try Value(content))
        } catch {
            throw failure("it does not decode into \(Value.self): \(error)")
        }
    }

    /// The samples for every seed in `seeds`.
    public func samples(seeds: some Sequence<UInt64>) throws(SchemaSampleFailure) -> [Sample] {
        var result: [Sample] = []
        for seed in seeds { result.append(try sample(seed: seed)) }
        return result
    }
}
