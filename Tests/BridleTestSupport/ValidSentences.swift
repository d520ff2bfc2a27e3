import BridleGrammar
import BridleSchema

/// The slow reference for value rules: every sentence of a small finite language that the
/// grammar admits and the schema's validator accepts, so that "some valid completion starts
/// with these bytes" is a lookup.
public struct ValidSentences: Sendable {
    public let schema: GenerationSchema
    public let compiled: CompiledGrammar
    /// Sorted bytewise.
    public let sentences: [[UInt8]]

    /// Enumerates `schema`'s grammar (compact layout, printable ASCII) and keeps what the
    /// validator accepts.
    public init(jsonSchema: String) throws {
        schema = try GenerationSchema(jsonSchema: GeneratedContent(json: jsonSchema))
        var options = GrammarOptions()
        options.layout = .compact
        compiled = try schema.grammar(options: options)
        var found: [[UInt8]] = []
        var path: [UInt8] = []
        func enumerate(_ matcher: GrammarMatcher) {
            if matcher.isComplete { found.append(path) }
            for byte in UInt8(0x20)...UInt8(0x7E) {
                var next = matcher
                guard next.accept(byte) else { continue }
                path.append(byte)
                enumerate(next)
                path.removeLast()
            }
        }
        enumerate(try GrammarMatcher(compiled.grammar))
        let schema = schema
        sentences = found.filter { sentence in
            guard let content = try? GeneratedContent(json: String(decoding: sentence, as: UTF8.self)) else { return false }
            return schema.violations(of: content).isEmpty
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Whether some valid sentence starts with `prefix`.
    public func extend(_ prefix: [UInt8]) -> Bool {
        var low = 0
        var high = sentences.count
        while low < high {
            let middle = (low + high) / 2
            if sentences[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        return low < sentences.count && sentences[low].starts(with: prefix)
    }

    /// Whether `sentence` is valid and whole.
    public func contains(_ sentence: [UInt8]) -> Bool {
        extend(sentence) && sentences.contains(sentence)
    }
}
