/// Where JSON text has whitespace: what a compiled grammar lets a model write between the
/// tokens of a value, and how Bridle writes values that must match such a grammar.
///
/// Models learnt JSON from text that serializers wrote in both styles: JavaScript's
/// `JSON.stringify` writes ``compact``, Python's `json.dumps` ``spaced``. A grammar that
/// forbids the whitespace a model expects moves probability to tokens it barely wanted and
/// makes it spell the text with tokens its tokenizer would not choose (on real models, one
/// token in seven under ``compact``, one in fifty under ``spaced``). Which layout answers
/// best is measured, not assumed: `bash scripts/accuracy-benchmarks.sh` compares them on
/// real function-call tasks, and the default, ``spaced``, is the one that was right at least
/// as often as llama.cpp's own JSON grammar on both real models (BENCHMARKS.md, "Accuracy").
/// ``flexible`` leaves the choice to the model within a bound.
///
/// ```swift
/// let value: GeneratedContent = ["a": 1, "b": [1, 2]]
/// value.jsonString(layout: .compact)   // {"a":1,"b":[1,2]}
/// value.jsonString(layout: .spaced)    // {"a": 1, "b": [1, 2]}
/// ```
public enum JSONLayout: String, Sendable, Hashable, CaseIterable, Codable {
    /// No whitespace at all: `{"a":1,"b":[1,2]}`.
    case compact
    /// One space after each `:` and `,`, none inside brackets: `{"a": 1, "b": [1, 2]}`,
    /// as Python's `json.dumps` writes by default.
    case spaced
    /// The model chooses, at each place JSON allows whitespace and models write it: after
    /// `:` nothing or one space; after `,` and `{` `[`, and before `}` `]`, nothing, one
    /// space, or a newline and at most ``flexibleIndentLimit`` spaces of indentation. Never
    /// an unbounded run, so whitespace can't eat the token budget.
    case flexible

    /// The most spaces of indentation after a newline in the ``flexible`` layout (eight
    /// levels of two spaces).
    public static let flexibleIndentLimit = 16

    /// How values are written for a grammar with this layout: ``flexible`` admits both other
    /// layouts and is written ``spaced``, the way models most often write JSON.
    package var writtenLayout: JSONLayout {
        self == .flexible ? .spaced : self
    }
}
