import BridleBackend
import BridleGGUF
import BridleMask
import BridleTemplate
import CLlama
import Foundation
import Synchronization

/// Loaded weights and vocabulary. Read-only after loading, so contexts on any thread may share
/// it (llama.cpp's model is immutable once loaded).
package final class LlamaModel: @unchecked Sendable {
    package let pointer: OpaquePointer
    package let vocabulary: OpaquePointer
    let path: String
    /// Tokens that are never part of constrained text, masked up front under a grammar:
    /// - control and unused tokens (gemma's `<start_of_turn>`, `<unused0>`, …) that do not end
    ///   generation: they stand for no bytes, so Bridle's matcher would let them through as
    ///   nothing, while llama.cpp's grammar reads their markup (`<unused0>`) as text;
    /// - user-defined tokens that are markers rather than text (gemma's `[multimodal]`);
    /// - tokens whose bytes cannot occur in UTF-8 text (see ``UTF8Fragment``), which llama.cpp's
    ///   lenient UTF-8 reading would let through.
    ///
    /// End-of-generation tokens stay: they are allowed once the grammar is complete.
    package let tokensNeverInText: [llama_token]
    /// The model's own chat template as Bridle renders it (with tools and calls); `nil` when
    /// the model has none or Bridle's renderer refuses it.
    let jinjaPrompt: JinjaPrompt?
    /// Special tokens that stand for markup in the model's own formats (`<tool_call>`,
    /// `[TOOL_CALLS]`, `<think>`): text to the constraint and the response, their markup
    /// their bytes, so a call can open with the token the model was trained to write.
    private let markers: [llama_token: [UInt8]]

    init(path: String) throws(LlamaError) {
        LlamaRuntime.ensureInitialized()
        guard FileManager.default.fileExists(atPath: path) else { throw .modelFileNotFound(path: path) }
        let file: GGUFFile
        do {
            file = try GGUFFile(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .notGGUF(path: path, reason: String(describing: error))
        }
        let mark = LlamaLog.mark()
        var parameters = llama_model_default_params()
        parameters.n_gpu_layers = 0
        guard let model = llama_model_load_from_file(path, parameters) else {
            let messages = LlamaLog.messages(since: mark)
            if let architecture = file.architecture, messages.contains(where: { $0.contains("unknown model architecture") }) {
                throw .unsupportedArchitecture(path: path, architecture: architecture, llamaMessages: messages)
            }
            throw .modelLoadFailed(path: path, llamaMessages: messages)
        }
        guard let vocabulary = llama_model_get_vocab(model) else {
            llama_model_free(model)
            throw .modelLoadFailed(path: path, llamaMessages: ["the model has no vocabulary"])
        }
        self.pointer = model
        self.vocabulary = vocabulary
        self.path = path
        let jinja = Self.jinjaPrompt(of: model, vocabulary: vocabulary)
        let markers = jinja.map { Self.markers(of: $0.formats, in: vocabulary) } ?? [:]
        self.jinjaPrompt = jinja
        self.markers = markers
        self.tokensNeverInText = (0..<llama_vocab_n_tokens(vocabulary)).filter { token in
            markers[token] == nil && !Self.isText(token, in: vocabulary)
        }
    }

    private static func jinjaPrompt(of model: OpaquePointer, vocabulary: OpaquePointer) -> JinjaPrompt? {
        guard let source = llama_model_chat_template(model, nil).map({ String(cString: $0) }) else { return nil }
        func text(of token: llama_token) -> String {
            token < 0 ? "" : String(decoding: piece(of: token, in: vocabulary, special: true), as: UTF8.self)
        }
        let toolUse = llama_model_chat_template(model, "tool_use").map { String(cString: $0) }
        return JinjaPrompt(
            source: source, toolUseSource: toolUse, bosToken: text(of: llama_vocab_bos(vocabulary)), eosToken: text(of: llama_vocab_eos(vocabulary)),
            tokenizerAddsBOS: llama_vocab_get_add_bos(vocabulary))
    }

    /// The special tokens (not ending generation) that the markers of `formats` are written with.
    private static func markers(of formats: NativeFormats, in vocabulary: OpaquePointer) -> [llama_token: [UInt8]] {
        var texts: [String] = []
        if let calls = try? formats.toolCalls.get() {
            texts += [calls.sectionStart, calls.callStart, calls.nameEnd, calls.callEnd, calls.sectionEnd, calls.trigger]
            texts += calls.callSeparator.map { [$0] } ?? []
        }
        if let reasoning = formats.reasoning { texts += [reasoning.start, reasoning.end] }
        let special = LLAMA_TOKEN_ATTR_CONTROL.rawValue | LLAMA_TOKEN_ATTR_USER_DEFINED.rawValue
        var markers: [llama_token: [UInt8]] = [:]
        for text in texts where !text.isEmpty {
            var tokens = [llama_token](repeating: 0, count: text.utf8.count + 8)
            let count = llama_tokenize(vocabulary, text, Int32(text.utf8.count), &tokens, Int32(tokens.count), false, true)
            for token in tokens.prefix(max(0, Int(count)))
            where !llama_vocab_is_eog(vocabulary, token) && llama_vocab_get_attr(vocabulary, token).rawValue & special != 0 {
                markers[token] = piece(of: token, in: vocabulary, special: true)
            }
        }
        return markers
    }

    deinit {
        llama_model_free(pointer)
    }

    private let tokenVocabularyCache = Mutex<TokenVocabulary?>(nil)

    /// Grammars compiled for this model's requests, so one asked for again (a session's
    /// tool-turn grammar, a schema) compiles once.
    package let compiledGrammars = GrammarMatcherCache()

    /// The vocabulary as Bridle's mask engine sees it, built on first use (a 262k vocabulary
    /// takes a fraction of a second) and shared by every grammar after.
    package var tokenVocabulary: TokenVocabulary {
        tokenVocabularyCache.withLock { cached in
            if let cached { return cached }
            let never = Set(tokensNeverInText)
            let count = vocabularySize
            let kinds = (0..<Int32(count)).map { token -> TokenVocabulary.Kind in
                if isEndOfGeneration(token) { return .endOfGeneration }
                return never.contains(token) ? .excluded : .text
            }
            let built = TokenVocabulary(tokens: (0..<Int32(count)).map(bytes(of:)), kinds: kinds)
            cached = built
            return built
        }
    }

    /// The tokens the model's tokenizer splits `bytes` into, read as plain text (no start
    /// token, no special-token markup); `nil` if the tokens do not stand for exactly `bytes`.
    package func tokenize(plainText bytes: [UInt8]) -> [llama_token]? {
        var tokens = [llama_token](repeating: 0, count: bytes.count + 8)
        let count = bytes.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { text in
                llama_tokenize(vocabulary, text.baseAddress, Int32(text.count), &tokens, Int32(tokens.count), false, false)
            }
        }
        guard count >= 0 else { return nil }
        let result = Array(tokens.prefix(Int(count)))
        return result.flatMap(bytes(of:)) == bytes ? result : nil
    }

    var trainedContextLength: Int { Int(llama_model_n_ctx_train(pointer)) }
    package var vocabularySize: Int { Int(llama_vocab_n_tokens(vocabulary)) }

    package func isEndOfGeneration(_ token: llama_token) -> Bool {
        llama_vocab_is_eog(vocabulary, token)
    }

    /// `text` as tokens, with the model's start token when the model asks for one, and chat
    /// template markers read as the special tokens they stand for.
    package func tokenize(_ text: String) throws(LlamaError) -> [llama_token] {
        let bytes = Array(text.utf8)
        var capacity = bytes.count + 8
        for _ in 0..<2 {
            var tokens = [llama_token](repeating: 0, count: capacity)
            let count = bytes.withUnsafeBufferPointer { text in
                text.withMemoryRebound(to: CChar.self) { text in
                    llama_tokenize(vocabulary, text.baseAddress, Int32(text.count), &tokens, Int32(capacity), true, true)
                }
            }
            if count >= 0 { return Array(tokens.prefix(Int(count))) }
            capacity = Int(-count)
        }
        throw .tokenizationFailed(text: text)
    }

    /// The bytes a token stands for; control tokens stand for none, except the markers of the
    /// model's own formats (``markers``), which stand for their markup.
    package func bytes(of token: llama_token) -> [UInt8] {
        markers[token] ?? Self.bytes(of: token, in: vocabulary)
    }

    private static func bytes(of token: llama_token, in vocabulary: OpaquePointer) -> [UInt8] {
        piece(of: token, in: vocabulary, special: false)
    }

    private static func piece(of token: llama_token, in vocabulary: OpaquePointer, special: Bool) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 64)
        var length = llama_token_to_piece(vocabulary, token, &buffer, Int32(buffer.count), 0, special)
        if length < 0 {
            buffer = [CChar](repeating: 0, count: Int(-length))
            length = llama_token_to_piece(vocabulary, token, &buffer, Int32(buffer.count), 0, special)
        }
        return buffer.prefix(max(0, Int(length))).map { UInt8(bitPattern: $0) }
    }

    /// Whether `token` can be part of generated text (see ``tokensNeverInText``).
    private static func isText(_ token: llama_token, in vocabulary: OpaquePointer) -> Bool {
        if llama_vocab_is_eog(vocabulary, token) { return true }
        let attributes = llama_vocab_get_attr(vocabulary, token).rawValue
        if attributes & (LLAMA_TOKEN_ATTR_CONTROL.rawValue | LLAMA_TOKEN_ATTR_UNUSED.rawValue | LLAMA_TOKEN_ATTR_UNKNOWN.rawValue) != 0 {
            return false
        }
        let bytes = bytes(of: token, in: vocabulary)
        if attributes & LLAMA_TOKEN_ATTR_USER_DEFINED.rawValue != 0, !bytes.allSatisfy(Self.isWhitespace) {
            // Real vocabularies define runs of spaces and newlines this way, and markers such
            // as `[multimodal]`; only the first are text.
            return false
        }
        return UTF8Fragment.isPossible(bytes)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Whether `text` is one token of the vocabulary, read as special text.
    func hasToken(_ text: String) -> Bool {
        var tokens = [llama_token](repeating: 0, count: 4)
        let count = llama_tokenize(vocabulary, text, Int32(text.utf8.count), &tokens, 4, false, true)
        return count == 1
    }

    /// The model's own chat template, as llama.cpp reads it from the GGUF metadata.
    var chatTemplate: String? {
        llama_model_chat_template(pointer, nil).map { String(cString: $0) }
    }
}
