import Bridle
@testable import BridleMCP
import Foundation
import MCP
import Testing

/// What the model reads of a server's answer.
struct MCPToolTests {
    @Test func structuredContentIsTheOutput() throws {
        let written = try GeneratedContent(json: #"{"titles": ["a", "b"], "count": 2}"#)
        let value: Value? = ["titles": ["a", "b"], "count": 2]
        let result = CallTool.Result(content: [.text(text: "2 tasks", annotations: nil, _meta: nil)], structuredContent: value)
        #expect(MCPTool.output(of: result, structured: written) == ToolOutput(written), "as the server wrote it")
        let sorted = try GeneratedContent(json: #"{"count": 2, "titles": ["a", "b"]}"#)
        #expect(MCPTool.output(of: result) == ToolOutput(sorted), "keys sorted")
    }

    /// FastMCP sends a string a tool returns as {"result": "…"}: the model reads the string.
    @Test func aWrappedResultIsUnwrapped() throws {
        let wrapped: Value? = ["result": "Added."]
        let result = CallTool.Result(content: [.text(text: "Added.", annotations: nil, _meta: nil)], structuredContent: wrapped)
        #expect(MCPTool.output(of: result) == ToolOutput("Added."))
        let three: Value? = ["result": 3]
        let number = CallTool.Result(content: [], structuredContent: three)
        #expect(MCPTool.output(of: number) == ToolOutput(try GeneratedContent(json: "3")))
    }

    @Test func textContentIsJoinedAndOtherKindsAreNamed() {
        let result = CallTool.Result(content: [
            .text(text: "Here is the chart:", annotations: nil, _meta: nil),
            .image(data: "iVBORw0KGgo=", mimeType: "image/png", annotations: nil, _meta: nil),
        ])
        #expect(MCPTool.output(of: result) == ToolOutput("Here is the chart:\n[image/png image]"))
    }

    @Test func anErrorResultIsAFailedOutputTheModelSees() {
        let failed = MCPTool.output(of: CallTool.Result(content: [.text(text: "no such list", annotations: nil, _meta: nil)], isError: true))
        #expect(failed == .failure("no such list"))
        #expect(MCPTool.output(of: CallTool.Result(content: [], isError: true)).isFailure)
    }

    @Test(arguments: [
        #"{"title": "Tea \"now\"", "count": 3, "ratio": 0.5, "tags": ["a"], "due": null, "done": false}"#,
        #"{"big": 12345678901234, "nested": {"deep": [1, [2, 3]]}}"#,
    ])
    func argumentsKeepTheirValues(json: String) throws {
        let arguments = try GeneratedContent(json: json)
        let values = try MCPTool.argumentValues(arguments)
        let sent = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(values)) as? NSDictionary
        let written = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary
        #expect(sent == written)
    }
}
