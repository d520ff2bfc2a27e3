import BridleBackend

/// How a conversation becomes the text a completion endpoint continues.
///
/// ```swift
/// PromptFormat.plain.text(for: [.user("Dramas from the fifties")])
/// // "User: Dramas from the fifties\nAssistant:"
/// ```
public struct PromptFormat: Sendable {
    private let render: @Sendable ([ChatMessage]) -> String

    /// Your own template, for an instruction-tuned model served without one.
    public init(_ render: @escaping @Sendable ([ChatMessage]) -> String) {
        self.render = render
    }

    /// ``PlainPrompt``: labelled turns without markup, as the in-process backend writes for a
    /// model without a chat template (base models such as gemma-3-270m). The default.
    public static let plain = PromptFormat(PlainPrompt.text(for:))

    public func text(for messages: [ChatMessage]) -> String {
        render(messages)
    }
}
