import CLlama

/// What one llama.cpp sequence decodes for a request: its prompt, the tokens queued next, and
/// its logits after the last of them. A ``LlamaContext`` batches every feed's queued tokens in
/// one decode and hands each feed its row of logits; what the logits are for is the request's
/// business (``RunningSequence``).
final class SequenceFeed {
    /// The llama.cpp sequence id, which is also the index of its cache slot.
    let sequence: Int
    /// The whole prompt, the part already cached included.
    let prompt: [llama_token]
    /// Tokens to decode next, in order: the rest of the prompt, then each choice's tokens.
    var pending: ArraySlice<llama_token> = []
    private(set) var isStarted = false
    /// A copy that outlives the next decode, for a feed whose logits may have to wait for
    /// another's; without it the feed points into the batch's own logits.
    private let copy: LogitsCopy?
    private let vocabularySize: Int
    private var latest: UnsafeBufferPointer<Float>?

    init(sequence: Int, prompt: [llama_token], vocabularySize: Int, keepsLogits: Bool) {
        self.sequence = sequence
        self.prompt = prompt
        self.vocabularySize = vocabularySize
        copy = keepsLogits ? LogitsCopy(count: vocabularySize) : nil
    }

    /// Begins decoding its prompt after the `reused` tokens its sequence already holds.
    func start(reused: Int) {
        pending = prompt[min(reused, prompt.count)...]
        isStarted = true
    }

    /// Whether its logits after its last queued token are in and not yet used.
    var hasLogits: Bool { latest != nil }

    /// Takes the row of logits the decode just made for its last queued token.
    func receive(_ row: UnsafePointer<Float>) {
        if let copy {
            copy.copy(from: row)
            latest = copy.values
        } else {
            latest = UnsafeBufferPointer(start: row, count: vocabularySize)
        }
    }

    /// Its logits, once: the choice that reads them queues the next tokens.
    func takeLogits() -> UnsafeBufferPointer<Float>? {
        defer { latest = nil }
        return latest
    }

    /// Queues `tokens`; its logits after them come with the next decode.
    func queue(_ tokens: ArraySlice<llama_token>) {
        pending = tokens
        latest = nil
    }
}
