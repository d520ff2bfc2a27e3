import Bridle
import Synchronization

/// A model that writes the given replies in turn, one byte per token, and counts requests.
final class ScriptedReplies: LanguageModel {
    private let replies: Mutex<[String]>
    private let count = Mutex(0)

    init(_ replies: String...) {
        self.replies = Mutex(replies)
    }

    var requests: Int { count.withLock { $0 } }

    func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        count.withLock { $0 += 1 }
        let reply = replies.withLock { $0.isEmpty ? "" : $0.removeFirst() }
        return AsyncThrowingStream { continuation in
            for byte in reply.utf8 {
                continuation.yield(.token(id: Int32(byte), bytes: [byte]))
            }
            continuation.yield(.finished(GenerationStatistics(
                promptTokens: 1, reusedPromptTokens: 0, responseTokens: reply.utf8.count,
                promptSeconds: 0, responseSeconds: 0, samplingSeconds: 0)))
            continuation.finish()
        }
    }
}
