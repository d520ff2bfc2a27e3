import BridleJSONSchema
import BridleGGUF
import BridleGrammar
import BridleMask
import BridleSchema
import BridleTestSupport
import Foundation

/// Vocabularies, grammars and reachable positions for the mask engine's tests.
enum MaskFixtures {
    /// The tiny models' byte-level vocabulary (all 256 bytes, JSON and English pieces, random
    /// merges that straddle syntax and split UTF-8), with its end token as end-of-generation.
    static func tinyVocabulary(size: Int, seed: UInt64 = 1) throws -> TokenVocabulary {
        let tiny = try TinyModel(vocabularySize: size, seed: seed).vocabulary()
        let kinds = tiny.tokenBytes.indices.map { $0 == tiny.endOfTextTokenID ? TokenVocabulary.Kind.endOfGeneration : .text }
        return TokenVocabulary(tokens: tiny.tokenBytes, kinds: kinds)
    }

    static let vocabulary32k: TokenVocabulary = {
        do { return try tinyVocabulary(size: 32_000) } catch { preconditionFailure("tiny vocabulary: \(error)") }
    }()

    /// Grammars of the kinds Bridle compiles: objects with enums, ranges, optional and nested
    /// properties, arrays with counts, patterns, dates, and strings with non-ASCII content.
    static let schemaGrammars: [(name: String, grammar: Grammar)] = {
        let schemas: [(String, String)] = [
            ("search", #"{"type":"object","properties":{"status":{"enum":["all","completed","incomplete"]},"count":{"type":"integer","minimum":1,"maximum":10},"query":{"type":"string","maxLength":12}},"required":["status"],"additionalProperties":false}"#),
            ("films", #"{"type":"object","properties":{"genre":{"enum":["comedy","drama","horror","science fiction"]},"fromYear":{"type":"integer","minimum":1900,"maximum":2030},"keywords":{"type":"array","items":{"type":"string","maxLength":8},"maxItems":3}},"required":["genre","fromYear","keywords"],"additionalProperties":false}"#),
            ("agenda", #"{"type":"object","properties":{"due":{"type":"string","format":"date-time"},"day":{"type":"string","format":"date"},"price":{"type":"number","minimum":-5,"maximum":99.5}},"required":["due","day","price"],"additionalProperties":false}"#),
            ("cities", #"{"type":"object","properties":{"city":{"enum":["Zürich","東京","São Paulo","🌍"]},"code":{"type":"string","pattern":"^[A-Z]{2}-[0-9]{2,3}$"},"note":{"type":"string","maxLength":6}},"required":["city","code","note"],"additionalProperties":false}"#),
            ("nested", #"{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"},"tags":{"type":"array","items":{"type":"boolean"}},"child":{"anyOf":[{"type":"null"},{"type":"string","maxLength":4}]}},"required":["id","tags"],"additionalProperties":false},"minItems":1,"maxItems":2}},"required":["items"],"additionalProperties":false}"#),
        ]
        return schemas.map { name, json in
            do {
                let schema = try GenerationSchema(jsonSchema: GeneratedContent(json: json))
                var options = GrammarOptions()
                options.maximumStringLength = 10
                options.maximumArrayCount = 3
                return (name, try schema.grammar(options: options).grammar)
            } catch {
                preconditionFailure("fixture schema \(name): \(error)")
            }
        }
    }()

    /// Positions a response can reach: random prefixes of random sentences of `grammar`.
    static func reachablePositions(of grammar: Grammar, count: Int, seed: UInt64) throws -> [(prefix: [UInt8], matcher: GrammarMatcher)] {
        let generator = try SentenceGenerator(grammar)
        var random = SplitMix64(seed: seed)
        var positions: [(prefix: [UInt8], matcher: GrammarMatcher)] = []
        for index in 0..<count {
            let sentence = Array(generator.sample(seed: seed &+ UInt64(index)).utf8)
            let cut = Int(random.next() % UInt64(sentence.count + 1))
            var matcher = try GrammarMatcher(grammar)
            matcher.accept(bytes: sentence[..<cut])
            positions.append((Array(sentence[..<cut]), matcher))
        }
        return positions
    }

    /// The allowed tokens found the slow way: every token checked on its own with the matcher.
    static func bruteForceMask(at matcher: GrammarMatcher, vocabulary: TokenVocabulary) -> [Int32] {
        (0..<Int32(vocabulary.count)).filter { token in
            switch vocabulary.kind(of: token) {
            case .excluded: return false
            case .endOfGeneration: return matcher.isComplete
            case .text:
                var trial = matcher
                return trial.accept(bytes: vocabulary.bytes(of: token)) == nil
            }
        }
    }
}
