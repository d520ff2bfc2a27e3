import ArgumentParser
import BridleGGUF
import BridleTemplate
import Foundation

/// `bridle make-model [--vocab N] [--seed S] [--template F.jinja] OUT`: writes a tiny
/// random-weight llama model with a byte-level tokenizer, optionally carrying a real chat
/// template and the special tokens it names.
struct MakeModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make-model",
        abstract: "Write a tiny random-weight GGUF model (llama architecture, byte-level BPE tokenizer).",
        discussion: """
            The same --vocab, --seed and --template always write the same bytes. Its output is nonsense; under a grammar it is still always valid.
            With --template the model carries that chat template, its markers (<|im_end|>, <tool_call>, [INST], …) as control tokens within --vocab, and the template's end of turn as EOS.
            """
    )

    @Option(help: "Vocabulary size: 256 byte tokens, merges, a template's special tokens and an end-of-text token.")
    var vocab: Int = 32_000

    @Option(help: "Seed for the weights and the merges.")
    var seed: UInt64 = 1

    @Option(help: "A Jinja chat template file: the model carries it as tokenizer.chat_template, with the special tokens it names.")
    var template: String?

    @Argument(help: "Where to write the model.")
    var output: String

    func run() throws {
        let chatTemplate: TinyModelTemplate?
        do {
            chatTemplate = try template.map(Self.readTemplate)
        } catch let failure as ValidationFailure {
            Diagnostics.error(failure.description)
            throw ExitCode(2)
        }
        do {
            let model = try TinyModel(vocabularySize: vocab, seed: seed, template: chatTemplate)
            try model.write(to: URL(fileURLWithPath: output))
        } catch {
            Diagnostics.error("\(output): \(error)")
            throw ExitCode(2)
        }
        var note = "wrote \(output): vocabulary \(vocab), seed \(seed)"
        if let chatTemplate, let template {
            let count = chatTemplate.specialTokens.count
            note += ", template \(template): \(count) special token\(count == 1 ? "" : "s") added, EOS \(chatTemplate.endToken), BOS \(chatTemplate.beginToken)"
        }
        Diagnostics.note(note)
    }

    /// The template file, checked by Bridle's own renderer (what `bridle prompt` and sessions
    /// render it with), with the BOS and EOS its renderings show.
    private static func readTemplate(_ path: String) throws -> TinyModelTemplate {
        let source = try InputFile.read(path)
        let chatTemplate: ChatTemplate
        do {
            chatTemplate = try ChatTemplate(source: source)
        } catch {
            throw ValidationFailure("\(path): \(error)")
        }
        let ends = TemplateEnds(template: chatTemplate, markers: TemplateMarkers.find(in: source))
        do {
            return try TinyModelTemplate(source: source, beginToken: ends.beginToken, endToken: ends.endToken)
        } catch {
            throw ValidationFailure("\(path): \(error)")
        }
    }
}
