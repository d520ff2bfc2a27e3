/// Checks text against a ``Grammar`` incrementally, one UTF-8 byte at a time.
///
/// The matcher is an Earley recogniser, so every context-free grammar works, left-recursive
/// and highly ambiguous ones included, in polynomial time: cubic at worst, linear for
/// unambiguous grammars written with repetitions (`x*`, `x{m,n}`). Right recursion
/// (`list ::= item "," list | item`) costs time quadratic in its length and memory linear
/// in it; prefer repetitions. Otherwise the matcher keeps only what later input can still
/// use, so memory follows the nesting of the text, not its length.
///
/// A byte is accepted only if the text so far is still the beginning of some sentence of
/// the grammar; a byte that cannot be is rejected and leaves the matcher as it was. Input is
/// decoded as UTF-8 inside the matcher: an unfinished multi-byte sequence is a valid
/// state, malformed UTF-8 is rejected.
///
/// The matcher is a value: copying it is a cheap snapshot (the compiled grammar and the
/// chart are shared), so trying a continuation and backing out costs a copy.
///
/// Its work is bounded: reading a text may cost at most ``workBudget`` steps (Earley items
/// processed, counted along the text read; a copy carries the count with it). A very
/// ambiguous grammar (`s ::= s s s | "a" | ""`) costs work cubic in the length of the text,
/// so a long text would otherwise take minutes. Past the budget the matcher gives up: the
/// byte being read and every later one are refused, ``hasExceededWorkBudget`` tells that
/// refusal from the grammar's, and ``matches(_:_:workBudget:)`` throws
/// ``GrammarMatcherError/workBudgetExceeded(budget:byteOffset:)``.
///
/// ```swift
/// let digits = Grammar(rules: [Rule(name: "root", body: .repetition(
///     .characterClass(CharacterClass("0"..."9")), minimum: 1, maximum: 3))])
/// var matcher = try GrammarMatcher(digits)
/// matcher.accept(bytes: "12".utf8)   // nil: all accepted
/// matcher.isComplete                 // true
/// matcher.allows(UInt8(ascii: "x"))  // false
/// var attempt = matcher              // snapshot
/// attempt.accept(bytes: "34".utf8)   // 1: "4" would make four digits
/// ```
public struct GrammarMatcher: Sendable {
    private let program: EarleyProgram
    private var chart: EarleyChart
    private var pending = UTF8Prefix()
    private var workspace: EarleyWorkspace
    /// The scan pattern of scalars that leave ``chart`` as it is (see
    /// ``EarleyChart/repeats(_:)``), once a step has shown there is one.
    private var repeatingPattern: UInt64?

    /// The default ``workBudget``: about ten megabytes of JSON, which costs some 8 to 10
    /// items a byte against the JSON grammar or a compiled schema's. The worst grammars cost
    /// cubic work: `s ::= s s s s | "("` reaches it after about 500 bytes.
    public static let defaultWorkBudget = 100_000_000

    /// The most work (Earley items processed, see ``work``) reading a text may cost.
    public private(set) var workBudget: Int
    /// The work spent reading the text so far: Earley items processed, and waiting items
    /// moved on by completions. About constant per byte for unambiguous grammars, it grows
    /// with the text's length for right recursion and ambiguous grammars.
    public private(set) var work = 0
    /// Whether a byte was refused because reading it would have cost more than
    /// ``workBudget``; from then on every byte is refused.
    public private(set) var hasExceededWorkBudget = false

    /// Compiles `grammar`.
    ///
    /// - Parameter workBudget: the most work (Earley items processed) reading a text may
    ///   cost; see ``defaultWorkBudget``.
    /// - Throws: ``GrammarMatcherError`` if the root rule is missing, a reference is
    ///   undefined, a rule name repeats, or a repetition has impossible bounds.
    public init(_ grammar: Grammar, workBudget: Int = GrammarMatcher.defaultWorkBudget) throws(GrammarMatcherError) {
        program = try EarleyProgram(grammar)
        workspace = EarleyWorkspace(program)
        chart = workspace.recognizer.initialChart()
        work = workspace.recognizer.work
        self.workBudget = max(0, workBudget)
    }

    /// Feeds one byte of UTF-8.
    ///
    /// - Returns: `false`, with the matcher unchanged, if no sentence of the grammar starts
    ///   with the text so far followed by this byte (malformed UTF-8 included).
    @discardableResult
    public mutating func accept(_ byte: UInt8) -> Bool {
        if !isKnownUniquelyReferenced(&workspace) { workspace = EarleyWorkspace(program) }
        return accept(byte, using: workspace)
    }

