/// The Earley recogniser: the algorithm plus its scratch memory, reused from one scalar to
/// the next so a step allocates only the new set's node.
///
/// Items are `state << 32 | origin slot` in a `UInt64`; the slot indexes ``origins`` (the
/// older sets this set's items started in) or is ``selfOrigin``. Nullable symbols follow
/// Aycock and Horspool: an item waiting on a nullable nonterminal also moves past it at
/// once, so a completion that started in the current set never has to look back into it,
/// and items that start here need no duplicate check (each arises in one way only).
///
/// It is a struct, reached through one ``EarleyWorkspace`` box per matcher, because
/// properties of a class pay a dynamic exclusivity check on every access; here only the
/// box is checked, once per scalar.
///
/// ```swift
/// var recognizer = EarleyRecognizer(program)
/// var chart = recognizer.initialChart()
/// if case .advanced(let next) = recognizer.step(chart, scalar: 0x61, pattern: nil, allowance: 1_000) {
///     chart = next   // consumed "a", with at most about 1,000 items of work
/// }
/// ```
struct EarleyRecognizer {
    static let selfOrigin = UInt32.max
    private static let completionTag: UInt64 = 1 << 63

    private let program: EarleyProgram
    // The program's arrays, held directly so the hot loop touches no class property.
    private let symbols: [Int32]
    private let dotStateCount: UInt32
    private let nullable: [Bool]
    private let productionStarts: [UInt32]
    private let productionOffsets: [Int]
    private let repetitionIndex: [Int32]
    private let repetitions: [EarleyProgram.Repetition]
    private let start: Int32

    private var items = ScratchArray<UInt64>()
    private var scan = ScratchArray<UInt64>()
    // Unretained: every node a step touches is reachable from the chart being extended,
    // which the caller holds for the whole step, so counting references here would only
    // cost time. The new node retains the ones it keeps.
    private var origins = ScratchArray<Unmanaged<EarleyNode>>()
    private var slotOfPosition = StampedTable()
    private var seen = StampedTable(capacityLog2: 8)
    // The last origin `add` looked up, compared by address only.
    private var lastOrigin: UnsafeMutableRawPointer?
    private var lastOriginSlot: UInt32 = 0
    private var isComplete = false
    /// Items processed and waiting items visited by completions since this recognizer was
    /// made: the work the matcher did, which its work budget and complexity tests bound.
    private(set) var work = 0
    /// Past this much ``work`` the current step gives up (see ``step(_:scalar:pattern:allowance:)``).
    private var workLimit = Int.max
    private var exceededWorkLimit = false

    // Items waiting on a nonterminal, threaded into one list per symbol; `predictedStamp`
    // says which symbols have a list (and have been predicted) in the current set.
    private var stamp: UInt32 = 0
    private var predictedStamp: ScratchArray<UInt32>
    private var waitingHead: ScratchArray<Int32>
    private var waitingItems = ScratchArray<UInt64>()
    private var waitingNext = ScratchArray<Int32>()
    private var waitedSymbols = ScratchArray<Int32>()

    private var remap = ScratchArray<UInt32>()
    private var nodeEntries = ScratchArray<UInt64>()
    private var keptOrigins = ScratchArray<Unmanaged<EarleyNode>>()
    private var keptScanOrigins = ScratchArray<Unmanaged<EarleyNode>>()

    init(_ program: EarleyProgram) {
        self.program = program
        symbols = program.symbols
        dotStateCount = program.dotStateCount
        nullable = program.nullable
        productionStarts = program.productionStarts
        productionOffsets = program.productionOffsets
        repetitionIndex = program.repetitionIndex
        repetitions = program.repetitions
        start = program.start
        predictedStamp = ScratchArray(repeating: 0, count: program.nonterminalCount)
        waitingHead = ScratchArray(repeating: -1, count: program.nonterminalCount)
    }

    mutating func initialChart() -> EarleyChart {
        beginSet()
        wait(on: start, item: nil)
        closure()
        return finishSet(position: 0, previousMore: [])
    }

    /// What one step did.
    enum Outcome {
        case advanced(EarleyChart)
        /// No item can consume the scalar.
        case rejected
        /// Building the next set took more than the allowance; the set is discarded.
        case exceededAllowance
    }

