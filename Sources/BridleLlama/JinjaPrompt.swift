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
    /// Whether the template writes a system message; when it refuses one (Gemma 2: "System
    /// role not supported"), the system text opens the first user message, as llama.cpp's
    /// built-in Gemma template does.
    private(set) var showsSystemMessages = true
    /// Whether the template shows a tool's result that answers no structured call (Bridle's
    /// envelope writes calls as text); when it drops or refuses one (Phi-3.5, MiniMax), the
    /// result comes as the user's message instead, so the model always reads it.
    private(set) var showsLooseToolResults = true

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
        showsSystemMessages = Self.shows("bridle_probe_system", in: [.system("bridle_probe_system"), .user("x")], with: self)
        showsLooseToolResults = Self.shows(
            "bridle_probe_result", in: [.user("x"), .assistant("y"), ChatMessage(role: .tool, content: "bridle_probe_result")], with: self)
    }

    /// Whether the conversation's prompt, with tools or without, contains `text`.
    private static func shows(_ text: String, in messages: [ChatMessage], with prompt: JinjaPrompt) -> Bool {
        let probe = ToolDeclaration(name: "probe", description: "", parameters: ["type": "object", "properties": [:]])
        return [[], [probe]].contains { tools in (try? prompt.render(messages, tools: tools))?.contains(text) == true }
    }

    var toolCallFormat: ToolCallFormat? { try? formats.toolCalls.get() }

    func prompt(for messages: [ChatMessage], tools: [ToolDeclaration]) throws(LlamaError) -> String {
        try render(adapted(messages), tools: tools)
    }

    /// `messages` in the roles the template shows (``showsSystemMessages``, ``showsLooseToolResults``).
    private func adapted(_ messages: [ChatMessage]) -> [ChatMessage] {
        var messages = messages
        if !showsLooseToolResults {
            for index in messages.indices where messages[index].role == .tool && messages[index].toolCallID == nil {
                messages[index] = .user(messages[index].content)
            }
        }
        if !showsSystemMessages, let first = messages.first, first.role == .system {
            messages.removeFirst()
            if let user = messages.firstIndex(where: { $0.role == .user }) {
                messages[user].content = first.content + "\n\n" + messages[user].content
            } else {
                messages.insert(.user(first.content), at: 0)
            }
        }
        return messages
    }

    private func render(_ messages: [ChatMessage], tools: [ToolDeclaration]) throws(LlamaError) -> String {
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
