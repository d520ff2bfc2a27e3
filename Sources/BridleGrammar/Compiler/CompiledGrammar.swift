/// A grammar compiled from a schema, with what it guarantees.
///
/// ```swift
/// let compiled = try Arguments.generationSchema.grammar()
/// compiled.gbnf            // text for llama.cpp's grammar sampler
/// compiled.maximumLength   // no sentence is longer (in Unicode scalars)
/// ```
public struct CompiledGrammar: Sendable, Hashable {
    public let grammar: Grammar
    /// `grammar` as GBNF text, checked by the printer against llama.cpp's limits.
    public let gbnf: String
    /// The longest sentence the grammar admits, in Unicode scalars. Always finite: the
    /// options cap every unbounded string, array, number and recursion.
    public let maximumLength: Int
    public let options: GrammarOptions
    /// Rules of the schema the grammar admits more than: values must also pass the schema's
    /// validator, and be regenerated when they fail. Empty when the grammar alone is exact.
    public let postChecks: [PostCheck]
    /// The post-checks the mask engine enforces while decoding (distinct elements, relations
    /// between properties, excluded values), as a tree over JSON paths; empty when there are none.
    public let valueRules: ValueRules
    /// Strings the grammar writes in the format their descriptions name
    /// (``GrammarOptions/readsDescribedFormats``): narrower than the schema, never wider.
    public let describedFormats: [DescribedFormatUse]

    init(
        grammar: Grammar, gbnf: String, maximumLength: Int, options: GrammarOptions, postChecks: [PostCheck] = [], valueRules: ValueRules,
        describedFormats: [DescribedFormatUse] = []
    ) {
        self.valueRules = valueRules
        self.describedFormats = describedFormats
        self.grammar = grammar
        self.gbnf = gbnf
        self.maximumLength = maximumLength
        self.options = options
        self.postChecks = postChecks
    }
}
