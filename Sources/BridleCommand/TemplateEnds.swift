import Bridle
import BridleGGUF
import BridleTemplate
import Foundation

/// The BOS and EOS a tiny model carrying a chat template should name, found by rendering the
/// template on probe conversations, since where a turn ends is what the template writes, not
/// what it spells somewhere in its text.
///
/// ```swift
/// let ends = TemplateEnds(template: try ChatTemplate(source: qwen), markers: TemplateMarkers.find(in: qwen))
/// ends.endToken    // "<|im_end|>"
/// ends.beginToken  // nil: Qwen's prompts start with no BOS, so the tiny model's <|endoftext|>
/// ```
///
/// - EOS: the marker the template writes right after an assistant's reply (whitespace
///   skipped), first for a conversation that ends with the reply (gpt-oss then writes
///   `<|return|>`, its end of generation, not the `<|end|>` of a reply in the history), else
///   with one more user turn; without tools first, then with one (some templates iterate
///   `tools` unguarded). Where it writes `eos_token` instead, the family's EOS
///   (``TemplateFamily``).
/// - BOS: where the prompt starts with `bos_token`, the family's BOS; where it starts with a
///   marker written once and followed at once by another (`<begin_of_document><beginning_of_sentence>`),
///   that marker. A turn marker (`<|im_start|>`, Phi's `<|user|>`) repeats or is followed by
///   a role, so it is no BOS.
/// - `nil` where neither applies: the tiny model's own `<|endoftext|>`.
struct TemplateEnds {
    var beginToken: String?
    var endToken: String?

    /// Text no template writes by itself, to see where it writes the variables.
    private static let bosProbe = "\u{E000}bos\u{E000}"
    private static let eosProbe = "\u{E000}eos\u{E000}"
    private static let reply = "Bridle probe reply"

    private static let endsWithReply = #"[{"role": "user", "content": "Hello"}, {"role": "assistant", "content": "\#(reply)"}]"#
    private static let twoUserTurns = #"[{"role": "user", "content": "Hello"}, {"role": "assistant", "content": "\#(reply)"}, {"role": "user", "content": "Thanks"}]"#
    private static let tools = #"[{"type": "function", "function": {"name": "get_weather", "description": "The weather in a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]"#

    init(template: ChatTemplate, markers: [String]) {
        let family = TemplateFamily.identify(markers: markers)
        var renderings: [String] = []
        var endFound = false
        for withTools in [false, true] {
            for (messages, addsGenerationPrompt) in [(Self.endsWithReply, false), (Self.twoUserTurns, true)] {
                // A template may refuse a probe (some want a system turn, some tools): the next
                // probe, or the fallback, answers instead.
                guard let messages = try? GeneratedContent(json: messages),
                      let rendered = try? template.render(ChatTemplateInput(
                          messages: messages, tools: withTools ? try? GeneratedContent(json: Self.tools) : nil,
                          addsGenerationPrompt: addsGenerationPrompt, bosToken: Self.bosProbe, eosToken: Self.eosProbe,
                          now: Date(timeIntervalSince1970: 0)))
                else { continue }
                renderings.append(rendered)
                if !endFound, let found = Self.end(after: Self.reply, in: rendered, family: family) {
                    endToken = found
                    endFound = true
                }
            }
            if !renderings.isEmpty { break }
        }
        // The longest conversation shows best which markers repeat.
        if let rendered = renderings.last {
            beginToken = Self.begin(of: rendered, family: family)
        }
    }

    /// `.some(nil)` when the template writes `eos_token` for a family Bridle doesn't know:
    /// found, but the tiny model's own end token stands in.
    private static func end(after reply: String, in rendered: String, family: TemplateFamily?) -> String?? {
        guard let replyRange = rendered.range(of: reply) else { return nil }
        let after = rendered[replyRange.upperBound...].drop(while: \.isWhitespace)
        if after.hasPrefix(eosProbe) { return .some(family?.endToken) }
        return TemplateMarkers.leading(in: after).map { .some($0) }
    }

    private static func begin(of rendered: String, family: TemplateFamily?) -> String? {
        let start = rendered.drop(while: \.isWhitespace)
        if start.hasPrefix(bosProbe) { return family?.beginToken }
        guard let marker = TemplateMarkers.leading(in: start),
              rendered.components(separatedBy: marker).count == 2,
              TemplateMarkers.leading(in: start.dropFirst(marker.count)) != nil
        else { return nil }
        return marker
    }
}
