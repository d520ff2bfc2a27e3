/// Builds a `TinyVocabulary` deterministically from a seed.
///
/// Ids 0...255 are the byte tokens in GPT-2's order, the last id is the end
/// token, a template's special tokens come just before it, and everything
/// between is a merge token. Merge tokens alternate
/// (at random) between two sources:
/// - curated pieces of JSON and English text, in a seed-shuffled order, each
///   built as a chain of merges that adds one byte at a time (`t`, `tr`,
///   `tru`, `true`), so every prefix is itself a token;
/// - concatenations of two random existing tokens of at most 16 bytes in
///   total, which produce tokens that straddle JSON syntax (`a"`, `",`) and
///   split UTF-8 sequences, as real vocabularies do.
///
/// Every merge token is new, and none spells a special token (neither its
/// bytes nor its GPT-2 text), so token texts are unique, each merge's result
/// is in the vocabulary, and merges are ranked in vocabulary order.
enum TinyVocabularyBuilder {
    /// Random merges never produce tokens longer than this, like real BPE
    /// vocabularies whose tokens are mostly short.
    static let maximumTokenByteCount = 16

    /// Pieces that make the tiny tokenizer split JSON and English roughly
    /// like a real one would.
    private static let curatedPieces: [String] = {
        let json = [
            "\":\"", "\",\"", "\":", "\",", "{\"", "\"}", "[\"", "\"]", "},", "],", "\":[", "\":{", "\"},{\"",
            "\": ", ", \"", "{\n", "\n}", "  \"", "\\\"", "\\n", "null", "true", "false", ": true", ": false",
            "a\"", "e\"", "s\"", "n\"", "t\"", "y\"", "d\"", "\"a", "\"s", "\"t", "\"n", "\"c", "\"d", "e\",", "s\",",
            "\"name", "\"id", "\"type", "\"value",
        ]
        let keys = [
            "name", "id", "type", "value", "date", "born", "title", "text", "items", "count", "age", "email",
            "city", "country", "description", "created", "updated", "status", "user", "data", "result", "error",
            "message", "content", "role", "assistant",
        ]
        let english = [
            " the", " and", " of", " to", " in", " is", " a", " that", " for", " it", " with", " as", " was",
            " on", " The", " be", " are", " this", " not", " or", "the", "ing", "ed", "er", "re", "on", "an",
            "en", "at", "or", "es", "he", "in", "th", "ion", "tion", "ent", "and", " Ada", " Lovelace", "Ada",
            ". ", ", ", "\n\n",
        ]
        let digitPairs = (0...99).map { $0 < 10 ? "0\($0)" : "\($0)" }
        let dates = [
            "1815", "2024", "2025", "-0", "-1", "-2", "-3", "T0", "T1", "T2", ":0", ":1", ":2", ":3", ":4", ":5",
            "Z\"", ".0", ".5", "00Z", ":00", "-01", "-12", "T12", "0.", "1.",
        ]
        let multibyte = [
            "é", "è", "ü", "ö", "ñ", "ç", "日", "本", "日本", "語", "中", "文", "—", "’", "“", "”", "…",
            "😀", "🙂", "👍", "❤️", "é\"", " é", "hé", "llo",
        ]
        return json + keys + english + digitPairs + dates + multibyte
    }()

    /// The ids of the byte tokens that text is mostly made of, which random
    /// merges favour so that most merge tokens look like text.
    private static let textByteTokenIDs: [Int] = {
        let textBytes = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 \"{}[]:,.-\n".utf8))
        return GPT2ByteAlphabet.bytesInVocabularyOrder.indices.filter {
            textBytes.contains(GPT2ByteAlphabet.bytesInVocabularyOrder[$0])
        }
    }()

    /// `vocabularySize` must leave room for one merge besides the byte,
    /// special and end tokens; `TinyModel` validates it. Without special
    /// tokens the merges are exactly those of earlier revisions.
    static func build(vocabularySize: Int, seed: UInt64, specialTokens: [String] = []) -> TinyVocabulary {
        var random = SplitMix64(seed: seed)
        // The last ids are the special tokens and the end token.
        let mergeTokenLimit = vocabularySize - 1 - specialTokens.count
        let reserved = reservedBytes(for: specialTokens + [TinyModel.endOfTextToken])

        var tokens = GPT2ByteAlphabet.bytesInVocabularyOrder.map { [$0] }
        tokens.reserveCapacity(vocabularySize)
        var idForBytes = [[UInt8]: Int](minimumCapacity: vocabularySize)
        for (id, token) in tokens.enumerated() {
            idForBytes[token] = id
        }
        var mergedPairs: [(left: Int, right: Int)] = []
        mergedPairs.reserveCapacity(vocabularySize)

        /// Adds the concatenation as a new token, unless it already exists
        /// or would spell a special token.
        func add(left: Int, right: Int) {
            let merged = tokens[left] + tokens[right]
            guard idForBytes[merged] == nil, !reserved.contains(merged) else { return }
            idForBytes[merged] = tokens.count
            tokens.append(merged)
            mergedPairs.append((left, right))
        }

        var pieces = curatedPieces.map { Array($0.utf8) }.filter { $0.count >= 2 }
        random.shuffle(&pieces)
        var pieceIndex = 0
        var prefixLength = 2

        func pickToken() -> Int {
            switch random.next(below: 10) {
            case 0..<4: textByteTokenIDs[random.next(below: textByteTokenIDs.count)]
            case 4: random.next(below: 256)
            default: random.next(below: tokens.count)
            }
        }

        while tokens.count < mergeTokenLimit {
            if pieceIndex < pieces.count, random.next() & 1 == 0 {
                // The next step of a curated chain: the prefix one byte longer.
                let piece = pieces[pieceIndex]
                let prefix = Array(piece[..<prefixLength])
                if prefixLength == piece.count {
                    pieceIndex += 1
                    prefixLength = 2
                } else {
                    prefixLength += 1
                }
                // The shorter prefix is a token: either an earlier step of
                // this chain added it, or it already existed.
                if let left = idForBytes[Array(prefix.dropLast())], let right = idForBytes[[prefix[prefix.count - 1]]] {
                    add(left: left, right: right)
                }
            } else {
                let left = pickToken()
                let right = pickToken()
                if tokens[left].count + tokens[right].count <= maximumTokenByteCount {
                    add(left: left, right: right)
                }
            }
        }
        return TinyVocabulary(tokenBytes: tokens, mergedPairs: mergedPairs, specialTokens: specialTokens)
    }

    /// The byte strings no merge may produce: each special token's UTF-8
    /// (so token bytes stay unique) and, when its text is all in GPT-2's
    /// alphabet, the bytes that text stands for (so no merge's GPT-2 text
    /// equals it: llama.cpp finds tokens by text). For ASCII markers the two
    /// are the same.
    private static func reservedBytes(for specialTokens: [String]) -> Set<[UInt8]> {
        let byteForScalar = Dictionary(uniqueKeysWithValues: GPT2ByteAlphabet.scalarForByte.enumerated().map { ($1, UInt8($0)) })
        var reserved: Set<[UInt8]> = []
        for token in specialTokens {
            reserved.insert(Array(token.utf8))
            let decoded = token.unicodeScalars.compactMap { byteForScalar[$0] }
            if decoded.count == token.unicodeScalars.count { reserved.insert(decoded) }
        }
        return reserved
    }
}
