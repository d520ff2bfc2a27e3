/// Small readings of a value that schema code needs in several modules.
extension GeneratedContent {
    /// The text of a string value; nil for any other kind.
    package var stringValue: String? {
        if case .string(let text) = kind { return text }
        return nil
    }
}

extension GeneratedContent.Kind {
    /// A JSON type name for messages ("a string", "an object").
    package var name: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .structure: return "an object"
        }
    }
}
