import BridleJSON

extension ToolCallFormat {
    /// The calls in `text` (what the model wrote after the generation prompt): the prose before
    /// the first call, trimmed of the whitespace the template puts between content and calls,
    /// and each call's name and arguments. No ``trigger`` in `text` → no calls, and `content`
    /// is the whole text.
    ///
    /// ```swift
    /// let parsed = try format.parse("<tool_call>\n{\"name\": \"f\", \"arguments\": {\"a\": 1}}\n</tool_call>")
    /// parsed.calls   // [ParsedToolCall(name: "f", arguments: {"a": 1})]
    /// ```
    ///
    /// Once the trigger is found, the rest must be calls exactly as the template writes them
    /// (only whitespace may follow the last one): a call the model botched is an error naming
    /// the byte, never prose.
    public func parse(_ text: String) throws(ToolCallParseError) -> ParsedToolCalls {
        var reader = ToolCallReader(format: self, bytes: Array(text.utf8))
        return try reader.read()
    }
}

/// One pass over generated text in a ``ToolCallFormat``; offsets are UTF-8 bytes.
struct ToolCallReader {
    let format: ToolCallFormat
    let bytes: [UInt8]
    var position = 0

    init(format: ToolCallFormat, bytes: [UInt8]) {
        self.format = format
        self.bytes = bytes
    }

    mutating func read() throws(ToolCallParseError) -> ParsedToolCalls {
        let trigger = Array(format.trigger.utf8)
        guard !trigger.isEmpty, let start = ByteSearch.first(trigger, in: bytes, from: 0) else {
            return ParsedToolCalls(content: String(decoding: bytes, as: UTF8.self), calls: [])
        }
        var contentEnd = start
        while contentEnd > 0, JSONValueExtent.isWhitespace(bytes[contentEnd - 1]) { contentEnd -= 1 }
        let content = String(decoding: bytes[..<contentEnd], as: UTF8.self)
        position = start
        // The template's whitespace before the opening marker is the model's to choose, like
        // the prose's; the trigger was found where the marker starts.
        var sectionStart = Array(format.sectionStart.utf8)
        var callStart = Array(format.callStart.utf8)
        var slotShift = 0
        while let first = sectionStart.first, JSONValueExtent.isWhitespace(first) { sectionStart.removeFirst() }
        if sectionStart.isEmpty {
            while let first = callStart.first, JSONValueExtent.isWhitespace(first), slot(.callStart).map({ slotShift < $0 }) ?? true {
                callStart.removeFirst()
                slotShift += 1
            }
        }
        try expect(sectionStart, slotOffset: nil, "to open the tool calls")
        var calls: [ParsedToolCall] = []
        var firstStart: [UInt8]? = callStart
        while true {
            let id = try expect(firstStart ?? Array(format.callStart.utf8), slotOffset: slot(.callStart).map { $0 - (firstStart == nil ? 0 : slotShift) },
                "to open a tool call")
            firstStart = nil
            calls.append(try readCall(idSoFar: id))
            if let separator = format.callSeparator, matches(Array(separator.utf8) + Array(format.callStart.utf8).prefix(slot(.callStart) ?? .max)) {
                position += separator.utf8.count
                continue
            }
            try expect(Array(format.sectionEnd.utf8), slotOffset: nil, "after the last tool call")
            break
        }
        var rest = position
        while rest < bytes.count, JSONValueExtent.isWhitespace(bytes[rest]) { rest += 1 }
        guard rest == bytes.count else {
            throw ToolCallParseError(offset: position, message: "expected the end of the text after the tool calls")
        }
        return ParsedToolCalls(content: content, calls: calls)
    }

    private mutating func readCall(idSoFar: String?) throws(ToolCallParseError) -> ParsedToolCall {
        let nameEnd = Array(format.nameEnd.utf8)
        let stop = Array(nameEnd.prefix(slot(.nameEnd) ?? .max))
        let nameStart = position
        if stop.isEmpty {
            while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        } else if let found = ByteSearch.first(stop, in: bytes, from: position) {
            position = found
        } else {
            throw ToolCallParseError(offset: position, message: "expected a tool name and \(quoted(nameEnd)) after it")
        }
        guard position > nameStart else { throw ToolCallParseError(offset: nameStart, message: "expected a tool name") }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        var id = idSoFar
        id = try expect(nameEnd, slotOffset: slot(.nameEnd), "after the tool name \(quoted(name))") ?? id
        guard let end = JSONValueExtent.end(of: bytes, from: position) else {
            throw ToolCallParseError(offset: position, message: "expected the arguments of \(quoted(name)) as JSON")
        }
        let arguments: GeneratedContent
        do {
            arguments = try GeneratedContent(jsonData: bytes[position..<end])
        } catch {
            throw ToolCallParseError(offset: position + error.offset, message: "in the arguments of \(quoted(name)): \(error.message)")
        }
        position = end
        id = try expect(Array(format.callEnd.utf8), slotOffset: slot(.callEnd), "after the arguments of \(quoted(name))") ?? id
        return ParsedToolCall(name: name, arguments: arguments, id: id)
    }

    private func slot(_ piece: ToolCallIDSlot.Piece) -> Int? {
        format.callID.flatMap { $0.piece == piece ? $0.offset : nil }
    }

    private func matches(_ literal: [UInt8]) -> Bool {
        position + literal.count <= bytes.count && bytes[position..<position + literal.count].elementsEqual(literal)
    }

    /// Reads `piece` at the current position, with an id at `slotOffset` (up to the rest of the
    /// piece, or a run of name bytes when the id ends it); returns that id.
    @discardableResult
    private mutating func expect(_ piece: [UInt8], slotOffset: Int?, _ context: String) throws(ToolCallParseError) -> String? {
        guard let slotOffset, slotOffset >= 0, slotOffset <= piece.count else {
            guard matches(piece) else { throw ToolCallParseError(offset: position, message: "expected \(quoted(piece)) \(context)") }
            position += piece.count
            return nil
        }
        let head = Array(piece[..<slotOffset]), tail = Array(piece[slotOffset...])
        guard matches(head) else { throw ToolCallParseError(offset: position, message: "expected \(quoted(head)) \(context)") }
        position += head.count
        let idStart = position
        if tail.isEmpty {
            while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        } else if let found = ByteSearch.first(tail, in: bytes, from: position) {
            position = found + tail.count
            return String(decoding: bytes[idStart..<found], as: UTF8.self)
        } else {
            throw ToolCallParseError(offset: position, message: "expected a call id and \(quoted(tail)) \(context)")
        }
        return String(decoding: bytes[idStart..<position], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    private func quoted(_ bytes: [UInt8]) -> String { quoted(String(decoding: bytes, as: UTF8.self)) }
    private func quoted(_ text: String) -> String { String(reflecting: text) }
}
