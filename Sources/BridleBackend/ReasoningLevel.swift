import Foundation

/// How much the model may reason before its answer (FoundationModels 27's
/// `ContextOptions.ReasoningLevel`, with Bridle's ``tokens(_:)`` beside its cases): free text,
/// within a budget of tokens, that the constraint lets through untouched; then the answer,
/// under its grammar. ``GenerationOptions/reasoningLevel``.
///
/// A model without a reasoning block of its own (every model Bridle runs today: gemma-3 and
/// SmolLM2 among them) spends the budget as ``GenerationOptions/reasoningStyle`` says: it
/// thinks first, or drafts an answer unconstrained; its free text ends where it writes
/// ``ReasoningStyle/trigger``, or where Bridle writes it for the model.
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
