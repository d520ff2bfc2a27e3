/// The model's favourites among the candidates, found without sorting a whole vocabulary.
enum CandidateRanking {
    /// The ids of the `count` candidates with the highest logits among those `allows` allows,
    /// found by checking candidates in decreasing order of logit; `nil` if the first few hundred
    /// candidates hold fewer than `count` allowed ones.
    static func mostLikely(
        _ count: Int, allowedBy allows: (Int32) -> Bool, in candidates: UnsafeBufferPointer<TokenCandidate>
    ) -> [Int32]? {
        let window = min(candidates.count, max(4 * count, 256))
        var kept: [Int32] = []
        for index in highest(window, of: candidates) {
            guard candidates[index].logit > -Float.infinity else { break }
            if allows(candidates[index].id) {
                kept.append(candidates[index].id)
                if kept.count == count { return kept }
            }
        }
        // Every allowed candidate was among the window: nothing else could be kept.
        return window == candidates.count ? kept : nil
    }

    /// The indices of the `count` highest logits, highest first (ties: lower index first), in
    /// one pass with a small min-heap, then a sort of the heap.
    static func highest(_ count: Int, of candidates: UnsafeBufferPointer<TokenCandidate>) -> [Int] {
        var heap: [Int] = []
        heap.reserveCapacity(count)
        func less(_ a: Int, _ b: Int) -> Bool { candidates[a].logit < candidates[b].logit }
        func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { return }
                var smallest = left
                if left + 1 < heap.count, less(heap[left + 1], heap[left]) { smallest = left + 1 }
                guard less(heap[smallest], heap[parent]) else { return }
                heap.swapAt(smallest, parent)
                parent = smallest
            }
        }
        for index in candidates.indices {
            if heap.count < count {
                heap.append(index)
                var child = heap.count - 1
                while child > 0, less(heap[child], heap[(child - 1) / 2]) {
                    heap.swapAt(child, (child - 1) / 2)
                    child = (child - 1) / 2
                }
            } else if let lowest = heap.first, candidates[index].logit > candidates[lowest].logit {
                heap[0] = index
                siftDown(0)
            }
        }
        return heap.sorted { candidates[$0].logit > candidates[$1].logit || (candidates[$0].logit == candidates[$1].logit && $0 < $1) }
    }
}
