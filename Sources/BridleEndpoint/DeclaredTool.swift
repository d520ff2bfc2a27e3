import BridleGeneration
import BridleJSONSchema
import BridleSchema

/// A function a request offers in `tools`: a ``FunctionTool`` the turn may call, its
/// `parameters` read as JSON Schema so the turn's grammar admits only calls whose arguments
/// match. The endpoint never runs it: a call goes back to the client (`tool_calls`), which
/// runs it and sends the result in a `tool` message.
typealias DeclaredTool = FunctionTool

extension FunctionTool {
    /// What parameters default to when a function declares none.
    private static let noParameters: GeneratedContent = ["type": "object", "properties": [:]]

    /// The `tools` of a request, checked: functions only, names as OpenAI allows them and
    /// distinct, each `parameters` a JSON Schema Bridle reads.
    static func declarations(in field: RequestField) throws(EndpointError) -> [DeclaredTool] {
        var tools: [DeclaredTool] = []
        var names: Set<String> = []
        for element in try field.array() {
            try element.refuseUnknownKeys(["type", "function"])
            _ = try element.required("type").choice(["function"])
            let function = try element.required("function")
            try function.refuseUnknownKeys(["name", "description", "parameters", "strict"])
            let nameField = try function.required("name")
            let name = try nameField.string()
            guard (1...64).contains(name.count), name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
                throw nameField.problem("a function name is 1 to 64 letters, digits, underscores or dashes")
            }
            guard names.insert(name).inserted else {
                throw nameField.problem("two tools are named \"\(name)\"")
            }
            // Bridle always enforces the schema, strict or not.
            _ = try function.optional("strict")?.bool()
            let parametersField = try function.optional("parameters")
            let schema = try JSONSchemaDocument.read(parametersField?.value ?? noParameters, at: parametersField?.path ?? "\(function.path).parameters")
            tools.append(DeclaredTool(name: name, description: try function.optional("description")?.string() ?? "", parameters: schema))
        }
        return tools
    }
}

extension FunctionTool {
    /// An OpenAI-style tool list (`[{"type": "function", "function": {…}}]`) as tools, checked
    /// as the endpoint checks a request's `tools` (`bridle generate --tools` reads its file so).
    ///
    /// ```swift
    /// let tools = try FunctionTool.openAITools(try GeneratedContent(json: text))
    /// ```
    ///
    /// - Throws: ``EndpointError`` naming the entry (`[1].function.parameters#/type`) and what is wrong.
    public static func openAITools(_ list: GeneratedContent) throws(EndpointError) -> [FunctionTool] {
        try declarations(in: RequestField(list, path: ""))
    }
}
