import BridleGGUF
@testable import BridleLlama
import BridleTestSupport
import Foundation
import Testing

/// `bridle make-model --template`: a tiny model carrying a real chat template reads, in
/// llama.cpp, like the template family's own model: each marker one special token, the EOS an
/// end of generation, and `bridle prompt --model` renders what the template file renders.
@Suite struct MakeModelTemplateTests {
    static let bridle = BuiltExecutable.url(named: "bridle")
    /// The real chat templates in the pinned llama.cpp source (as in BridleTemplateTests'
    /// RealTemplates), unpacked by `scripts/llama.sh`.
    static let templates = CachedArtifact.url(
        environment: "BRIDLE_CHAT_TEMPLATES",
        cachePath: "llama-cpp-python-0.3.36/llama-cpp-python-0.3.36/vendor/llama.cpp/models/templates")

    /// What make-model chooses for each family's flagship template (file stem: BOS, EOS).
    static let expectedEnds: [String: (begin: String, end: String)] = [
        "Qwen-Qwen3-0.6B": ("<|endoftext|>", "<|im_end|>"),
        "meta-llama-Llama-3.1-8B-Instruct": ("<|begin_of_text|>", "<|eot_id|>"),
        "mistralai-Mistral-Nemo-Instruct-2407": ("<s>", "</s>"),
        "openai-gpt-oss-120b": ("<|endoftext|>", "<|return|>"),
        "deepseek-ai-DeepSeek-R1-Distill-Qwen-32B": ("<｜begin▁of▁sentence｜>", "<｜end▁of▁sentence｜>"),
        "google-gemma-2-2b-it": ("<bos>", "<end_of_turn>"),
        "google-gemma-4-31B-it": ("<bos>", "<turn|>"),
        "ibm-granite-granite-4.0": ("<|endoftext|>", "<|end_of_text|>"),
        "microsoft-Phi-3.5-mini-instruct": ("<|endoftext|>", "<|end|>"),
    ]

    /// A tool-calling conversation every family can render (some refuse parts of it: then
    /// both renderings must refuse alike).
    static let messages = """
        [{"role": "system", "content": "You are a helpful assistant with access to tools."},
         {"role": "user", "content": "What's the weather in Paris?"},
         {"role": "assistant", "content": "", "tool_calls": [{"id": "a1b2c3d4e", "type": "function", "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]},
         {"role": "tool", "tool_call_id": "a1b2c3d4e", "name": "get_weather", "content": "{\\"temperature\\": 18}"},
         {"role": "assistant", "content": "It's 18 °C in Paris."},
         {"role": "user", "content": "Thanks!"}]
        """
    static let tools = """
        [{"type": "function", "function": {"name": "get_weather", "description": "The weather in a city.",
          "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]
        """

