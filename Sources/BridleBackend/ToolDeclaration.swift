import BridleSchema

/// A tool as a model's own chat template shows it: the OpenAI function shape that templates
/// render into their system prompt (`{"type": "function", "function": {"name", "description",
/// "parameters"}}`).
///
/// ```swift
/// ToolDeclaration(name: "get_weather", description: "Today's weather in a city",
///                 parameters: try GeneratedContent(json: #"{"type":"object","properties":{"city":{"type":"string"}}}"#))
/// ```
public struct ToolDeclaration: Sendable, Hashable {
    public var name: String
    public var description: String
    /// The arguments' JSON Schema, as the template prints it.
    public var parameters: GeneratedContent

    public init(name: String, description: String, parameters: GeneratedContent) {
        self.name = name
        self.description = description
        self.parameters = parameters
    }

    /// The OpenAI shape chat templates iterate over.
    public var templateValue: GeneratedContent {
        GeneratedContent(properties: [
            ("type", GeneratedContent("function")),
            ("function", GeneratedContent(properties: [
                ("name", GeneratedContent(name)), ("description", GeneratedContent(description)), ("parameters", parameters),
            ])),
        ])
    }
}
