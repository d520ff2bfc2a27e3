import BridleBackend

/// How ``OpenAIEndpoint`` serves its model.
public struct EndpointConfiguration: Sendable, Hashable {
    /// The model's name in `GET /v1/models` and in responses to requests that name none.
    /// Requests may name any model, as llama-server allows: the endpoint serves one, and
    /// clients configured for another name (`gpt-4o-mini`) work unchanged.
    public var modelID: String
    /// The bearer key every request but `GET /health` must carry (`Authorization: Bearer KEY`);
    /// `nil` serves without one.
    public var apiKey: String?
    /// Answers being decoded or waiting for a sequence, counted by choice (`n`), past which a
    /// request is refused with 429 and `Retry-After` instead of queueing without end.
    public var maximumAnswersInFlight: Int
    /// The largest request body read; a larger one is refused with 413.
    public var maximumBodyBytes: Int
    /// The options every request starts from (request emphasis, for one); the fields a
    /// request sends replace theirs.
    public var defaults: GenerationOptions

    public init(
        modelID: String, apiKey: String? = nil, maximumAnswersInFlight: Int = 64, maximumBodyBytes: Int = 8 << 20,
        defaults: GenerationOptions = GenerationOptions()
    ) {
        self.defaults = defaults
        self.modelID = modelID
        self.apiKey = apiKey
        self.maximumAnswersInFlight = maximumAnswersInFlight
        self.maximumBodyBytes = maximumBodyBytes
    }
}
