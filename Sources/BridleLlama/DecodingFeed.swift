import CLlama

/// What a ``LlamaContext`` step decodes for one llama.cpp sequence: the tokens queued, and
/// where the logits after the last of them land in the batch.
protocol DecodingFeed: AnyObject {
    var pending: ArraySlice<llama_token> { get set }
    var logitsRow: Int32? { get set }
}
