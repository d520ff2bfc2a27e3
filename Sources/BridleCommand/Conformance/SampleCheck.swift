import Bridle

/// Samples a compiled schema's grammar and judges each sample, as both conformance reports do.
struct SampleCheck {
    var samples = 0
    var repeatedKeys = 0
    var invalid: [String] = []

    /// Samples `count` sentences of `compiled`, records the invalid ones under `label`, and
    /// appends each as a JSON line (with `schemaLine`'s fields) for the Python check.
    mutating func run(
        _ compiled: CompiledGrammar, of schema: GenerationSchema, count: Int, label: String,
        lineFields: [(String, GeneratedContent)], lines: inout [String]
    ) {
        guard let sampler = try? GrammarSampler(compiled.grammar) else { return }
        for seed in 0..<UInt64(count) {
            let text = sampler.sample(seed: seed)
            samples += 1
            do {
                let content = try GeneratedContent(json: text)
                if !schema.conforms(content) || text.unicodeScalars.count > compiled.maximumLength {
                    invalid.append("\(label) seed \(seed): \(text.prefix(200))")
                }
            } catch {
                if error.message.contains("duplicate key") {
                    // Free-form keys may repeat: a grammar cannot keep them distinct.
                    repeatedKeys += 1
                } else {
                    invalid.append("\(label) seed \(seed): not JSON: \(error.message)")
                }
            }
            lines.append(GeneratedContent(properties: lineFields + [("seed", GeneratedContent(seed)), ("text", GeneratedContent(text))]).jsonString)
        }
    }
}
