import BridleTestSupport
import Foundation

/// Draws for the property-style tests, from the shared seeded generator so a failing case
/// can be reproduced from its seed.
extension SplitMix64 {
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    mutating func bool() -> Bool {
        next() & 1 == 1
    }

    /// A finite float from a wide range of magnitudes (not NaN, so that
    /// round-tripped values can be compared with `==`).
    mutating func finiteFloat() -> Float {
        while true {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: next()))
            if value.isFinite { return value }
        }
    }

    mutating func finiteDouble() -> Double {
        while true {
            let value = Double(bitPattern: next())
            if value.isFinite { return value }
        }
    }

    /// A string mixing ASCII, JSON syntax, multibyte UTF-8 and control
    /// characters.
    mutating func string() -> String {
        let pieces = ["a", "Z", "0", " ", "\n", "\"", "{", "é", "日", "😀", "\u{0}", "\\", "Ġ"]
        return (0..<next(below: 12)).map { _ in pieces[next(below: pieces.count)] }.joined()
    }
}

/// A directory under the system temporary directory that the test removes
/// when done.
struct TemporaryDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("BridleGGUFTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// An independent implementation of GPT-2's `bytes_to_unicode`, written the
/// way the Python original is, to check the module's vocabulary against.
enum ReferenceByteAlphabet {
    /// `(bytes, characters)` in the order GPT-2 lists them.
    static let orderedPairs: [(byte: UInt8, character: Unicode.Scalar)] = {
        var bytes = Array(33...126) + Array(161...172) + Array(174...255)
        var codePoints = bytes
        var extra = 0
        for byte in 0...255 where !bytes.contains(byte) {
            bytes.append(byte)
            codePoints.append(256 + extra)
            extra += 1
        }
        return zip(bytes, codePoints).compactMap { byte, codePoint in
            Unicode.Scalar(UInt32(codePoint)).map { (UInt8(byte), $0) }
        }
    }()

    private static let byteForCharacter = Dictionary(uniqueKeysWithValues: orderedPairs.map { ($0.character, $0.byte) })

    /// The bytes a vocabulary text stands for, or `nil` if a character is
    /// outside the alphabet.
    static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            guard let byte = byteForCharacter[scalar] else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}

/// Little-endian byte building for hand-made (often deliberately broken)
/// GGUF files.
struct LittleEndianBytes {
    var bytes: [UInt8] = []

    mutating func append<Integer: FixedWidthInteger>(_ value: Integer) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ string: String) {
        append(UInt64(string.utf8.count))
        bytes.append(contentsOf: string.utf8)
    }

    /// Magic, version and counts.
    static func header(version: UInt32 = 3, tensorCount: UInt64 = 0, metadataCount: UInt64) -> LittleEndianBytes {
        var header = LittleEndianBytes()
        header.bytes = Array("GGUF".utf8)
        header.append(version)
        header.append(tensorCount)
        header.append(metadataCount)
        return header
    }
}

/// Reads `count` little-endian F32 values at the absolute file `offset`.
func readFloats(at offset: UInt64, count: Int, in url: URL) throws -> [Float] {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    try handle.seek(toOffset: offset)
    let bytes = [UInt8](try handle.read(upToCount: count * 4) ?? Data())
    return stride(from: 0, to: bytes.count - 3, by: 4).map { index in
        let bits = UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24
        return Float(bitPattern: bits)
    }
}
