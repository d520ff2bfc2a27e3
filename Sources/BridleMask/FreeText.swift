/// Free text before a constrained answer: the model writes what it likes, for at most
/// ``budget`` tokens, until it writes ``trigger``; then the answer's constraint starts.
///
/// If the budget runs out first, Bridle writes ``lead`` and the trigger itself; if the model
/// ends its output instead, Bridle writes them in place of the end. Either way the answer
/// follows, so a free segment never leaves a response without one.
///
/// ```swift
/// let thinking = FreeText(trigger: Array("Answer:".utf8), lead: Array("\n".utf8), budget: 64)
/// let prose = FreeText.lazy(trigger: Array("<tool_call>".utf8))   // prose, or prose then calls
/// ```
///
/// A lazy segment (llama.cpp's "lazy grammar") is the other way round: the answer is optional.
/// The model may end its output in the free text, and the trigger is the first text of the
/// answer's own grammar (a tool call's opening marker), so the answer's constraint reads it.
public struct FreeText: Sendable, Hashable {
    /// The text that ends the free text; empty when only the budget ends it.
    public var trigger: [UInt8]
    /// What Bridle writes before ``trigger`` when it ends the free text itself.
    public var lead: [UInt8]
    /// The most tokens the model may write before the trigger; 0 starts with Bridle's closing.
    public var budget: Int
    /// Whether the answer may never come (the model ends its output in the free text) and the
    /// trigger is the answer's own first text.
    public var isLazy: Bool

    public init(trigger: [UInt8], lead: [UInt8] = [], budget: Int) {
        self.trigger = trigger
        self.lead = lead
        self.budget = max(0, budget)
        isLazy = false
    }

    /// Free text that may end the output, or go on into the answer at `trigger`, which the
    /// answer's grammar begins with. No budget: the response's own token limit bounds it.
    public static func lazy(trigger: [UInt8]) -> FreeText {
        var segment = FreeText(trigger: trigger, budget: Int.max)
        segment.isLazy = true
        return segment
    }

    /// What Bridle writes when it ends the free text: ``lead``, then ``trigger``.
    public var closing: [UInt8] { lead + trigger }

    /// Where `trigger` first ends within `bytes`, written after `recent` (the free text's last
    /// bytes, fewer than the trigger's): the count of `bytes` up to and including its last
    /// byte; `nil` when it does not end there.
    package func triggerEnd(in bytes: ArraySlice<UInt8>, after recent: [UInt8]) -> Int? {
        guard !trigger.isEmpty else { return nil }
        let text = recent + bytes
        guard text.count >= trigger.count else { return nil }
        let first = max(0, recent.count - trigger.count + 1)
        for start in first...(text.count - trigger.count) where text[start..<(start + trigger.count)].elementsEqual(trigger) {
            return start + trigger.count - recent.count
        }
        return nil
    }
}

/// How a free segment ended: the model wrote the trigger, or Bridle ended it.
public struct FreeTextOutcome: Sendable, Hashable {
    public enum Ending: Sendable, Hashable {
        /// The model wrote the trigger.
        case trigger
        /// The budget ran out: Bridle wrote the closing.
        case budget
        /// The model ended its output: Bridle wrote the closing instead.
        case endOfGeneration
    }

    public let ending: Ending
    /// Output tokens before the answer: the model's free text and the closing.
    public let tokens: Int
    /// Output bytes before the answer, the trigger included: where the answer begins.
    public let bytes: Int
}