    private static func write(_ text: String, to url: URL) throws -> String {
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test(.enabled(if: templates != nil, "llama.cpp's chat templates not found: run `bash scripts/llama.sh` (or set BRIDLE_CHAT_TEMPLATES to models/templates)"))
    func everyRealTemplateMakesAModelLlamaCppReadsAsTheFamilys() throws {
        let bridle = try #require(Self.bridle, "build the bridle executable first (swift build)")
        let folder = try #require(Self.templates)
        let scratch = TestModels.folder.appendingPathComponent("templated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let messages = try Self.write(Self.messages, to: scratch.appendingPathComponent("messages.json"))
        let tools = try Self.write(Self.tools, to: scratch.appendingPathComponent("tools.json"))

        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jinja") }.sorted()
        #expect(files.count > 50)
        var rendered = 0
        var seenExpected: Set<String> = []
        let started = Date()
        for file in files {
            let name = String(file.dropLast(".jinja".count))
            let templatePath = folder.appendingPathComponent(file).path
            let model = scratch.appendingPathComponent(name + ".gguf")
            let made = try BuiltExecutable.runCapturingErrors(bridle, arguments: ["make-model", "--vocab", "512", "--seed", "1", "--template", templatePath, model.path])
            try #require(made.status == 0, "\(name): \(made.errors)")

            // The file: the template byte for byte, the markers as control tokens.
            let source = try String(contentsOfFile: templatePath, encoding: .utf8)
            let gguf = try GGUFFile(contentsOf: model)
            #expect(gguf["tokenizer.chat_template"]?.stringValue == source, "\(name)")
            guard case .array(.string(let tokens))? = gguf["tokenizer.ggml.tokens"],
                  case .array(.int32(let types))? = gguf["tokenizer.ggml.token_type"],
                  let bosID = gguf["tokenizer.ggml.bos_token_id"]?.integerValue,
                  let eosID = gguf["tokenizer.ggml.eos_token_id"]?.integerValue
            else {
                Issue.record("\(name): the vocabulary keys are missing")
                continue
            }
            #expect(tokens.count == 512, "\(name)")
            let (bos, eos) = (tokens[bosID], tokens[eosID])
            #expect(made.errors.contains("special token") && made.errors.contains("EOS \(eos), BOS \(bos)"), "\(name): \(made.errors)")
            if let expected = Self.expectedEnds[name] {
                #expect(bos == expected.begin && eos == expected.end, "\(name): BOS \(bos), EOS \(eos)")
                seenExpected.insert(name)
            }

            // llama.cpp: each marker is that one token, the EOS ends generation.
            let llama = try LlamaModel(path: model.path)
            for marker in TemplateMarkers.find(in: source) + [bos, eos] {
                let id = try #require(tokens.firstIndex(of: marker), "\(name): \(marker) is not in the vocabulary")
                #expect(types[id] == 3, "\(name): \(marker) is not a control token")
                #expect(try llama.tokenize(marker) == [Int32(id)], "\(name): \(marker)")
            }
            #expect(llama.isEndOfGeneration(Int32(eosID)), "\(name): EOS \(eos) does not end generation")

            // The model's template and tokens render as the template file with those tokens.
            let fixed = ["--messages", messages, "--tools", tools, "--now", "2026-11-28T10:30"]
            let fromModel = try BuiltExecutable.runCapturingErrors(bridle, arguments: ["prompt", "--model", model.path] + fixed)
            let fromFile = try BuiltExecutable.runCapturingErrors(
                bridle, arguments: ["prompt", "--template", templatePath, "--bos-token", bos, "--eos-token", eos] + fixed)
            #expect(fromModel.status == fromFile.status, "\(name): \(fromModel.errors) / \(fromFile.errors)")
            #expect(fromModel.output == fromFile.output, "\(name)")
            if fromModel.status == 0 {
                rendered += 1
                #expect(!fromModel.output.isEmpty, "\(name)")
            }
        }
        #expect(seenExpected == Set(Self.expectedEnds.keys))
        // Most families render the tool conversation; the rest refuse it as jinja2 would.
        #expect(rendered > files.count * 3 / 4, "\(rendered) of \(files.count) rendered")
        print("make-model --template: \(files.count) real templates, \(rendered) rendered the tool conversation, \(Int(Date().timeIntervalSince(started) * 1000)) ms")
    }

    @Test(arguments: [
        ("absent.jinja", nil, "no such file"),
        ("broken.jinja", "{% for m in messages %}{{ m.content }}", "line 1"),
    ] as [(String, String?, String)])
    func aTemplateThatCannotBeReadExitsWithTwo(file: String, text: String?, reason: String) throws {
        let bridle = try #require(Self.bridle, "build the bridle executable first (swift build)")
        let path = TestModels.folder.appendingPathComponent("\(UUID().uuidString)-\(file)")
        if let text { try Data(text.utf8).write(to: path) }
        let output = TestModels.folder.appendingPathComponent("\(UUID().uuidString).gguf")
        let result = try BuiltExecutable.runCapturingErrors(bridle, arguments: ["make-model", "--vocab", "512", "--template", path.path, output.path])
        #expect(result.status == 2)
        #expect(result.errors.contains(path.path) && result.errors.contains(reason), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aVocabularyTooSmallForTheMarkersSaysSo() throws {
        let bridle = try #require(Self.bridle, "build the bridle executable first (swift build)")
        let path = TestModels.folder.appendingPathComponent("\(UUID().uuidString).jinja")
        try Data("<|a|><|b|><|c|>{{ messages[0].content }}<|im_end|>".utf8).write(to: path)
        let output = TestModels.folder.appendingPathComponent("\(UUID().uuidString).gguf")
        let result = try BuiltExecutable.runCapturingErrors(bridle, arguments: ["make-model", "--vocab", "260", "--template", path.path, output.path])
        #expect(result.status == 2)
        #expect(result.errors.contains("at least 262"), "\(result.errors)")
    }
}
