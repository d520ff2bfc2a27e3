import BridleBackend
import BridleSchema
import BridleTemplate

/// A model's own Jinja chat template with its special tokens: prompts written as Hugging Face
/// writes them, tools and calls included, and the tool-call format derived from it.
///
/// A GGUF may carry a second template for conversations with tools (`tool_use`, as Hermes
/// ships); it is used when tools are offered, as Hugging Face's `apply_chat_template` chooses.
struct JinjaPrompt: Sendable {
    let template: ChatTemplate
    let toolUse: ChatTemplate?
    let bosToken: String
    let eosToken: String
    /// Whether llama.cpp's tokenizer adds the start token itself: a rendered prompt that begins
    /// with it then loses it, so the model doesn't read two (llama.cpp's own chat code does
    /// the same).
    let tokenizerAddsBOS: Bool
    let formats: NativeFormats

    /// `nil` when Bridle's renderer refuses the template or it can write no one-message
    /// conversation, with tools or without: llama.cpp's own template code is then the fallback.
    init?(source: String, toolUseSource: String?, bosToken: String, eosToken: String, tokenizerAddsBOS: Bool) {
        guard let template = try? ChatTemplate(source: source) else { return nil }
        self.template = template
        toolUse = toolUseSource.flatMap { try? ChatTemplate(source: $0) }
        self.bosToken = bosToken
        self.eosToken = eosToken
        self.tokenizerAddsBOS = tokenizerAddsBOS
        formats = (toolUse ?? template).nativeFormats(bosToken: bosToken, eosToken: eosToken)
        // Some templates only write conversations with tools (Hermes' tool_use iterates them).
        let probe = ToolDeclaration(name: "probe", description: "", parameters: ["type": "object", "properties": [:]])
        guard (try? prompt(for: [.user("x")], tools: [])) != nil || (try? prompt(for: [.user("x")], tools: [probe])) != nil else { return nil }
    }

    var toolCallFormat: ToolCallFormat? { try? formats.toolCalls.get() }

    func prompt(for messages: [ChatMessage], tools: [ToolDeclaration]) throws(LlamaError) -> String {
        let input = ChatTemplateInput(
            messages: GeneratedContent(elements: messages.map(\.templateValue)),
            tools: tools.isEmpty ? nil : GeneratedContent(elements: tools.map(\.templateValue)),
            bosToken: bosToken, eosToken: eosToken, now: TemplateClock.now())
        var text: String
        do throws(TemplateError) {
            text = try (tools.isEmpty ? template : toolUse ?? template).render(input)
        } catch {
            throw .chatTemplateFailed(reason: error.description)
        }
        if tokenizerAddsBOS, !bosToken.isEmpty, text.hasPrefix(bosToken) { text.removeFirst(bosToken.count) }
        return text
    }
}
