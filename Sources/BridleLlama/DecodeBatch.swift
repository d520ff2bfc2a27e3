import CLlama

/// The tokens one `llama_decode` call reads, for any number of sequences: each with its
/// position, its sequence and whether the model should return logits after it. Allocated once
/// per context and refilled every step.
final class DecodeBatch {
    private(set) var batch: llama_batch
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        batch = llama_batch_init(Int32(clamping: capacity), 0, 1)
    }

    deinit {
        llama_batch_free(batch)
    }

    var count: Int { Int(batch.n_tokens) }
    var room: Int { capacity - count }

    func clear() {
        batch.n_tokens = 0
    }

    /// Appends `token` at `position` of `sequence`; returns its row, where its logits will be
    /// when `wantsLogits`.
    @discardableResult
    func add(_ token: llama_token, position: Int, sequence: Int, wantsLogits: Bool) -> Int32 {
        let row = batch.n_tokens
        let index = Int(row)
        batch.token[index] = token
        batch.pos[index] = llama_pos(position)
        batch.n_seq_id[index] = 1
        batch.seq_id[index]?[0] = llama_seq_id(sequence)
        batch.logits[index] = wantsLogits ? 1 : 0
        batch.n_tokens += 1
        return row
    }
}
