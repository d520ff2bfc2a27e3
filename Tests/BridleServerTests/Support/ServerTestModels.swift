import Bridle
import BridleGGUF
import BridleServer
import BridleTestSupport
import Foundation

/// Tiny random models for the server tests, written once per test process.
enum ServerTestModels {
    static let folder: URL = {
        let folder = ScratchFiles.folder.appendingPathComponent("server-tests")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// 512 tokens: cheap, for load and fault tests.
    static let small = make(vocabularySize: 512, seed: 7)
    /// 32,000 tokens: multi-byte tokens that cross JSON boundaries, as in real vocabularies.
    static let large = make(vocabularySize: 32_000, seed: 1)

    /// A tiny model written to disk, with the ids of the tokens llama.cpp's grammar misreads:
    /// those holding a byte outside ASCII, or a NUL byte (which ends the token's text early, so
    /// the grammar sees nothing).
    struct Model: Sendable {
        let url: URL
        let misreadTokens: [Int]
    }

    private static func make(vocabularySize: Int, seed: UInt64) -> Model {
        let url = folder.appendingPathComponent("tiny-\(vocabularySize)-\(seed).gguf")
        // A model that failed to write makes llama-server fail to start, and the test says so
        // with the server's log.
        let model = try? TinyModel(vocabularySize: vocabularySize, seed: seed)
        try? model?.write(to: url)
        let tokens = model?.vocabulary().tokenBytes.enumerated().filter { $0.element.contains { $0 >= 0x80 || $0 == 0 } }.map(\.offset) ?? []
        return Model(url: url, misreadTokens: tokens)
    }

    /// A configuration for `model` served at `endpoints`. llama.cpp's grammar sampler reads
    /// UTF-8 leniently, so a random model steers it through overlong and broken sequences that
    /// Bridle refuses (see ``ServerConfiguration/excludedTokens``); the tests exclude the
    /// tokens it misreads, so every answer is one Bridle accepts.
    static func configuration(_ endpoints: [URL], serving model: Model) -> ServerConfiguration {
        ServerConfiguration(endpoints: endpoints, excludedTokens: model.misreadTokens)
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
