import BridleGrammar
import Foundation

/// How a model picks each token, and how long it may go on.
///
/// Follows FoundationModels' `GenerationOptions`, with Bridle's additions: ``grammar`` caps what
/// the schema leaves open (string lengths, array counts), which also bounds how many tokens a
/// constrained response can take; ``fastForward``, ``bestOf``, ``requestEmphasis`` and the
/// checks after generation are below.
///
/// ```swift
/// let options = GenerationOptions(sampling: .random(top: 40, seed: 7), temperature: 0.8)
/// ```
public struct GenerationOptions: Sendable, Hashable {
    /// How the next token is chosen. `nil` samples from the model's whole distribution
    /// (after `temperature`) with a random seed.
    public var sampling: SamplingMode?
    /// Scales the distribution before sampling: below 1 sharper, above 1 flatter. `nil` is 1.
    /// Ignored by greedy sampling.
    public var temperature: Double?
    /// The most tokens a response may take. Reaching it throws
    /// ``ResponseError/exceededMaximumResponseTokens(limit:partialText:)``; a response is never
    /// cut short and passed off as complete. `nil`, under a grammar with a finite longest
    /// sentence, allows exactly enough tokens for that sentence; without one, the context is the
    /// limit.
    public var maximumResponseTokens: Int?
    /// Caps for what a schema leaves unbounded, used when a schema is compiled to a grammar,
    /// and the whitespace its values may have (``GrammarOptions/layout``: `": "` and `", "` by
    /// default; `options.grammar.layout = .compact` for none).
    public var grammar: GrammarOptions
    /// Whether bytes the grammar forces (keys, punctuation, the rest of an enum value) are
    /// appended without sampling and decoded in one batch. On by default; the text is the
    /// same either way only up to the model's choices, since forced tokens are not sampled.
    public var fastForward: Bool
    /// Answers a request may generate when one breaks a check its grammar cannot make (a
    /// value matching two overlapping `oneOf` branches, repeated items under `uniqueItems`).
    /// Each refused answer is shown to the model with the reasons, and a seeded sampler moves
    /// to the next seed, so the retry differs; after the last, the request fails with
    /// ``ResponseError/schemaViolation(text:violations:)``. The count is in the transcript
    /// (``Transcript/Response/regenerations``). In tool turns, refused answers count
    /// against ``ToolPolicy/maximumArgumentAttempts`` with refused calls.
    public var maximumAnswerAttempts: Int = 3
    /// Best of N (a Bridle option; FoundationModels has none): each answer is chosen among
    /// this many candidates, sampled with consecutive seeds and generated concurrently (the
    /// llama.cpp backend decodes them as one batch). Every candidate is checked like any answer;
    /// the answer is the valid one the model found likeliest, by the mean log-probability of its
    /// sampled tokens (``GenerationStatistics/meanLogProbability``; under ``requestEmphasis``,
    /// weighed against the conversation without the request as the tokens were; a backend that
    /// does not score tokens gives the first valid one). All are reported in ``CheckedAnswer/candidates``.
    /// Needs random sampling: greedy would write N equal candidates. A streamed request shows
    /// the answer once it is chosen. 1 (the default) generates one.
    public var bestOf: Int = 1
    /// Request emphasis (``RequestEmphasis``; a Bridle option): each token weighed against
    /// what the model would write for the same conversation without its request. The default,
    /// ``RequestEmphasis/automatic``, applies it where the backend can (in-process llama.cpp
    /// with two free sequences); `nil` is off.
    public var requestEmphasis: RequestEmphasis? = .automatic
    /// The most work (Earley items, ``GrammarMatcher/work``) checking one response against its
    /// grammar may cost. JSON costs about ten items a byte, so the default
    /// (``GrammarMatcher/defaultWorkBudget``) holds some ten megabytes; only a grammar
    /// ambiguous enough to cost cubic work (`s ::= s s s | "("`) reaches it, and then the
    /// response fails with a typed error naming the budget, instead of slowing down without end.
    public var matchingWorkBudget: Int = GrammarMatcher.defaultWorkBudget
    /// The moment dates relative to now (`.afterNow()`, `.beforeNow(within:)`, a tool's
    /// `dateRules`) are measured from; `nil` is the time each request is made (in a session,
    /// its `ToolPolicy.clock`). Set it to make such answers reproducible (tests, snapshot runs).
    public var referenceDate: Date?
    /// Whether a session's request may, must or must not call tools (FoundationModels 27);
    /// `nil` is ``ToolCallingMode/allowed``. Enforced by the turn's grammar, not asked of the
    /// model: under `.required` the first turn admits only calls, under `.disallowed` only
    /// the answer.
    public var toolCallingMode: ToolCallingMode?

    /// How much the model may reason before its answer (FoundationModels 27 has it in
    /// `ContextOptions`): free text within a token budget, then the answer under its grammar;
    /// the reasoning comes back apart from the answer (``GenerationEvent/answerBegins(afterBytes:)``).
    /// `nil` and `.tokens(0)` are off: a model without a reasoning block of its own does not
    /// think first unless asked, since the accuracy benchmark found it no better on the small
    /// models measured (BENCHMARKS.md, "Reasoning, then the answer").
    public var reasoningLevel: ReasoningLevel?
    /// How a model without a reasoning block of its own spends ``reasoningLevel``'s budget:
    /// thinking first (the default), or drafting an answer unconstrained before the
    /// constrained one.
    public var reasoningStyle: ReasoningStyle = .thinkFirst
    /// Whether to measure, at each sampled token, how much of the model's probability the
    /// constraint took away (``GenerationStatistics/pressure``; a Bridle option): statistics,
    /// not behaviour, so the answer is the same either way. Off by default: on, each sampled
    /// token costs a whole mask and two passes over the vocabulary. Needs a backend that sees
    /// the model's logits (``LanguageModelCapabilities/Capability/constraintPressure``).
    public var measuresPressure = false

    /// ``reasoningLevel``'s budget in tokens: 0 when off (or unreadable, which
    /// ``problems(for:)`` refuses).
    public var reasoningBudget: Int { reasoningLevel?.budget ?? 0 }

    /// FoundationModels 27's name for ``sampling``.
    public var samplingMode: SamplingMode? {
        get { sampling }
        set { sampling = newValue }
    }

    /// FoundationModels 27's initializer.
    public init(
        samplingMode: SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil,
        toolCallingMode: ToolCallingMode?
    ) {
        self.init(sampling: samplingMode, temperature: temperature, maximumResponseTokens: maximumResponseTokens)
        self.toolCallingMode = toolCallingMode
    }

    public init(
        sampling: SamplingMode? = nil,
        temperature: Double? = nil,
        maximumResponseTokens: Int? = nil,
        grammar: GrammarOptions = GrammarOptions(),
        fastForward: Bool = true
    ) {
        self.sampling = sampling
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
        self.grammar = grammar
        self.fastForward = fastForward
    }
}
