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
/// because it would write that without the request too. Where the grammar expects a digit (a
/// date's fields, a number's digits) the model chooses plainly: emphasis favours each of the
/// request's digit groups wherever it may stand, and wrote "2542-04-25" for "April 25th".
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
/// says which); any other value (``standard``, or any set by hand) makes a backend that cannot
/// refuse the request with a typed error instead. BENCHMARKS.md "Accuracy" has what it
/// changes on real tasks.
public struct RequestEmphasis: Sendable, Hashable, Codable {
    /// γ: 1 is the model as it is (no emphasis); above 1 emphasises the request; 0 is the
    /// conversation without the request alone (among the plausible tokens).
    public var weight: Double
    /// α, from 0 to 1: only tokens at least α times as likely (given the request) as the
    /// likeliest token the grammar allows may be chosen. 0 cuts nothing.
    public var plausibility: Double
    /// Whether the backend decides: emphasis where it can weigh the request, a plain answer
    /// where it cannot (a server, or a llama.cpp context of one sequence). When `false`, a
    /// backend that cannot refuses the request with a typed error.
    public var isAutomatic: Bool

    public init(weight: Double = 1.5, plausibility: Double = 0.1, isAutomatic: Bool = false) {
        self.weight = weight
        self.plausibility = plausibility
        self.isAutomatic = isAutomatic
    }

    private enum CodingKeys: String, CodingKey {
        case weight, plausibility, isAutomatic
        /// Written before ``isAutomatic``: its opposite.
        case isRequired
    }

    /// Reads ``isAutomatic`` as `false` where it is missing, and from `isRequired` (its
    /// opposite) in values written before it: those were all set by hand.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        weight = try container.decode(Double.self, forKey: .weight)
        plausibility = try container.decode(Double.self, forKey: .plausibility)
        if let automatic = try container.decodeIfPresent(Bool.self, forKey: .isAutomatic) {
            isAutomatic = automatic
        } else {
            isAutomatic = !(try container.decodeIfPresent(Bool.self, forKey: .isRequired) ?? true)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weight, forKey: .weight)
        try container.encode(plausibility, forKey: .plausibility)
        try container.encode(isAutomatic, forKey: .isAutomatic)
    }

    /// Weight 1.5, plausibility 0.1: measured on the accuracy benchmark (BENCHMARKS.md "Accuracy").
    public static let standard = RequestEmphasis()

    /// The default of ``GenerationOptions/requestEmphasis``: ``standard``'s weights where the
    /// backend can decode the conversation without the request beside it, none where it cannot.
    public static let automatic = RequestEmphasis(isAutomatic: true)

    /// Whether it changes anything: a weight of 1 is the model as it is.
    public var isActive: Bool { weight != 1 }

    /// Why these values cannot be used, or `nil` when they can.
    public var problem: String? {
        if !weight.isFinite || weight < 0 { return "requestEmphasis weight must be a finite number ≥ 0 (1 is off, 1.5 is common), not \(weight)" }
        if !(0...1).contains(plausibility) { return "requestEmphasis plausibility must be from 0 to 1 (0.1 is common), not \(plausibility)" }
        return nil
    }
}
