import ArgumentParser

/// The options every example takes: which model, which seed, which prompt.
public struct ExampleOptions: ParsableArguments {
    @Option(help: "A GGUF model; without it a tiny random model is made (or reused) in the cache.")
    public var model: String?

    @Option(help: "Vocabulary of the tiny model.")
    public var vocab = 32_000

    // 8 because with it the tiny model calls each example's tool (with 0 it answers at once),
    // and in films a call is refused before one passes.
    @Option(help: "The sampling seed: the same seed, model and prompt give the same run.")
    public var seed: UInt64 = 8

    @Option(help: "Ask this instead of the example's own prompt.")
    public var prompt: String?

    // Small, so a random-weight model (which never chooses to close a string) finishes quickly.
    @Option(name: .customLong("max-string-length"), help: "Longest string where a type sets no bound.")
    public var maximumStringLength = 32

    @Option(help: "Prompt template: auto (the model's own; plain text when it has none), none, or a llama.cpp template name (chatml, gemma, …).")
    public var template = "auto"

    public init() {}
}
