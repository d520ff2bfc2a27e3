import BridleGrammar
import BridleJSONSchema
import BridleSchema
import Foundation

/// What a response must be, made once per schema (or grammar) and handed unchanged to every
/// backend and every check: the grammar the masked constraint enforces, its GBNF (printed once, start
/// rule `root`) for servers and llama.cpp's grammar sampler, the schema it came from, the token
/// bound, and the rules the grammar leaves to a check after generation.
///
/// ```swift
/// let schema = try GenerationSchema(jsonSchema: #"{"type":"array","items":{"type":"string"},"uniqueItems":true}"#)
/// let constraint = try OutputConstraint(schema: schema)
/// constraint.gbnf.hasPrefix("# warning: #/uniqueItems")   // true: the GBNF says so too
/// constraint.postChecks.map(\.kind)               // [.uniqueItems]: the grammar admits ["a", "a"]
/// try constraint.violations(ofAnswer: #"["a", "a"]"#) // one violation: "has equal elements; the elements must be unique"
/// ```
///
/// Every path that returns an answer (``LanguageModel/respond(to:schema:includeSchemaInPrompt:instructions:options:)``,
/// sessions, `bridle generate`, in-process and on servers) checks it with ``violations(ofAnswer:)``
/// and regenerates under one policy (``LanguageModel/checkedAnswer(to:constraint:options:progress:)``).
public struct OutputConstraint: Sendable, Hashable {
    /// The grammar every token is chosen under.
    public let grammar: Grammar
    /// ``grammar`` as GBNF with its start rule named `root` (which llama.cpp, llama-server,
    /// vLLM and SGLang assume), checked by the printer against llama.cpp's limits.
    public let gbnf: String
    /// The schema the grammar was compiled from; `nil` for a grammar given as such.
    public let schema: GenerationSchema?
    /// The longest sentence the grammar admits, in Unicode scalars; `nil` when unbounded.
    public let maximumLength: Int?
    /// Rules of ``schema`` the grammar admits more than (overlapping `oneOf`, `uniqueItems`):
    /// only the check after generation enforces them. Empty when the grammar alone is exact.
    public let postChecks: [PostCheck]
    /// The caps and layout the schema was compiled with; `nil` for a grammar given as such.
    public let grammarOptions: GrammarOptions?
    /// The post-checks in-process decoding enforces while writing (distinct elements,
    /// relations between properties): the masked constraint never lets a value break them.
    public private(set) var valueRules: ValueRules
    /// Free text may come first: the grammar's sentences begin with this text, and the model
    /// writes prose and may end there, or writes the trigger and goes on under the grammar
    /// (llama.cpp's lazy grammars; a tool call's opening marker). `nil`: the grammar covers the
    /// whole output. Set by ``lazy(trigger:)``.
    public private(set) var trigger: String?

    /// Compiles `schema` under `options`, with dates relative to now (`.afterNow()`) bounded at
    /// `now`: the moment of the request.
    public init(schema: GenerationSchema, options: GrammarOptions = GrammarOptions(), now: Date = Date()) throws(GrammarCompileError) {
        let resolved = schema.resolvingRelativeDates(at: now)
        self.init(compiled: try resolved.grammar(options: options, now: now), schema: resolved)
    }

    /// A schema already compiled (by ``GenerationSchema/grammar(options:)``).
    public init(compiled: CompiledGrammar, schema: GenerationSchema) {
        grammar = compiled.grammar
        gbnf = compiled.gbnf
        self.schema = schema
        maximumLength = compiled.maximumLength
        postChecks = compiled.postChecks
        grammarOptions = compiled.options
        valueRules = compiled.valueRules
    }

    /// A grammar without a schema (from GBNF, or built in code): the answer is any sentence.
    ///
    /// - Throws: ``OutputConstraintError`` when the grammar is broken (a rule that is used but
    ///   never defined) or cannot be printed as GBNF, saying what to change. llama.cpp's own
    ///   parser is stricter (no left recursion): a server that sends the GBNF reports what it refuses.
    public init(grammar: Grammar) throws(OutputConstraintError) {
        var rooted = grammar
        if grammar.rootName != "root" {
            guard !grammar.rules.contains(where: { $0.name == "root" }) else {
                throw OutputConstraintError(reason: "its start rule is '\(grammar.rootName)' and another rule is named 'root', which llama.cpp and servers take as the start; rename that rule")
            }
            rooted = Grammar(rules: [Rule(name: "root", body: .reference(grammar.rootName))] + grammar.rules)
        }
        do {
            // The matcher refuses what no engine could run (a rule used but never defined).
            _ = try GrammarMatcher(grammar)
            gbnf = try GBNFPrinter().print(rooted)
        } catch {
            throw OutputConstraintError(reason: String(describing: error))
        }
        self.grammar = grammar
        schema = nil
        maximumLength = grammar.maximumLength
        postChecks = []
        grammarOptions = nil
        valueRules = .none
    }

    /// A grammar built in code with the value rules its JSON parts carry (a model's own
    /// tool-call text, whose arguments are each tool's JSON): enforced while decoding in process.
    public init(grammar: Grammar, valueRules: ValueRules) throws(OutputConstraintError) {
        try self.init(grammar: grammar)
        self.valueRules = valueRules
    }

    /// This constraint, started only when the model writes `trigger` (``trigger``), which
    /// every sentence of the grammar must begin with.
    ///
    /// ```swift
    /// let calls = try OutputConstraint(grammar: callGrammar).lazy(trigger: "<tool_call>")
    /// ```
    ///
    /// - Throws: ``OutputConstraintError`` when the grammar does not allow `trigger` first.
    public func lazy(trigger: String) throws(OutputConstraintError) -> OutputConstraint {
        guard !trigger.isEmpty, var matcher = try? GrammarMatcher(grammar), matcher.accept(bytes: trigger.utf8) == nil else {
            throw OutputConstraintError(reason: "its sentences must begin with the trigger \(String(reflecting: trigger)), and they don't")
        }
        var lazy = self
        lazy.trigger = trigger
        return lazy
    }

    /// Enough tokens for the grammar's longest sentence even if every token holds a single byte
    /// (a UTF-8 scalar takes at most 4); `nil` when the grammar is unbounded.
    public var maximumResponseTokens: Int? {
        maximumLength.map { $0.multipliedReportingOverflow(by: 4).overflow ? Int.max : $0 * 4 }
    }

    /// The answer `text` as content: parsed as JSON under a schema, the text itself otherwise.
    public func content(ofAnswer text: String) throws(ResponseError) -> GeneratedContent {
        guard schema != nil else { return GeneratedContent(text) }
        do {
            return try GeneratedContent(json: text)
        } catch {
            throw .undecodableResponse(text: text, reason: error.description)
        }
    }

    /// What `content` breaks of ``schema`` (every guide and keyword, post-checks included),
    /// each with its path; empty when it conforms, or when there is no schema (the grammar,
    /// enforced while decoding, is then the whole rule).
    public func violations(of content: GeneratedContent) -> [Violation] {
        schema?.violations(of: content) ?? []
    }

    /// ``content(ofAnswer:)`` and then ``violations(of:)``.
    public func violations(ofAnswer text: String) throws(ResponseError) -> [Violation] {
        violations(of: try content(ofAnswer: text))
    }
}
