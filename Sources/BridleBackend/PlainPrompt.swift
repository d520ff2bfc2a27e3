/// A conversation as a plain completion prompt, for models without a chat template (base
/// models such as gemma-3-270m): no markup, only text every vocabulary can spell.
///
/// The system message comes first as a paragraph; each turn is a line led by its speaker's
/// label; the text ends with the label of the reply to write, so a model that continues
/// documents writes the answer next.
///
/// ```swift
/// PlainPrompt.text(for: [.system("Answer in JSON."), .user("Dramas from the fifties")])
/// // "Answer in JSON.\n\nUser: Dramas from the fifties\nAssistant:"
/// ```
///
/// Chat markup such as ChatML's `<|im_start|>` is left out on purpose: in a vocabulary that
/// lacks those markers they are ordinary text, which a model then imitates in its reply.
public enum PlainPrompt {
    public static func text(for messages: [ChatMessage]) -> String {
        var paragraphs: [String] = []
        var turns: [String] = []
        for message in messages {
            if message.role == .system, turns.isEmpty {
                paragraphs.append(message.content)
            } else {
                turns.append("\(label(message.role)): \(message.content)")
            }
        }
        turns.append("\(label(.assistant)):")
        paragraphs.append(turns.joined(separator: "\n"))
        return paragraphs.joined(separator: "\n\n")
    }

    private static func label(_ role: ChatMessage.Role) -> String {
        switch role {
        case .system: "System"
        case .user: "User"
        case .assistant: "Assistant"
        case .tool: "Tool result"
        }
    }
}
