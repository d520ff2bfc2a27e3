import BridleJSON
import Foundation

extension ChatTemplate {
    /// The model's native tool-call and reasoning formats, derived the way llama.cpp's
    /// autoparser derives them: by rendering fixed probe conversations that differ in one thing
    /// (no call, one call, two calls, reasoning) and reading the difference, never by the
    /// family's name. Never throws: a template whose calls can't be derived gets `.failure`
    /// with a reason a person can read.
    ///
    /// ```swift
    /// let formats = template.nativeFormats(bosToken: "<s>", eosToken: "</s>")
    /// if case .success(let calls) = formats.toolCalls {
    ///     let parsed = try calls.parse(generatedText)
    /// }
    /// ```
    public func nativeFormats(bosToken: String, eosToken: String) -> NativeFormats {
        let probe = ProbeRenderer(template: self, bosToken: bosToken, eosToken: eosToken)
        return NativeFormats(toolCalls: ToolCallFormatDerivation(probe: probe).derive(), reasoning: ReasoningFormatDerivation(probe: probe).derive())
    }
}

/// Renders probe conversations with a template: tools always offered, the clock fixed (a
/// template that prints today's date prints the same date in every probe).
struct ProbeRenderer {
    let template: ChatTemplate
    let bosToken: String
    let eosToken: String

    func render(_ messages: [GeneratedContent], addsGenerationPrompt: Bool) -> Result<[UInt8], TemplateError> {
        let input = ChatTemplateInput(
            messages: GeneratedContent(elements: messages), tools: FormatProbe.tools, addsGenerationPrompt: addsGenerationPrompt,
            bosToken: bosToken, eosToken: eosToken, now: Date(timeIntervalSince1970: 1_750_000_000))
        return Result { () throws(TemplateError) in Array(try template.render(input).utf8) }
    }

    /// The generation prompt after the user's message: what every assistant part is compared to.
    func promptAfterQuestion() -> Result<[UInt8], TemplateError> {
        render([FormatProbe.user], addsGenerationPrompt: true).map { Self.afterQuestion($0) ?? [] }
    }

    /// The text after the probe's user message, or `nil` when the template didn't write it.
    static func afterQuestion(_ text: [UInt8]) -> [UInt8]? {
        let question = Array(FormatProbe.question.utf8)
        return ByteSearch.first(question, in: text, from: 0).map { Array(text[($0 + question.count)...]) }
    }

    /// What the model writes in `text`, a conversation ending with an assistant message: the
    /// text after the user's message past what it shares with the generation prompt.
    static func assistantPart(of text: [UInt8], prompt: [UInt8]) -> [UInt8]? {
        guard let after = afterQuestion(text) else { return nil }
        return Array(after[TextMarker.snapBack(after, ByteSearch.commonPrefixCount(after, prompt))...])
    }
}
