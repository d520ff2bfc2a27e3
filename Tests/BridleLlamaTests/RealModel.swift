import BridleLlama
import BridleTestSupport
import Foundation
import Testing

/// A real model the tests run, fetched once by its script into Bridle's cache.
/// `scripts/test.sh` fetches both, sets each one's path variable, and its requirement variable
/// to 1, so that a missing model fails the run instead of skipping.
struct RealModel: Sendable {
    /// gemma-3-270m (Q4_K_M, 262,144-token SentencePiece vocabulary with byte fallback and
    /// control tokens, no chat template), fetched by `scripts/gemma.sh`.
    static let gemma = RealModel(
        name: "gemma-3-270m", script: "scripts/gemma.sh", environment: "BRIDLE_GEMMA_MODEL", requirement: "BRIDLE_REQUIRE_GEMMA",
        cachePath: "models/gemma-3-270m-q4_k_m-1.0.0/gemma-3-270m-q4_k_m.gguf")
    /// SmolLM2-135M-Instruct (Q4_1, 49,152-token byte-level BPE vocabulary, its own ChatML
    /// chat template): the instruct model, fetched by `scripts/smollm2.sh`.
    static let smolLM2 = RealModel(
        name: "SmolLM2-135M-Instruct", script: "scripts/smollm2.sh", environment: "BRIDLE_SMOLLM2_MODEL",
        requirement: "BRIDLE_REQUIRE_SMOLLM2", cachePath: "models/smollm2-135m-instruct-q4_1-0.1.2/SmolLM2-135M-Instruct.Q4_1.gguf")

    let name: String
    let url: URL?
    let isRequired: Bool
    let missingMessage: Comment
    /// One loaded copy for every test: concurrent tests share its context, decoded together.
    let shared: LlamaLanguageModel?

    private init(name: String, script: String, environment: String, requirement: String, cachePath: String) {
        self.name = name
        url = CachedArtifact.url(environment: environment, cachePath: cachePath)
        isRequired = ProcessInfo.processInfo.environment[requirement] == "1"
        missingMessage = "\(name) not found: run `bash \(script)` (or set \(environment) to its path)"
        shared = url.flatMap { try? LlamaLanguageModel(contentsOf: $0) }
    }

    func model() throws -> LlamaLanguageModel {
        try #require(shared, "\(name) did not load from \(url?.path ?? "nowhere")")
    }
}
