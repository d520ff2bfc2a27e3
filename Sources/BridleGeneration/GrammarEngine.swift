/// What enforces a grammar while a backend samples tokens.
///
/// ```swift
/// var options = GenerationOptions()
/// options.grammarEngine = .llama   // llama.cpp's own grammar sampler, for comparison
/// ```
public enum GrammarEngine: String, Sendable, Hashable, Codable, CaseIterable {
    /// Bridle's mask engine (`BridleMask`): the exact set of allowed tokens, computed from a
    /// byte trie of the vocabulary, applied first in the sampler chain. The default.
    case bridle
    /// The backend's own grammar support (llama.cpp's grammar sampler, given the grammar as
    /// GBNF), with Bridle's matcher checking each choice.
    case llama
}
