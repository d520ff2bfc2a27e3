import BridleJSON

/// Derives a ``ToolCallFormat`` from renders of the probe conversations:
///
/// 1. The assistant part of [user, assistant with one call] (past what it shares with the
///    generation prompt) holds the opening, the name, the pieces between and the end of turn,
///    which [user, assistant "bridle_answer"] shows on its own and is cut off.
/// 2. The name and the arguments are found by their unlikely words; the arguments must parse
///    as JSON equal to the probe's, the name must come first.
/// 3. [user, assistant "bridle_answer" with the call] shows what the template writes between
///    prose and the call, so an empty-content prefix (an empty think block) isn't taken for the
///    opening.
/// 4. Two calls split the opening into `sectionStart` + `callStart`, the closing into
///    `callEnd` + `sectionEnd`, and show the separator; a template that refuses two calls (or
///    writes them inconsistently) gets `callSeparator = nil` and everything in the call.
/// 5. The call id, wherever it is written, becomes a ``ToolCallIDSlot``.
/// 6. The format must read back the template's own call, or it is refused.
struct ToolCallFormatDerivation {
    let probe: ProbeRenderer

    /// Stands for a call id while pieces are compared, so calls with different ids compare equal.
    private static let idMark: UInt8 = 0x01

    func derive() -> Result<ToolCallFormat, FormatUnavailable> {
        let prompt: [UInt8]
        switch probe.promptAfterQuestion() {
        case .success(let text): prompt = text
        case .failure(let error): return .failure(Self.raised(error))
        }
        var failures: [FormatUnavailable] = []
        // The other styles only for templates that refuse Hugging Face's convention: a template
        // that renders it has shown its format (a template printing a text argument as is
        // would otherwise pass for JSON).
        for style in FormatProbe.Style.allCases {
            switch derive(style: style, prompt: prompt) {
            case .success(let format): return .success(format)
            case .failure(let failure) where failure.refused: failures.append(failure)
            case .failure(let failure): return .failure(failure)
            }
        }
        return .failure(failures.first ?? FormatUnavailable(reason: "the template renders no tool calls"))
    }

    static func raised(_ error: TemplateError) -> FormatUnavailable {
        switch error.kind {
        case .raised: FormatUnavailable(reason: "the template raised: \(error.message)", refused: true)
        default: FormatUnavailable(reason: "the template failed: \(error)", refused: true)
        }
    }

    /// Where one call stands in an assistant part.
    struct Located {
        var nameStart: Int
        var nameEnd: Int
        var argumentsStart: Int
        var argumentsEnd: Int
    }

    private func derive(style: FormatProbe.Style, prompt: [UInt8]) -> Result<ToolCallFormat, FormatUnavailable> {
        let first = FormatProbe.calls[0]
        let single: [UInt8]
        switch assistantPart([FormatProbe.assistant(calls: [first], style: style)], prompt: prompt) {
        case .success(let text): single = text
        case .failure(let failure): return .failure(failure)
        }
        let located: Located
        switch Self.locate(first, in: single, from: 0) {
        case .success(let found): located = found
        case .failure(let failure): return .failure(failure)
        }
        let endOfTurn = self.endOfTurn(prompt: prompt)
        let argumentsText = Array(single[located.argumentsStart..<located.argumentsEnd])
        let opening = self.opening(before: located.nameStart, in: single, prompt: prompt, style: style)
        let nameEnd = Array(single[located.nameEnd..<located.argumentsStart])
        let closing = Self.strip(endOfTurn, from: Array(single[located.argumentsEnd...]))

        let marked = (opening: Self.markID(first, in: opening), nameEnd: Self.markID(first, in: nameEnd), closing: Self.markID(first, in: closing))
        var pieces = (
            sectionStart: [UInt8](), callStart: marked.opening, nameEnd: marked.nameEnd, callEnd: marked.closing, separator: [UInt8]?.none,
            sectionEnd: [UInt8]())
        if let two = twoCalls(style: style, prompt: prompt, endOfTurn: endOfTurn, single: single, located: located, nameEnd: marked.nameEnd, closing: marked.closing) {
            let between = two
            // Never inside a marker: `<｜tool▁calls▁begin｜>` and `<｜tool▁call▁end｜>` end alike.
            var startCount = ByteSearch.commonSuffixCount(marked.opening, between)
            startCount = min(
                marked.opening.count - TextMarker.snapForward(marked.opening, marked.opening.count - startCount),
                between.count - TextMarker.snapForward(between, between.count - startCount))
            var endCount = min(ByteSearch.commonPrefixCount(marked.closing, between), between.count - startCount)
            endCount = min(TextMarker.snapBack(marked.closing, endCount), TextMarker.snapBack(between, endCount))
            pieces.sectionStart = Array(marked.opening.dropLast(startCount))
            pieces.callStart = Array(marked.opening.suffix(startCount))
            pieces.callEnd = Array(marked.closing.prefix(endCount))
            pieces.sectionEnd = Array(marked.closing.dropFirst(endCount))
            pieces.separator = Array(between[endCount..<(between.count - startCount)])
        }
        guard !pieces.callStart.isEmpty || !pieces.sectionStart.isEmpty else {
            return .failure(FormatUnavailable(reason: "the generation prompt already opens the call: the template writes nothing of its own before the tool's name"))
        }
        var slot: ToolCallIDSlot?
        for (piece, which) in [(pieces.callStart, ToolCallIDSlot.Piece.callStart), (pieces.nameEnd, .nameEnd), (pieces.callEnd, .callEnd)] {
            guard let offset = piece.firstIndex(of: Self.idMark) else { continue }
            guard slot == nil, piece[(offset + 1)...].firstIndex(of: Self.idMark) == nil else {
                return .failure(FormatUnavailable(reason: "the template writes the call id more than once"))
            }
            slot = ToolCallIDSlot(piece: which, offset: offset)
        }
        let outside = pieces.sectionStart + pieces.sectionEnd + (pieces.separator ?? [])
        guard !outside.contains(Self.idMark) else {
            return .failure(FormatUnavailable(reason: "the template writes the call id outside the call"))
        }
        let text = { (bytes: [UInt8]) in String(decoding: bytes.filter { $0 != Self.idMark }, as: UTF8.self) }
        let format = ToolCallFormat(
            sectionStart: text(pieces.sectionStart), callStart: text(pieces.callStart), nameEnd: text(pieces.nameEnd),
            callEnd: text(pieces.callEnd), callSeparator: pieces.separator.map(text), sectionEnd: text(pieces.sectionEnd),
            callID: slot, argumentsLayout: Self.layout(of: argumentsText, for: first.arguments))
        return Self.check(format, readsBack: Self.strip(endOfTurn, from: single), first)
    }

