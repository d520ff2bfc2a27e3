/// One finished Earley set, in a single allocation: what later sets need from it (the
/// items waiting on a nonterminal, for completions) and what the next scalar needs (the
/// items waiting on a terminal).
///
/// Nodes are immutable and shared between matcher snapshots. A node holds strong
/// references only to the older nodes its *waiting* items started in, so once no live item
/// refers to a position its node is freed: the chart is pruned by reference counting, and
/// its size follows the nesting of the input rather than its length.
///
/// The tail holds `UInt64`s: the retained origin references (as bit patterns), then
/// `symbolCount` index entries `symbol << 32 | end` sorted by symbol, then the waiting
/// items grouped by symbol, then the scan items. An item is `state << 32 | origin slot`;
/// a waiting item's slot indexes this node's origins, a scan item's slot indexes the
/// chart's scan origins (``EarleyChart/scanOrigin(_:)``), and
/// ``EarleyRecognizer/selfOrigin`` means "this set".
///
/// ```swift
/// node.forEachWaiting(on: value) { entry in /* advance over `value` */ }
/// ```
final class EarleyNode: ManagedBuffer<EarleyNode.Header, UInt64> {
    struct Header {
        /// How many sets were built before this one: unique among the nodes of one input's
        /// history, which is all the recogniser ever compares. (Not a scalar count: a run
        /// of scalars that repeats a set builds no new one.)
        var position: Int
        var originCount: Int
        var symbolCount: Int
        var waitingEnd: Int
        var count: Int
    }

    static func make(
        position: Int, origins: UnsafeBufferPointer<Unmanaged<EarleyNode>>, symbolCount: Int,
        entries: UnsafeBufferPointer<UInt64>, scanItems: UnsafeBufferPointer<UInt64>
    ) -> EarleyNode {
        let originCount = origins.count
        let waitingEnd = originCount + entries.count
        let count = waitingEnd + scanItems.count
        let buffer = create(minimumCapacity: count) { _ in
            Header(
                position: position, originCount: originCount, symbolCount: symbolCount,
                waitingEnd: waitingEnd, count: count)
        }
        // `create` allocates an instance of the class it is called on.
        let node = unsafeDowncast(buffer, to: EarleyNode.self)
        node.withUnsafeMutablePointerToElements { elements in
            for (index, origin) in origins.enumerated() {
                elements[index] = UInt64(UInt(bitPattern: origin.retain().toOpaque()))
            }
            for (index, entry) in entries.enumerated() {
                elements[originCount + index] = entry
            }
            for (index, item) in scanItems.enumerated() {
                elements[waitingEnd + index] = item
            }
        }
        return node
    }

    // Through the pointer: `header` itself is a class property, and every access to it
    // would pay a dynamic exclusivity check.
    var position: Int { withUnsafeMutablePointerToHeader { $0.pointee.position } }

    /// The node this node's origin `slot` is.
    @inline(__always)
    func origin(_ slot: UInt32) -> Unmanaged<EarleyNode> {
        withUnsafeMutablePointerToElements { elements in
            Self.unmanaged(elements[Int(slot)])
        }
    }

    /// Calls `body` with each waiting item (`state << 32 | slot`) waiting on `symbol`.
    @inline(__always)
    func forEachWaiting(on symbol: Int32, _ body: (UInt64) -> Void) {
        withUnsafeMutablePointers { header, elements in
            let key = UInt64(UInt32(bitPattern: symbol))
            let first = header.pointee.originCount
            var low = first
            var high = first + header.pointee.symbolCount
            while low < high {
                let middle = (low + high) / 2
                let entrySymbol = elements[middle] >> 32
                if entrySymbol < key {
                    low = middle + 1
                } else if entrySymbol > key {
                    high = middle
                } else {
                    let start = middle == first
                        ? first + header.pointee.symbolCount
                        : Int(truncatingIfNeeded: elements[middle - 1] & 0xFFFF_FFFF)
                    let end = Int(truncatingIfNeeded: elements[middle] & 0xFFFF_FFFF)
                    for index in start..<end { body(elements[index]) }
                    return
                }
            }
        }
    }

    /// The items waiting on a terminal.
    @inline(__always)
    func withScanItems<Result>(_ body: (UnsafeBufferPointer<UInt64>) -> Result) -> Result {
        withUnsafeMutablePointers { header, elements in
            let start = header.pointee.waitingEnd
            return body(UnsafeBufferPointer(start: elements + start, count: header.pointee.count - start))
        }
    }

    /// Whether both nodes hold the same items with the same origins (so they are the same
    /// set, each item that started "here" meaning its own node).
    func hasSameContents(as other: EarleyNode) -> Bool {
        withUnsafeMutablePointers { header, elements in
            other.withUnsafeMutablePointers { otherHeader, otherElements in
                let count = header.pointee.count
                guard header.pointee.originCount == otherHeader.pointee.originCount,
                    header.pointee.symbolCount == otherHeader.pointee.symbolCount,
                    header.pointee.waitingEnd == otherHeader.pointee.waitingEnd,
                    count == otherHeader.pointee.count
                else { return false }
                for index in 0..<count where elements[index] != otherElements[index] {
                    return false
                }
                return true
            }
        }
    }

    /// Whether `node` is one of this node's origins.
    func refers(to node: EarleyNode) -> Bool {
        let bits = UInt64(UInt(bitPattern: Unmanaged.passUnretained(node).toOpaque()))
        return withUnsafeMutablePointers { header, elements in
            (0..<header.pointee.originCount).contains { elements[$0] == bits }
        }
    }

    var scanItemCount: Int { withUnsafeMutablePointerToHeader { $0.pointee.count - $0.pointee.waitingEnd } }

    /// The origins as strong references (for walking the chart in tests).
    var origins: [EarleyNode] {
        withUnsafeMutablePointers { header, elements in
            (0..<header.pointee.originCount).map { Self.unmanaged(elements[$0]).takeUnretainedValue() }
        }
    }

    @inline(__always)
    private static func unmanaged(_ bits: UInt64) -> Unmanaged<EarleyNode> {
        // The bits came from a non-null `toOpaque()`, so the pointer exists.
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: bits)).unsafelyUnwrapped)
    }

    /// Releases this node's origin references, except that origins this node held the
    /// last reference to are handed to the caller (in `next`, or `more` once `next` is
    /// taken) instead of being freed here; this node's own `deinit` then has nothing left.
    private func takeOrigins(next: inout EarleyNode?, more: inout [EarleyNode]) {
        withUnsafeMutablePointers { header, elements in
            for index in 0..<header.pointee.originCount {
                var origin = Self.unmanaged(elements[index]).takeRetainedValue()
                guard isKnownUniquelyReferenced(&origin) else { continue }
                if next == nil { next = origin } else { more.append(origin) }
            }
            header.pointee.originCount = 0
        }
    }

    deinit {
        // Chains of nodes (one per open bracket, say) must not be freed recursively, or a
        // long one overflows the stack: nodes dying with this one are unlinked in a loop.
        // The common chain of one needs no array.
        var next: EarleyNode?
        var more: [EarleyNode] = []
        takeOrigins(next: &next, more: &more)
        while let node = next ?? more.popLast() {
            next = nil
            node.takeOrigins(next: &next, more: &more)
        }
    }
}
