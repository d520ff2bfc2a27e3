import BridleGGUF
import Foundation
import Testing

@Suite struct TinyModelTests {
    @Test("Vocabulary invariants", arguments: [258, 512, 32000])
    func vocabularyInvariants(vocabularySize: Int) throws {
        let vocabulary = try TinyModel(vocabularySize: vocabularySize, seed: 7).vocabulary()
        let byteTokenCount = 256
        let endID = vocabularySize - 1

        #expect(vocabulary.tokens.count == vocabularySize)
        #expect(vocabulary.tokenTypes.count == vocabularySize)
        #expect(vocabulary.tokenBytes.count == vocabularySize)
        #expect(Set(vocabulary.tokens).count == vocabularySize)
        #expect(vocabulary.endOfTextTokenID == endID)
        #expect(vocabulary.tokens[endID] == TinyModel.endOfTextToken)
        #expect(vocabulary.tokenTypes[endID] == 3)
        #expect(vocabulary.tokenTypes.dropLast().allSatisfy { $0 == 1 })

        // Ids 0...255 are the bytes in bytes_to_unicode order.
        for (id, pair) in ReferenceByteAlphabet.orderedPairs.enumerated() {
            #expect(vocabulary.tokens[id] == String(pair.character))
            #expect(vocabulary.tokenBytes[id] == [pair.byte])
        }
        #expect(Set(vocabulary.tokenBytes.prefix(byteTokenCount).map { $0[0] }).count == 256)

        // Every other token decodes to its bytes and is at most 16 bytes.
        for id in byteTokenCount..<endID {
            #expect(ReferenceByteAlphabet.decode(vocabulary.tokens[id]) == vocabulary.tokenBytes[id])
            #expect((2...16).contains(vocabulary.tokenBytes[id].count))
        }

        // Merge k creates token 256 + k from two tokens with smaller ids.
        #expect(vocabulary.merges.count == vocabularySize - byteTokenCount - 1)
        var idForToken: [String: Int] = [:]
        for (id, token) in vocabulary.tokens.enumerated() {
            idForToken[token] = id
        }
        for (rank, merge) in vocabulary.merges.enumerated() {
            let parts = merge.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            try #require(parts.count == 2, "merge \(rank) '\(merge)' is not 'LEFT RIGHT'")
            let mergedID = byteTokenCount + rank
            #expect(parts[0] + parts[1] == vocabulary.tokens[mergedID])
            let left = try #require(idForToken[parts[0]])
            let right = try #require(idForToken[parts[1]])
            #expect(left < mergedID && right < mergedID)
        }
    }

    @Test func largeVocabulariesMixJSONSyntaxLettersAndMultibyteText() throws {
        let tokens = Set(try TinyModel(vocabularySize: 32000, seed: 1).vocabulary().tokenBytes.map { String(decoding: $0, as: UTF8.self) })
        for piece in ["\":\"", "true", "null", " the", "12", "T0", "é", "日本", "😀", "a\""] {
            #expect(tokens.contains(piece), "missing \(piece)")
        }
        let crossesQuote = tokens.filter { $0.count > 2 && $0.contains("\"") && $0.contains(where: \.isLetter) }
        #expect(crossesQuote.count > 50)
        #expect(tokens.contains { $0.utf8.count >= 12 })
    }

