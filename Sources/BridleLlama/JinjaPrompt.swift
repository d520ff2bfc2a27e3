import BridleBackend
import BridleSchema
import BridleTemplate
import Foundation

/// A model's own Jinja chat template with its special tokens: prompts written as Hugging Face
/// writes them, tools and calls included, and the tool-call format derived from it.
struct JinjaPrompt: Sendable {
    let template: ChatTemplate
    let bosToken: String
    let eosToken: String
    /// Whether llama.cpp's tokenizer adds the start token itself: a rendered prompt that begins
    /// with it then loses it, so the model doesn't read two (llama.cpp's own chat code does
    /// the same).
    let tokenizerAddsBOS: Bool
    let formats: NativeFormats

    /// `nil` when Bridle's renderer refuses the template or it can't write a one-message
    /// conversation: llama.cpp's own template code is then the fallback.
    init?(source: String, bosToken: String, eosToken: String, tokenizerAddsBOS: Bool) {
        guard let template = try? ChatTemplate(source: source) else { return nil }
        self.template = template
        self.bosToken = bosToken
        self.eosToken = eosToken
        self.tokenizerAddsBOS = tokenizerAddsBOS
        formats = template.nativeFormats(bosToken: bosToken, eosToken: eosToken)
        guard (try? prompt(for: [.user("x")], tools: [])) != nil else { return nil }
    }

    var toolCallFormat: ToolCallFormat? { try? formats.toolCalls.get() }

    func prompt(for messages: [ChatMessage], tools: [ToolDeclaration]) throws(LlamaError) -> String {
        let input = ChatTemplateInput(
            messages: GeneratedContent(elements: messages.map(\.templateValue)),
            tools: tools.isEmpty ? nil : GeneratedContent(elements: tools.map(\.templateValue)),
            bosToken: bosToken, eosToken: eosToken, now: TemplateClock.now())
        var text: String
        do throws(TemplateError) {
            text = try template.render(input)
        } catch {
            throw .chatTemplateFailed(reason: error.description)
        }
        if tokenizerAddsBOS, !bosToken.isEmpty, text.hasPrefix(bosToken) { text.removeFirst(bosToken.count) }
        return text
    }
}
