/// Why a chat template could not be read or rendered, and where.
///
/// Every failure names the template's line, so a prompt is either exactly what the template
/// says or not made at all:
///
/// ```swift
/// do {
///     _ = try ChatTemplate(source: "{% include 'header.jinja' %}")
/// } catch {
///     print(error)   // line 1: `include` is not supported: … (unsupportedConstruct)
/// }
/// ```
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The text is not Jinja: an unclosed tag, a stray `endfor`, a bad expression.
        case syntax
        /// Valid Jinja that Bridle's renderer does not implement (`include`, `extends`, a
        /// filter it lacks, …). Named rather than rendered wrongly.
        case unsupportedConstruct(String)
        /// The template called `raise_exception(message)`: it refuses this conversation.
        case raised
        /// An operation Jinja itself refuses: an attribute of an undefined value, adding a
        /// number to a string, calling what can't be called, a method that would mutate a
        /// value (Hugging Face renders in an immutable sandbox).
        case evaluation
    }

    public let kind: Kind
    /// The one-based line of the template where it happened.
    public let line: Int
    /// What happened, in a sentence; for `.raised`, the template's own message.
    public let message: String

    public init(_ kind: Kind, line: Int, _ message: String) {
        self.kind = kind
        self.line = line
        self.message = message
    }

    public var description: String {
        switch kind {
        case .syntax: "line \(line): \(message)"
        case .unsupportedConstruct(let construct): "line \(line): `\(construct)` is not supported: \(message)"
        case .raised: "line \(line): the template raised: \(message)"
        case .evaluation: "line \(line): \(message)"
        }
    }
}
