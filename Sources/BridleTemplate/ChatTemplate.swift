import BridleJSON
import Foundation

/// A model's own chat template (Jinja, as Hugging Face ships it in `tokenizer_config.json` and
/// llama.cpp in the GGUF's `tokenizer.chat_template`), rendered as Hugging Face's
/// `apply_chat_template` renders it with Python's `jinja2`, byte for byte.
///
/// ```swift
/// let template = try ChatTemplate(source: jinjaText)
/// let prompt = try template.render(ChatTemplateInput(
///     messages: try GeneratedContent(json: #"[{"role": "user", "content": "Hi"}]"#),
///     bosToken: "<s>"))
/// ```
///
/// Parsing happens once, here; a construct the renderer lacks fails now or, if it sits in a
/// branch, when that branch runs: never a silently different prompt.
public struct ChatTemplate: Sendable {
    let statements: [Statement]

    public init(source: String) throws(TemplateError) {
        statements = try TemplateParser.parse(source)
    }

    public func render(_ input: ChatTemplateInput) throws(TemplateError) -> String {
        var variables: [String: TemplateValue] = [
            "messages": TemplateValue(input.messages),
            "tools": input.tools.map(TemplateValue.init) ?? TemplateValue.none,
            "documents": input.documents.map(TemplateValue.init) ?? TemplateValue.none,
            "add_generation_prompt": .bool(input.addsGenerationPrompt),
            "bos_token": .string(input.bosToken),
            "eos_token": .string(input.eosToken),
        ]
        for (name, value) in input.variables { variables[name] = TemplateValue(value) }
        let renderer = TemplateRenderer(now: input.now, variables: variables)
        try renderer.render(statements, in: TemplateScope(parent: renderer.globals))
        return renderer.output
    }
}

/// What a chat template is rendered with: Hugging Face's variables, as OpenAI-style JSON
/// passed through as given (an object stays an object, a string a string).
public struct ChatTemplateInput: Sendable {
    /// The conversation: a JSON array of `{"role", "content", "tool_calls", …}` objects.
    public var messages: GeneratedContent
    /// The tools offered, an OpenAI-style list; `nil` renders with `tools = None`, as Hugging
    /// Face does when none are given.
    public var tools: GeneratedContent?
    /// Retrieval documents, for the templates that render them (`documents`).
    public var documents: GeneratedContent?
    public var addsGenerationPrompt: Bool
    public var bosToken: String
    public var eosToken: String
    /// What `strftime_now` reads: fix it for reproducible prompts.
    public var now: Date
    /// Any other variable the template reads (`enable_thinking`, `reasoning_effort`, …).
    public var variables: [String: GeneratedContent]

    public init(
        messages: GeneratedContent, tools: GeneratedContent? = nil, documents: GeneratedContent? = nil,
        addsGenerationPrompt: Bool = true, bosToken: String = "", eosToken: String = "", now: Date = Date(),
        variables: [String: GeneratedContent] = [:]
    ) {
        self.messages = messages
        self.tools = tools
        self.documents = documents
        self.addsGenerationPrompt = addsGenerationPrompt
        self.bosToken = bosToken
        self.eosToken = eosToken
        self.now = now
        self.variables = variables
    }
}
