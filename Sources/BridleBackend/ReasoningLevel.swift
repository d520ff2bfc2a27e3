import Foundation

/// How much the model may reason before its answer (FoundationModels 27's
/// `ContextOptions.ReasoningLevel`, with Bridle's ``tokens(_:)`` beside its cases): free text,
/// within a budget of tokens, that the constraint lets through untouched; then the answer,
/// under its grammar. ``GenerationOptions/reasoningLevel``.
///
/// A model without a reasoning block of its own (every model Bridle runs today: gemma-3 and
/// SmolLM2 among them) "thinks first": it is asked to, and its free text ends where it writes
/// ``ThinkFirst/trigger``, or where Bridle writes it for the model, once the budget is spent.
///
/// ```swift
/// var options = GenerationOptions(sampling: .greedy)
/// options.reasoningLevel = .tokens(64)
/// let reply = try await model.respond(to: "Plan a trip to Oslo", generating: Trip.self, options: options)
/// reply.reasoning   // "The user wants … Answer:"
/// ```
public enum ReasoningLevel: Sendable, Hashable {
    /// Light reasoning: ``Budget/light`` tokens.
    case light
    /// A moderate amount: ``Budget/moderate`` tokens.
    case moderate
    /// Deep reasoning: ``Budget/deep`` tokens.
    case deep
    /// FoundationModels' level for what the other cases don't name. Bridle reads a whole
    /// number of tokens (`"48"`); any other text is refused by ``GenerationOptions/problems(for:)``.
    case custom(String)
    /// Exactly this many tokens at most (Bridle's); 0 is off.
    case tokens(Int)

    /// The token budgets of the named levels.
    public enum Budget {
        public static let light = 32
        public static let moderate = 128
        public static let deep = 512
    }

    /// The most tokens of free text before the answer; `nil` for a custom level Bridle can't read.
    public var budget: Int? {
        switch self {
        case .light: Budget.light
        case .moderate: Budget.moderate
        case .deep: Budget.deep
        case .custom(let text): Int(text.trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 0 ? $0 : nil }
        case .tokens(let count): count
        }
    }
}

/// How a model without a reasoning block of its own is asked to think first, and where its
/// thinking ends. The answer's grammar may start after one space or newline, as prose writes
/// `Answer: {…}`.
public enum ThinkFirst {
    /// What ends the free text, written by the model or, at the budget, by Bridle.
    public static let trigger = "Answer:"
    /// What Bridle writes before ``trigger`` when it ends the free text itself.
    public static let lead = "\n"
    /// The instruction added to the conversation's system message.
    public static let instruction = """
        Before answering, think it through in a few short sentences. \
        Then write "\(trigger)" followed by the answer.
        """
}
