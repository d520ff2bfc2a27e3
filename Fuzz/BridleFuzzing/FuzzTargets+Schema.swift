import BridleGrammar
import BridleJSONSchema
import BridleSchema

extension FuzzTargets {
    /// `GenerationSchema(jsonSchema:)` then `grammar()`: the reader and the compiler either
    /// answer or throw; a compiled grammar reads back from its own GBNF, and a sampled
    /// sentence is accepted by its matcher.
    public static func schema(_ bytes: [UInt8]) {
        guard let schema = try? GenerationSchema(jsonSchema: text(bytes)) else { return }
        _ = schema.jsonSchemaString(prettyPrinted: false)
        guard let compiled = try? schema.grammar(options: fuzzOptions) else { return }
        checkCompiled(compiled.grammar, gbnf: compiled.gbnf, seed: UInt64(bytes.count))
    }

    /// Smaller caps than the defaults, so each input compiles and samples quickly. The digit
    /// caps matter most: a fuzzer favours `multipleOf`, whose grammar has a rule per digit
    /// and remainder, and at 18 digits a third of the time went there.
    static var fuzzOptions: GrammarOptions {
        var options = GrammarOptions()
        options.maximumStringLength = 16
        options.maximumArrayCount = 4
        options.maximumDictionaryCount = 3
        options.maximumKeyLength = 8
        options.maximumPatternRepeat = 4
        options.maximumIntegerDigits = 6
        options.maximumNumberIntegerDigits = 6
        options.maximumFractionDigits = 3
        options.maximumGrammarSize = 1 << 20
        return options
    }

    /// The printed GBNF parses back, and a sample of the grammar is one of its sentences.
    static func checkCompiled(_ grammar: Grammar, gbnf: String, seed: UInt64) {
        let reparsed = try? Grammar(gbnf: gbnf)
        invariant(reparsed != nil, "the compiled grammar's GBNF does not parse:\n\(gbnf)")
        checkSample(grammar, seed: seed)
    }

    /// A sentence the generator writes is accepted whole by the matcher, unless matching it
    /// costs more than ``matchWorkBudget`` (a very ambiguous grammar: `s ::= s s s s | "("`).
    static func checkSample(_ grammar: Grammar, seed: UInt64) {
        guard let generator = try? SentenceGenerator(grammar, maximumDepth: 8, workBudget: 20_000) else { return }
        let sentence = generator.sample(seed: seed)
        // The generator stops choosing freely after a million steps; matching a sentence that
        // long would only make this input slow (`root ::= "(" root*`), not find more.
        guard sentence.unicodeScalars.count <= 20_000 else { return }
        do {
            let accepted = try GrammarMatcher.matches(grammar, sentence, workBudget: matchWorkBudget)
            invariant(accepted, "the matcher rejects a sampled sentence: \(sentence.debugDescription)")
        } catch {
            switch error {
            case .workBudgetExceeded: return
            default: invariant(false, "the matcher refuses a grammar the generator took: \(error)")
            }
        }
    }

    /// Far less than ``GrammarMatcher/defaultWorkBudget``: a fuzzer favours ambiguous grammars
    /// (new coverage), whose samples cost cubic work to match, and coverage-instrumented
    /// matching is slow (its comparisons are counted). At 10 million items the matcher target
    /// ran 49 inputs a second, too few for a million runs; 100,000 items is some 10,000 bytes
    /// of JSON, and a costlier sample gives up with the budget error, an answer the targets
    /// check too.
    static let matchWorkBudget = 100_000
}
