/// Which FoundationModels release's error types a session throws.
///
/// FoundationModels picks by the SDK an app is built with: 26's
/// ``LanguageModelSession/GenerationError``, or 27's ``LanguageModelError``,
/// ``LanguageModelSession/Error`` and ``SystemLanguageModel/Error``. Bridle is one build
/// for both, so the session's ``ToolPolicy/errors`` says which; code ported from 26 keeps
/// working unchanged, and code written for 27 sets it once:
///
/// ```swift
/// var policy = ToolPolicy()
/// policy.errors = .foundationModels27
/// let session = LanguageModelSession(model: model, tools: tools, policy: policy)
/// ```
public enum ErrorConvention: Sendable, Hashable {
    /// 26's ``LanguageModelSession/GenerationError``. The default.
    case foundationModels26
    /// 27's ``LanguageModelError``, ``LanguageModelSession/Error`` and ``SystemLanguageModel/Error``.
    case foundationModels27
}
