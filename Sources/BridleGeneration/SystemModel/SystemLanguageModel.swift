import Synchronization

/// The model a session uses when it is given none, as in FoundationModels: configure it once
/// at start-up with any ``LanguageModel``, then `LanguageModelSession()` uses it.
///
/// ```swift
/// SystemLanguageModel.configure(try LlamaLanguageModel(contentsOf: modelURL))
/// let session = LanguageModelSession(instructions: "You recommend films.")
/// ```
///
/// Nothing is loaded behind the app's back: until ``configure(_:)`` is called,
/// ``availability`` is `.unavailable(.modelNotReady)` and a session's request fails with
/// ``LanguageModelSession/GenerationError/assetsUnavailable(_:)``. The configured model is
/// read when a request starts, so configuring again affects later requests only.
/// `useCase` and `guardrails` exist so that FoundationModels code compiles; Bridle has no
/// adapters or safety model, and they change nothing.
public struct SystemLanguageModel: LanguageModel {
    /// The configured model, whichever it is when a request starts.
    public static let `default` = SystemLanguageModel()

    public let useCase: UseCase
    public let guardrails: Guardrails

    public init(useCase: UseCase = .general, guardrails: Guardrails = .default) {
        self.useCase = useCase
        self.guardrails = guardrails
    }

    private static let configured = Mutex<(any LanguageModel)?>(nil)

    /// Makes `model` the default model; `nil` takes it away again.
    public static func configure(_ model: (any LanguageModel)?) {
        configured.withLock { $0 = model }
    }

    /// The model configured now, if any.
    public static var configuredModel: (any LanguageModel)? {
        configured.withLock { $0 }
    }

    public var availability: Availability {
        Self.configuredModel == nil ? .unavailable(.modelNotReady) : .available
    }

    public var isAvailable: Bool { availability == .available }

    public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Swift.Error> {
        guard let model = Self.configuredModel else {
            return AsyncThrowingStream { $0.finish(throwing: LanguageModelSession.GenerationError.assetsUnavailable(.init(
                debugDescription: "No model is configured; call SystemLanguageModel.configure(_:) with a LanguageModel at start-up, or pass model: to the session."))) }
        }
        return model.generate(request)
    }

    public func prewarm(_ messages: [ChatMessage]) async {
        await Self.configuredModel?.prewarm(messages)
    }

    public func promptTokenCount(for request: GenerationRequest) async throws -> Int? {
        try await Self.configuredModel?.promptTokenCount(for: request)
    }
}
