import Bridle
import BridleGGUF
import BridleTestSupport
import Foundation
import Testing

/// `bridle generate --tools`: calls in the model's own format (a tiny model carrying Qwen2.5's
/// template) printed one JSON line each, every one valid for its tool; a malformed tool list is
/// a usage error that names the entry.
@Suite(.enabled(if: NativeTemplates.directory != nil, "llama.cpp's chat templates not found: run `bash scripts/llama.sh`"))
struct GenerateToolsCommandTests {
    static let tools = #"""
        [{"type":"function","function":{"name":"get_weather","description":"Weather in a city","parameters":{"type":"object","properties":{"city":{"type":"string","enum":["Oslo","Paris"]},"days":{"type":"integer","minimum":1,"maximum":7}},"required":["city","days"]}}},
         {"type":"function","function":{"name":"get_time","description":"Time in a zone","parameters":{"type":"object","properties":{"zone":{"type":"string","maxLength":12}},"required":["zone"]}}}]
        """#

    private func files() throws -> (model: URL, tools: URL) {
        let folder = try #require(NativeTemplates.directory)
        let source = try String(contentsOf: folder.appendingPathComponent("Qwen-Qwen2.5-7B-Instruct.jinja"), encoding: .utf8)
        let model = TestModels.folder.appendingPathComponent("qwen-template.gguf")
        try TinyModel(vocabularySize: 2000, seed: 1, template: try TinyModelTemplate(source: source)).write(to: model)
        let tools = TestModels.folder.appendingPathComponent("tools.json")
        try Data(Self.tools.utf8).write(to: tools)
        return (model, tools)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func eachCallIsOneValidJSONLine(seed: UInt64) throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let (model, tools) = try files()
        let run = try BuiltExecutable.runCapturingErrors(bridle, arguments: [
            "generate", "--model", model.path, "--tools", tools.path, "--prompt", "Weather in Oslo?", "--seed", "\(seed)",
            "--tool-choice", "required", "--statistics",
        ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("calls in the model's own format, opened by \"<tool_call>\""), "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        #expect(!lines.isEmpty)
        var schemas: [String: GenerationSchema] = [:]
        for entry in try GeneratedContent(json: Self.tools).elements() {
            let function = try #require(entry.orderedProperties?.first { $0.name == "function" }?.value)
            let parameters = try #require(function.orderedProperties?.first { $0.name == "parameters" }?.value)
            schemas[try function.value(String.self, forProperty: "name")] = try GenerationSchema(jsonSchema: parameters.jsonString)
        }
        for line in lines {
            let call = try GeneratedContent(json: String(line))
            let name = try call.value(String.self, forProperty: "name")
            let schema = try #require(schemas[name], "\(name) is not a tool")
            let arguments = try #require(call.orderedProperties?.first { $0.name == "arguments" }?.value)
            #expect(schema.violations(of: arguments).isEmpty, "\(line)")
        }
    }

    @Test func aMalformedToolListNamesTheEntry() throws {
        let bridle = try #require(BuiltExecutable.url(named: "bridle"), "build the bridle executable first (swift build)")
        let (model, _) = try files()
        let broken = TestModels.folder.appendingPathComponent("broken-tools.json")
        try Data(#"[{"type":"function","function":{"name":"f","parameters":{"type":"objekt"}}}]"#.utf8).write(to: broken)
        let run = try BuiltExecutable.runCapturingErrors(bridle, arguments: [
            "generate", "--model", model.path, "--tools", broken.path, "--prompt", "x",
        ])
        #expect(run.status == 2)
        #expect(run.errors.contains("[0].function.parameters"), "\(run.errors)")
    }
}
