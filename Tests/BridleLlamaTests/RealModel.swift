import BridleLlama
import BridleTestSupport
import Foundation
import Testing

/// gemma-3-270m (Q4_K_M, 262,144-token SentencePiece vocabulary with byte fallback and
/// control tokens, no chat template): the real model the tests run, fetched by
/// `scripts/gemma.sh`. `scripts/test.sh` fetches it and sets `BRIDLE_GEMMA_MODEL`, and
/// `BRIDLE_REQUIRE_GEMMA=1` so that a missing model fails the run instead of skipping.
enum RealModel {
    static let url = CachedArtifact.url(
        environment: "BRIDLE_GEMMA_MODEL", cachePath: "models/gemma-3-270m-q4_k_m-1.0.0/gemma-3-270m-q4_k_m.gguf")

    static var isRequired: Bool { ProcessInfo.processInfo.environment["BRIDLE_REQUIRE_GEMMA"] == "1" }

    static let missingMessage: Comment =
        "gemma-3-270m not found: run `bash scripts/gemma.sh` (or set BRIDLE_GEMMA_MODEL to its path)"

    /// One loaded copy for every test: concurrent tests share its context, decoded together.
    static let shared: LlamaLanguageModel? = url.flatMap { try? LlamaLanguageModel(contentsOf: $0) }

    static func model() throws -> LlamaLanguageModel {
        try #require(shared, "gemma-3-270m did not load from \(url?.path ?? "nowhere")")
    }
}
