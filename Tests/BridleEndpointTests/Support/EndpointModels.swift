import BridleGGUF
import BridleLlama
import BridleTestSupport
import Foundation
import Testing

/// The models the endpoint tests serve: a tiny random one (32,000 tokens, written once per
/// process) and SmolLM2-135M-Instruct, the real instruct model `scripts/smollm2.sh` fetches,
/// which `scripts/test.sh` requires (a missing model then fails instead of skipping).
enum EndpointModels {
    static let tiny: LlamaLanguageModel? = {
        let url = ScratchFiles.folder.appendingPathComponent("endpoint-tests.gguf")
        do {
            try TinyModel(vocabularySize: 32_000, seed: 1).write(to: url)
            return try LlamaLanguageModel(contentsOf: url, configuration: LlamaConfiguration(sequences: 8))
        } catch {
            return nil
        }
    }()

    static let smolLM2URL = CachedArtifact.url(
        environment: "BRIDLE_SMOLLM2_MODEL", cachePath: "models/smollm2-135m-instruct-q4_1-0.1.2/SmolLM2-135M-Instruct.Q4_1.gguf")
    static var smolLM2IsAvailable: Bool { smolLM2URL != nil || ProcessInfo.processInfo.environment["BRIDLE_REQUIRE_SMOLLM2"] == "1" }
    static let smolLM2Missing: Comment = "SmolLM2-135M-Instruct not found: run `bash scripts/smollm2.sh` (or set BRIDLE_SMOLLM2_MODEL to its path)"
    static let smolLM2: LlamaLanguageModel? = smolLM2URL.flatMap {
        try? LlamaLanguageModel(contentsOf: $0, configuration: LlamaConfiguration(sequences: 8))
    }

    /// PyPI's `openai` in the cache's virtual environment (`scripts/openai.sh`; `scripts/test.sh`
    /// sets `BRIDLE_OPENAI_PYTHON` and `BRIDLE_REQUIRE_OPENAI=1`).
    static let python = CachedArtifact.url(environment: "BRIDLE_OPENAI_PYTHON", cachePath: "openai-python", executable: true)
    static var pythonIsAvailable: Bool { python != nil || ProcessInfo.processInfo.environment["BRIDLE_REQUIRE_OPENAI"] == "1" }
    static let pythonMissing: Comment = "PyPI's openai not found: run `bash scripts/openai.sh` and set BRIDLE_OPENAI_PYTHON to the path it prints"
}
