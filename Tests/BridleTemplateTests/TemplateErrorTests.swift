import BridleJSON
import BridleTemplate
import Testing

/// A template is rendered exactly or refused with the construct and the line: never a prompt
/// that silently differs from the model's own.
@Suite struct TemplateErrorTests {
    private let messages = GeneratedContent(elements: [])

    @Test(arguments: [
        ("line 1\n{% include 'x.jinja' %}", TemplateError.Kind.unsupportedConstruct("include"), 2),
        ("{% extends 'base' %}", .unsupportedConstruct("extends"), 1),
        ("{% for x in y recursive %}{% endfor %}", .unsupportedConstruct("recursive"), 1),
        ("\n\n{{ x|from_json }}", .unsupportedConstruct("|from_json"), 3),
        ("{{ 1 is prime }}", .unsupportedConstruct("is prime"), 1),
        ("{{ f(*args) }}", .unsupportedConstruct("*args"), 1),
        ("{{ '{:>4}'.format(1) }}", .unsupportedConstruct("format spec"), 1),
    ])
    func anUnsupportedConstructIsNamedWithItsLine(source: String, kind: TemplateError.Kind, line: Int) {
        #expect {
            try ChatTemplate(source: source).render(ChatTemplateInput(messages: messages))
        } throws: { error in
            guard let error = error as? TemplateError else { return false }
            return error.kind == kind && error.line == line
        }
    }

    @Test(arguments: [
        ("{% if true %}never closed", 1),
        ("{{ 1 +", 1),
        ("a\n{% endfor %}", 2),
        ("{% frobnicate %}", 1),
        ("\n{{ 'unterminated }}", 2),
        ("{# open comment", 1),
        ("{{ " + String(repeating: "(", count: 500) + "1" + String(repeating: ")", count: 500) + " }}", 1),
        ("{{ " + String(repeating: "not ", count: 500) + "1 }}", 1),
        ("{{ " + String(repeating: "-", count: 500) + "1 }}", 1),
        (String(repeating: "{% if true %}", count: 300), 1),
    ])
    func malformedTextIsASyntaxError(source: String, line: Int) {
        #expect {
            _ = try ChatTemplate(source: source)
        } throws: { error in
            guard let error = error as? TemplateError else { return false }
            return error.kind == .syntax && error.line >= line
        }
    }

    @Test(arguments: [
        "{{ undefined_name.attribute }}",
        "{{ messages.append(1) }}",
        "{{ 'a' + 1 }}",
        "{{ 1 // 0 }}",
        "{% for i in range(2000) %}{% for j in range(1000) %}{% endfor %}{% endfor %}",
        "{{ 'x' * 100000000000 }}",
        "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}",
        "{{ range(-9223372036854775807, 9223372036854775807)|length }}",
        "{{ -(-9223372036854775807 - 1) }}",
        "{{ (-9223372036854775807 - 1) // -1 }}",
        "{{ (-9223372036854775807 - 1)|abs }}",
        "{{ 'x'|indent(1000000000) }}",
        "{{ {}|tojson(indent=1000000000) }}",
    ])
    func whatJinjaRefusesOrWhatPassesABudgetIsAnEvaluationError(source: String) {
        #expect {
            try ChatTemplate(source: source).render(ChatTemplateInput(messages: messages))
        } throws: { error in
            (error as? TemplateError)?.kind == .evaluation
        }
    }
}