    /// The chart after `scalar`.
    ///
    /// - Parameters:
    ///   - pattern: ``EarleyChart/scanPattern(for:in:)`` for `scalar`, if known.
    ///   - allowance: the most ``work`` the step may do. It is checked once per item, so
    ///     a step that gives up may have overshot it by one completion (at most the size of
    ///     one earlier set); a step that finishes did not.
    mutating func step(_ chart: EarleyChart, scalar: UInt32, pattern: UInt64?, allowance: Int) -> Outcome {
        beginSet()
        let (limit, overflow) = work.addingReportingOverflow(allowance)
        workLimit = overflow ? .max : limit
        let current = chart.node
        current.withScanItems { scanItems in
            for (index, item) in scanItems.enumerated() {
                let state = UInt32(truncatingIfNeeded: item >> 32)
                if let pattern {
                    guard pattern >> UInt64(index) & 1 != 0 else { continue }
                } else {
                    guard program.scanState(state, accepts: scalar) else { continue }
                }
                let slot = UInt32(truncatingIfNeeded: item)
                let origin = slot == Self.selfOrigin ? current : chart.scanOrigin(Int(slot))
                add(program.advance(state), origin: Unmanaged.passUnretained(origin))
            }
        }
        guard !items.isEmpty else { return .rejected }
        closure()
        // The loop checks before each item, so a last completion may have gone past the limit.
        if exceededWorkLimit || work > workLimit { return .exceededAllowance }
        return .advanced(finishSet(position: current.position + 1, previousMore: chart.moreScanOrigins))
    }

    // MARK: Building one set

    private mutating func beginSet() {
        stamp &+= 1
        if stamp == 0 {
            for index in 0..<predictedStamp.count { predictedStamp[index] = 0 }
            stamp = 1
        }
        seen.reset()
        slotOfPosition.reset()
        isComplete = false
        exceededWorkLimit = false
        workLimit = .max
        lastOrigin = nil
        items.removeAll()
        scan.removeAll()
        origins.removeAll()
        waitingItems.removeAll()
        waitingNext.removeAll()
        waitedSymbols.removeAll()
        keptOrigins.removeAll()
        keptScanOrigins.removeAll()
    }

    private mutating func closure() {
        var index = 0
        while index < items.count {
            guard work < workLimit else {
                exceededWorkLimit = true
                return
            }
            let item = items[index]
            index += 1
            work &+= 1
            let state = UInt32(truncatingIfNeeded: item >> 32)
            let slot = UInt32(truncatingIfNeeded: item)
            if state < dotStateCount {
                let symbol = symbols[Int(state)]
                if symbol >= 0 {
                    wait(on: symbol, item: item)
                    if nullable[Int(symbol)] { addFromSameOrigin(state + 1, slot: slot) }
                } else if symbol > EarleySymbol.endThreshold {
                    scan.append(item)
                } else {
                    complete(EarleySymbol.endNonterminal(symbol), slot: slot)
                }
            } else {
                let repetition = repetitions[program.repetition(containing: state)]
                let count = state - repetition.base
                if count >= repetition.minimum { complete(repetition.nonterminal, slot: slot) }
                if repetition.maximum.map({ count < $0 }) ?? true {
                    // No skip over a nullable body here: the compiler set such repetitions'
                    // minimum to 0, and the state with one more (empty) copy would only
                    // allow less than this one.
                    if repetition.body >= 0 { wait(on: repetition.body, item: item) } else { scan.append(item) }
                }
            }
        }
    }

    /// Records `item` as waiting on `symbol`, predicting `symbol` the first time.
    private mutating func wait(on symbol: Int32, item: UInt64?) {
        let index = Int(symbol)
        if predictedStamp[index] != stamp {
            predictedStamp[index] = stamp
            waitingHead[index] = -1
            waitedSymbols.append(symbol)
            let repetition = repetitionIndex[index]
            if repetition >= 0 {
                items.append(UInt64(repetitions[Int(repetition)].base) << 32 | UInt64(Self.selfOrigin))
            } else {
                for production in productionOffsets[index]..<productionOffsets[index + 1] {
                    items.append(UInt64(productionStarts[production]) << 32 | UInt64(Self.selfOrigin))
                }
            }
        }
        guard let item else { return }
        waitingNext.append(waitingHead[index])
        waitingHead[index] = Int32(waitingItems.count)
        waitingItems.append(item)
    }

    private mutating func complete(_ nonterminal: Int32, slot: UInt32) {
        if nonterminal == start {
            isComplete = true
            return
        }
        // Started here: Aycock–Horspool already moved every waiting item past it.
        guard slot != Self.selfOrigin else { return }
        guard seen.insert(Self.completionTag | UInt64(nonterminal) << 32 | UInt64(slot), value: 0) == nil else {
            return
        }
        let origin = origins[Int(slot)]
        origin._withUnsafeGuaranteedRef { node in
            node.forEachWaiting(on: nonterminal) { entry in
                work &+= 1
                let waitingSlot = UInt32(truncatingIfNeeded: entry)
                let state = program.advance(UInt32(truncatingIfNeeded: entry >> 32))
                add(state, origin: waitingSlot == Self.selfOrigin ? origin : node.origin(waitingSlot))
            }
        }
    }

