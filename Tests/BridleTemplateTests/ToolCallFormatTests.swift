import BridleJSON
import BridleTemplate
import BridleTestSupport
import Foundation
import Testing

/// Native tool-call and reasoning formats derived from the real templates by rendering probe
/// conversations, and the parser that reads calls back.
@Suite struct ToolCallFormatTests {
    /// Every real template: detection never crashes, and every derived format reads back the
    /// template's own rendering of other calls (one, and two where it writes two), and writes
    /// exactly what the template writes.
    @Test(.enabled(if: RealTemplates.directory != nil, RealTemplates.missing))
    func everyDerivedFormatReadsBackTheTemplatesOwnCalls() throws {
        var rows: [String] = []
        var derived = 0, reasoning = 0
        let templates = try RealTemplates.all()
        for (name, source) in templates {
            guard let template = try? ChatTemplate(source: source) else {
                rows.append("| \(name) | none | none | the template does not parse |")
                continue
            }
            let formats = template.nativeFormats(bosToken: "<s>", eosToken: "</s>")
            let reasoningText = formats.reasoning.map(Self.describe) ?? "none"
            if formats.reasoning != nil { reasoning += 1 }
            switch formats.toolCalls {
            case .failure(let why):
                rows.append("| \(name) | none | \(reasoningText) | \(why.reason) |")
            case .success(let format):
                derived += 1
                rows.append("| \(name) | \(Self.cell(formats.callFormatDescription)) | \(reasoningText) | |")
                try checkRoundTrip(format, template, name: name)
            }
        }
        let table = """
            | template | tool calls | reasoning | why no tool-call format |
            |---|---|---|---|
            \(rows.joined(separator: "\n"))

            \(derived) of \(templates.count) templates yield a tool-call format, \(reasoning) a reasoning format.

            """
        try? table.write(toFile: "/tmp/native-formats.md", atomically: true, encoding: .utf8)
        print(table)
        // 32 of the 70 pinned templates; the rest write arguments as XML or key-value text,
        // write no calls, or refuse the probes.
        #expect(derived >= 32, "\(table)")
    }

    private func checkRoundTrip(_ format: ToolCallFormat, _ template: ChatTemplate, name: String) throws {
        let weather = NativeFormatConversations.weather, time = NativeFormatConversations.time
        let part = try NativeFormatConversations.assistantPart(template, calls: [weather])
        let parsed = try #require(try? format.parse(part), "\(name): \((Result { try format.parse(part) }))\n\(part)")
        #expect(parsed.calls.map(\.name) == [weather.name], "\(name)")
        #expect(parsed.calls.map(\.arguments) == [weather.arguments], "\(name)")
        if format.argumentsLayout != .flexible {
            let built = format.text(for: [(weather.name, weather.arguments, weather.id)])
            #expect(part.hasSuffix(built), "\(name): built \(built.debugDescription)\ntemplate \(part.debugDescription)")
            #expect(String(part.dropLast(built.count)).trimmingCharacters(in: .whitespacesAndNewlines) == parsed.content, "\(name)")
        }
        guard format.callSeparator != nil else { return }
        let two = try NativeFormatConversations.assistantPart(template, calls: [weather, time])
        let both = try format.parse(two)
        #expect(both.calls.map(\.name) == [weather.name, time.name], "\(name)")
        #expect(both.calls.map(\.arguments) == [weather.arguments, time.arguments], "\(name)")
        if format.argumentsLayout != .flexible {
            let built = format.text(for: [(weather.name, weather.arguments, weather.id), (time.name, time.arguments, time.id)])
            #expect(two.hasSuffix(built), "\(name): built \(built.debugDescription)\ntemplate \(two.debugDescription)")
        }
    }

