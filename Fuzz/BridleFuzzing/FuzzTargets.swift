/// What each fuzz target does with one input: parse it, run what follows on the result, and
/// check the invariants that must hold whatever the input (a round trip gives back the same
/// value; a sampled sentence is accepted by the matcher). Errors are expected answers; a trap
/// (a crash, a broken invariant, a stack overflow) is what libFuzzer looks for.
///
/// The bodies live here, not in the `FuzzX` executables, so that `swift test` replays the saved
/// corpus under `Fuzz/Corpus/` through the same code without libFuzzer.
///
/// ```swift
/// FuzzTargets.json(Array(#"{"a":[1,2]}"#.utf8))   // returns; traps only on a bug
/// ```
public enum FuzzTargets {
    /// Every target by name (the executable's name without `Fuzz`), for the corpus replay.
    public static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "FuzzJSON": json,
        "FuzzSchema": schema,
        "FuzzGBNF": gbnf,
        "FuzzRegex": regex,
        "FuzzGGUF": gguf,
        "FuzzMatcher": matcher,
        "FuzzValueRules": valueRules,
        "FuzzBridleKeywords": bridleKeywords,
        "FuzzCandidates": candidates,
        "FuzzTemplate": template,
    ]

    /// Inputs past this many bytes are cut: what the targets look for shows up in small
    /// inputs, and the cubic worst case of the matcher must stay fast per input.
    static let maximumInputLength = 8192

    /// A broken invariant: traps, so libFuzzer saves the input.
    static func invariant(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { preconditionFailure(message()) }
    }

    /// The input as text, replacing malformed UTF-8 (the readers take Swift strings).
    static func text(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes.prefix(maximumInputLength), as: UTF8.self)
    }
}
