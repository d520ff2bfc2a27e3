import BridleBackend
import BridleTemplate
import CLlama
import Foundation

/// A ``PromptTemplate`` resolved for one model: what its prompts are written with.
struct ChatFormatter: Sendable, CustomStringConvertible {
    private enum Format: Sendable {
        /// The model's own Jinja template, rendered by Bridle as Hugging Face renders it, with
        /// tools and calls.
        case jinja(JinjaPrompt)
        /// A Jinja template Bridle's renderer refused, or a built-in template's name: llama.cpp
        /// applies both (no tools, no calls).
        case llama(template: String)
        case plain
    }

    private let format: Format
    let description: String

    init(_ choice: PromptTemplate, model: LlamaModel) {
        switch choice {
        case .plain:
            (format, description) = (.plain, "none (plain text, chosen)")
        case .builtin(let name):
            (format, description) = (.llama(template: name), "\(name) (chosen)")
        case .automatic:
            if let jinja = model.jinjaPrompt {
                (format, description) = (.jinja(jinja), "the model's own chat template")
            } else if let own = model.chatTemplate, Self.apply(own, to: [.user("x")]) != nil {
                (format, description) = (.llama(template: own), "the model's own chat template, as llama.cpp knows it")
            } else if model.hasToken("<|im_start|>"), model.hasToken("<|im_end|>") {
                (format, description) = (.llama(template: "chatml"), "chatml (the vocabulary has its markers)")
            } else {
                let why = model.chatTemplate == nil ? "the model has no chat template" : "llama.cpp does not know the model's template"
                (format, description) = (.plain, "none (plain text: \(why))")
            }
        }
    }

    /// How the model writes tool calls, when its prompts show tools in its own template.
    var toolCallFormat: ToolCallFormat? {
        guard case .jinja(let jinja) = format else { return nil }
        return jinja.toolCallFormat
    }

    /// How the model reasons before it answers, when its own template has a reasoning block
    /// (`<think>…</think>`) and writes the prompts.
    var reasoningFormat: ReasoningFormat? {
        guard case .jinja(let jinja) = format else { return nil }
        return jinja.formats.reasoning
    }

    /// The prompt for `messages`, with `tools` shown when the model's own template renders
    /// them; other formats show only the messages' text (sessions then describe tools
    /// themselves).
    func prompt(for messages: [ChatMessage], tools: [ToolDeclaration] = []) throws(LlamaError) -> String {
        switch format {
        case .jinja(let jinja):
            return try jinja.prompt(for: messages, tools: tools)
        case .llama(let template):
            // A built-in name or a template that applied once applies to every conversation.
            return Self.apply(template, to: messages) ?? PlainPrompt.text(for: messages)
        case .plain:
            return PlainPrompt.text(for: messages)
        }
    }

    private static func apply(_ template: String, to messages: [ChatMessage]) -> String? {
        let roles = messages.map { strdup($0.role.rawValue) }
        let contents = messages.map { strdup($0.content) }
        defer { (roles + contents).forEach { free($0) } }
        var chat = zip(roles, contents).map { llama_chat_message(role: $0, content: $1) }
        var capacity = 2 * messages.reduce(256) { $0 + $1.content.utf8.count }
        for _ in 0..<2 {
            var buffer = [CChar](repeating: 0, count: capacity)
            let length = llama_chat_apply_template(template, &chat, chat.count, true, &buffer, Int32(capacity))
            if length < 0 { return nil }
            if Int(length) <= capacity {
                return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity = Int(length)
        }
        return nil
    }
}
