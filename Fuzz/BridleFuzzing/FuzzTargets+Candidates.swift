import BridleGeneration
import BridleSchema
import Dispatch
import Synchronization

extension FuzzTargets {
    static let candidateSchema = try? GenerationSchema(jsonSchema: #"""
        {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1, "maximum": 9},
         "tags": {"type": "array", "items": {"enum": ["a", "b", "c"]}, "uniqueItems": true, "maxItems": 3}},
         "required": ["n"], "additionalProperties": false}
        """#)

    /// Best-of-N rounds and regeneration over a model that writes whatever the input says:
    /// byte 0 is N (1 to 4), byte 1 the attempts (1 to 3), the rest replies split at 0xFF,
    /// each reply's first byte its log-probability (any Double, NaN and infinities included).
    /// Invariant: an answer that comes back passes every check of the constraint, and is the
    /// chosen candidate of its round; anything else ends in a thrown error.
    public static func candidates(_ bytes: [UInt8]) {
        guard bytes.count >= 2, let schema = candidateSchema, let constraint = try? OutputConstraint(schema: schema) else { return }
        var options = GenerationOptions(sampling: .random(top: 4, seed: 1), temperature: 1)
        options.bestOf = 1 + Int(bytes[0] % 4)
        options.maximumAnswerAttempts = 1 + Int(bytes[1] % 3)
        options.requestEmphasis = nil
        let replies = bytes.dropFirst(2).prefix(maximumInputLength).split(separator: 0xFF, omittingEmptySubsequences: false).map { reply in
            (text: text(reply.dropFirst()), logProbability: logProbability(reply.first ?? 0))
        }
        let model = FuzzScriptedModel(replies)
        let done = DispatchSemaphore(value: 0)
        Task {
            defer { done.signal() }
            guard let answer = try? await model.checkedAnswer(to: [ChatMessage(role: .user, content: "n?")], constraint: constraint, options: options)
            else { return }
            invariant(constraint.violations(of: answer.content).isEmpty, "an answer with problems came back: \(answer.text)")
            if options.bestOf > 1 {
                let chosen = answer.candidates.filter(\.isChosen)
                invariant(chosen.count == 1 && chosen[0].problems.isEmpty && chosen[0].text == answer.text,
                          "the answer is not its round's one valid chosen candidate: \(answer.candidates)")
            }
        }
        done.wait()
    }

    /// A log-probability per byte value: ordinary ones, and the edge cases a backend could report.
    static func logProbability(_ byte: UInt8) -> Double {
        switch byte {
        case 0: .nan
        case 1: -.infinity
        case 2: .infinity
        case 3: 0
        default: -Double(byte) / 16
        }
    }
}

/// A model that writes its replies in turn, one byte a token, with the log-probability given.
final class FuzzScriptedModel: LanguageModel {
    private let replies: Mutex<[(text: String, logProbability: Double)]>

    init(_ replies: [(text: String, logProbability: Double)]) {
        self.replies = Mutex(replies)
    }

    func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        let reply = replies.withLock { $0.isEmpty ? (text: "", logProbability: 0) : $0.removeFirst() }
        return AsyncThrowingStream { continuation in
            let bytes = Array(reply.text.utf8)
            for byte in bytes { continuation.yield(.token(id: Int32(byte), bytes: [byte])) }
            var statistics = GenerationStatistics.zero
            statistics.responseTokens = bytes.count
            statistics.logProbability = reply.logProbability * Double(bytes.count)
            statistics.scoredTokens = bytes.count
            continuation.yield(.finished(statistics))
            continuation.finish()
        }
    }
}
