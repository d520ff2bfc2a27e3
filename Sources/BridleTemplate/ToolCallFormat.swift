import BridleJSON

/// How a model writes tool calls, as its chat template writes them: `sectionStart`, then one
/// or more calls separated by `callSeparator`, then `sectionEnd`; each call is `callStart`
/// NAME `nameEnd` ARGUMENTS-JSON `callEnd`.
///
/// ```swift
/// let qwen = ToolCallFormat(
///     callStart: "<tool_call>\n{\"name\": \"", nameEnd: "\", \"arguments\": ",
///     callEnd: "}\n</tool_call>", callSeparator: "\n")
/// qwen.trigger   // "<tool_call>"
/// let parsed = try qwen.parse("Let me look.\n<tool_call>\n{\"name\": \"f\", \"arguments\": {}}\n</tool_call>")
/// parsed.content          // "Let me look."
/// parsed.calls[0].name    // "f"
/// ```
///
/// Call ids: a few templates write the call's id into the call (Mistral Nemo writes
/// `, "id": "a1b2c3d4e"` after the arguments, Solar and Mistral Small 3.2 before them). The id is
/// not part of any literal piece: ``callID`` says which piece it goes into and where, so the
/// pieces stay the same for every call and a grammar can write any id there (or one it makes
/// up). ``parse(_:)`` requires the piece and reads whatever id stands in it.
public struct ToolCallFormat: Sendable, Hashable, Codable {
    /// What opens the calls once per turn: "" for Hermes/Qwen, `[TOOL_CALLS][` for Mistral Nemo.
    public var sectionStart: String
    /// What opens each call, up to the tool's name: `<tool_call>\n{"name": "` for Qwen.
    public var callStart: String
    /// Between the name and the arguments: `", "arguments": ` for Qwen.
    public var nameEnd: String
    /// After the arguments: `}\n</tool_call>` for Qwen.
    public var callEnd: String
    /// Between two calls of one turn; `nil` when the template writes one call per turn (or
    /// refuses two).
    public var callSeparator: String?
    /// What closes the calls once per turn: `]` for Mistral Nemo.
    public var sectionEnd: String
    /// The text that starts the calls when the model may write prose first: the leading
    /// special marker of `sectionStart + callStart` (`<tool_call>`, `[TOOL_CALLS]`,
    /// `<|python_tag|>`, `<|channel|>commentary`), or the whole `sectionStart + callStart` when
    /// it begins with no marker (Llama 3.x: `{"name": "`).
    public var trigger: String
    /// Where the template writes the call's id, when it writes one.
    public var callID: ToolCallIDSlot?
    /// How the template writes the arguments' JSON: ``JSONLayout/spaced`` as `tojson` does,
    /// ``JSONLayout/compact``, or ``JSONLayout/flexible`` when it is neither (indented).
    public var argumentsLayout: JSONLayout

    /// A format from its pieces; `trigger` defaults to the one ``defaultTrigger(for:)`` finds.
    public init(
        sectionStart: String = "", callStart: String, nameEnd: String, callEnd: String, callSeparator: String? = nil,
        sectionEnd: String = "", trigger: String? = nil, callID: ToolCallIDSlot? = nil, argumentsLayout: JSONLayout = .spaced
    ) {
        self.sectionStart = sectionStart
        self.callStart = callStart
        self.nameEnd = nameEnd
        self.callEnd = callEnd
        self.callSeparator = callSeparator
        self.sectionEnd = sectionEnd
        self.callID = callID
        self.argumentsLayout = argumentsLayout
        self.trigger = trigger ?? Self.defaultTrigger(for: sectionStart + callStart)
    }

    /// The text of one turn that makes `calls`, as the template writes it (ids where it writes
    /// them, `""` for a call without one): what ``parse(_:)`` reads back.
    ///
    /// ```swift
    /// qwen.text(for: [(name: "f", arguments: [:], id: nil)])
    /// // "<tool_call>\n{\"name\": \"f\", \"arguments\": {}}\n</tool_call>"
    /// ```
    public func text(for calls: [(name: String, arguments: GeneratedContent, id: String?)]) -> String {
        var text = sectionStart
        for (index, call) in calls.enumerated() {
            if index > 0 { text += callSeparator ?? "" }
            let id = call.id ?? ""
            text += piece(.callStart, id: id) + call.name + piece(.nameEnd, id: id)
            text += call.arguments.jsonString(layout: argumentsLayout.writtenLayout) + piece(.callEnd, id: id)
        }
        return text + sectionEnd
    }

    /// A piece's text with `id` where the template writes it.
    func piece(_ which: ToolCallIDSlot.Piece, id: String) -> String {
        let literal = literal(which)
        guard let slot = callID, slot.piece == which else { return literal }
        let bytes = Array(literal.utf8)
        let offset = min(max(slot.offset, 0), bytes.count)
        return String(decoding: bytes[..<offset], as: UTF8.self) + id + String(decoding: bytes[offset...], as: UTF8.self)
    }

    func literal(_ which: ToolCallIDSlot.Piece) -> String {
        switch which {
        case .callStart: callStart
        case .nameEnd: nameEnd
        case .callEnd: callEnd
        }
    }

    /// The trigger of an opening: its leading special marker (`<…>` or `[UPPER_CASE]`, after
    /// any whitespace), with the word that follows it glued on (`<|channel|>commentary`: the
    /// marker alone also opens answers), or the whole opening when it starts with no marker.
    ///
    /// ```swift
    /// ToolCallFormat.defaultTrigger(for: "[TOOL_CALLS][{\"name\": \"")   // "[TOOL_CALLS]"
    /// ToolCallFormat.defaultTrigger(for: "{\"name\": \"")                // "{\"name\": \""
    /// ```
    public static func defaultTrigger(for opening: String) -> String {
        let text = Substring(opening).drop { $0.isWhitespace }
        guard let marker = TextMarker.leading(in: text) else { return String(text) }
        let word = text[marker.endIndex...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return String(text[..<word.endIndex])
    }
}

/// Where a template writes a call's id: into one of a call's pieces, at a byte offset of its
/// literal text (Mistral Nemo: ``Piece/callEnd`` `, "id": ""}` at offset 9).
///
/// ```swift
/// let slot = ToolCallIDSlot(piece: .callEnd, offset: 9)
/// ```
public struct ToolCallIDSlot: Sendable, Hashable, Codable {
    public enum Piece: String, Sendable, Hashable, Codable {
        case callStart, nameEnd, callEnd
    }

    public var piece: Piece
    /// UTF-8 bytes into the piece's literal text.
    public var offset: Int

    public init(piece: Piece, offset: Int) {
        self.piece = piece
        self.offset = offset
    }
}
