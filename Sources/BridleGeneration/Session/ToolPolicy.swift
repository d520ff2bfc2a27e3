import Foundation

/// How a session runs tools: limits, the approver for side-effecting tools, the clock
/// argument rules see, and which FoundationModels release's errors it throws.
///
/// ```swift
/// var policy = ToolPolicy()
/// policy.maximumArgumentAttempts = 5
/// policy.approver = { request in
///     await askUser("Send \(request.arguments)?") ? .approve : .deny(message: "The user said no.")
/// }
/// let session = LanguageModelSession(model: model, tools: [SendMessage()], policy: policy)
/// ```
public struct ToolPolicy: Sendable {
    /// Tool calls dispatched per request. The model asking for one more ends the request with
    /// ``SessionError/toolRoundLimitExceeded(limit:)``, unless ``answerAfterLastRound`` is set.
    public var maximumToolRounds = 4
    /// After the last allowed round, generate the next turn under a grammar that admits only
    /// an answer, instead of failing when the model calls again.
    public var answerAfterLastRound = false
    /// Tries the model gets to write one valid call; each refused try is shown to it with the
    /// reasons. Past this, the request ends with a ``ToolCallError`` carrying every attempt.
    public var maximumArgumentAttempts = 3
    /// Decides each call to a tool whose ``Tool/requiresApproval`` is set. Without one, such
    /// calls are denied (never run silently), and the model is told why.
    public var approver: ToolApprover?
    /// "Now" for relative-date rules (``DateRule``), read once per request; fix it in tests.
    public var clock: @Sendable () -> Date = { Date() }
    /// The calendar and time zone of day-based rules.
    public var calendar: Calendar = Calendar(identifier: .gregorian)
    /// FoundationModels 26's error types (the default) or 27's; see ``ErrorConvention``.
    public var errors: ErrorConvention = .foundationModels26

    public init() {}
}
