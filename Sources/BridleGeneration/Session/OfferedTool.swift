import BridleSchema

/// A tool as one request offers it: its arguments' schema with the date rules turned into
/// bounds for that request's "now".
struct OfferedTool {
    let tool: any Tool
    let parameters: GenerationSchema
}
