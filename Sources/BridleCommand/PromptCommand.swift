import ArgumentParser
import Bridle
import BridleGGUF
import BridleTemplate
import Foundation

/// `bridle prompt (--model F.gguf | --template F.jinja) --messages F.json [--tools F.json] …`:
/// prints the prompt a model's own chat template makes of a conversation, byte for byte as
/// Hugging Face's `apply_chat_template` (Python's jinja2) makes it. Exit 1 when the template
/// refuses the conversation (its own `raise_exception`, or what jinja2 itself refuses), 2 for
/// bad input: a missing or malformed file, a template Bridle can't read.
struct PromptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prompt",
        abstract: "Print the prompt a model's own chat template makes of a conversation (OpenAI-style messages and tools)."
    )

    @Option(help: "A GGUF model: its tokenizer.chat_template, and its BOS and EOS tokens unless given.")
    var model: String?

    @Option(help: "A Jinja chat template file.")
    var template: String?

    @Option(help: "The conversation: a JSON array of OpenAI-style messages, passed to the template as given.")
    var messages: String

    @Option(help: "The tools offered: a JSON array of OpenAI-style tools (`{\"type\": \"function\", \"function\": {…}}`).")
    var tools: String?

    @Option(name: .customLong("bos-token"), help: "The template's bos_token (default: the model's, or empty).")
    var bosToken: String?

    @Option(name: .customLong("eos-token"), help: "The template's eos_token (default: the model's, or empty).")
    var eosToken: String?

    @Flag(name: .customLong("no-generation-prompt"), help: "Render without the assistant's opening (add_generation_prompt false), as for a finished conversation.")
    var noGenerationPrompt = false

    @Option(help: "What strftime_now reads, as YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS] local time (default: BRIDLE_TEMPLATE_NOW, else now), for reproducible prompts.")
    var now: String?

    func validate() throws {
        if (model == nil) == (template == nil) {
            throw ValidationError("Give --model (a GGUF file with a chat template) or --template (a Jinja file), not both.")
        }
    }

    func run() throws {
        do {
            let (source, tokens) = try templateSource()
            let input = ChatTemplateInput(
                messages: try jsonArray(messages, "--messages"),
                tools: try tools.map { try jsonArray($0, "--tools") },
                addsGenerationPrompt: !noGenerationPrompt,
                bosToken: bosToken ?? tokens.bos,
                eosToken: eosToken ?? tokens.eos,
                now: try moment())
            let chatTemplate: ChatTemplate
            do {
                chatTemplate = try ChatTemplate(source: source.text)
            } catch {
                throw ValidationFailure("\(source.name): \(error)")
            }
            do {
                print(try chatTemplate.render(input), terminator: "")
            } catch {
                Diagnostics.error("\(source.name): \(error)")
                throw ExitCode(1)
            }
        } catch let failure as ValidationFailure {
            Diagnostics.error(failure.description)
            throw ExitCode(2)
        }
    }

    private func templateSource() throws -> (source: (name: String, text: String), tokens: (bos: String, eos: String)) {
        if let template {
            return ((template, try InputFile.read(template)), ("", ""))
        }
        let path = model ?? ""
        let file: GGUFFile
        do {
            file = try GGUFFile(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ValidationFailure("\(path): \(error)")
        }
        guard let text = file["tokenizer.chat_template"]?.stringValue else {
            throw ValidationFailure("\(path) has no tokenizer.chat_template (a base model?): give its template with --template F.jinja")
        }
        func token(_ key: String) -> String {
            guard let id = file[key]?.integerValue, case .array(.string(let tokens))? = file["tokenizer.ggml.tokens"], tokens.indices.contains(id) else { return "" }
            return tokens[id]
        }
        return ((path + " (tokenizer.chat_template)", text), (token("tokenizer.ggml.bos_token_id"), token("tokenizer.ggml.eos_token_id")))
    }

    private func jsonArray(_ path: String, _ option: String) throws -> GeneratedContent {
        let content: GeneratedContent
        do {
            content = try GeneratedContent(json: try InputFile.read(path))
        } catch let error as JSONSyntaxError {
            throw ValidationFailure("\(option) \(path) is not JSON:\n\(error)")
        }
        guard case .array = content.kind else {
            throw ValidationFailure("\(option) \(path) must be a JSON array, not \(content.summary)")
        }
        return content
    }

    private func moment() throws -> Date {
        guard let text = now ?? ProcessInfo.processInfo.environment[TemplateClock.environmentVariable], !text.isEmpty else { return Date() }
        guard let date = TemplateClock.date(from: text) else {
            throw ValidationFailure("--now (or BRIDLE_TEMPLATE_NOW) \(text) is not a date: give YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]")
        }
        return date
    }
}
