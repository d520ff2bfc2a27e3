import BridleJSON
import BridleTemplate
import Testing

/// Integer powers as Python computes them, in steps that grow with the exponent's bits: a huge
/// exponent of 1 or -1 is instant (FuzzTemplate found it looping 10^17 times), and a result past
/// 64 bits is an error, never a wrong number.
struct PythonOperatorsTests {
    @Test(arguments: [
        ("{{ 1 ** 200000000008198527 }}", "1"),
        ("{{ (-1) ** 200000000008198527 }}", "-1"),
        ("{{ 0 ** 0 }} {{ 2 ** 10 }} {{ 3 ** 39 }} {{ (-2) ** 63 }}", "1 1024 4052555153018976267 -9223372036854775808"),
    ])
    func powersMatchPython(template: String, expected: String) throws {
        let rendered = try ChatTemplate(source: template).render(ChatTemplateInput(messages: GeneratedContent(elements: [])))
        #expect(rendered == expected)
    }

    @Test(arguments: ["{{ 2 ** 64 }}", "{{ 3 ** 40 }}", "{{ 10 ** 200000000008198527 }}"])
    func aPowerPast64BitsIsAnError(template: String) throws {
        #expect(throws: TemplateError.self) {
            try ChatTemplate(source: template).render(ChatTemplateInput(messages: GeneratedContent(elements: [])))
        }
    }
}
