import BridleFuzzing
import BridleGGUF
import Foundation
import Testing

/// Replays the saved fuzz corpus (`Fuzz/Corpus/<Target>/`: seeds from shared/ data and every
/// input that once crashed, minimized) through the fuzz targets' bodies, without libFuzzer:
/// what once broke stays fixed. Fuzzing itself is `bash scripts/fuzz.sh`, not a test.
@Suite("Fuzz targets replay their saved corpus")
struct FuzzTargetsTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    static let targets = FuzzTargets.all.keys.sorted()

    static func inputs(of target: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(
            at: corpus.appendingPathComponent(target), includingPropertiesForKeys: nil
        ).filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
    }

    @Test("every input of the corpus runs through its target", arguments: targets)
    func replay(target: String) throws {
        let run = try #require(FuzzTargets.all[target])
        let inputs = try Self.inputs(of: target)
        #expect(inputs.count >= 3, "Fuzz/Corpus/\(target) should hold seeds")
        for input in inputs {
            run(Array(try Data(contentsOf: input)))
        }
    }

    @Test("every fuzz product has a corpus folder and a body")
    func everyTargetHasACorpus() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(Self.targets))
    }

    @Test("hostile inputs end", arguments: [
        ("FuzzSchema", ##"{"oneOf":[{"$ref":"#/$defs/D"},{"type":"string"}],"$defs":{"D":{"anyOf":[{"$ref":"#/$defs/D"},{"type":"null"}]}}}"##),
        ("FuzzGBNF", "root ::= a a\na ::= b b\nb ::= c c\nc ::= d d\nd ::= \"x\""),
        ("FuzzMatcher", "root ::= s\ns ::= s s | \"a\" | \"\"\n\0aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
        ("FuzzJSON", String(repeating: "[", count: 10_000)),
        ("FuzzRegex", "(a|b)*c{2,}[^x]+"),
        ("FuzzGGUF", "GGUF\u{3}\0\0\0"),
        ("FuzzTemplate", "{{ " + String(repeating: "(", count: 10_000) + "1 }}"),
        ("FuzzTemplate", "{{ 'ab' * 100000000 }}"),
    ])
    func hostile(target: String, input: String) throws {
        let run = try #require(FuzzTargets.all[target])
        run(Array(input.utf8))
    }

    /// A tiny GGUF file written by ``GGUFWriter``: the GGUF corpus's seed
    /// (`BRIDLE_WRITE_FUZZ_SEEDS=1` writes it to `Fuzz/Corpus/FuzzGGUF/seed-writer`).
    static func tinyGGUF() throws -> [UInt8] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bridle-fuzz-seed-\(UUID().uuidString).gguf")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try GGUFWriter(
            url: url,
            metadata: [
                GGUFMetadataEntry("general.architecture", .string("llama")),
                GGUFMetadataEntry("llama.context_length", .uint32(64)),
                GGUFMetadataEntry("tokenizer.ggml.tokens", .array(.string(["a", "b", "<|endoftext|>"]))),
                GGUFMetadataEntry("tokenizer.ggml.scores", .array(.float32([0, -1, -2]))),
                GGUFMetadataEntry("general.flag", .bool(true)),
            ],
            tensors: [GGUFTensorDeclaration(name: "token_embd.weight", dimensions: [2, 3])])
        try writer.append([0, 1, 2, 3, 4, 5])
        try writer.finish()
        return Array(try Data(contentsOf: url))
    }

    @Test("a GGUF file from the writer, and every prefix of it, reads or fails cleanly")
    func writtenGGUF() throws {
        let bytes = try Self.tinyGGUF()
        if ProcessInfo.processInfo.environment["BRIDLE_WRITE_FUZZ_SEEDS"] == "1" {
            try Data(bytes).write(to: Self.corpus.appendingPathComponent("FuzzGGUF/seed-writer"))
        }
        let run = try #require(FuzzTargets.all["FuzzGGUF"])
        for length in stride(from: 0, through: bytes.count, by: 7) {
            run(Array(bytes.prefix(length)))
        }
    }
}
