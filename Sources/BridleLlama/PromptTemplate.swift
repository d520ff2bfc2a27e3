import CLlama

/// How a conversation becomes the text a llama.cpp model reads.
///
/// ```swift
/// try PromptTemplate("gemma")   // .builtin("gemma")
/// try PromptTemplate("none")    // .plain
/// try PromptTemplate("auto")    // .automatic
/// ```
///
/// The rule ``automatic`` follows, in order:
/// 1. the model's own template (`tokenizer.chat_template` in the GGUF), when llama.cpp
///    recognises it;
/// 2. ChatML, when the template is missing or unknown and `<|im_start|>` and `<|im_end|>` are
///    tokens of the vocabulary (a model trained on ChatML);
/// 3. otherwise ``plain``: a base model such as gemma-3-270m has no template, and ChatML's
///    markers would be ordinary text to it, which it then imitates.
public enum PromptTemplate: Sendable, Hashable, CustomStringConvertible {
    case automatic
    /// One of llama.cpp's built-in templates, by name (``builtinNames``: `chatml`, `gemma`,
    /// `llama3`, …), whatever the model's metadata says.
    case builtin(String)
    /// No markup: ``PlainPrompt``.
    case plain

    /// Reads `auto`, `none` (or `plain`), or a built-in template's name.
    public init(_ name: String) throws(LlamaError) {
        switch name {
        case "auto", "automatic": self = .automatic
        case "none", "plain": self = .plain
        case _ where Self.builtinNames.contains(name): self = .builtin(name)
        default: throw .unknownPromptTemplate(name: name, known: ["auto", "none"] + Self.builtinNames)
        }
    }

    public var description: String {
        switch self {
        case .automatic: "auto"
        case .builtin(let name): name
        case .plain: "none"
        }
    }

    /// The templates llama.cpp (the pinned version) can apply by name.
    public static let builtinNames: [String] = {
        let count = Int(llama_chat_builtin_templates(nil, 0))
        var names = [UnsafePointer<CChar>?](repeating: nil, count: count)
        _ = llama_chat_builtin_templates(&names, names.count)
        return names.compactMap { $0.map { String(cString: $0) } }
    }()
}
