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

    /// How many sentences a sample may draw when the grammar leaves rules to a check after
    /// generation (distinct elements, relations between properties): a sentence that breaks
    /// them is drawn again, from a seed derived from `seed`, as decoding never writes it.
    public static var maximumDraws: Int { 64 }

    /// The sample for `seed`; throws ``SchemaSampleFailure`` when the text is too long, does
    /// not decode, or breaks a guide. Under rules the grammar declares as post-checks, a
    /// sentence that breaks one is redrawn (same seed, same sample, every run).
    public func sample(seed: UInt64) throws(SchemaSampleFailure) -> Sample {
        var draw = 0
        while true {
            let text = generator.sample(seed: draw == 0 ? seed : Self.derivedSeed(seed, draw))
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
                draw += 1
                if !compiled.postChecks.isEmpty && draw < Self.maximumDraws { continue }
                let tries = draw > 1 ? " (and so did the \(draw - 1) sentences drawn before it)" : ""
                throw failure("it breaks the schema\(tries): \(violations.map(\.description).joined(separator: "; "))")
            }
            do {
                return Sample(seed: seed, text: text, value: try Value(content))
            } catch {
                throw failure("it does not decode into \(Value.self): \(error)")
            }
        }
    }

    private static func derivedSeed(_ seed: UInt64, _ draw: Int) -> UInt64 {
        var random = SeededRandom(seed: seed ^ (UInt64(draw) &* 0x9E37_79B9_7F4A_7C15))
        return random.next()
    }

    /// The samples for every seed in `seeds`.
    public func samples(seeds: some Sequence<UInt64>) throws(SchemaSampleFailure) -> [Sample] {
        var result: [Sample] = []
        for seed in seeds { result.append(try sample(seed: seed)) }
        return result
    }
}
