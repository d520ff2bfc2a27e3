import BridleSchema

/// One try by the model at a tool call that was refused before dispatch.
public struct ToolCallAttempt: Sendable, Hashable, Codable, CustomStringConvertible {
    /// From 1.
    public var number: Int
    /// The model's text, exactly as generated.
    public var text: String
    /// The tool it named, if its text named one.
    public var toolName: String?
    /// The arguments, if the text parsed.
    public var arguments: GeneratedContent?
    /// Why the call was refused, in the words the model was shown.
    public var problems: [String]

    public init(number: Int, text: String, toolName: String?, arguments: GeneratedContent?, problems: [String]) {
        self.number = number
        self.text = text
        self.toolName = toolName
        self.arguments = arguments
        self.problems = problems
    }

    public var description: String {
        "attempt \(number) (\(text)): \(problems.joined(separator: "; "))"
    }
}
