/// Why llama.cpp could not load a model, start a context or run a request. Each case says what
/// to do; `llamaMessages` quotes llama.cpp's own log where it said something.
public enum LlamaError: Error, Sendable, Hashable, CustomStringConvertible {
    case modelFileNotFound(path: String)
    /// The file is not a GGUF model (`reason` says what was found instead).
    case notGGUF(path: String, reason: String)
    /// llama.cpp (the pinned version) has no implementation of this architecture.
    case unsupportedArchitecture(path: String, architecture: String, llamaMessages: [String])
    case modelLoadFailed(path: String, llamaMessages: [String])
    /// The requested context is longer than the model was trained for.
    case contextTooLarge(requested: Int, trained: Int)
    case contextCreationFailed(llamaMessages: [String])
    /// A ``LlamaConfiguration`` value out of range; the reason names it and its range.
    case invalidConfiguration(reason: String)
    /// The grammar cannot be given to llama.cpp (our checks failed: the reason says where).
    case invalidGrammar(reason: String)
    /// llama.cpp refused a grammar that passed our own checks: a Bridle bug, please report it.
    case grammarRejected(gbnf: String, llamaMessages: [String])
    /// Neither llama.cpp's grammar sampler nor Bridle's matcher allows any token: the grammar
    /// cannot go on from here. A Bridle bug unless the grammar was hand-written.
    case noAllowedToken(partialText: String)
    /// The grammar allows more, but checking the next token against it would cost more than
    /// the request's `GenerationOptions.matchingWorkBudget`: the grammar is too ambiguous for
    /// a response this long.
    case responseExceededWorkBudget(budget: Int, partialText: String)
    case tokenizationFailed(text: String)
    /// `llama_decode` failed with this status.
    case decodeFailed(status: Int32, llamaMessages: [String])
    /// No prompt template has this name.
    case unknownPromptTemplate(name: String, known: [String])
    /// The model's own chat template refused the conversation (its `raise_exception`: a role
    /// order it doesn't allow, two calls where it takes one) or failed on it.
    case chatTemplateFailed(reason: String)

    public var description: String {
        switch self {
        case let .modelFileNotFound(path):
            "No model file at \(path); pass the path of a GGUF file (`bridle make-model` writes a tiny one)."
        case let .notGGUF(path, reason):
            "\(path) is not a GGUF model: \(reason). llama.cpp loads only GGUF files; convert the model with llama.cpp's convert_hf_to_gguf.py."
        case let .unsupportedArchitecture(path, architecture, messages):
            "\(path) uses the architecture '\(architecture)', which this llama.cpp build does not support\(Self.quote(messages))."
        case let .modelLoadFailed(path, messages):
            "llama.cpp could not load \(path)\(Self.quote(messages))."
        case let .contextTooLarge(requested, trained):
            "A context of \(requested) tokens is longer than the model's training context (\(trained)); ask for at most \(trained)."
        case let .contextCreationFailed(messages):
            "llama.cpp could not create a context\(Self.quote(messages)); try a smaller context size."
        case let .invalidConfiguration(reason):
            "Invalid LlamaConfiguration: \(reason)"
        case let .invalidGrammar(reason):
            "The grammar cannot be used: \(reason)"
        case let .grammarRejected(gbnf, messages):
            "llama.cpp rejected a grammar that Bridle's checks accepted (please report this)\(Self.quote(messages)). Grammar:\n\(gbnf)"
        case let .noAllowedToken(partialText):
            "No token can continue the response \(partialText.debugDescription) under the grammar; check that every rule can be completed."
        case let .responseExceededWorkBudget(budget, partialText):
            "Checking the response against its grammar took more than \(budget) steps after \(partialText.utf8.count) bytes \(partialText.suffix(40).debugDescription), so no token may follow; the grammar is too ambiguous for a response this long (as `s ::= s s s | \"(\"` is): write such rules as repetitions (`s ::= item+`)."
        case let .tokenizationFailed(text):
            "llama.cpp could not tokenize \(text.prefix(80).debugDescription)."
        case let .decodeFailed(status, messages):
            "llama_decode failed with status \(status)\(Self.quote(messages))."
        case let .unknownPromptTemplate(name, known):
            "No prompt template is called '\(name)'; use one of: \(known.joined(separator: ", "))."
        case let .chatTemplateFailed(reason):
            "The model's chat template could not write this conversation: \(reason). Change the conversation as the template asks, or choose another template (LlamaConfiguration.promptTemplate, `--template`)."
        }
    }

    private static func quote(_ messages: [String]) -> String {
        messages.isEmpty ? "" : "; llama.cpp said: " + messages.joined(separator: " | ")
    }
}
