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
///
/// Rules relating a date to now are best declared in ``dateRules``: the session enforces them
/// in the grammar as well.
public protocol ValidatableArguments {
    /// Rules relating dates to now, by JSON property name (top-level properties of the
    /// arguments). Each request turns them into bounds in its grammar, with "now" read once
    /// from ``ToolPolicy/clock``, and checks them again before dispatch.
    static var dateRules: [String: [DateRule]] { get }
    func validate() throws
    func validate(in context: ValidationContext) throws
}

extension ValidatableArguments {
    public static var dateRules: [String: [DateRule]] { [:] }

    public func validate() throws {}

    public func validate(in context: ValidationContext) throws {
        try validate()
    }
}
