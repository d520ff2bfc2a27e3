import BridleGeneration
import BridleMask
import CLlama

/// The conversation without its request, decoded beside a ``RunningSequence`` whose request
/// sets ``GenerationOptions/requestEmphasis``: its own llama.cpp sequence, fed the same
/// response tokens, and the copies of logits that choosing with emphasis needs.
///
/// It starts once the main sequence's prompt is in the cache, so the prefix the two prompts
/// share (everything before the request) is copied, not decoded again. The main sequence
/// chooses only when both rows of logits are in: whichever came first waits in a copy, since a
/// batch's logits last only until the next decode.
final class BaselineSequence: DecodingFeed {
    /// The llama.cpp sequence it holds, reserved when the request begins.
    let sequence: Int
    let prompt: [llama_token]
    let emphasis: RequestEmphasis
    private(set) var isStarted = false
    var pending: ArraySlice<llama_token> = []
    var logitsRow: Int32?
    private let own: LogitsCopy
    private let held: LogitsCopy
    private var hasLogits = false
    private var holdsMain = false

    init(sequence: Int, prompt: [llama_token], emphasis: RequestEmphasis, vocabularySize: Int) {
        self.sequence = sequence
        self.prompt = prompt
        self.emphasis = emphasis
        own = LogitsCopy(count: vocabularySize)
        held = LogitsCopy(count: vocabularySize)
    }

    /// Begins decoding its prompt after the `reused` tokens its sequence already holds.
    func start(reused: Int) {
        pending = prompt[min(reused, prompt.count)...]
        isStarted = true
    }

    /// Whether its logits after the main sequence's last token are in.
    var isReady: Bool { isStarted && pending.isEmpty && hasLogits }

    /// Keeps this sequence's logits from the batch just decoded.
    func store(_ row: UnsafePointer<Float>) {
        own.copy(from: row)
        hasLogits = true
    }

    /// Keeps the main sequence's logits until this sequence's are in.
    func hold(main row: UnsafePointer<Float>) {
        held.copy(from: row)
        holdsMain = true
    }

    /// The main sequence's held logits, once (the next choice consumes them).
    func takeHeldMain() -> UnsafeBufferPointer<Float>? {
        guard holdsMain else { return nil }
        holdsMain = false
        return held.values
    }

    /// What the main sequence's choice weighs its logits against; valid while ``isReady``.
    var choiceEmphasis: TokenStep.Emphasis {
        TokenStep.Emphasis(weight: Float(emphasis.weight), plausibility: Float(emphasis.plausibility), baseline: own.values)
    }

    /// Queues the tokens the main sequence chose; its logits after them come with the next decode.
    func follow(_ tokens: ArraySlice<llama_token>) {
        pending = tokens
        hasLogits = false
    }
}