    /// The assistant part of [user, message], or why there is none.
    private func assistantPart(_ messages: [GeneratedContent], prompt: [UInt8]) -> Result<[UInt8], FormatUnavailable> {
        switch probe.render([FormatProbe.user] + messages, addsGenerationPrompt: false) {
        case .failure(let error):
            return .failure(Self.raised(error))
        case .success(let text):
            guard let part = ProbeRenderer.assistantPart(of: text, prompt: prompt) else {
                return .failure(FormatUnavailable(reason: "the template does not render the user's message"))
            }
            return .success(part)
        }
    }

    /// What follows an assistant's answer when the turn ends ("<|im_end|>\n"), cut off the calls.
    private func endOfTurn(prompt: [UInt8]) -> [UInt8] {
        guard case .success(let part) = assistantPart([FormatProbe.assistant(content: FormatProbe.answer)], prompt: prompt) else { return [] }
        let answer = Array(FormatProbe.answer.utf8)
        guard let index = ByteSearch.first(answer, in: part, from: 0) else { return [] }
        return Array(part[(index + answer.count)...])
    }

    private static func strip(_ suffix: [UInt8], from text: [UInt8]) -> [UInt8] {
        !suffix.isEmpty && text.count >= suffix.count && text.suffix(suffix.count).elementsEqual(suffix) ? Array(text.dropLast(suffix.count)) : text
    }

    /// The calls' opening: the text before the name, less what the template writes for empty
    /// content (what it writes between prose and a call ends the same way as the opening).
    private func opening(before nameStart: Int, in single: [UInt8], prompt: [UInt8], style: FormatProbe.Style) -> [UInt8] {
        let before = Array(single[..<nameStart])
        let withContent = assistantPart([FormatProbe.assistant(content: FormatProbe.answer, calls: [FormatProbe.calls[0]], style: style)], prompt: prompt)
        let answer = Array(FormatProbe.answer.utf8), name = Array(FormatProbe.calls[0].name.utf8)
        guard case .success(let part) = withContent, let answerAt = ByteSearch.first(answer, in: part, from: 0),
            let nameAt = ByteSearch.first(name, in: part, from: answerAt + answer.count)
        else { return before }
        // After prose the template first closes the content as a plain answer's turn does
        // (`<|close|>response<|sep|>`), then opens the calls.
        var between = Array(part[(answerAt + answer.count)..<nameAt])
        let contentEnd = TextMarker.snapBack(between, ByteSearch.commonPrefixCount(between, endOfContent(prompt: prompt)))
        between.removeFirst(min(contentEnd, between.count))
        let shared = ByteSearch.commonSuffixCount(before, between)
        let start = TextMarker.snapForward(before, before.count - shared)
        return start < before.count ? Array(before[start...]) : before
    }

