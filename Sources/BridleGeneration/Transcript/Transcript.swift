import BridleJSONSchema
import BridleSchema
import Foundation

/// A session's history in FoundationModels' entries (instructions, prompts, tool calls, tool
/// output, responses), with timings, plus the ``audit`` trail of every dispatch decision.
///
/// `Codable`, so a conversation can be saved and a session restored from it:
///
/// ```swift
/// let data = try JSONEncoder().encode(session.transcript)
/// let restored = LanguageModelSession(model: model, tools: tools,
///                                     transcript: try JSONDecoder().decode(Transcript.self, from: data))
/// ```
///
/// The entries are what the model sees on the next request. Rejected tool calls and the
/// feedback that repaired them are kept out of the entries (the model sees its corrected call)
/// but every one is in ``audit``.
public struct Transcript: Sendable, Hashable, Codable, RandomAccessCollection {
    public var entries: [Entry]
    /// Every tool call the model proposed and what became of it, in order.
    public var audit: [DispatchRecord]

    public init(entries: [Entry] = [], audit: [DispatchRecord] = []) {
        self.entries = entries
        self.audit = audit
    }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Entry { entries[position] }
}
