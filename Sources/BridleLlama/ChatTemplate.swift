import BridleGeneration
import CLlama
import Foundation

/// Writes a conversation as the prompt text a model expects.
///
/// The model's own template is applied through llama.cpp (`llama_chat_apply_template`, which
/// recognises the common template families). A model without a template, or with one llama.cpp
/// does not recognise, gets ChatML — the most widely trained format — rather than an error.
struct ChatTemplate: Sendable {
    let template: String?

    func prompt(for messages: [ChatMessage]) -> String {
        if let template, let text = Self.apply(template, to: messages) { return text }
        return Self.chatML(messages)
    }

    static func chatML(_ messages: [ChatMessage]) -> String {
        messages.map { "<|im_start|>\($0.role.rawValue)\n\($0.content)<|im_end|>\n" }.joined() + "<|im_start|>assistant\n"
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
