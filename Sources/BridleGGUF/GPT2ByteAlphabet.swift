/// GPT-2's `bytes_to_unicode` mapping, which byte-level BPE vocabularies use
/// to store arbitrary bytes as printable text: printable Latin-1 bytes stand
/// for themselves and the other 68 bytes (space, control characters, ...)
/// map to U+0100 upward. A space therefore appears as "Ġ" and a newline as
/// "Ċ", which also keeps spaces out of the "LEFT RIGHT" merge strings.
enum GPT2ByteAlphabet {
    /// The bytes in GPT-2's order: first the printable ranges, then the rest.
    /// Token id `i` of a tiny model's vocabulary is `bytesInVocabularyOrder[i]`.
    static let bytesInVocabularyOrder: [UInt8] = {
        let allBytes = Array(UInt8.min...UInt8.max)
        return allBytes.filter(isPrintable) + allBytes.filter { !isPrintable($0) }
    }()

    /// The character standing for each byte, indexed by byte value.
    static let scalarForByte: [Unicode.Scalar] = {
        var scalars = [Unicode.Scalar](repeating: "\0", count: 256)
        var nextUnprintable: UInt32 = 0x100
        for byte in bytesInVocabularyOrder {
            if isPrintable(byte) {
                scalars[Int(byte)] = Unicode.Scalar(byte)
            } else {
                // 0x100 + n is always a valid scalar for n < 68.
                scalars[Int(byte)] = Unicode.Scalar(nextUnprintable) ?? "\0"
                nextUnprintable += 1
            }
        }
        return scalars
    }()

    private static func isPrintable(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "!")...UInt8(ascii: "~")).contains(byte) || (0xA1...0xAC).contains(byte) || (0xAE...0xFF).contains(byte)
    }

    /// The vocabulary text for a byte sequence.
    static func text(for bytes: [UInt8]) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: bytes.lazy.map { scalarForByte[Int($0)] })
        return String(text)
    }
}
