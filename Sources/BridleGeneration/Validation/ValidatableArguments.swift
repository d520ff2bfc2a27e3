/// Arguments with rules a grammar cannot express, checked before a tool is called.
///
/// ```swift
/// extension Films.Arguments: ValidatableArguments {
///     func validate() throws {
///         if fromYear > toYear {
///             throw ArgumentError("fromYear (\(fromYear)) is after toYear (\(toYear)); swap them", at: "fromYear")
///         }
///     }
/// }
/// ```
///
/// Implement ``validate()`` for rules that need nothing but the value, or
/// ``validate(in:)`` for rules about now (``ValidationContext/check(_:_:at:)``).
/// When a rule throws, the session shows the model the message and asks for the call again.
public protocol ValidatableArguments {
    func validate() throws
    func validate(in context: ValidationContext) throws
}

extension ValidatableArguments {
    public func validate() throws {}

    public func validate(in context: ValidationContext) throws {
        try validate()
    }
}
