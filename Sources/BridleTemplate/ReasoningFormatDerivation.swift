import BridleJSON

/// Derives a ``ReasoningFormat`` from an assistant message with reasoning (the last message, as
/// templates that drop reasoning from earlier turns keep the last one's): the text around the
/// reasoning, past what the turn shares with the generation prompt, is the block's start; the
/// text between the reasoning and the answer its end. Templates that read `thinking` (gpt-oss)
/// are tried after `reasoning_content`. A template that writes no reasoning but ends its
/// generation prompt with `<think>` gets that block, opened in the prompt.
///
/// ```swift
/// let reasoning = ReasoningFormatDerivation(probe: probe).derive()   // Qwen3: "<think>\n" … "\n</think>\n\n"
/// ```
struct ReasoningFormatDerivation {
    let probe: ProbeRenderer

    func derive() -> ReasoningFormat? {
        guard case .success(let prompt) = probe.promptAfterQuestion() else { return nil }
        for key in ["reasoning_content", "thinking"] {
            if let format = derive(key: key, prompt: prompt) { return format }
        }
        let text = String(decoding: prompt, as: UTF8.self)
        for start in ["<think>\n", "<think>"] where text.hasSuffix(start) {
            return ReasoningFormat(start: start, end: "</think>", startsInPrompt: true)
        }
        return nil
    }

    private func derive(key: String, prompt: [UInt8]) -> ReasoningFormat? {
        var message = FormatProbe.assistant(content: FormatProbe.answer)
        guard var properties = message.orderedProperties else { return nil }
        properties.insert((key, GeneratedContent(FormatProbe.reasoning)), at: 1)
        message = GeneratedContent(properties: properties.map { ($0.name, $0.value) })
        guard case .success(let rendered) = probe.render([FormatProbe.user, message], addsGenerationPrompt: false),
            let after = ProbeRenderer.afterQuestion(rendered)
        else { return nil }
        let reasoning = Array(FormatProbe.reasoning.utf8), answer = Array(FormatProbe.answer.utf8)
        guard let reasoningAt = ByteSearch.first(reasoning, in: after, from: 0),
            let answerAt = ByteSearch.first(answer, in: after, from: reasoningAt + reasoning.count)
        else { return nil }
        let head = Array(after[..<reasoningAt])
        let shared = TextMarker.snapBack(head, ByteSearch.commonPrefixCount(head, prompt))
        var start = Array(head[shared...])
        var startsInPrompt = false
        if start.isEmpty {
            // The turn shares its whole head with the prompt: the block opens with the head's
            // last marker (`<|START_THINKING|>`; opened in the prompt unless the prompt goes on to
            // close it, as Hy3's `<think:opensource></think:opensource>` does), or with what the
            // prompt adds ("Here are my reasoning steps:\n").
            let marker = TextMarker.trailing(head)
            if !marker.isEmpty {
                start = marker
                startsInPrompt = shared == prompt.count
            } else {
                start = Array(prompt[shared...])
                startsInPrompt = true
            }
        } else if prompt.count > shared, prompt.suffix(start.count).elementsEqual(start) {
            startsInPrompt = true
        }
        let end = Array(after[(reasoningAt + reasoning.count)..<answerAt])
        let text = { (bytes: [UInt8]) in String(decoding: bytes, as: UTF8.self) }
        guard !text(start).trimmingWhitespace.isEmpty, !text(end).trimmingWhitespace.isEmpty else { return nil }
        return ReasoningFormat(start: text(start), end: text(end), startsInPrompt: startsInPrompt)
    }
}
