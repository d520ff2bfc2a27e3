import BridleJSONSchema
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

    private enum CodingKeys: String, CodingKey {
        case number, text, toolName, arguments, problems
    }

    // Arguments are stored as JSON text, as in a transcript: Foundation's coders lose key order.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = try container.decode(Int.self, forKey: .number)
        text = try container.decode(String.self, forKey: .text)
        toolName = try container.decodeIfPresent(String.self, forKey: .toolName)
        arguments = try container.decodeIfPresent(JSONTextCoded.self, forKey: .arguments)?.wrappedValue
        problems = try container.decode([String].self, forKey: .problems)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(toolName, forKey: .toolName)
        try container.encodeIfPresent(arguments.map(JSONTextCoded.init(wrappedValue:)), forKey: .arguments)
        try container.encode(problems, forKey: .problems)
    }

    public var description: String {
        "attempt \(number) (\(text)): \(problems.joined(separator: "; "))"
    }
}
