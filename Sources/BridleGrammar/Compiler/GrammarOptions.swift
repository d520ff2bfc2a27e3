import BridleSchema

/// Limits that keep every compiled grammar finite, so even a random model must finish.
///
/// A guide always wins over a default: `.maximumCount(100)` allows 100 elements even though
/// ``maximumArrayCount`` is 16. Defaults apply only where the schema sets no bound.
///
/// ```swift
/// var options = GrammarOptions()
/// options.maximumStringLength = 64
/// try schema.grammar(options: options).maximumLength   // smaller than with the defaults
/// ```
public struct GrammarOptions: Sendable, Hashable {
    /// Characters (Unicode scalars) in a string without `maxLength`.
    public var maximumStringLength = 256
    /// Elements in an array without `maxItems`.
    public var maximumArrayCount = 16
    /// Entries in a `[String: V]` dictionary (an object without fixed properties).
    public var maximumDictionaryCount = 8
    /// Characters in a dictionary key.
    public var maximumKeyLength = 32
    /// How many times a recursive type may contain itself along one path.
    public var maximumRecursionDepth = 3
    /// Nesting of arrays and objects inside a value of any shape (`{}` in JSON Schema).
    public var maximumAnyDepth = 2
    /// Digits of an integer without bounds (18 keeps every such integer within `Int64`).
    public var maximumIntegerDigits = 18
    /// Integer and fraction digits of a number without bounds.
    public var maximumNumberIntegerDigits = 15
    public var maximumFractionDigits = 6
    /// Repetitions of an unbounded quantifier (`*`, `+`, `{n,}`) in a pattern.
    public var maximumPatternRepeat = 16
    /// Fraction digits of the seconds in a date-time.
    public var dateTimeFractionDigits = 3
    /// Where values may have whitespace (``JSONLayout``): one space after `:` and `,` by
    /// default, the layout the accuracy benchmark found right at least as often as llama.cpp's
    /// own JSON grammar on both real models (BENCHMARKS.md, "Accuracy").
    public var layout: JSONLayout = .spaced
    /// Whether a plain string (no `format`, `pattern`, length or choices) whose description
    /// names a date or time format in words ("in the format 'YYYY-MM-DD'", ``DescribedFormat``)
    /// is written in that format, or as the property's `default`. On by default: on the
    /// accuracy benchmark a small model otherwise copies the request's wording into such
    /// values (BENCHMARKS.md). The grammar's language only narrows: every value it admits is
    /// still valid against the schema, and a validator checks the schema as written.
    public var readsDescribedFormats = true

    // Work budgets for schemas from strangers: exceeding one is a GrammarCompileError, never
    // a hang. They count sizes, not time, so the same schema always gets the same answer.

    /// The most bytes of GBNF a compiled grammar may take (what llama.cpp has to load).
    public var maximumGrammarSize = 16 << 20
    /// The most Unicode scalars the *shortest* sentence may take. A schema whose every value
    /// is longer (forty definitions, each an object requiring two of the next: 2⁴⁰ leaves)
    /// can never be generated to the end, so it is refused rather than left to a model.
    public var maximumShortestSentenceLength = 1_000_000
    /// The most work a compile may do, in units: a schema node compiled, a grammar rule built,
    /// a pattern or `multipleOf` automaton state built (`allOf`/`anyOf`/`not` branches over
    /// patterns multiply them). On the JSONSchemaBench splits a real-world schema takes at most
    /// a few thousand units; the largest, a 62 KB news-article schema, 100,000 in 0.7 s; one
    /// unit costs 5–15 µs (release, 2 cores). Past the budget the compile stops with a
    /// ``GrammarCompileError`` naming it, so no schema takes more than about two seconds.
    public var maximumCompileWork = 150_000
    /// The most expression nodes the grammar's rules may hold in all, a literal's every
    /// eight bytes counting as one more: what the grammar costs in memory, and what its GBNF
    /// and matcher grow with. Counted as rules are built, so a schema past it stops early,
    /// in well under a second and a few hundred megabytes, whatever it would have grown to.
    /// The largest JSONSchemaBench schema needs about 60,000; an object of 100,000 required
    /// integer properties about 400,000.
    public var maximumGrammarNodes = 2_000_000
    /// How deeply the compiler may nest schemas inside schemas, counting each `$ref`
    /// followed as a level: a chain of a hundred thousand definitions, each referring to the
    /// next, is refused here rather than compiled by a recursion as deep (and the thread's
    /// stack with it). JSON documents nest at most 512 levels, so only `$ref` chains reach it.
    public var maximumNestingDepth = 256

    public init() {}

    /// The defaults, except that descriptions' formats are not read: the schema's language
    /// as written, which conformance suites measure against.
    public static var asWritten: GrammarOptions {
        var options = GrammarOptions()
        options.readsDescribedFormats = false
        return options
    }

    /// The defaults with another layout: `GrammarOptions(layout: .compact)`.
    public init(layout: JSONLayout) {
        self.layout = layout
    }
}
