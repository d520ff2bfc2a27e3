import Bridle
import BridleGGUF
import Foundation

/// Tiny random models for the server tests, written once per test process.
enum ServerTestModels {
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("bridle-server-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// 512 tokens: cheap, for load and fault tests.
    static let small: URL = make(vocabularySize: 512, seed: 7)
    /// 32,000 tokens: multi-byte tokens that cross JSON boundaries, as in real vocabularies.
    static let large: URL = make(vocabularySize: 32_000, seed: 1)

    private static func make(vocabularySize: Int, seed: UInt64) -> URL {
        let url = folder.appendingPathComponent("tiny-\(vocabularySize)-\(seed).gguf")
        // A model that failed to write makes llama-server fail to start, and the test says so
        // with the server's log.
        try? TinyModel(vocabularySize: vocabularySize, seed: seed).write(to: url)
        return url
    }

    /// Short strings, so a random model (which rarely closes a string early) finishes quickly.
    static let grammarOptions: GrammarOptions = {
        var options = GrammarOptions()
        options.maximumStringLength = 16
        return options
    }()

    static func options(seed: UInt64, maximumResponseTokens: Int? = nil) -> GenerationOptions {
        GenerationOptions(
            sampling: .random(probabilityThreshold: 1, seed: seed), maximumResponseTokens: maximumResponseTokens,
            grammar: grammarOptions)
    }
}