    /// Well-known families, pinned exactly so a change in the derivation shows.
    @Test(.enabled(if: RealTemplates.directory != nil, RealTemplates.missing))
    func wellKnownFamiliesArePinned() throws {
        let hermes = ToolCallFormat(
            callStart: "<tool_call>\n{\"name\": \"", nameEnd: "\", \"arguments\": ", callEnd: "}\n</tool_call>", callSeparator: "\n")
        #expect(try formats("Qwen-Qwen2.5-7B-Instruct").toolCalls.get() == hermes)
        #expect(try formats("NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use").toolCalls.get() == hermes)
        #expect(hermes.trigger == "<tool_call>")
        let llama = try formats("meta-llama-Llama-3.1-8B-Instruct")
        #expect(try llama.toolCalls.get() == ToolCallFormat(callStart: "{\"name\": \"", nameEnd: "\", \"parameters\": ", callEnd: "}"))
        #expect(llama.callFormatDescription == "JSON {name, parameters}")
        let nemo = try formats("mistralai-Mistral-Nemo-Instruct-2407")
        #expect(try nemo.toolCalls.get() == ToolCallFormat(
            sectionStart: "[TOOL_CALLS][", callStart: "{\"name\": \"", nameEnd: "\", \"arguments\": ", callEnd: ", \"id\": \"\"}",
            callSeparator: ", ", sectionEnd: "]", callID: ToolCallIDSlot(piece: .callEnd, offset: 9)))
        #expect(nemo.callFormatDescription == "[TOOL_CALLS] JSON list {name, arguments}")
        let gptOSS = try formats("openai-gpt-oss-120b")
        #expect(try gptOSS.toolCalls.get() == ToolCallFormat(
            callStart: " to=functions.", nameEnd: "<|channel|>commentary json<|message|>", callEnd: "<|call|>"))
        #expect(gptOSS.reasoning == ReasoningFormat(
            start: "<|channel|>analysis<|message|>", end: "<|end|><|start|>assistant<|channel|>final<|message|>", startsInPrompt: false))
        let qwen3 = try formats("Qwen-Qwen3-0.6B")
        #expect(qwen3.reasoning == ReasoningFormat(start: "<think>\n", end: "\n</think>\n\n", startsInPrompt: false))
        // Unsloth's SmolLM3 template drops tools and calls altogether.
        let smol = try formats("HuggingFaceTB-SmolLM3-3B")
        #expect(smol.toolCalls == .failure(FormatUnavailable(reason: "the template renders no tool calls")))
        #expect(smol.reasoning == nil)
        #expect(try formats("Qwen3-Coder").toolCalls == .failure(FormatUnavailable(reason: "arguments are not written as JSON")))
    }

    private func formats(_ name: String) throws -> NativeFormats {
        let source = try #require(try RealTemplates.all().first { $0.name == name }?.source, "no template \(name)")
        return try ChatTemplate(source: source).nativeFormats(bosToken: "<s>", eosToken: "</s>")
    }

    static let qwen = ToolCallFormat(
        callStart: "<tool_call>\n{\"name\": \"", nameEnd: "\", \"arguments\": ", callEnd: "}\n</tool_call>", callSeparator: "\n")
    static let nemo = ToolCallFormat(
        sectionStart: "[TOOL_CALLS][", callStart: "{\"name\": \"", nameEnd: "\", \"arguments\": ", callEnd: ", \"id\": \"\"}",
        callSeparator: ", ", sectionEnd: "]", callID: ToolCallIDSlot(piece: .callEnd, offset: 9))

    @Test func proseBeforeTheCallsIsContentAndIdsAreRead() throws {
        let parsed = try Self.nemo.parse(#"Sure.  [TOOL_CALLS][{"name": "f", "arguments": {"a": [1, "}"]}, "id": "abc123def"}, {"name": "g", "arguments": {}, "id": ""}]"#)
        #expect(parsed.content == "Sure.")
        #expect(parsed.calls == [
            ParsedToolCall(name: "f", arguments: ["a": [1, "}"]], id: "abc123def"), ParsedToolCall(name: "g", arguments: [:], id: ""),
        ])
        let plain = try Self.qwen.parse("No tools needed.\n")
        #expect(plain == ParsedToolCalls(content: "No tools needed.\n", calls: []))
    }

    @Test func aWrongClosingMarkerNamesTheByte() {
        let text = "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_calls>"
        #expect(throws: ToolCallParseError(offset: 66, message: #"expected "}\n</tool_call>" after the arguments of "get_weather""#)) {
            try Self.qwen.parse(text)
        }
        let error = Result { try Self.qwen.parse(text) }
        #expect("\(error)".contains("at byte 66: expected"))
        #expect(throws: ToolCallParseError.self) { try Self.nemo.parse(#"[TOOL_CALLS][{"name": "f", "arguments": {"a": 1}, "id": "x"}}"#) }
    }

    /// Random valid call texts cut at every byte: never a crash, and either fewer calls than
    /// written or a typed error that points inside the cut text.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func cutsAtEveryByteReadFewerCallsOrThrow(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let formats = [Self.qwen, Self.nemo, ToolCallFormat(callStart: "{\"name\": \"", nameEnd: "\", \"parameters\": ", callEnd: "}")]
        let format = formats[Int.random(in: 0..<formats.count, using: &generator)]
        let count = format.callSeparator == nil ? 1 : Int.random(in: 1...3, using: &generator)
        let calls = (0..<count).map { index in
            (name: "tool_\(index)", arguments: Self.randomValue(depth: 0, using: &generator), id: String?("id\(index)x"))
        }
        let text = "Prose é 東京 " + format.text(for: calls)
        let whole = try format.parse(text)
        #expect(whole.calls.map(\.name) == calls.map(\.name), "seed \(seed)")
        #expect(whole.calls.map(\.arguments) == calls.map(\.arguments), "seed \(seed)")
        let bytes = Array(text.utf8)
        for cut in 0..<bytes.count {
            let prefix = String(decoding: bytes[..<cut], as: UTF8.self)
            do {
                let parsed = try format.parse(prefix)
                #expect(parsed.calls.count < calls.count, "seed \(seed), cut \(cut): \(parsed.calls.count) calls")
            } catch {
                #expect(error.offset >= 0 && error.offset <= cut, "seed \(seed), cut \(cut): \(error)")
            }
        }
    }

    private static func randomValue(depth: Int, using generator: inout SplitMix64) -> GeneratedContent {
        switch Int.random(in: 0..<(depth < 2 ? 6 : 4), using: &generator) {
        case 0: return GeneratedContent(Int.random(in: -99...99, using: &generator))
        case 1: return GeneratedContent(["a", "}\"]", "</tool_call>", "é"][Int.random(in: 0..<4, using: &generator)])
        case 2: return GeneratedContent(Bool.random(using: &generator))
        case 3: return .null
        case 4: return GeneratedContent(elements: (0..<Int.random(in: 0...2, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            return GeneratedContent(properties: (0..<Int.random(in: 0...2, using: &generator)).map { ("k\($0)", randomValue(depth: depth + 1, using: &generator)) })
        }
    }

    static func describe(_ reasoning: ReasoningFormat) -> String {
        cell("\(reasoning.start.debugDescription) … \(reasoning.end.debugDescription)") + (reasoning.startsInPrompt ? " (opened in the prompt)" : "")
    }

    /// Markdown-safe: pipes escaped, newlines shown.
    static func cell(_ text: String) -> String {
        "`" + text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: "\\n") + "`"
    }
}
