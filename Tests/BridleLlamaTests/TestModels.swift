import BridleGGUF
import BridleTestSupport
import Foundation

/// Tiny random models for the tests, written once per test process into its scratch folder.
enum TestModels {
    static let folder: URL = {
        let folder = ScratchFiles.folder.appendingPathComponent("llama-tests")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// 512 tokens: fast, for behaviour that does not depend on the vocabulary.
    static let small: URL = make(vocabularySize: 512, seed: 7)
    /// 32,000 tokens, like many real models: multi-byte tokens that cross JSON boundaries.
    static let large: URL = make(vocabularySize: 32_000, seed: 1)

    private static func make(vocabularySize: Int, seed: UInt64) -> URL {
        let url = folder.appendingPathComponent("tiny-\(vocabularySize)-\(seed).gguf")
        do {
            try TinyModel(vocabularySize: vocabularySize, seed: seed).write(to: url)
        } catch {
            // The tests that load it then fail with the loader's typed error, naming the file.
            try? FileManager.default.removeItem(at: url)
        }
        return url
    }
}
