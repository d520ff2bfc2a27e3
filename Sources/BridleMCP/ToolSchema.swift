import BridleGeneration
import BridleJSONSchema
import BridleSchema
import Foundation
import MCP

/// How an MCP tool's `inputSchema` becomes the arguments' ``GenerationSchema``.
enum ToolSchema {
    /// The schema of the tool's arguments: imported from JSON Schema, its definitions renamed
    /// under the tool's name (two servers' `$defs` often share names such as `Item`, and a
    /// session merges every offered tool's definitions into one grammar), and compiled once to
    /// prove a grammar enforces it.
    ///
    /// - Parameter written: the schema as the server wrote it (property order kept); without
    ///   it, the SDK's `Value`, whose objects have no order, is read with its keys sorted.
    static func parameters(of tool: MCP.Tool, as written: GeneratedContent?) throws -> GenerationSchema {
        let document: GeneratedContent
        if let written {
            document = written
        } else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            document = try GeneratedContent(jsonData: Array(try encoder.encode(tool.inputSchema)))
        }
        let schema = try GenerationSchema(jsonSchema: document).prefixingDefinitions(with: "\(tool.name).")
        _ = try OutputConstraint(schema: schema)
        return schema
    }
}
