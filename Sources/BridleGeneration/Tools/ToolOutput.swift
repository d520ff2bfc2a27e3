import BridleSchema

/// What a tool gives back to the model, and whether it is an expected failure.
///
/// ```swift
/// return ToolOutput("3 reminders found")                        // the model reads the text
/// return ToolOutput(["count": 3])                               // … or JSON
/// return ToolOutput.failure("No contact is named “Bob”.")       // the model sees a failure it can act on
/// ```
///
/// An expected failure (nothing found, not permitted) is output: the conversation goes on.
/// An error the tool throws instead ends the request with a ``ToolCallError``.
public struct ToolOutput: Sendable, Hashable, ConvertibleToGeneratedContent {
    public var generatedContent: GeneratedContent
    /// The call did not do what was asked, for a reason the model can act on.
    public var isFailure: Bool

    public init(_ content: GeneratedContent, isFailure: Bool = false) {
        self.generatedContent = content
        self.isFailure = isFailure
    }

    public init(_ text: String) {
        self.init(GeneratedContent(text))
    }

    /// An expected failure, reported to the model as the tool's output.
    public static func failure(_ message: String) -> ToolOutput {
        ToolOutput(GeneratedContent(message), isFailure: true)
    }

    /// The text the model reads: a string as it is, anything else as compact JSON.
    public var text: String { ModelText.of(generatedContent) }
}
