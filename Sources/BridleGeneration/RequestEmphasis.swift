/// Request emphasis (a Bridle option; FoundationModels has none): each token is chosen from
/// the model's log-probabilities given the whole conversation, pushed away from those it gives
/// the same conversation *without its request* (the last user message emptied) — classifier-
/// free guidance, `weight·log p(t | request) + (1 − weight)·log p(t | no request)`, among the
/// tokens the model, given the request, finds plausible.
///
/// What a small model writes whatever it is asked — the first value an `enum` lists, an
/// example or a field's description copied from the instructions, optional fields filled in —
/// loses weight; what the request makes likelier gains it. The plausibility cut keeps emphasis
/// from overruling what the model is sure of (a date's format, a name it was given) merely
/// because it would write that without the request too.
///
/// ```swift
/// var options = GenerationOptions(sampling: .greedy)
/// options.requestEmphasis = .standard          // weight 1.5, plausibility 0.1
/// options.requestEmphasis = RequestEmphasis(weight: 2)
/// ```
///
/// The llama.cpp backend decodes the conversation without the request in a second sequence of
/// its context (so it needs ``LlamaConfiguration``-`sequences` ≥ 2), copying the prefix the two
/// share from its cache: a few prompt tokens more, and two sequences decoded per step. Server
/// backends cannot. ``automatic``, the default of ``GenerationOptions``, emphasises where the
/// backend can and answers plainly where it cannot (``GenerationStatistics/emphasisedTokens``
/// says which); a value with ``isRequired`` (``standard``, or any set by hand) makes a backend
/// that cannot refuse the request with a typed error instead. README "Accuracy" has what it
/// changes on real tasks.
public struct RequestEmphasis: Sendable, Hashable, Codable {
    /// γ: 1 is the model as it is (no emphasis); above 1 emphasises the request; 0 is the
    /// conversation without the request alone (among the plausible tokens).
    public var weight: Double
    /// α, from 0 to 1: only tokens at least α times as likely (given the request) as the
    /// likeliest token the grammar allows may be chosen. 0 cuts nothing.
    public var plausibility: Double
    /// Whether a backend that cannot weigh the request must refuse it (a typed error) rather
    /// than answer without emphasis: a server, or a llama.cpp context of one sequence.
    public var isRequired: Bool

    public init(weight: Double = 1.5, plausibility: Double = 0.1, isRequired: Bool = true) {
        self.weight = weight
        self.plausibility = plausibility
        self.isRequired = isRequired
    }

    private enum CodingKeys: String, CodingKey {
        case weight, plausibility, isRequired
    }

    /// Reads ``isRequired`` as `true` where it is missing: values written before it existed
    /// were all required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        weight = try container.decode(Double.self, forKey: .weight)
        plausibility = try container.decode(Double.self, forKey: .plausibility)
        isRequired = try container.decodeIfPresent(Bool.self, forKey: .isRequired) ?? true
    }

    /// Weight 1.5, plausibility 0.1: measured on the accuracy benchmark (README "Accuracy").
    public static let standard = RequestEmphasis()

    /// The default of ``GenerationOptions/requestEmphasis``: ``standard``'s weights where the
    /// backend can decode the conversation without the request beside it, none where it cannot.
    public static let automatic = RequestEmphasis(isRequired: false)

    /// Whether it changes anything: a weight of 1 is the model as it is.
    public var isActive: Bool { weight != 1 }

    /// Why these values cannot be used, or `nil` when they can.
    public var problem: String? {
        if !weight.isFinite || weight < 0 { return "requestEmphasis weight must be a finite number ≥ 0 (1 is off, 1.5 is common), not \(weight)" }
        if !(0...1).contains(plausibility) { return "requestEmphasis plausibility must be from 0 to 1 (0.1 is common), not \(plausibility)" }
        return nil
    }
}
