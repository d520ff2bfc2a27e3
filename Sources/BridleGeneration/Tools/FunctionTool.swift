import BridleSchema

/// A function known only by its declaration (an OpenAI-style `tools` entry, an MCP-less tool
/// list): its name, description and arguments' schema. Bridle constrains and checks calls to
/// it, and never runs it: the calls go back to whoever declared it
/// (``LanguageModel/toolCalls(to:tools:options:)``, `bridle serve`).
///
/// ```swift
/// let weather = FunctionTool(name: "get_weather", description: "Today's weather",
///                            parameters: try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}"#))
/// ```
public struct FunctionTool: Tool {
    public typealias Arguments = GeneratedContent
    public typealias Output = ToolOutput

    public let name: String
    public let description: String
    public let parameters: GenerationSchema

    public init(name: String, description: String, parameters: GenerationSchema) {
        self.name = name
        self.description = description
        self.parameters = parameters
    }

    public func call(arguments: GeneratedContent) async throws -> ToolOutput {
        .failure("\(name) is a declaration: its calls go back to whoever declared it, and Bridle never runs them")
    }
}
