import BridleSchema

extension FuzzTargets {
    /// `GeneratedContent(jsonData:)` on raw bytes; what parses must print and parse back to
    /// the same value, compact and pretty-printed.
    public static func json(_ bytes: [UInt8]) {
        guard let content = try? GeneratedContent(jsonData: bytes.prefix(maximumInputLength)) else { return }
        for text in [content.jsonString, content.jsonString(prettyPrinted: true)] {
            let again = try? GeneratedContent(json: text)
            invariant(again == content, "printed JSON does not parse back to the same value: \(text)")
        }
        _ = GeneratedContent(partialJSON: text(bytes))
    }
}
