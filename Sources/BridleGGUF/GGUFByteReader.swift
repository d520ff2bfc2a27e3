import Foundation

/// Buffered little-endian reading from a file that knows its own byte
/// offset, so every failure can say where it happened.
///
/// It reads forward in 1 MiB chunks instead of mapping or loading the file:
/// only the header is ever parsed, and the tensor data that makes up nearly
/// all of a model file is never touched.
struct GGUFByteReader {
    let path: String
    let fileSize: UInt64
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var bufferIndex = 0
    private var bufferFileOffset: UInt64 = 0
    private static let chunkSize = 1 << 20

    init(handle: FileHandle, path: String, fileSize: UInt64) {
        self.handle = handle
        self.path = path
        self.fileSize = fileSize
    }

    /// The file offset of the next byte to be read.
    var offset: UInt64 { bufferFileOffset + UInt64(bufferIndex) }

    /// Up to `count` bytes from the current position, without consuming them.
    mutating func peek(upTo count: Int) throws(GGUFError) -> ArraySlice<UInt8> {
        let available = Int(min(UInt64(count), fileSize - offset))
        try fill(available)
        return buffer[bufferIndex..<bufferIndex + available]
    }

    mutating func readBytes(_ count: UInt64) throws(GGUFError) -> ArraySlice<UInt8> {
        let start = offset
        guard count <= fileSize - start, let byteCount = Int(exactly: count) else {
            throw .truncated(path: path, offset: start, needed: count, fileSize: fileSize)
        }
        try fill(byteCount)
        defer { bufferIndex += byteCount }
        return buffer[bufferIndex..<bufferIndex + byteCount]
    }

    mutating func read<Integer: FixedWidthInteger>(_ type: Integer.Type = Integer.self) throws(GGUFError) -> Integer {
        let size = MemoryLayout<Integer>.size
        let start = offset
        guard UInt64(size) <= fileSize - start else {
            throw .truncated(path: path, offset: start, needed: UInt64(size), fileSize: fileSize)
        }
        try fill(size)
        let index = bufferIndex
        bufferIndex += size
        return Integer(littleEndian: buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index, as: Integer.self) })
    }

    mutating func readFloat() throws(GGUFError) -> Float {
        Float(bitPattern: try read(UInt32.self))
    }

    mutating func readDouble() throws(GGUFError) -> Double {
        Double(bitPattern: try read(UInt64.self))
    }

    mutating func readBool() throws(GGUFError) -> Bool {
        try read(UInt8.self) != 0
    }

    /// Reads a GGUF string. Invalid UTF-8 is repaired rather than rejected
    /// because llama.cpp does not validate it either, and this reader must
    /// not refuse a file llama.cpp would load.
    mutating func readString() throws(GGUFError) -> String {
        let length = try read(UInt64.self)
        return String(decoding: try readBytes(length), as: UTF8.self)
    }

    /// Whether `count` elements of at least `minimumSize` bytes each could
    /// still fit in the file; checked before reserving memory for an array
    /// so that a corrupt count fails as truncation instead of exhausting memory.
    func canFit(_ count: UInt64, elementsOfAtLeast minimumSize: UInt64) -> Bool {
        let (needed, overflow) = count.multipliedReportingOverflow(by: minimumSize)
        return !overflow && needed <= fileSize - offset
    }

    /// Ensures at least `count` unread bytes are buffered; the caller has
    /// already checked that the file is long enough.
    private mutating func fill(_ count: Int) throws(GGUFError) {
        guard buffer.count - bufferIndex < count else { return }
        buffer.removeSubrange(0..<bufferIndex)
        bufferFileOffset += UInt64(bufferIndex)
        bufferIndex = 0
        let wanted = max(count - buffer.count, Self.chunkSize)
        let data: Data?
        do {
            data = try handle.read(upToCount: wanted)
        } catch {
            throw .readFailed(path: path, reason: "\(error)")
        }
        if let data {
            buffer.append(contentsOf: data)
        }
        guard buffer.count >= count else {
            // The file shrank after its size was taken.
            throw .truncated(path: path, offset: offset, needed: UInt64(count), fileSize: offset + UInt64(buffer.count))
        }
    }
}
