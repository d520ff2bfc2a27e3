import Bridle

/// Samples a compiled schema's grammar and judges each sample, as both conformance reports do.
struct SampleCheck {
    var samples = 0
    var repeatedKeys = 0
    var invalid: [String] = []
    /// Samples redrawn because they broke a declared post-check (`uniqueItems`, overlapping
    /// `oneOf`), as a session regenerates such answers, and samples given up on after
    /// ``redrawLimit`` redraws (then neither judged nor written).
    var redrawn = 0
    var givenUp = 0
    static let redrawLimit: UInt64 = 8

    /// Samples `count` sentences of `compiled`, records the invalid ones under `label`, and
    /// appends each as a JSON line (with `schemaLine`'s fields) for the Python check.
    mutating func run(
        _ compiled: CompiledGrammar, of schema: GenerationSchema, count: Int, label: String,
        lineFields: [(String, GeneratedContent)], lines: inout [String]
    ) {
        guard let generator = try? SentenceGenerator(compiled.grammar) else { return }
        for seed in 0..<UInt64(count) {
            var text = generator.sample(seed: seed)
            samples += 1
            if !compiled.postChecks.isEmpty {
                var redraws: UInt64 = 0
                while (try? GeneratedContent(json: text)).map({ !schema.conforms($0) }) ?? false {
                    guard redraws < Self.redrawLimit else { break }
                    redraws += 1
                    text = generator.sample(seed: seed &+ redraws &* 1_000_003)
                }
                redrawn += Int(redraws)
                if redraws == Self.redrawLimit, (try? GeneratedContent(json: text)).map({ !schema.conforms($0) }) ?? false {
                    givenUp += 1
                    continue
                }
            }
            do {
                let content = try GeneratedContent(json: text)
                if !schema.conforms(content) || text.unicodeScalars.count > compiled.maximumLength {
                    invalid.append("\(label) seed \(seed): \(text.prefix(200))")
                }
            } catch {
                if error.message.contains("duplicate key") {
                    // Free-form keys may repeat: a grammar cannot keep them distinct. Such a
                    // sample is refused when parsed, so it is neither judged nor written.
                    repeatedKeys += 1
                    continue
                } else {
                    invalid.append("\(label) seed \(seed): not JSON: \(error.message)")
                }
            }
            lines.append(GeneratedContent(properties: lineFields + [("seed", GeneratedContent(seed)), ("text", GeneratedContent(text))]).jsonString)
        }
    }
}
