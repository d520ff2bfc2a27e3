import BridleSchema

/// A tool as one request offers it: its arguments' schema with the date rules turned into
/// bounds for that request's "now".
package struct OfferedTool {
    package let tool: any Tool
    package let parameters: GenerationSchema

    package init(tool: any Tool, parameters: GenerationSchema) {
        self.tool = tool
        self.parameters = parameters
    }
}
