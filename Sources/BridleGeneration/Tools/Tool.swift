import BridleSchema

/// Something the model can ask the app to do, in FoundationModels' shape: a name, a
/// description, typed arguments the model fills in, and `call(arguments:)`.
///
/// ```swift
/// struct FindContacts: Tool {
///     let description = "Finds contacts born in a generation"
///     func call(arguments: Contacts.Arguments) async throws -> String {
///         "Ada Lovelace, Grace Hopper"
///     }
/// }
/// let session = LanguageModelSession(model: model, tools: [FindContacts()])
/// ```
///
/// A session generates every call under a grammar built from ``parameters``, so a call always
/// names one of the session's tools and its arguments always parse. Before `call` runs, the
/// session re-checks the arguments against the schema, decodes them, and runs
/// ``validate(arguments:in:)`` (which by default runs the arguments' own
/// ``ValidatableArguments`` rules); arguments that fail never reach `call`.
///
/// Return anything ``PromptRepresentable``: a `String`, a ``Prompt``, a ``GeneratedContent``,
/// any ``Generable`` value, or a ``ToolOutput`` (which can also report an expected failure
/// the model should see). A thrown error ends the request with a
/// ``LanguageModelSession/ToolCallError``.
public protocol Tool<Arguments, Output>: Sendable {
    associatedtype Arguments: ConvertibleFromGeneratedContent
    associatedtype Output: PromptRepresentable

    /// The name the model writes to call the tool: unique within a session. Default: the
    /// type's name (`FindContacts`).
    var name: String { get }
    /// What the tool does, for the model.
    var description: String { get }
    /// The JSON shape of ``Arguments``; `Arguments.generationSchema` for a ``Generable`` type.
    var parameters: GenerationSchema { get }
    /// Whether the instructions show the model the arguments' JSON Schema (the grammar
    /// enforces it either way). Default `true`.
    var includesSchemaInInstructions: Bool { get }
    /// Whether the session must ask its ``ToolApprover`` before each call: set it for tools
    /// with side effects (sending, deleting, paying). Default `false`.
    var requiresApproval: Bool { get }

    /// Semantic checks that a grammar cannot express: cross-field rules, dates relative to
    /// now, permissions. Throw ``ArgumentError`` (or any error) to reject the arguments; the
    /// message goes back to the model, which tries again.
    func validate(arguments: Arguments, in context: ValidationContext) throws

    func call(arguments: Arguments) async throws -> Output
}

extension Tool {
    public var name: String { String(describing: Self.self) }
    public var includesSchemaInInstructions: Bool { true }
    public var requiresApproval: Bool { false }

    /// Runs the arguments' own rules when their type is ``ValidatableArguments``.
    public func validate(arguments: Arguments, in context: ValidationContext) throws {
        if let validatable = arguments as? any ValidatableArguments {
            try validatable.validate(in: context)
        }
    }
}

extension Tool where Arguments: Generable {
    public var parameters: GenerationSchema { Arguments.generationSchema }
}
