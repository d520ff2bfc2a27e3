import BridleJSON
import BridleTemplate
import BridleTestSupport
import Foundation
import Testing

/// The renderer against Python's jinja2 on the real chat templates of about 70 model families,
/// each with fixed conversations: every pair jinja2 renders must come out byte for byte the
/// same, and every pair jinja2 refuses must be refused.
@Suite struct ChatTemplateTests {
    @Test(.enabled(if: ReferenceJinja.isAvailable, ReferenceJinja.missing), .enabled(if: RealTemplates.directory != nil, RealTemplates.missing))
    func everyRealTemplateRendersAsJinja2Does() throws {
        let templates = try RealTemplates.all()
        let conversations = try RealTemplates.conversations()
        try #require(templates.count >= 60, "expected llama.cpp's ~70 templates, found \(templates.count)")
        let cases = templates.flatMap { template in
            conversations.map { ReferenceJinja.Case(id: "\(template.name) × \($0.name)", template: template.source, context: $0.context) }
        }
        let reference = try ReferenceJinja.render(cases)
        var rendered = 0
        for testCase in cases {
            let expected = try #require(reference[testCase.id], "no reference result for \(testCase.id)")
            switch (expected, ReferenceJinja.bridle(testCase)) {
            case (.output(let text), .success(let ours)):
                #expect(ours == text, "\(testCase.id): first difference at \(firstDifference(ours, text))")
                rendered += 1
            case (.output, .failure(let error)):
                Issue.record("\(testCase.id): jinja2 renders it, Bridle refuses: \(error)")
            case (.error(let type, let message), .success):
                Issue.record("\(testCase.id): jinja2 refuses it (\(type): \(message)), Bridle renders it")
            case (.error, .failure):
                break
            }
        }
        // 515 of 560 pairs render on the pinned source; the rest raise in jinja2 itself.
        #expect(rendered >= cases.count * 8 / 10)
    }

    @Test func theTemplatesOwnErrorIsRaisedWithItsMessageAndLine() throws {
        let template = try ChatTemplate(source: """
            {%- for message in messages %}
            {%- if message.role == 'system' %}{{ raise_exception('System role not supported') }}{% endif %}
            {%- endfor %}
            """)
        let messages = try GeneratedContent(json: #"[{"role": "system", "content": "Be brief."}]"#)
        #expect(throws: TemplateError(.raised, line: 2, "System role not supported")) {
            try template.render(ChatTemplateInput(messages: messages))
        }
    }

    @Test func variablesPassThroughAsGivenAndToolsAreNoneWhenAbsent() throws {
        let template = try ChatTemplate(source: "{{ tools is none }} {{ enable_thinking }} {{ messages[0].content.parts|length }}")
        let messages = try GeneratedContent(json: #"[{"role": "user", "content": {"parts": [1, 2]}}]"#)
        let input = ChatTemplateInput(messages: messages, variables: ["enable_thinking": GeneratedContent(false)])
        #expect(try template.render(input) == "True False 2")
    }

    private func firstDifference(_ a: String, _ b: String) -> String {
        let x = Array(a.utf8), y = Array(b.utf8)
        let index = zip(x, y).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(x.count, y.count)
        let context = { (bytes: [UInt8]) in String(decoding: bytes[max(0, index - 30)..<min(bytes.count, index + 30)], as: UTF8.self).debugDescription }
        return "byte \(index): Bridle \(context(x)), jinja2 \(context(y))"
    }
}
