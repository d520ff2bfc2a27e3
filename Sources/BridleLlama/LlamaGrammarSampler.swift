import CLlama

/// llama.cpp's own grammar sampler for a GBNF grammar: not on Bridle's token path (which masks
/// with its own engine), kept for what compares against it — the acceptance tests (llama.cpp's
/// parser reads every grammar Bridle prints) and the benchmarks (its speed beside Bridle's).
package final class LlamaGrammarSampler {
    package let pointer: UnsafeMutablePointer<llama_sampler>

    /// - Parameter gbnf: The grammar, start rule `root`.
    /// - Throws: ``LlamaError/grammarRejected(gbnf:llamaMessages:)`` with llama.cpp's messages.
    package init(model: LlamaModel, gbnf: String) throws(LlamaError) {
        let mark = LlamaLog.mark()
        guard let sampler = llama_sampler_init_grammar(model.vocabulary, gbnf, "root") else {
            throw .grammarRejected(gbnf: gbnf, llamaMessages: LlamaLog.messages(since: mark))
        }
        pointer = sampler
    }

    deinit {
        llama_sampler_free(pointer)
    }
}
