/// One matcher position: the frozen set, plus the origins of its scan items.
///
/// Scan origins live here rather than in the node because a node can outlive its position
/// (as the origin of later items), and holding the scan items' origins that long would
/// keep dead sets alive: `("ab" | "a")*` on `aaaa…` would chain every position. The first
/// two are stored inline, since most sets have no more and an array would cost an
/// allocation per scalar; unused inline slots hold ``node``.
///
/// ```swift
/// let origin = chart.scanOrigin(slot)   // where a scan item started
/// ```
struct EarleyChart: @unchecked Sendable {
    // @unchecked: ManagedBuffer subclasses cannot be Sendable, but a node's contents never
    // change after `EarleyNode.make` (only its `deinit` takes the origins, when no other
    // reference exists), so sharing nodes across threads is safe.

    var node: EarleyNode
    private var firstScanOrigin: EarleyNode
    private var secondScanOrigin: EarleyNode
    private(set) var moreScanOrigins: [EarleyNode]
    private(set) var scanOriginCount: Int
    /// Whether the start symbol completed here: the input so far is a sentence.
    var isComplete: Bool

    /// - Parameter previousMore: the previous chart's ``moreScanOrigins``, shared if equal.
    init(
        node: EarleyNode, scanOrigins: UnsafeBufferPointer<Unmanaged<EarleyNode>>, isComplete: Bool,
        previousMore: [EarleyNode]
    ) {
        self.node = node
        let count = scanOrigins.count
        firstScanOrigin = count > 0 ? scanOrigins[0].takeUnretainedValue() : node
        secondScanOrigin = count > 1 ? scanOrigins[1].takeUnretainedValue() : node
        scanOriginCount = count
        self.isComplete = isComplete
        moreScanOrigins = []
        guard count > 2 else { return }
        let more = UnsafeBufferPointer(rebasing: scanOrigins[2...])
        if previousMore.count == more.count,
            previousMore.withUnsafeBufferPointer({ old in
                old.indices.allSatisfy { Unmanaged.passUnretained(old[$0]).toOpaque() == more[$0].toOpaque() }
            })
        {
            moreScanOrigins = previousMore
        } else {
            moreScanOrigins = more.map { $0.takeUnretainedValue() }
        }
    }

    /// The node a scan item's origin slot names.
    @inline(__always)
    func scanOrigin(_ slot: Int) -> EarleyNode {
        switch slot {
        case 0: firstScanOrigin
        case 1: secondScanOrigin
        default: moreScanOrigins[slot - 2]
        }
    }

    /// Which scan items take `scalar`, as bits in scan-item order; `nil` if there are too
    /// many scan items to say in 64 bits. Two scalars with the same pattern lead to the
    /// same next set.
    func scanPattern(for scalar: UInt32, in program: EarleyProgram) -> UInt64? {
        node.withScanItems { items in
            guard items.count <= 64 else { return nil }
            var pattern: UInt64 = 0
            for (index, item) in items.enumerated()
            where program.scanState(UInt32(truncatingIfNeeded: item >> 32), accepts: scalar) {
                pattern |= 1 << UInt64(index)
            }
            return pattern
        }
    }

    /// Whether this chart, which followed `previous` by one scalar, is the same set again:
    /// same items, same origins, and no reference back to `previous`. Then every later
    /// scalar with the same scan pattern would produce it once more, so the matcher can
    /// keep `previous` and skip the work (a run of string or whitespace characters).
    func repeats(_ previous: EarleyChart) -> Bool {
        guard isComplete == previous.isComplete, scanOriginCount == previous.scanOriginCount,
            node.hasSameContents(as: previous.node), !node.refers(to: previous.node)
        else { return false }
        for slot in 0..<scanOriginCount {
            let origin = scanOrigin(slot)
            guard origin === previous.scanOrigin(slot), origin !== previous.node else { return false }
        }
        return true
    }

    /// Whether `other` is this very position: the same frozen set and scan origins.
    func isSame(as other: EarleyChart) -> Bool {
        guard node === other.node, isComplete == other.isComplete, scanOriginCount == other.scanOriginCount else {
            return false
        }
        return (0..<scanOriginCount).allSatisfy { scanOrigin($0) === other.scanOrigin($0) }
    }

    /// What this position does with any one scalar of `ranges`, if it does the same with
    /// each: every scan item's terminal holds all of them or none. Then every scalar of
    /// `ranges` advances the same items, so all lead to the same next set.
    func treatment(of ranges: [ClosedRange<UInt32>], in program: EarleyProgram) -> UniformTreatment {
        node.withScanItems { items in
            var accepted = false
            for item in items {
                let terminal = program.terminals[EarleySymbol.terminalIndex(program.awaitedSymbol(UInt32(truncatingIfNeeded: item >> 32)))]
                if ranges.allSatisfy({ terminal.covers($0.lowerBound, $0.upperBound) }) {
                    accepted = true
                } else if ranges.contains(where: { terminal.intersects($0.lowerBound, $0.upperBound) }) {
                    return .mixed
                }
            }
            return accepted ? .acceptsEach : .rejectsEach
        }
    }

    /// The scalars of `ranges` that every scan item treats as it treats `representative`:
    /// each scan item's terminal holds all of them or none. They all lead to the same next set.
    func scalars(like representative: UInt32, within ranges: [ClosedRange<UInt32>], in program: EarleyProgram) -> [ClosedRange<UInt32>] {
        node.withScanItems { items in
            var alike = ranges
            for item in items {
                let terminal = program.terminals[EarleySymbol.terminalIndex(program.awaitedSymbol(UInt32(truncatingIfNeeded: item >> 32)))]
                alike = terminal.contains(representative)
                    ? ScalarRanges.intersection(alike, terminal.ranges) : ScalarRanges.subtracting(alike, terminal.ranges)
                if alike.isEmpty { break }
            }
            return alike
        }
    }

    enum UniformTreatment {
        case acceptsEach, rejectsEach, mixed
    }

    func allows(_ scalar: UInt32, in program: EarleyProgram) -> Bool {
        node.withScanItems { items in
            items.contains { item in
                program.scanState(UInt32(truncatingIfNeeded: item >> 32), accepts: scalar)
            }
        }
    }

    /// Whether the text may go on with some scalar, only with scalars of `scalars`, and may
    /// not end here.
    func scansOnly(_ scalars: ClosedRange<UInt32>, in program: EarleyProgram) -> Bool {
        guard !isComplete else { return false }
        return node.withScanItems { items in
            !items.isEmpty && items.allSatisfy { item in
                program.terminals[EarleySymbol.terminalIndex(program.awaitedSymbol(UInt32(truncatingIfNeeded: item >> 32)))].ranges
                    .allSatisfy { scalars.contains($0.lowerBound) && scalars.contains($0.upperBound) }
            }
        }
    }

    func allowsSome(_ scalars: ClosedRange<UInt32>, in program: EarleyProgram) -> Bool {
        node.withScanItems { items in
            items.contains { item in
                program.scanState(UInt32(truncatingIfNeeded: item >> 32), acceptsSomeOf: scalars)
            }
        }
    }

    /// How many Earley sets this position keeps alive (itself included): the matcher's
    /// memory, for tests that check it stays bounded.
    var retainedSetCount: Int {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(node)]
        var pending = node.origins + (0..<scanOriginCount).map(scanOrigin)
        while let next = pending.popLast() {
            if seen.insert(ObjectIdentifier(next)).inserted { pending += next.origins }
        }
        return seen.count
    }
}
