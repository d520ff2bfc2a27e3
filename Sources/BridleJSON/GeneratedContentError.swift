/// A problem reading `GeneratedContent` as a shape it doesn't have.
///
/// ```swift
/// let content: GeneratedContent = "hello"
/// do {
///     _ = try content.properties()
/// } catch {
///     print(error)
///     // Expected a JSON object but found the string "hello". …
/// }
/// ```
public enum GeneratedContentError: Error, Sendable, CustomStringConvertible, Equatable {
    /// An object was needed; `found` describes what was there instead.
    case notAStructure(found: String)
    /// An array was needed; `found` describes what was there instead.
    case notAnArray(found: String)
    /// An object has no property with this name.
    case missingProperty(String)

    public var description: String {
        switch self {
        case .notAStructure(let found):
            return "Expected a JSON object but found \(found). "
                + "Read properties only from content generated for an object schema, or check `kind` first."
        case .notAnArray(let found):
            return "Expected a JSON array but found \(found). "
                + "Read elements only from content generated for an array schema, or check `kind` first."
        case .missingProperty(let name):
            return "The object has no property \(JSONWriter.quoted(name)). "
                + "Check the name's spelling against the schema, or use `content[property:]` if the property is optional."
        }
    }
}