    /// ``accept(_:)`` with scratch memory the caller owns, so that a walker trying many
    /// continuations from copies of one matcher allocates none (a copy's own workspace is
    /// shared with the original until it steps).
    package mutating func accept(_ byte: UInt8, using workspace: MatcherWorkspace) -> Bool {
        accept(byte, using: workspace.earley)
    }

    /// A workspace for ``accept(_:using:)``, for matchers of this matcher's grammar.
    package func makeWorkspace() -> MatcherWorkspace {
        MatcherWorkspace(earley: EarleyWorkspace(program))
    }

    @inline(__always)
    private mutating func accept(_ byte: UInt8, using workspace: EarleyWorkspace) -> Bool {
        if hasExceededWorkBudget { return false }
        switch pending.step(byte) {
        case .invalid:
            return false
        case .partial(let next):
            guard chart.allowsSome(next.scalars, in: program) else { return false }
            pending = next
            return true
        case .scalar(let scalar):
            return accept(scalar: scalar, using: workspace)
        }
    }

    private mutating func accept(scalar: UInt32, using workspace: EarleyWorkspace) -> Bool {
        // Scalars that advance the same scan items lead to the same set, so once a scalar
        // has left the chart as it was (inside a string, say), more like it cost only this.
        let pattern = chart.scanPattern(for: scalar, in: program)
        if pattern == 0 { return false }
        if let pattern, pattern == repeatingPattern {
            pending = UTF8Prefix()
            return true
        }
        let before = workspace.recognizer.work
        let outcome = workspace.recognizer.step(chart, scalar: scalar, pattern: pattern, allowance: workBudget - work)
        work += workspace.recognizer.work - before
        let next: EarleyChart
        switch outcome {
        case .advanced(let chart): next = chart
        case .rejected: return false
        case .exceededAllowance:
            hasExceededWorkBudget = true
            return false
        }
        if let pattern, next.repeats(chart) {
            repeatingPattern = pattern
        } else {
            chart = next
            repeatingPattern = nil
        }
        pending = UTF8Prefix()
        return true
    }

    /// Feeds bytes until one is rejected.
    ///
    /// - Returns: `nil` if every byte was accepted, else the offset of the first rejected
    ///   byte; the matcher then holds the bytes before it.
    @inlinable @discardableResult
    public mutating func accept<S: Sequence<UInt8>>(bytes: S) -> Int? {
        var offset = 0
        for byte in bytes {
            guard accept(byte) else { return offset }
            offset += 1
        }
        return nil
    }

    /// Whether the bytes accepted so far form a whole sentence of the grammar.
    public var isComplete: Bool {
        pending.isEmpty && chart.isComplete
    }

    /// Whether every continuation of the bytes so far starts with an ASCII digit: inside a
    /// date's or a time's fixed-width fields, or where a number must begin or go on. The
    /// text so far is no sentence yet, and no other scalar may come next.
    ///
    /// ```swift
    /// var matcher = try GrammarMatcher(date)   // "YYYY-MM-DD"
    /// matcher.accept(bytes: "2023-".utf8)
    /// matcher.expectsDigit                     // true
    /// ```
    public var expectsDigit: Bool {
        pending.isEmpty && !hasExceededWorkBudget && chart.scansOnly(0x30...0x39, in: program)
    }

    /// Whether some non-empty continuation of the bytes so far is accepted.
    public var canContinue: Bool {
        !hasExceededWorkBudget && (!pending.isEmpty || chart.node.scanItemCount > 0)
    }

    /// This matcher with another ``workBudget``: for a matcher kept compiled at a grammar's
    /// start, used under a caller's budget.
    public func withWorkBudget(_ budget: Int) -> GrammarMatcher {
        var copy = self
        copy.workBudget = max(0, budget)
        return copy
    }

    /// Whether the grammar allows another character here but reading it costs more than the
    /// work budget left: tells a text the budget stopped from one the grammar can't continue.
    /// It steps one character per first byte the grammar allows, on copies, and stops at the
    /// first that runs out, so it costs at most the budget left plus a step per byte.
    public var isStoppedByWorkBudget: Bool {
        if hasExceededWorkBudget { return true }
        for first in UInt8.min...UInt8.max where allows(first) {
            var trial = self
            var byte = first
            // A multi-byte character steps the chart at its last byte: complete it with the
            // first continuation bytes the grammar allows.
            while trial.accept(byte), !trial.pending.isEmpty {
                guard let next = (UInt8(0x80)...UInt8(0xBF)).first(where: trial.allows) else { break }
                byte = next
            }
            if trial.hasExceededWorkBudget { return true }
        }
        return false
    }

