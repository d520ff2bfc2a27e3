import BridleTestSupport
import BridleGGUF
import Foundation
import Testing

@Suite struct GGUFRoundTripTests {
    private func randomScalar(_ type: GGUFValueType, _ random: inout SplitMix64) -> GGUFValue {
        switch type {
        case .uint8: .uint8(UInt8(truncatingIfNeeded: random.next()))
        case .int8: .int8(Int8(truncatingIfNeeded: random.next()))
        case .uint16: .uint16(UInt16(truncatingIfNeeded: random.next()))
        case .int16: .int16(Int16(truncatingIfNeeded: random.next()))
        case .uint32: .uint32(UInt32(truncatingIfNeeded: random.next()))
        case .int32: .int32(Int32(truncatingIfNeeded: random.next()))
        case .float32: .float32(random.finiteFloat())
        case .bool: .bool(random.bool())
        case .string: .string(random.string())
        case .uint64: .uint64(random.next())
        case .int64: .int64(Int64(bitPattern: random.next()))
        case .float64: .float64(random.finiteDouble())
        case .array: .array(randomArray(&random))
        }
    }

    private func randomArray(_ random: inout SplitMix64) -> GGUFArray {
        let count = random.next(below: 6) == 0 ? 0 : random.next(below: 40)
        func elements<Element>(_ make: (inout SplitMix64) -> Element) -> [Element] {
            (0..<count).map { _ in make(&random) }
        }
        switch random.next(below: 12) {
        case 0: return .uint8(elements { UInt8(truncatingIfNeeded: $0.next()) })
        case 1: return .int8(elements { Int8(truncatingIfNeeded: $0.next()) })
        case 2: return .uint16(elements { UInt16(truncatingIfNeeded: $0.next()) })
        case 3: return .int16(elements { Int16(truncatingIfNeeded: $0.next()) })
        case 4: return .uint32(elements { UInt32(truncatingIfNeeded: $0.next()) })
        case 5: return .int32(elements { Int32(truncatingIfNeeded: $0.next()) })
        case 6: return .float32(elements { $0.finiteFloat() })
        case 7: return .bool(elements { $0.bool() })
        case 8: return .string(elements { $0.string() })
        case 9: return .uint64(elements { $0.next() })
        case 10: return .int64(elements { Int64(bitPattern: $0.next()) })
        default: return .float64(elements { $0.finiteDouble() })
        }
    }

    @Test("Every value type, array element type and tensor shape survives a write and read", arguments: 0..<25)
    func roundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let directory = try TemporaryDirectory()
        let url = directory.file("round-trip.gguf")

        let alignment = [1, 8, 32, 64][random.next(below: 4)]
        var metadata = [GGUFMetadataEntry("general.alignment", .uint32(UInt32(alignment)))]
        // Every type at least once, then random ones.
        let types = GGUFValueType.allCases + (0..<20).map { _ in GGUFValueType.allCases[random.next(below: GGUFValueType.allCases.count)] }
        for (index, type) in types.enumerated() {
            metadata.append(GGUFMetadataEntry("key.\(index).\(random.string())", randomScalar(type, &random)))
        }
        let tensors = (0..<random.next(below: 5)).map { index in
            GGUFTensorDeclaration(name: "tensor.\(index)", dimensions: (0..<(1 + random.next(below: 4))).map { _ in UInt64(random.next(below: 6)) })
        }
        let tensorData = tensors.map { tensor in (0..<(tensor.elementCount ?? 0)).map { _ in random.finiteFloat() } }

        let writer = try GGUFWriter(url: url, metadata: metadata, tensors: tensors)
        for values in tensorData {
            // Split each tensor's data into two chunks to exercise streaming.
            let split = values.isEmpty ? 0 : random.next(below: values.count)
            try writer.append(Array(values[..<split]))
            try writer.append(Array(values[split...]))
        }
        try writer.finish()

