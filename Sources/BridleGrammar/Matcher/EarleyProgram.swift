/// A ``Grammar`` flattened for the Earley recogniser: productions laid end to end in one
/// array of integer symbols, so an item is two integers and needs no allocation.
///
/// A *state* is what an Earley item's dot points at. States below ``dotStateCount`` are
/// positions in ``symbols``; each production ends with a marker naming its left-hand side.
/// States from ``dotStateCount`` up belong to counted repetitions: `base + c` means "`c`
/// copies of the body so far", which keeps `x{0,1000}` at one nonterminal instead of a
/// thousand.
///
/// ```swift
/// let program = try EarleyProgram(Grammar(rules: [Rule(name: "root", body: .literal("ab"))]))
/// program.symbols  // [terminal a, terminal b, end(root), root, end(start)]
/// ```
final class EarleyProgram: Sendable {
    /// One counted repetition `body{minimum,maximum}`, a nonterminal of its own.
    struct Repetition: Sendable {
        var nonterminal: Int32
        /// A symbol code: a nonterminal or a terminal.
        var body: Int32
        var minimum: UInt32
        /// `nil`: unbounded; the state for `minimum` copies then loops on itself.
        var maximum: UInt32?
        var base: UInt32
    }

    /// Symbol codes, one per dot state.
    let symbols: [Int32]
    let dotStateCount: UInt32
    /// The first dot state of each production, grouped by left-hand side.
    let productionStarts: [UInt32]
    /// `productionStarts[productionOffsets[n] ..< productionOffsets[n + 1]]` are `n`'s.
    let productionOffsets: [Int]
    let nullable: [Bool]
    /// Index into ``repetitions`` of each nonterminal, or -1 for an ordinary one.
    let repetitionIndex: [Int32]
    /// Sorted by ``Repetition/base``.
    let repetitions: [Repetition]
    let terminals: [ScalarRanges]
    /// Two words per terminal: which ASCII scalars it holds, for the common case without a
    /// search (or a copy of the terminal's range array).
    let asciiBits: [UInt64]
    /// The augmented start symbol `start ::= root`; completing it means a whole sentence.
    let start: Int32

    var nonterminalCount: Int { nullable.count }

    init(_ grammar: Grammar) throws(GrammarMatcherError) {
        var builder = try EarleyProgramBuilder(CheckedRules(grammar))
        let layout = try builder.finish()
        symbols = layout.symbols
        dotStateCount = UInt32(layout.symbols.count)
        productionStarts = layout.productionStarts
        productionOffsets = layout.productionOffsets
        nullable = layout.nullable
        repetitionIndex = layout.repetitionIndex
        repetitions = layout.repetitions
        terminals = layout.terminals
        asciiBits = layout.terminals.flatMap { terminal in
            [UInt64(0), 64].map { offset in
                (0..<64).reduce(UInt64(0)) { bits, bit in
                    terminal.contains(UInt32(offset) + UInt32(bit)) ? bits | 1 << UInt64(bit) : bits
                }
            }
        }
        start = layout.start
    }

    /// The repetition a state at or past ``dotStateCount`` belongs to.
    @inline(__always)
    func repetition(containing state: UInt32) -> Int {
        var low = 0
        var high = repetitions.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if repetitions[middle].base <= state { low = middle } else { high = middle }
        }
        return low
    }

    /// The state after the dot moves over the symbol `state` waits on.
    @inline(__always)
    func advance(_ state: UInt32) -> UInt32 {
        guard state >= dotStateCount else { return state + 1 }
        let repetition = repetitions[repetition(containing: state)]
        if repetition.maximum == nil, state - repetition.base == repetition.minimum { return state }
        return state + 1
    }

    /// The symbol a state waits on, for states known to wait on one.
    @inline(__always)
    func awaitedSymbol(_ state: UInt32) -> Int32 {
        state < dotStateCount ? symbols[Int(state)] : repetitions[repetition(containing: state)].body
    }

    /// Whether the terminal a scan item's state waits on holds `scalar`.
    @inline(__always)
    func scanState(_ state: UInt32, accepts scalar: UInt32) -> Bool {
        let terminal = EarleySymbol.terminalIndex(awaitedSymbol(state))
        if scalar < 128 {
            return asciiBits[2 * terminal + Int(scalar >> 6)] >> UInt64(scalar & 63) & 1 != 0
        }
        return terminals[terminal].contains(scalar)
    }

    /// Whether the terminal a scan item's state waits on holds some scalar of `scalars`.
    func scanState(_ state: UInt32, acceptsSomeOf scalars: ClosedRange<UInt32>) -> Bool {
        terminals[EarleySymbol.terminalIndex(awaitedSymbol(state))].intersects(scalars.lowerBound, scalars.upperBound)
    }
}

/// How symbols are packed into an `Int32`: nonterminals are themselves, terminals count down
/// from -1, and end-of-production markers sit at the very bottom carrying the left-hand side.
///
/// ```swift
/// EarleySymbol.terminal(0)                         // -1
/// EarleySymbol.endNonterminal(EarleySymbol.end(7)) // 7
/// ```
enum EarleySymbol {
    static let limit = 1 << 30
    static let endThreshold = Int32.min + Int32(limit)

    @inline(__always) static func terminal(_ index: Int) -> Int32 { Int32(-1 - index) }
    @inline(__always) static func end(_ nonterminal: Int32) -> Int32 { Int32.min + nonterminal }
    @inline(__always) static func isTerminal(_ code: Int32) -> Bool { code < 0 && code > endThreshold }
    @inline(__always) static func terminalIndex(_ code: Int32) -> Int { Int(-1 - code) }
    @inline(__always) static func endNonterminal(_ code: Int32) -> Int32 { code - Int32.min }
}
