import Foundation

/// A model's native tool-call and reasoning formats, as ``ChatTemplate/nativeFormats(bosToken:eosToken:)``
/// derives them from its template.
///
/// ```swift
/// let formats = template.nativeFormats(bosToken: "<s>", eosToken: "</s>")
/// switch formats.toolCalls {
/// case .success(let format): print(formats.callFormatDescription, format.trigger)
/// case .failure(let why): print("no native calls:", why.reason)
/// }
/// ```
public struct NativeFormats: Sendable, Hashable {
    public var toolCalls: Result<ToolCallFormat, FormatUnavailable>
    public var reasoning: ReasoningFormat?
    /// A short family label for tables, derived from the markers: `<tool_call> JSON {name,
    /// arguments}`, `[TOOL_CALLS] JSON list {name, arguments}`, `JSON {name, parameters}`, or the
    /// call's shape when the name is not a JSON key (`<|channel|>commentary to=functions.NAME
    /// <|constrain|>json<|message|>ARGS<|call|>`); `none` when there is no format.
    public var callFormatDescription: String

    public init(toolCalls: Result<ToolCallFormat, FormatUnavailable>, reasoning: ReasoningFormat?) {
        self.toolCalls = toolCalls
        self.reasoning = reasoning
        self.callFormatDescription = (try? toolCalls.get()).map(Self.describe) ?? "none"
    }

    /// Keyed JSON (the name is a JSON string under a key and the arguments the next member) by
    /// its keys; anything else by its pattern, whitespace shown escaped.
    static func describe(_ format: ToolCallFormat) -> String {
        let opening = format.sectionStart + format.callStart
        let marker = TextMarker.leading(in: Substring(opening).drop { $0.isWhitespace }).map { String($0) + " " } ?? ""
        if let nameKey = trailingKey(of: format.callStart), let argumentsKey = nameEndKey(format.nameEnd) {
            let list = format.sectionStart.hasSuffix("[") || format.callStart.contains("[") ? "JSON list" : "JSON"
            return "\(marker)\(list) {\(nameKey), \(argumentsKey)}"
        }
        let pattern = format.callStart + "NAME" + format.nameEnd + "ARGS" + format.callEnd
        return pattern.replacingOccurrences(of: "\n", with: "\\n").trimmingWhitespace
    }

    /// `name` in `…{"name": "`.
    private static func trailingKey(of text: String) -> String? {
        guard text.hasSuffix("\": \"") || text.hasSuffix("\":\"") else { return nil }
        let head = text.dropLast(text.hasSuffix("\": \"") ? 4 : 3)
        guard let open = head.lastIndex(of: "\"") else { return nil }
        return String(head[head.index(after: open)...])
    }

    /// `arguments` in `", "arguments": `.
    private static func nameEndKey(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace
        guard trimmed.hasPrefix("\""), trimmed.hasSuffix(":") else { return nil }
        let inner = trimmed.dropFirst().dropLast().trimming(" ")
        guard inner.hasPrefix(","), inner.hasSuffix("\"") else { return nil }
        let key = inner.dropFirst().trimming(" \n")
        guard key.hasPrefix("\""), key.count >= 2 else { return nil }
        return String(key.dropFirst().dropLast())
    }
}

/// Trimming without Foundation's CharacterSet, which the module otherwise does without.
extension StringProtocol {
    var trimmingWhitespace: String { trimming(" \t\n\r") }

    func trimming(_ set: String) -> String {
        let characters = Set(set)
        let head = drop { characters.contains($0) }
        return String(head.reversed().drop { characters.contains($0) }.reversed())
    }
}