    /// Whether ``accept(_:)`` would accept `byte`, without feeding it, as far as the grammar
    /// tells: the work budget is not known to run out until a step exceeds it.
    public func allows(_ byte: UInt8) -> Bool {
        if hasExceededWorkBudget { return false }
        return switch pending.step(byte) {
        case .invalid: false
        case .partial(let next): chart.allowsSome(next.scalars, in: program)
        case .scalar(let scalar): chart.allows(scalar, in: program)
        }
    }

    /// Whether `text` is a whole sentence of `grammar`.
    ///
    /// ```swift
    /// try GrammarMatcher.matches(grammar, #"{"a": [1, 2]}"#)
    /// ```
    ///
    /// - Throws: what ``init(_:workBudget:)`` throws, and
    ///   ``GrammarMatcherError/workBudgetExceeded(budget:byteOffset:)`` if reading `text`
    ///   costs more than `workBudget` (then whether it matches is unknown).
    public static func matches(
        _ grammar: Grammar, _ text: String, workBudget: Int = GrammarMatcher.defaultWorkBudget
    ) throws(GrammarMatcherError) -> Bool {
        var matcher = try GrammarMatcher(grammar, workBudget: workBudget)
        let rejectedAt = matcher.accept(bytes: text.utf8)
        if matcher.hasExceededWorkBudget {
            throw .workBudgetExceeded(budget: matcher.workBudget, byteOffset: rejectedAt ?? text.utf8.count)
        }
        return rejectedAt == nil && matcher.isComplete
    }

    /// The positions after 0, 1, 2, … scalars of `ranges`, for as long as every scalar of
    /// `ranges` leads to the same position as `representative` (a run of free text inside a
    /// string, say): a walker can then take a token made of such scalars to the position for
    /// its length without stepping through it.
    ///
    /// Where only some scalars of `ranges` lead where `representative` does (a pattern that
    /// tells `:` apart), the run goes on with just those if `mayNarrow(ranges, those)` says so;
    /// every position before stays right for the narrower set.
    ///
    /// - Returns: the scalars the run is for (`ranges`, or narrower); `positions[k]` is where
    ///   any `k` of them lead; `rejectsMore` is `true` when the last position rejects every one
    ///   of them (so a longer run is rejected), `false` when it is unknown (the run stopped
    ///   being uniform, or `limit`).
    package func uniformRun(
        over ranges: [ClosedRange<UInt32>], representative: UInt32, limit: Int,
        narrowingIf mayNarrow: ([ClosedRange<UInt32>], [ClosedRange<UInt32>]) -> Bool = { _, _ in false },
        using workspace: MatcherWorkspace
    ) -> (ranges: [ClosedRange<UInt32>], positions: [GrammarMatcher], rejectsMore: Bool) {
        var ranges = ranges
        var positions = [self]
        var probe = self
        while positions.count <= limit, probe.pending.isEmpty {
            switch probe.chart.treatment(of: ranges, in: program) {
            case .mixed:
                guard probe.chart.allows(representative, in: program) else { return (ranges, positions, false) }
                let alike = probe.chart.scalars(like: representative, within: ranges, in: program)
                guard mayNarrow(ranges, alike) else { return (ranges, positions, false) }
                ranges = alike
            case .rejectsEach:
                return (ranges, positions, true)
            case .acceptsEach:
                break
            }
            guard probe.accept(scalar: representative, using: workspace.earley) else { return (ranges, positions, false) }
            positions.append(probe)
        }
        return (ranges, positions, false)
    }

    /// The scalars of `ranges` that lead where `representative` leads from here (those that
    /// advance the same scan items), for a walker choosing which run of text to look for with
    /// ``uniformRun(over:representative:limit:narrowingIf:using:)``; `nil` if `representative` is rejected
    /// here or a character is partly read.
    package func scalars(like representative: UInt32, within ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>]? {
        guard pending.isEmpty, chart.allows(representative, in: program) else { return nil }
        return chart.scalars(like: representative, within: ranges, in: program)
    }

    /// Whether `other` is at the same position of the same grammar: the same Earley set
    /// (compared by identity, so equal text read by two matchers is not the same position)
    /// and the same unfinished character. Then every continuation is accepted by both or
    /// by neither, so work that depends only on the position can be reused.
    package func isAtSamePosition(as other: GrammarMatcher) -> Bool {
        program === other.program && pending == other.pending && chart.isSame(as: other.chart)
    }

    /// How many Earley sets this matcher keeps alive; tests use it to check that memory
    /// does not grow with the length of the input.
    var retainedSetCount: Int { chart.retainedSetCount }
}