    /// Adds an item that started in an older set, unless the set has it already.
    @inline(__always)
    private mutating func add(_ state: UInt32, origin: Unmanaged<EarleyNode>) {
        let slot: UInt32
        let address = origin.toOpaque()
        if lastOrigin == address {
            slot = lastOriginSlot
        } else {
            let fresh = UInt32(origins.count)
            let position = origin._withUnsafeGuaranteedRef { $0.position }
            if let existing = slotOfPosition.insert(UInt64(position), value: fresh) {
                slot = existing
            } else {
                slot = fresh
                origins.append(origin)
            }
            lastOrigin = address
            lastOriginSlot = slot
        }
        let item = UInt64(state) << 32 | UInt64(slot)
        if seen.insert(item, value: 0) == nil { items.append(item) }
    }

    private mutating func addFromSameOrigin(_ state: UInt32, slot: UInt32) {
        let item = UInt64(state) << 32 | UInt64(slot)
        // Items that started here arise in one way only (see the type's comment).
        if slot == Self.selfOrigin || seen.insert(item, value: 0) == nil { items.append(item) }
    }

    // MARK: Freezing a set

    private mutating func finishSet(position: Int, previousMore: [EarleyNode]) -> EarleyChart {
        sortWaitedSymbols()
        nodeEntries.removeAll()
        beginRemap()
        for _ in 0..<waitedSymbols.count { nodeEntries.append(0) }
        for entryIndex in 0..<waitedSymbols.count {
            let symbol = waitedSymbols[entryIndex]
            var index = Int(waitingHead[Int(symbol)])
            while index >= 0 {
                nodeEntries.append(Self.remapped(waitingItems[index], &remap, origins, into: &keptOrigins))
                index = Int(waitingNext[index])
            }
            nodeEntries[entryIndex] = UInt64(UInt32(symbol)) << 32 | UInt64(nodeEntries.count)
        }
        // The node's tail starts with its origins, so ends are offset by their number.
        for entryIndex in 0..<waitedSymbols.count { nodeEntries[entryIndex] += UInt64(keptOrigins.count) }

        beginRemap()
        for index in 0..<scan.count {
            scan[index] = Self.remapped(scan[index], &remap, origins, into: &keptScanOrigins)
        }

        let node = keptOrigins.withUnsafeBufferPointer { nodeOrigins in
            nodeEntries.withUnsafeBufferPointer { entries in
                scan.withUnsafeBufferPointer { scanItems in
                    EarleyNode.make(
                        position: position, origins: nodeOrigins, symbolCount: waitedSymbols.count,
                        entries: entries, scanItems: scanItems)
                }
            }
        }
        return keptScanOrigins.withUnsafeBufferPointer { scanOrigins in
            EarleyChart(node: node, scanOrigins: scanOrigins, isComplete: isComplete, previousMore: previousMore)
        }
    }

    private mutating func sortWaitedSymbols() {
        guard waitedSymbols.count <= 16 else {
            waitedSymbols.withUnsafeMutableBufferPointer { buffer in
                var buffer = buffer   // `sort` is declared mutating; it writes the memory only
                buffer.sort()
            }
            return
        }
        // Usually a handful of symbols: insertion sort beats the general one here.
        for index in 1..<max(waitedSymbols.count, 1) {
            let symbol = waitedSymbols[index]
            var position = index
            while position > 0, waitedSymbols[position - 1] > symbol {
                waitedSymbols[position] = waitedSymbols[position - 1]
                position -= 1
            }
            waitedSymbols[position] = symbol
        }
    }

    /// Marks every origin slot unmapped (``selfOrigin`` doubles as "none yet").
    private mutating func beginRemap() {
        remap.removeAll()
        for _ in 0..<origins.count { remap.append(Self.selfOrigin) }
    }

    /// `item` with its slot renumbered into `kept`, which collects only the origins that
    /// the kept items use (`remap` maps old slots to new ones).
    private static func remapped(
        _ item: UInt64, _ remap: inout ScratchArray<UInt32>, _ origins: ScratchArray<Unmanaged<EarleyNode>>,
        into kept: inout ScratchArray<Unmanaged<EarleyNode>>
    ) -> UInt64 {
        let slot = UInt32(truncatingIfNeeded: item)
        guard slot != Self.selfOrigin else { return item }
        if remap[Int(slot)] == Self.selfOrigin {
            remap[Int(slot)] = UInt32(kept.count)
            kept.append(origins[Int(slot)])
        }
        return item & 0xFFFF_FFFF_0000_0000 | UInt64(remap[Int(slot)])
    }
}