    @Test func vocabularySizeBelowTheMinimumIsATypedError() {
        #expect(throws: TinyModelError.vocabularyTooSmall(requested: 257, minimum: 258)) {
            try TinyModel(vocabularySize: 257, seed: 0)
        }
        #expect(TinyModelError.vocabularyTooSmall(requested: 257, minimum: 258).description.contains("at least 258"))
        #expect(throws: TinyModelError.self) {
            try TinyModel(vocabularySize: 512, seed: 0, embeddingLength: 64, headCount: 3)
        }
    }

    @Test func sameSeedGivesTheSameBytesAndOtherSeedsDiffer() throws {
        let directory = try TemporaryDirectory()
        let first = directory.file("first.gguf")
        let second = directory.file("second.gguf")
        let otherSeed = directory.file("other.gguf")
        try TinyModel(vocabularySize: 512, seed: 42).write(to: first)
        try TinyModel(vocabularySize: 512, seed: 42).write(to: second)
        try TinyModel(vocabularySize: 512, seed: 43).write(to: otherSeed)

        let firstBytes = try Data(contentsOf: first)
        #expect(firstBytes == (try Data(contentsOf: second)))
        let other = try GGUFFile(contentsOf: otherSeed)
        let file = try GGUFFile(contentsOf: first)
        #expect(file["tokenizer.ggml.merges"] != other["tokenizer.ggml.merges"])
        for tensor in ["token_embd.weight", "blk.1.ffn_down.weight"] {
            let info = try #require(file.tensors.first { $0.name == tensor })
            let otherInfo = try #require(other.tensors.first { $0.name == tensor })
            let count = Int(info.elementCount ?? 0)
            #expect(try readFloats(at: file.dataOffset + info.offset, count: count, in: first)
                != readFloats(at: other.dataOffset + otherInfo.offset, count: count, in: otherSeed))
        }
    }

    @Test("The file has llama.cpp's keys, tensors and size", arguments: [512, 32000])
    func fileContents(vocabularySize: Int) throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("tiny.gguf")
        let model = try TinyModel(vocabularySize: vocabularySize, seed: 3)
        try model.write(to: url)
        let file = try GGUFFile(contentsOf: url)

        #expect(file.architecture == "llama")
        #expect(file.contextLength == 2048)
        #expect(file["general.name"] == .string("bridle-tiny-\(vocabularySize)-3"))
        #expect(file["general.alignment"] == .uint32(32))
        #expect(file["llama.vocab_size"] == .uint32(UInt32(vocabularySize)))
        #expect(file["llama.rope.dimension_count"] == .uint32(16))
        #expect(file["llama.attention.head_count_kv"] == .uint32(4))
        #expect(file["llama.attention.layer_norm_rms_epsilon"] == .float32(1e-5))
        #expect(file["tokenizer.ggml.model"] == .string("gpt2"))
        #expect(file["tokenizer.ggml.pre"] == .string("gpt-2"))
        #expect(file["tokenizer.ggml.bos_token_id"] == .uint32(UInt32(vocabularySize - 1)))
        #expect(file["tokenizer.ggml.eos_token_id"] == .uint32(UInt32(vocabularySize - 1)))
        #expect(file["tokenizer.ggml.add_bos_token"] == .bool(false))
        #expect(file["tokenizer.chat_template"]?.stringValue?.contains("<|im_start|>") == true)
        #expect(file["tokenizer.ggml.tokens"] == .array(.string(model.vocabulary().tokens)))

        let names = file.tensors.map(\.name)
        #expect(names.count == 3 + 2 * 9)
        #expect(names.prefix(3) == ["token_embd.weight", "output_norm.weight", "output.weight"])
        #expect(file.tensors.first { $0.name == "blk.1.ffn_down.weight" }?.dimensions == [128, 64])
        #expect(file.tensors.first { $0.name == "output.weight" }?.dimensions == [64, UInt64(vocabularySize)])

        // Two vocabulary-sized matrices plus two blocks of 4 attention
        // matrices, 3 feed-forward matrices and 2 norms, plus the output norm,
        // all F32 and each already a multiple of the 32-byte alignment.
        let embeddingBytes = 2 * vocabularySize * 64 * 4
        let blockBytes = (4 * 64 * 64 + 3 * 64 * 128 + 2 * 64) * 4
        let tensorBytes = UInt64(embeddingBytes + 2 * blockBytes + 64 * 4)
        #expect(file.fileSize == file.dataOffset + tensorBytes)
    }

    @Test func weightScalesGiveDistinctLogits() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("scales.gguf")
        try TinyModel(vocabularySize: 512, seed: 9).write(to: url)
        let file = try GGUFFile(contentsOf: url)

        func standardDeviation(of name: String) throws -> Float {
            let info = try #require(file.tensors.first { $0.name == name })
            let values = try readFloats(at: file.dataOffset + info.offset, count: Int(info.elementCount ?? 0), in: url)
            let mean = values.reduce(0, +) / Float(values.count)
            return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Float(values.count)).squareRoot()
        }
        #expect(abs(try standardDeviation(of: "token_embd.weight") - 1) < 0.05)
        #expect(abs(try standardDeviation(of: "output.weight") - 1 / 8) < 0.01)
        #expect(abs(try standardDeviation(of: "blk.0.ffn_down.weight") - 1 / Float(128).squareRoot()) < 0.01)
        #expect(try standardDeviation(of: "blk.0.attn_norm.weight") == 0)
    }
}
