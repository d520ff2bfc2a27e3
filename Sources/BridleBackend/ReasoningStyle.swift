/// How a model without a reasoning block of its own spends its reasoning budget
/// (``GenerationOptions/reasoningLevel``), and where its free text ends: at ``trigger``, which
/// the model writes, or Bridle writes for it (after ``lead``) when the budget runs out or the
/// model ends its output. The answer's grammar may start after one space or newline, as prose
/// writes `Answer: {…}`.
///
/// ```swift
/// var options = GenerationOptions(sampling: .greedy)
/// options.reasoningLevel = .tokens(64)
/// options.reasoningStyle = .draftFirst
/// ```
public enum ReasoningStyle: Sendable, Hashable, CaseIterable {
    /// Asked to think it through in a few sentences, then write ``trigger`` and the answer
    /// (reasoning before the constrained answer, as CRANE measures it).
    case thinkFirst
    /// Asked nothing more: the model answers unconstrained (a draft, ended by its own end of
    /// text or the budget); then Bridle writes ``trigger`` and the constrained answer follows,
    /// conditioned on the draft (draft, then constrain: DCCD).
    case draftFirst

    /// What ends the free text, written by the model or by Bridle.
    public static let trigger = "Answer:"
    /// What Bridle writes before ``trigger`` when it ends the free text itself.
    public static let lead = "\n"
    /// What Bridle writes when it ends the free text itself: ``lead``, then ``trigger``.
    public static let closing = lead + trigger

    /// The instruction added to the conversation's system message; `nil` for none.
    public var instruction: String? {
        switch self {
        case .thinkFirst:
            """
            Before answering, think it through in a few short sentences. \
            Then write "\(Self.trigger)" followed by the answer.
            """
        case .draftFirst: nil
        }
    }
}
