import BridleLlama
import BridleTestSupport
import Foundation
import Testing

/// SmolLM2-135M-Instruct (Q4_1, 49,152-token byte-level BPE vocabulary, its own ChatML chat
/// template): the second real model, an instruct one, fetched by `scripts/smollm2.sh`.
/// `scripts/test.sh` fetches it and sets `BRIDLE_SMOLLM2_MODEL` and `BRIDLE_REQUIRE_SMOLLM2=1`,
/// so that a missing model fails the run instead of skipping.
enum InstructModel {
    static let url = CachedArtifact.url(
        environment: "BRIDLE_SMOLLM2_MODEL", cachePath: "models/smollm2-135m-instruct-q4_1-0.1.2/SmolLM2-135M-Instruct.Q4_1.gguf")

    static var isRequired: Bool { ProcessInfo.processInfo.environment["BRIDLE_REQUIRE_SMOLLM2"] == "1" }

    static let missingMessage: Comment =
        "SmolLM2-135M-Instruct not found: run `bash scripts/smollm2.sh` (or set BRIDLE_SMOLLM2_MODEL to its path)"

    static let shared: LlamaLanguageModel? = url.flatMap { try? LlamaLanguageModel(contentsOf: $0) }

    static func model() throws -> LlamaLanguageModel {
        try #require(shared, "SmolLM2-135M-Instruct did not load from \(url?.path ?? "nowhere")")
    }
}
