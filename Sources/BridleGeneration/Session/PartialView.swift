import BridleSchema

/// How a streamed response's text so far reads as a partial answer.
enum PartialView {
    /// Free text: the text itself.
    case text
    /// JSON: the value its prefix describes so far.
    case json
    /// A tool turn: the answer inside `{"response": …}`; nothing while it is a call.
    case toolTurn

    func partial(of text: String) -> GeneratedContent? {
        switch self {
        case .text:
            return GeneratedContent(text)
        case .json:
            return GeneratedContent(partialJSON: text)
        case .toolTurn:
            guard case .structure(let properties, _)? = GeneratedContent(partialJSON: text)?.kind else { return nil }
            return properties[ToolTurn.responseKey]
        }
    }
}
