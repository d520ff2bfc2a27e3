import Foundation

/// A seeded, random-weight llama-architecture model with a byte-level BPE
/// tokenizer, small enough to generate in tests.
///
/// It exists so that the llama.cpp backend can be tested end to end
/// (loading, tokenizing, chat templates, grammar-constrained sampling over
/// tokens that straddle JSON syntax) without downloading a real model. The
/// output is gibberish, but it is deterministic: the same vocabulary size,
/// seed and template always produce a byte-identical file, on every platform.
///
/// ```swift
/// try TinyModel(vocabularySize: 512, seed: 7).write(to: url)   // ChatML, `<|endoftext|>`
/// let qwen = try TinyModelTemplate(source: jinja, endToken: "<|im_end|>")
/// try TinyModel(vocabularySize: 512, seed: 7, template: qwen).write(to: url)
/// ```
///
/// With a `TinyModelTemplate` the model carries that template and its
/// special tokens, within `vocabularySize`: they take the ids just before the
/// end token, in place of the last merges.
public struct TinyModel: Sendable, Equatable {
    /// The end-of-text token; without a template it is both the BOS and the
    /// EOS token.
    public static let endOfTextToken = "<|endoftext|>"
    /// Changes whenever the bytes written for a given vocabulary and seed change, so caches of
    /// tiny models (the demo's) can name their files by it.
    public static let revision = 2
    /// 256 byte tokens, at least one merge and the end token.
    public static let minimumVocabularySize = 258
    /// Larger than any real vocabulary in common use (Gemma's 262,144).
    public static let maximumVocabularySize = 262_144

    public let vocabularySize: Int
    public let seed: UInt64
    public let blockCount: Int
    public let embeddingLength: Int
    public let headCount: Int
    public let feedForwardLength: Int
    public let contextLength: Int
    /// The chat template and its special tokens; `nil` for the built-in
    /// ChatML template with `<|endoftext|>` as BOS and EOS.
    public let template: TinyModelTemplate?

    /// - Throws: `TinyModelError` when the vocabulary size is outside
    ///   `minimumVocabularySize...maximumVocabularySize` (the minimum grows
    ///   by the template's special tokens), or a shape
    ///   parameter is not positive, the embedding length is not a multiple of
    ///   the head count, or the head size is odd (RoPE rotates pairs).
    public init(
        vocabularySize: Int,
        seed: UInt64,
        template: TinyModelTemplate? = nil,
        blockCount: Int = 2,
        embeddingLength: Int = 64,
        headCount: Int = 4,
        feedForwardLength: Int = 128,
        contextLength: Int = 2048
    ) throws(TinyModelError) {
        let minimum = Self.minimumVocabularySize + (template?.specialTokens.count ?? 0)
        guard vocabularySize >= minimum else {
            throw .vocabularyTooSmall(requested: vocabularySize, minimum: minimum)
        }
        guard vocabularySize <= Self.maximumVocabularySize else {
            throw .vocabularyTooLarge(requested: vocabularySize, maximum: Self.maximumVocabularySize)
        }
        let shape = [
            ("blockCount", blockCount), ("embeddingLength", embeddingLength), ("headCount", headCount),
            ("feedForwardLength", feedForwardLength), ("contextLength", contextLength),
        ]
        for (name, value) in shape where !(1...Int(UInt32.max)).contains(value) {
            throw .invalidShape(reason: "\(name) is \(value), it must be between 1 and \(UInt32.max)")
        }
        guard embeddingLength % headCount == 0, (embeddingLength / headCount) % 2 == 0 else {
            throw .invalidShape(reason: "embeddingLength \(embeddingLength) must be an even multiple of headCount \(headCount)")
        }
        self.vocabularySize = vocabularySize
        self.seed = seed
        self.blockCount = blockCount
        self.embeddingLength = embeddingLength
        self.headCount = headCount
        self.feedForwardLength = feedForwardLength
        self.contextLength = contextLength
        self.template = template
    }

    /// `general.name`, which identifies the vocabulary size and seed.
    public var name: String {
        "bridle-tiny-\(vocabularySize)-\(seed)"
    }

    /// The tokenizer vocabulary (recomputed on each call).
    public func vocabulary() -> TinyVocabulary {
        TinyVocabularyBuilder.build(vocabularySize: vocabularySize, seed: seed, specialTokens: template?.specialTokens ?? [])
    }

    /// Writes the model as a GGUF file, replacing any file at `url`.
    public func write(to url: URL) throws(GGUFError) {
        let tensors = tensorDeclarations
        let writer = try GGUFWriter(url: url, metadata: metadata(for: vocabulary()), tensors: tensors)
        var random = SplitMix64(seed: seed ^ Self.weightStreamTag)
        var chunk: [Float] = []
        chunk.reserveCapacity(Self.chunkElementCount)
        for tensor in tensors {
            // The writer validated the shapes, so the element counts exist.
            var remaining = tensor.elementCount ?? 0
            let scale = weightScale(for: tensor)
            while remaining > 0 {
                let count = min(remaining, Self.chunkElementCount)
                chunk.removeAll(keepingCapacity: true)
                if let scale {
                    for _ in 0..<count {
                        chunk.append(random.nextStandardNormal() * scale)
                    }
                } else {
                    chunk.append(contentsOf: repeatElement(1, count: count))
                }
                try writer.append(chunk)
                remaining -= count
            }
        }
        try writer.finish()
    }

    /// Tensor data is generated and written 64k values at a time.
    private static let chunkElementCount = 1 << 16
    /// Mixed into the seed so that weights and merges use different streams.
    private static let weightStreamTag: UInt64 = 0x5745_4947_4854_5321

