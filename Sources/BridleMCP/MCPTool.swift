import BridleGeneration
import BridleSchema
import Foundation
import MCP

/// One tool of an MCP server, offered to a session like a native ``BridleGeneration/Tool``:
/// the model's call is generated under the grammar of the tool's `inputSchema`, checked again
/// against it before dispatch, and only then sent as `tools/call`. Arguments that fail a check
/// never reach the server.
///
/// Get them from ``MCPConnection/tools()`` (or hand the connection to a session as a
/// ``BridleGeneration/ToolProvider``).
///
/// The server's answer becomes the ``BridleGeneration/ToolOutput`` the model reads: its
/// `structuredContent` when it sends one, otherwise its text (other content kinds are named,
/// not inlined); `isError: true` becomes a failed output the model sees.
public struct MCPTool: BridleGeneration.Tool {
    public typealias Arguments = GeneratedContent
    public typealias Output = ToolOutput

    public let name: String
    public let description: String
    public let parameters: GenerationSchema
    public let requiresApproval: Bool
    /// The tool as the server listed it.
    public let definition: MCP.Tool
    let connection: MCPConnection

    public func call(arguments: GeneratedContent) async throws -> ToolOutput {
        let (result, structured) = try await connection.call(tool: name, arguments: try Self.argumentValues(arguments))
        return Self.output(of: result, structured: structured)
    }

    /// The arguments as MCP's values (they are an object: the tool's schema says so).
    static func argumentValues(_ arguments: GeneratedContent) throws -> [String: Value] {
        try JSONDecoder().decode([String: Value].self, from: Data(arguments.jsonString.utf8))
    }

    /// - Parameter structured: the result's `structuredContent` as the server wrote it (key
    ///   order kept); without it, the SDK's decoded value is read with its keys sorted.
    static func output(of result: CallTool.Result, structured: GeneratedContent? = nil) -> ToolOutput {
        let text = result.content.map(Self.text(of:)).joined(separator: "\n")
        if result.isError == true {
            return .failure(text.isEmpty ? "the tool reported an error" : text)
        }
        guard let content = structured ?? result.structuredContent.flatMap(Self.sortedContent(of:)) else {
            return ToolOutput(text)
        }
        // FastMCP (and other SDKs) send a return value that is not an object as
        // {"result": value}: the value is what the tool returned.
        if case .structure(let fields, let keys) = content.kind, keys == ["result"], let value = fields["result"] {
            if case .string(let string) = value.kind { return ToolOutput(string) }
            return ToolOutput(value)
        }
        return ToolOutput(content)
    }

    private static func sortedContent(of value: Value) -> GeneratedContent? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(value)).flatMap { try? GeneratedContent(jsonData: Array($0)) }
    }

    private static func text(of content: MCP.Tool.Content) -> String {
        switch content {
        case .text(let text, _, _): text
        case .image(_, let mimeType, _, _): "[\(mimeType) image]"
        case .audio(_, let mimeType, _, _): "[\(mimeType) audio]"
        case .resource(let resource, _, _): resource.text ?? "[resource \(resource.uri)]"
        case .resourceLink(let uri, let name, _, _, _, _): "[resource link \(name): \(uri)]"
        }
    }
}