        let file = try GGUFFile(contentsOf: url)
        #expect(file.version == 3)
        #expect(file.metadata == metadata)
        #expect(file.alignment == alignment)
        #expect(file.dataOffset % UInt64(alignment) == 0)
        #expect(file.tensors.map(\.name) == tensors.map(\.name))
        #expect(file.tensors.map(\.dimensions) == tensors.map(\.dimensions))
        #expect(file.tensors.allSatisfy { $0.type == .f32 })
        var expectedOffset: UInt64 = 0
        for (info, values) in zip(file.tensors, tensorData) {
            #expect(info.offset == expectedOffset)
            let stored = try readFloats(at: file.dataOffset + info.offset, count: values.count, in: url)
            #expect(stored.map(\.bitPattern) == values.map(\.bitPattern))
            let size = UInt64(values.count * 4)
            expectedOffset += (size + UInt64(alignment) - 1) / UInt64(alignment) * UInt64(alignment)
        }
        #expect(file.fileSize == file.dataOffset + expectedOffset)
    }

    @Test func conveniencesReadArchitectureAndContextLength() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("conveniences.gguf")
        let writer = try GGUFWriter(url: url, metadata: [
            GGUFMetadataEntry("general.architecture", .string("qwen2")),
            GGUFMetadataEntry("qwen2.context_length", .uint64(32768)),
        ], tensors: [])
        try writer.finish()

        let file = try GGUFFile(contentsOf: url)
        #expect(file.architecture == "qwen2")
        #expect(file.contextLength == 32768)
        #expect(file["missing"] == nil)
    }

    @Test func writerRejectsWhatLlamaCppWouldReject() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("invalid.gguf")
        let path = url.path

        #expect(throws: GGUFError.invalidMetadata(path: path, key: "a", reason: "the key appears more than once")) {
            try GGUFWriter(url: url, metadata: [GGUFMetadataEntry("a", .bool(true)), GGUFMetadataEntry("a", .bool(false))], tensors: [])
        }
        #expect(throws: GGUFError.invalidMetadata(path: path, key: "general.alignment", reason: "must be a uint32, not uint64")) {
            try GGUFWriter(url: url, metadata: [GGUFMetadataEntry("general.alignment", .uint64(32))], tensors: [])
        }
        #expect(throws: GGUFError.invalidMetadata(path: path, key: "general.alignment", reason: "24 is not a power of two")) {
            try GGUFWriter(url: url, metadata: [GGUFMetadataEntry("general.alignment", .uint32(24))], tensors: [])
        }
        #expect(throws: GGUFError.self) {
            try GGUFWriter(url: url, metadata: [], tensors: [GGUFTensorDeclaration(name: "t", dimensions: [1, 1, 1, 1, 1])])
        }
        #expect(throws: GGUFError.self) {
            try GGUFWriter(url: url, metadata: [], tensors: [GGUFTensorDeclaration(name: String(repeating: "x", count: 64), dimensions: [1])])
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func writerChecksTheAmountOfTensorDataAndLeavesNoPartialFile() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("mismatch.gguf")
        let tensors = [GGUFTensorDeclaration(name: "a", dimensions: [2, 3]), GGUFTensorDeclaration(name: "b", dimensions: [4])]

        do {
            let overfull = try GGUFWriter(url: url, metadata: [], tensors: tensors)
            #expect(throws: GGUFError.tensorDataMismatch(path: url.path, name: "a", expectedElements: 6, receivedElements: 7)) {
                try overfull.append(Array(repeating: 0, count: 7))
            }

            let incomplete = try GGUFWriter(url: url, metadata: [], tensors: tensors)
            try incomplete.append(Array(repeating: 0, count: 6))
            try incomplete.append([1])
            #expect(throws: GGUFError.tensorDataMismatch(path: url.path, name: "b", expectedElements: 4, receivedElements: 1)) {
                try incomplete.finish()
            }
        }
        // Abandoned writers delete their temporary files.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }
}