    /// The standard deviation of a tensor's random values, or `nil` for the
    /// RMS norm weights, which are all 1. Embeddings get 1 so that different
    /// tokens are clearly distinguishable; projections get 1/sqrt(fan-in)
    /// (fan-in is `ne[0]`, the dimension ggml's matmul contracts), so that
    /// activations keep unit scale and the logits are far from uniform.
    private func weightScale(for tensor: GGUFTensorDeclaration) -> Float? {
        if tensor.dimensions.count == 1 { return nil }
        if tensor.name == "token_embd.weight" { return 1 }
        return 1 / Float(tensor.dimensions[0]).squareRoot()
    }

    /// llama.cpp's tensor names and ggml shapes (`ne[0]` first) for the
    /// llama architecture.
    var tensorDeclarations: [GGUFTensorDeclaration] {
        let embedding = UInt64(embeddingLength)
        let vocabulary = UInt64(vocabularySize)
        let feedForward = UInt64(feedForwardLength)
        // head_count_kv == head_count, so the K and V projections are square.
        let keyValue = embedding
        var tensors = [
            GGUFTensorDeclaration(name: "token_embd.weight", dimensions: [embedding, vocabulary]),
            GGUFTensorDeclaration(name: "output_norm.weight", dimensions: [embedding]),
            GGUFTensorDeclaration(name: "output.weight", dimensions: [embedding, vocabulary]),
        ]
        for block in 0..<blockCount {
            let prefix = "blk.\(block)."
            tensors += [
                GGUFTensorDeclaration(name: prefix + "attn_norm.weight", dimensions: [embedding]),
                GGUFTensorDeclaration(name: prefix + "attn_q.weight", dimensions: [embedding, embedding]),
                GGUFTensorDeclaration(name: prefix + "attn_k.weight", dimensions: [embedding, keyValue]),
                GGUFTensorDeclaration(name: prefix + "attn_v.weight", dimensions: [embedding, keyValue]),
                GGUFTensorDeclaration(name: prefix + "attn_output.weight", dimensions: [embedding, embedding]),
                GGUFTensorDeclaration(name: prefix + "ffn_norm.weight", dimensions: [embedding]),
                GGUFTensorDeclaration(name: prefix + "ffn_gate.weight", dimensions: [embedding, feedForward]),
                GGUFTensorDeclaration(name: prefix + "ffn_up.weight", dimensions: [embedding, feedForward]),
                GGUFTensorDeclaration(name: prefix + "ffn_down.weight", dimensions: [feedForward, embedding]),
            ]
        }
        return tensors
    }

    /// The ChatML template; llama.cpp's `llama_chat_apply_template`
    /// recognises ChatML by the `<|im_start|>` substring.
    static let chatTemplate = """
        {% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}
        """

    /// The metadata under llama.cpp's exact key names. The init checked that
    /// every shape value fits in a `uint32`.
    func metadata(for vocabulary: TinyVocabulary) -> [GGUFMetadataEntry] {
        // The vocabulary holds every special token, so the lookups succeed.
        func id(of token: String?) -> UInt32 {
            UInt32(token.flatMap(vocabulary.id(ofSpecialToken:)) ?? vocabulary.endOfTextTokenID)
        }
        return [
            GGUFMetadataEntry("general.architecture", .string("llama")),
            GGUFMetadataEntry("general.name", .string(name)),
            GGUFMetadataEntry("general.alignment", .uint32(32)),
            GGUFMetadataEntry("general.file_type", .uint32(0)), // LLAMA_FTYPE_ALL_F32
            GGUFMetadataEntry("llama.vocab_size", .uint32(UInt32(vocabularySize))),
            GGUFMetadataEntry("llama.context_length", .uint32(UInt32(contextLength))),
            GGUFMetadataEntry("llama.embedding_length", .uint32(UInt32(embeddingLength))),
            GGUFMetadataEntry("llama.block_count", .uint32(UInt32(blockCount))),
            GGUFMetadataEntry("llama.feed_forward_length", .uint32(UInt32(feedForwardLength))),
            GGUFMetadataEntry("llama.attention.head_count", .uint32(UInt32(headCount))),
            GGUFMetadataEntry("llama.attention.head_count_kv", .uint32(UInt32(headCount))),
            GGUFMetadataEntry("llama.rope.dimension_count", .uint32(UInt32(embeddingLength / headCount))),
            GGUFMetadataEntry("llama.attention.layer_norm_rms_epsilon", .float32(1e-5)),
            GGUFMetadataEntry("tokenizer.ggml.model", .string("gpt2")),
            GGUFMetadataEntry("tokenizer.ggml.pre", .string("gpt-2")),
            GGUFMetadataEntry("tokenizer.ggml.tokens", .array(.string(vocabulary.tokens))),
            GGUFMetadataEntry("tokenizer.ggml.token_type", .array(.int32(vocabulary.tokenTypes))),
            GGUFMetadataEntry("tokenizer.ggml.merges", .array(.string(vocabulary.merges))),
            GGUFMetadataEntry("tokenizer.ggml.bos_token_id", .uint32(id(of: template?.beginToken))),
            GGUFMetadataEntry("tokenizer.ggml.eos_token_id", .uint32(id(of: template?.endToken))),
            // Templates write their BOS themselves (`{{ bos_token }}`).
            GGUFMetadataEntry("tokenizer.ggml.add_bos_token", .bool(false)),
            GGUFMetadataEntry("tokenizer.chat_template", .string(template?.source ?? Self.chatTemplate)),
        ]
    }
}
