import BridleMask
import CLlama

/// Bridle's mask engine as a llama.cpp sampler, first in the chain: every token the grammar
/// does not allow gets a logit of −∞ before top-k, top-p, temperature or the seeded draw see
/// the candidates, so they sample from the masked distribution exactly and need no retries.
///
/// What to apply is set from outside before each draw (``ResponseConstraint``); the sampler
/// only applies it. Its `accept` does nothing: the constraint moves the ``TokenMasker``
/// itself, once per token, fast-forwarded tokens included.
final class MaskSampler {
    enum Step {
        /// The whole mask.
        case mask(TokenMask)
        /// Keep the `count` most likely tokens that `allows` allows, and nothing else; for a
        /// chain that then keeps its `count` most likely candidates (top-k, greedy), this is
        /// exactly what the whole mask would leave, found by checking the model's favourites
        /// one by one instead of the whole vocabulary. `fullMask` answers when the favourites
        /// run out first.
        case mostLikely(count: Int, allows: (Int32) -> Bool, fullMask: () -> TokenMask)
    }

    /// What the next `apply` does; `nil` leaves the candidates alone.
    var step: Step?
    /// How many tokens the last `mostLikely` step checked one by one, and whether it needed
    /// the whole mask after all.
    private(set) var lastChecks = 0
    private(set) var lastNeededFullMask = false

    /// A llama.cpp sampler that holds a reference to this object until the chain frees it.
    func makeLlamaSampler() -> UnsafeMutablePointer<llama_sampler>? {
        llama_sampler_init(maskSamplerInterface, Unmanaged.passRetained(self).toOpaque())
    }

    /// How long the last `apply` took, in microseconds.
    private(set) var lastApplyMicroseconds: Double = 0

    fileprivate func apply(to candidates: inout llama_token_data_array) {
        let start = ContinuousClock.now
        defer { lastApplyMicroseconds = (ContinuousClock.now - start).seconds * 1e6 }
        guard let step, let data = candidates.data else { return }
        let all = UnsafeMutableBufferPointer(start: data, count: candidates.size)
        switch step {
        case .mask(let mask):
            Self.apply(mask, to: all)
        case let .mostLikely(count, allows, fullMask):
            lastNeededFullMask = false
            guard let kept = Self.mostLikely(count, allowedBy: allows, in: all, checks: &lastChecks) else {
                lastNeededFullMask = true
                Self.apply(fullMask(), to: all)
                return
            }
            let keptLogits = kept.map { all[$0].logit }
            for index in all.indices { all[index].logit = -Float.infinity }
            for (index, logit) in zip(kept, keptLogits) { all[index].logit = logit }
        }
    }

    private static func apply(_ mask: TokenMask, to candidates: UnsafeMutableBufferPointer<llama_token_data>) {
        for index in candidates.indices where !mask.contains(candidates[index].id) {
            candidates[index].logit = -Float.infinity
        }
    }

    /// The indices of the `count` candidates with the highest logits among those `allows`
    /// allows, found by checking candidates in decreasing order of logit; `nil` if the first
    /// few hundred candidates hold fewer than `count` allowed ones.
    private static func mostLikely(
        _ count: Int, allowedBy allows: (Int32) -> Bool, in candidates: UnsafeMutableBufferPointer<llama_token_data>,
        checks: inout Int
    ) -> [Int]? {
        let window = min(candidates.count, max(4 * count, 256))
        let best = highest(window, of: candidates)
        var kept: [Int] = []
        checks = 0
        for index in best {
            checks += 1
            guard candidates[index].logit > -Float.infinity else { break }
            if allows(candidates[index].id) {
                kept.append(index)
                if kept.count == count { return kept }
            }
        }
        // Every allowed candidate was among the window: nothing else could be kept.
        return window == candidates.count ? kept : nil
    }

    /// The indices of the `count` highest logits, highest first (one pass with a small
    /// min-heap, then a sort of the heap).
    private static func highest(_ count: Int, of candidates: UnsafeMutableBufferPointer<llama_token_data>) -> [Int] {
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

/// The sampler's function table. llama.cpp keeps the pointer for the sampler's whole life, so
/// it is allocated once and never freed. Fields the sampler does not use are nil: it has no
/// state to reset, copy or clone, and no GPU-side (backend) version.
nonisolated(unsafe) private let maskSamplerInterface: UnsafeMutablePointer<llama_sampler_i> = {
    let interface = UnsafeMutablePointer<llama_sampler_i>.allocate(capacity: 1)
    interface.initialize(to: llama_sampler_i(
        name: { _ in maskSamplerName },
        accept: nil,
        apply: { sampler, candidates in
            guard let context = sampler?.pointee.ctx, let candidates else { return }
            Unmanaged<MaskSampler>.fromOpaque(context).takeUnretainedValue().apply(to: &candidates.pointee)
        },
        reset: nil,
        clone: nil,
        free: { sampler in
            guard let context = sampler?.pointee.ctx else { return }
            Unmanaged<MaskSampler>.fromOpaque(context).release()
        },
        backend_init: nil,
        backend_accept: nil,
        backend_apply: nil,
        backend_set_input: nil,
        backend_reset: nil,
        copy_state: nil
    ))
    return interface
}()

nonisolated(unsafe) private let maskSamplerName: UnsafePointer<CChar> = {
    let name = "bridle-mask"
    let storage = UnsafeMutablePointer<CChar>.allocate(capacity: name.utf8.count + 1)
    for (index, byte) in name.utf8.enumerated() { storage[index] = CChar(bitPattern: byte) }
    storage[name.utf8.count] = 0
    return UnsafePointer(storage)
}()
