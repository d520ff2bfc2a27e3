import BridleGGUF
import Foundation
import Testing

@Suite struct GGUFReaderErrorTests {
    private func write(_ bytes: [UInt8], to url: URL) throws {
        try Data(bytes).write(to: url)
    }

    @Test func missingFile() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("absent.gguf")
        #expect(throws: GGUFError.fileNotFound(path: url.path)) {
            try GGUFFile(contentsOf: url)
        }
    }

    @Test func directoryInsteadOfFile() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: GGUFError.cannotOpen(path: directory.url.path, reason: "it is a directory")) {
            try GGUFFile(contentsOf: directory.url)
        }
    }

    @Test func notGGUFReportsTheFirstBytes() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("page.gguf")
        let html = Array("<!DOCTYPE html><html><body>Not found</body></html>".utf8)
        try write(html, to: url)
        let expected = GGUFError.notGGUF(path: url.path, firstBytes: Array(html.prefix(16)))
        #expect(throws: expected) {
            try GGUFFile(contentsOf: url)
        }
        #expect(expected.description.contains("<!DOCTYPE html><"))

        let short = directory.file("short.gguf")
        try write([0x47, 0x47, 0x00], to: short)
        #expect(throws: GGUFError.notGGUF(path: short.path, firstBytes: [0x47, 0x47, 0x00])) {
            try GGUFFile(contentsOf: short)
        }
    }

    @Test(arguments: [UInt32(1), 4, 0x0300_0000])
    func unsupportedVersion(version: UInt32) throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("version.gguf")
        try write(LittleEndianBytes.header(version: version, metadataCount: 0).bytes, to: url)
        #expect(throws: GGUFError.unsupportedVersion(path: url.path, version: version)) {
            try GGUFFile(contentsOf: url)
        }
    }

    @Test func invalidValueTypeSaysWhere() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("type.gguf")
        var bytes = LittleEndianBytes.header(metadataCount: 1)
        bytes.append("general.name")
        let typeOffset = UInt64(bytes.bytes.count)
        bytes.append(UInt32(99))
        try write(bytes.bytes, to: url)
        #expect(throws: GGUFError.invalidValueType(path: url.path, key: "general.name", rawValue: 99, offset: typeOffset)) {
            try GGUFFile(contentsOf: url)
        }
    }

    @Test func nestedArraysAreRejectedLikeLlamaCppDoes() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("nested.gguf")
        var bytes = LittleEndianBytes.header(metadataCount: 1)
        bytes.append("nested")
        bytes.append(GGUFValueType.array.rawValue)
        let elementTypeOffset = UInt64(bytes.bytes.count)
        bytes.append(GGUFValueType.array.rawValue)
        bytes.append(UInt64(0))
        try write(bytes.bytes, to: url)
        #expect(throws: GGUFError.invalidValueType(path: url.path, key: "nested", rawValue: 9, offset: elementTypeOffset)) {
            try GGUFFile(contentsOf: url)
        }
    }

    @Test func duplicateKeys() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("duplicate.gguf")
        var bytes = LittleEndianBytes.header(metadataCount: 2)
        var keyOffsets: [Int] = []
        for _ in 0..<2 {
            keyOffsets.append(bytes.bytes.count)
            bytes.append("general.name")
            bytes.append(GGUFValueType.string.rawValue)
            bytes.append("tiny")
        }
        try write(bytes.bytes, to: url)
        let reason = "the key appears again at byte offset \(keyOffsets[1])"
        #expect(throws: GGUFError.invalidMetadata(path: url.path, key: "general.name", reason: reason)) {
            try GGUFFile(contentsOf: url)
        }
    }

    @Test func hugeArrayCountFailsAsTruncationWithoutAllocating() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("huge.gguf")
        var bytes = LittleEndianBytes.header(metadataCount: 1)
        bytes.append("tokenizer.ggml.tokens")
        bytes.append(GGUFValueType.array.rawValue)
        bytes.append(GGUFValueType.string.rawValue)
        bytes.append(UInt64.max / 2)
        try write(bytes.bytes, to: url)
        #expect(throws: GGUFError.self) {
            try GGUFFile(contentsOf: url)
        }
    }

    /// Cutting a valid file anywhere before the end of its last tensor's data
    /// must report truncation at an offset the cut explains.
    @Test func everyTruncationIsReportedWithItsOffset() throws {
        let directory = try TemporaryDirectory()
        let original = directory.file("whole.gguf")
        let writer = try GGUFWriter(url: original, metadata: [
            GGUFMetadataEntry("general.architecture", .string("llama")),
            GGUFMetadataEntry("tokenizer.ggml.tokens", .array(.string(["a", "b", "Ġc"]))),
            GGUFMetadataEntry("llama.context_length", .uint32(512)),
        ], tensors: [GGUFTensorDeclaration(name: "a", dimensions: [3]), GGUFTensorDeclaration(name: "b", dimensions: [2, 2])])
        try writer.append([1, 2, 3])
        try writer.append([4, 5, 6, 7])
        try writer.finish()

        let whole = [UInt8](try Data(contentsOf: original))
        let file = try GGUFFile(contentsOf: original)
        let lastTensor = try #require(file.tensors.last)
        let dataEnd = Int(file.dataOffset + lastTensor.offset) + 16

        let cut = directory.file("cut.gguf")
        for length in 0..<dataEnd {
            try write(Array(whole[..<length]), to: cut)
            do {
                _ = try GGUFFile(contentsOf: cut)
                Issue.record("a file cut to \(length) bytes was accepted")
            } catch {
                guard case .truncated(let path, let offset, let needed, let fileSize) = error else {
                    Issue.record("a file cut to \(length) bytes threw \(error)")
                    continue
                }
                #expect(path == cut.path)
                #expect(fileSize == UInt64(length))
                #expect(offset + needed > UInt64(length))
            }
        }
    }
}