    /// What follows a plain answer to the end of the text.
    private func endOfContent(prompt: [UInt8]) -> [UInt8] { endOfTurn(prompt: prompt) }

    /// The part between the two calls of a two-call turn, when the template writes both the way
    /// it writes one.
    private func twoCalls(
        style: FormatProbe.Style, prompt: [UInt8], endOfTurn: [UInt8], single: [UInt8], located: Located, nameEnd: [UInt8], closing: [UInt8]
    ) -> [UInt8]? {
        let first = FormatProbe.calls[0], second = FormatProbe.calls[1]
        guard case .success(let part) = assistantPart([FormatProbe.assistant(calls: [first, second], style: style)], prompt: prompt),
            case .success(let one) = Self.locate(first, in: part, from: 0),
            case .success(let two) = Self.locate(second, in: part, from: one.argumentsEnd),
            part[..<one.nameStart].elementsEqual(single[..<located.nameStart])
        else { return nil }
        let marked = { (bytes: ArraySlice<UInt8>) in Self.markID(second, in: Self.markID(first, in: Array(bytes))) }
        guard marked(part[one.nameEnd..<one.argumentsStart]) == nameEnd, marked(part[two.nameEnd..<two.argumentsStart]) == nameEnd,
            marked(ArraySlice(Self.strip(endOfTurn, from: Array(part[two.argumentsEnd...])))) == closing
        else { return nil }
        return marked(part[one.argumentsEnd..<two.nameStart])
    }

    /// The call's name and arguments in `text`, name first.
    static func locate(_ call: FormatProbe.Call, in text: [UInt8], from start: Int) -> Result<Located, FormatUnavailable> {
        let name = Array(call.name.utf8), value = Array(call.value.utf8)
        guard let nameStart = ByteSearch.first(name, in: text, from: start) else {
            let reason = ByteSearch.first(value, in: text, from: start) == nil
                ? "the template renders no tool calls" : "the template does not write the tool's name"
            return .failure(FormatUnavailable(reason: reason))
        }
        let nameEnd = nameStart + name.count
        if let arguments = arguments(of: call, in: text, from: nameEnd) {
            return .success(Located(nameStart: nameStart, nameEnd: nameEnd, argumentsStart: arguments.lowerBound, argumentsEnd: arguments.upperBound))
        }
        if let early = ByteSearch.first(value, in: text, from: start), early < nameStart {
            return .failure(FormatUnavailable(reason: "the template writes the arguments before the tool's name"))
        }
        return .failure(FormatUnavailable(reason: "arguments are not written as JSON"))
    }

    /// The first JSON object after `start` that equals the call's arguments: found by its key,
    /// then back over whitespace to its brace, in any layout.
    private static func arguments(of call: FormatProbe.Call, in text: [UInt8], from start: Int) -> Range<Int>? {
        let key = Array("\"\(FormatProbe.argumentKey)\"".utf8)
        var search = start
        while let keyAt = ByteSearch.first(key, in: text, from: search) {
            search = keyAt + 1
            var brace = keyAt - 1
            while brace >= start, JSONValueExtent.isWhitespace(text[brace]) { brace -= 1 }
            guard brace >= start, text[brace] == UInt8(ascii: "{"), let end = JSONValueExtent.end(of: text, from: brace),
                let value = try? GeneratedContent(jsonData: text[brace..<end]), value == call.arguments
            else { continue }
            return brace..<end
        }
        return nil
    }

    private static func markID(_ call: FormatProbe.Call, in bytes: [UInt8]) -> [UInt8] {
        let id = Array(call.id.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == id[0], index + id.count <= bytes.count, bytes[index..<index + id.count].elementsEqual(id) {
                result.append(idMark)
                index += id.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    private static func layout(of text: [UInt8], for arguments: GeneratedContent) -> JSONLayout {
        for layout in [JSONLayout.spaced, .compact] where Array(arguments.jsonString(layout: layout).utf8) == text { return layout }
        return .flexible
    }

    /// The derived format must read the template's own call back from its assistant part.
    private static func check(_ format: ToolCallFormat, readsBack part: [UInt8], _ call: FormatProbe.Call) -> Result<ToolCallFormat, FormatUnavailable> {
        do {
            let parsed = try format.parse(String(decoding: part, as: UTF8.self))
            guard parsed.calls.map(\.name) == [call.name], parsed.calls.first?.arguments == call.arguments else {
                return .failure(FormatUnavailable(reason: "the derived format reads back \(parsed.calls.count) calls, not the template's one"))
            }
            return .success(format)
        } catch {
            return .failure(FormatUnavailable(reason: "the derived format does not read back the template's call: \(error)"))
        }
    }
}
