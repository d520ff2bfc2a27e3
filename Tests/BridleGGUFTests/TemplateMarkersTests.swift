import BridleGGUF
import Testing

/// Which texts of a chat template are special-token markers: only what the template writes
/// (raw text, string literals), only marker-shaped, each once in order of appearance.
@Suite struct TemplateMarkersTests {
    @Test(arguments: [
        // Qwen: markers in literals and raw text, a comparison in code that is no tag.
        ("{%- if messages|length < 2 %}<|im_start|>system\n{% endif %}{{ '<|im_start|>' + m.role }}<tool_call>\n{{ x }}\n</tool_call><|im_end|>",
         ["<|im_start|>", "<tool_call>", "</tool_call>", "<|im_end|>"]),
        ("{{- '<think>\\n\\n</think>\\n\\n' }}", ["<think>", "</think>"]),
        // Llama 3: the BOS comes from a variable, so only the header markers are spelled.
        ("{{- bos_token }}{{ '<|start_header_id|>' + message['role'] + '<|end_header_id|>\\n\\n' }}{{ '<|python_tag|>' }}{{ '<|eot_id|>' }}",
         ["<|start_header_id|>", "<|end_header_id|>", "<|python_tag|>", "<|eot_id|>"]),
        // Mistral: upper-case brackets; `[0]` indexing and `[/]` are no markers.
        ("{{ '[AVAILABLE_TOOLS]' + tools|tojson + '[/AVAILABLE_TOOLS]' }}[INST] {{ messages[0]['content'] }}[/INST]{{ '[TOOL_CALLS]' + name + '[ARGS]' }}[A] [/] [Dict]",
         ["[AVAILABLE_TOOLS]", "[/AVAILABLE_TOOLS]", "[INST]", "[/INST]", "[TOOL_CALLS]", "[ARGS]"]),
        // DeepSeek: full-width bars and `▁` in the name.
        ("{{'<｜Assistant｜><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>' + tool['type'] + '<｜tool▁sep｜>'}}{{'<｜end▁of▁sentence｜>'}}",
         ["<｜Assistant｜>", "<｜tool▁calls▁begin｜>", "<｜tool▁call▁begin｜>", "<｜tool▁sep｜>", "<｜end▁of▁sentence｜>"]),
        // gpt-oss, in double-quoted literals.
        (#"{{- "<|start|>assistant<|channel|>final<|message|>" + message.content + "<|return|>" }}"#,
         ["<|start|>", "<|channel|>", "<|message|>", "<|return|>"]),
        // Gemma 2 and Gemma 4's one-sided bars; `<|"|>` has no name.
        ("{{ bos_token }}<start_of_turn>user\n{{ c }}<end_of_turn>\n{{ '<|turn>model\\n' }}{{ '<|tool_call>call:' + n + '<|\"|>' + '<tool_call|>' }}<turn|>",
         ["<start_of_turn>", "<end_of_turn>", "<|turn>", "<|tool_call>", "<tool_call|>", "<turn|>"]),
        // Granite, Seed-OSS (a colon in the name) and GLM's raw text.
        ("<|start_of_role|>user<|end_of_role|>{{ c }}<|end_of_text|>\n<|tool_call|>", ["<|start_of_role|>", "<|end_of_role|>", "<|end_of_text|>", "<|tool_call|>"]),
        ("{%- set bos_token = '<seed:bos>' -%}<seed:think></seed:think>", ["<seed:bos>", "<seed:think>", "</seed:think>"]),
        // Placeholders in instructions, comments and expressions are no markers.
        ("<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call><function=example>",
         ["<tool_call>", "</tool_call>"]),
        ("{# <|im_start|> is written below #}{% if a<b and c>d %}{{ x<y }}{% endif %}<3 <:x> </> <|> << >>", []),
        ("{{ {'a': {'b': '<|dict|>'}} }}after<|end|>", ["<|dict|>", "<|end|>"]),
        // Each marker once, in order of first appearance.
        ("<|b|><|a|><|b|>{{ '<|a|>' }}<|c|>", ["<|b|>", "<|a|>", "<|c|>"]),
    ])
    func findsTheMarkersATemplateWrites(source: String, expected: [String]) {
        #expect(TemplateMarkers.find(in: source) == expected)
    }

    @Test(arguments: [
        ("<|im_end|>\n<|im_start|>", "<|im_end|>"),
        ("<end_of_turn>", "<end_of_turn>"),
        ("[/INST] hi", "[/INST]"),
        ("<｜end▁of▁sentence｜>", "<｜end▁of▁sentence｜>"),
        ("</s>", "</s>"),
        ("< s>", nil),
        ("plain", nil),
        ("[1, 2]", nil),
        ("<|unterminated", nil),
    ] as [(String, String?)])
    func readsTheMarkerTextStartsWith(text: String, expected: String?) {
        #expect(TemplateMarkers.leading(in: text[...]) == expected)
    }

    @Test func aMarkerLongerThanTheLimitIsText() {
        let long = "<|" + String(repeating: "a", count: TemplateMarkers.maximumLength) + "|>"
        #expect(TemplateMarkers.find(in: long).isEmpty)
        #expect(TemplateMarkers.leading(in: long[...]) == nil)
    }

    @Test(arguments: [
        (["<|start_header_id|>", "<|eot_id|>"], "<|begin_of_text|>", "<|eot_id|>"),
        (["[INST]", "[/INST]"], "<s>", "</s>"),
        (["<start_of_turn>"], "<bos>", "<eos>"),
        (["<｜User｜>", "<｜Assistant｜>"], "<｜begin▁of▁sentence｜>", "<｜end▁of▁sentence｜>"),
    ])
    func knownFamiliesNameTheirBOSAndEOS(markers: [String], begin: String, end: String) throws {
        let family = try #require(TemplateFamily.identify(markers: markers))
        #expect(family.beginToken == begin)
        #expect(family.endToken == end)
    }

    @Test func chatMLIsNoFamilyThatNeedsNames() {
        #expect(TemplateFamily.identify(markers: ["<|im_start|>", "<|im_end|>"]) == nil)
    }
}
