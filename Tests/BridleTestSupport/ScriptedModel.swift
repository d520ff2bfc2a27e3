import BridleGeneration
import Synchronization

/// A model that writes the text it is given, one byte per token, whatever the request says,
/// and remembers the requests it saw. It stands in for a model that ignores its grammar, to
/// prove that what reaches the caller is checked anyway.
public final class ScriptedModel: LanguageModel {
    private let replies: Mutex<[String]>
    private let seen = Mutex<[GenerationRequest]>([])
    /// Stop the stream without `finished`, as a backend does when its task is cancelled.
    public let endsEarly: Bool
    /// The tool-call format it claims as its own (a model's template's), for sessions' native turns.
    public let toolCallFormat: ToolCallFormat?

    public convenience init(_ replies: String..., endsEarly: Bool = false) {
        self.init(replies: replies, endsEarly: endsEarly)
    }

    public init(replies: [String], endsEarly: Bool = false, toolCallFormat: ToolCallFormat? = nil) {
        self.replies = Mutex(replies)
        self.endsEarly = endsEarly
        self.toolCallFormat = toolCallFormat
    }

    public var requests: [GenerationRequest] { seen.withLock { $0 } }

    public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        seen.withLock { $0.append(request) }
        let reply = replies.withLock { $0.isEmpty ? "" : $0.removeFirst() }
        let endsEarly = endsEarly
        return AsyncThrowingStream { continuation in
            let bytes = Array(reply.utf8)
            for byte in bytes {
                continuation.yield(.token(id: Int32(byte), bytes: [byte]))
            }
            if !endsEarly {
                continuation.yield(.finished(GenerationStatistics(
                    promptTokens: 1, reusedPromptTokens: 0, responseTokens: bytes.count,
                    promptSeconds: 0, responseSeconds: 0, samplingSeconds: 0
                )))
            }
            continuation.finish()
        }
    }
}
