import ArgumentParser
import BridleGGUF
import Foundation

/// `bridle make-model`: writes a tiny random-weight llama model with a byte-level tokenizer.
struct MakeModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make-model",
        abstract: "Write a tiny random-weight GGUF model (llama architecture, byte-level BPE tokenizer).",
        discussion: "The same --vocab and --seed always write the same bytes. Its output is nonsense; under a grammar it is still always valid."
    )

    @Option(help: "Vocabulary size: 256 byte tokens, merges, and an end-of-text token.")
    var vocab: Int = 32_000

    @Option(help: "Seed for the weights and the merges.")
    var seed: UInt64 = 1

    @Argument(help: "Where to write the model.")
    var output: String

    func run() throws {
        do {
            let model = try TinyModel(vocabularySize: vocab, seed: seed)
            try model.write(to: URL(fileURLWithPath: output))
        } catch {
            Diagnostics.error("\(output): \(error)")
            throw ExitCode(2)
        }
        Diagnostics.note("wrote \(output): vocabulary \(vocab), seed \(seed)")
    }
}
