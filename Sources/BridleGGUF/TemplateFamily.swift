/// The BOS and EOS texts of a chat template family's real models, for templates that write the
/// `bos_token` and `eos_token` variables instead of spelling them: a tiny model carrying such a
/// template still needs to name its tokens.
///
/// ```swift
/// TemplateFamily.identify(markers: ["<|start_header_id|>", "<|eot_id|>"])?.beginToken  // "<|begin_of_text|>"
/// TemplateFamily.identify(markers: ["<|im_start|>"])                                  // nil
/// ```
///
/// A family is known by one marker its templates spell; the first family in ``known`` whose
/// marker the template has wins. Families that never write the variables (ChatML's
/// `<|im_start|>`) need no entry.
public struct TemplateFamily: Sendable, Equatable {
    /// The marker that identifies the family.
    public let marker: String
    public let beginToken: String
    public let endToken: String

    public static let known: [TemplateFamily] = [
        TemplateFamily(marker: "<|start_header_id|>", beginToken: "<|begin_of_text|>", endToken: "<|eot_id|>"), // Llama 3
        TemplateFamily(marker: "[INST]", beginToken: "<s>", endToken: "</s>"), // Mistral
        TemplateFamily(marker: "<start_of_turn>", beginToken: "<bos>", endToken: "<eos>"), // Gemma 2 and 3
        TemplateFamily(marker: "<|turn>", beginToken: "<bos>", endToken: "<eos>"), // Gemma 4
        TemplateFamily(marker: "<｜User｜>", beginToken: "<｜begin▁of▁sentence｜>", endToken: "<｜end▁of▁sentence｜>"), // DeepSeek
        TemplateFamily(marker: "<|START_OF_TURN_TOKEN|>", beginToken: "<BOS_TOKEN>", endToken: "<|END_OF_TURN_TOKEN|>"), // Cohere
    ]

    /// The family of a template with these markers (``TemplateMarkers/find(in:)``), if known.
    public static func identify(markers: [String]) -> TemplateFamily? {
        known.first { markers.contains($0.marker) }
    }
}
