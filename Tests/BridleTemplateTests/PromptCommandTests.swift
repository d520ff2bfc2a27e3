import BridleGGUF
import BridleJSON
import BridleTemplate
import BridleTestSupport
import Foundation
import Testing

/// `bridle prompt` as a process: the library's rendering on standard output, the model's own
/// template and special tokens from a GGUF, and exit 2 with a reason for bad input.
@Suite struct PromptCommandTests {
    static let bridle = BuiltExecutable.url(named: "bridle")

    private static let template = """
        {{- bos_token }}{% for m in messages %}<|{{ m.role }}|>{{ m.content }}{{ eos_token }}
        {% endfor %}{% if tools %}tools: {{ tools|map(attribute='function.name')|join(', ') }} {{ tools[0]|tojson }}
        {% endif %}{% if add_generation_prompt %}<|assistant|>{% endif %}{{ strftime_now('%d %b %Y') }}
        """

    private func write(_ text: String, _ suffix: String) throws -> String {
        let url = ScratchFiles.url("bridle-prompt", extension: suffix)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let bridle = try #require(Self.bridle, "bridle was not built")
        return try BuiltExecutable.runCapturingErrors(bridle, arguments: ["prompt"] + arguments)
    }

    private let messages = #"[{"role": "user", "content": "Weather in Paris, é?"}, {"role": "assistant", "content": {"kept": "as an object"}}]"#
    private let tools = #"[{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}]"#

    @Test func itPrintsWhatTheLibraryRenders() throws {
        let result = try run([
            "--template", try write(Self.template, "jinja"), "--messages", try write(messages, "json"), "--tools", try write(tools, "json"),
            "--bos-token", "<s>", "--eos-token", "</s>", "--now", "2026-11-28T10:30",
        ])
        #expect(result.status == 0, "\(result.errors)")
        let expected = try ChatTemplate(source: Self.template).render(ChatTemplateInput(
            messages: try GeneratedContent(json: messages), tools: try GeneratedContent(json: tools), bosToken: "<s>", eosToken: "</s>",
            now: try #require(Calendar(identifier: .gregorian).date(from: DateComponents(year: 2026, month: 11, day: 28, hour: 10, minute: 30)))))
        #expect(result.output == expected)
        #expect(result.output.contains(#"<|assistant|>{'kept': 'as an object'}</s>"#))
        #expect(result.output.hasSuffix("28 Nov 2026"))
    }

    @Test func aModelBringsItsTemplateAndSpecialTokens() throws {
        let model = ScratchFiles.url("bridle-prompt", extension: "gguf")
        let writer = try GGUFWriter(url: model, metadata: [
            GGUFMetadataEntry("general.architecture", .string("llama")),
            GGUFMetadataEntry("tokenizer.chat_template", .string(Self.template)),
            GGUFMetadataEntry("tokenizer.ggml.tokens", .array(.string(["<unk>", "<|begin|>", "<|end|>"]))),
            GGUFMetadataEntry("tokenizer.ggml.bos_token_id", .uint32(1)),
            GGUFMetadataEntry("tokenizer.ggml.eos_token_id", .uint32(2)),
        ], tensors: [])
        try writer.finish()
        let result = try run(["--model", model.path, "--messages", try write(messages, "json"), "--no-generation-prompt"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("<|begin|><|user|>Weather in Paris, é?<|end|>\n"))
        #expect(!result.output.contains("<|assistant|>{% "))
        #expect(!result.output.contains("<|assistant|>2"))
    }

    @Test func theTemplatesOwnRefusalExitsWithOne() throws {
        let result = try run(["--template", try write("{{ raise_exception('Only user turns') }}", "jinja"), "--messages", try write(messages, "json")])
        #expect(result.status == 1)
        #expect(result.errors.contains("line 1: the template raised: Only user turns"))
    }

    @Test(arguments: [
        (["--messages", "{\"role\": \"user\"}"], "must be a JSON array"),
        (["--messages", "[{\"role\": "], "is not JSON"),
        (["--messages", "[]", "--tools", "{}"], "--tools"),
        (["--messages", "[]", "--now", "2026-02-30"], "is not a date"),
        (["--messages", "[]", "--now", "yesterday"], "is not a date"),
        (["--messages", "[]", "--template-text", "{% include 'x' %}"], "`include` is not supported"),
        (["--messages", "[]", "--template-text", "{% if x %}"], "line 1"),
    ])
    func badInputExitsWithTwoAndSaysWhy(arguments: [String], reason: String) throws {
        var resolved: [String] = []
        var template = "{{ messages|length }}"
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--messages", "--tools":
                resolved += [arguments[index], try write(arguments[index + 1], "json")]
            case "--template-text":
                template = arguments[index + 1]
            default:
                resolved += [arguments[index], arguments[index + 1]]
            }
            index += 2
        }
        let result = try run(["--template", try write(template, "jinja")] + resolved)
        #expect(result.status == 2)
        #expect(result.errors.contains(reason), "\(result.errors)")
    }

    @Test func aModelWithoutATemplateIsNamed() throws {
        let model = ScratchFiles.url("bridle-prompt", extension: "gguf")
        try GGUFWriter(url: model, metadata: [GGUFMetadataEntry("general.architecture", .string("gemma3"))], tensors: []).finish()
        let result = try run(["--model", model.path, "--messages", try write("[]", "json")])
        #expect(result.status == 2)
        #expect(result.errors.contains("has no tokenizer.chat_template"))
    }
}
