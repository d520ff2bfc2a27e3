"""The reference for Bridle's chat-template conformance tests: renders chat templates with PyPI's
jinja2 exactly as Hugging Face transformers (4.5x) does in `_compile_jinja_template` and
`render_jinja_template`, so Bridle's renderer can be compared with it byte for byte.

Reads one JSON document from the file named as its argument (or stdin without one),
    {"now": "2026-11-28T10:30:00",
     "cases": [{"id": ..., "template": ..., "context": {"messages": [...], ...}}]}
and writes one to stdout: a list with, for each case in order, {"id": ..., "output": ...} or
{"id": ..., "error": {"type": ..., "message": ...}}.

    python render.py cases.json    (its Python: bash scripts/jinja.sh)
"""
import json
import sys
from datetime import datetime

import jinja2
import jinja2.ext
import jinja2.nodes
from jinja2.sandbox import ImmutableSandboxedEnvironment


class AssistantTracker(jinja2.ext.Extension):
    # transformers' {% generation %} tag only records where the assistant's text lies when asked
    # for an assistant mask; for the rendered text it is its body, unchanged.
    tags = {"generation"}

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        body = parser.parse_statements(("name:endgeneration",), drop_needle=True)
        return jinja2.nodes.CallBlock(self.call_method("_render"), [], [], body).set_lineno(lineno)

    def _render(self, caller):
        return caller()


# transformers replaces jinja2's tojson, which escapes <, >, & and ' for HTML and sorts keys.
def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
    return json.dumps(
        x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys
    )


def raise_exception(message):
    raise jinja2.exceptions.TemplateError(message)


def render(template, context, now):
    environment = ImmutableSandboxedEnvironment(
        trim_blocks=True, lstrip_blocks=True, extensions=[AssistantTracker, jinja2.ext.loopcontrols]
    )
    environment.filters["tojson"] = tojson
    environment.globals["raise_exception"] = raise_exception
    # A fixed clock, so templates that print today's date render the same every run.
    environment.globals["strftime_now"] = lambda format: now.strftime(format)
    context = dict(context)
    # transformers always passes tools and documents, None when there are none: templates test
    # `tools is not none` as often as `tools is defined`.
    return environment.from_string(template).render(
        messages=context.pop("messages"),
        tools=context.pop("tools", None),
        documents=context.pop("documents", None),
        add_generation_prompt=context.pop("add_generation_prompt", False),
        **context,
    )


def main():
    if len(sys.argv) > 1:
        with open(sys.argv[1], "rb") as file:
            request = json.loads(file.read())
    else:
        request = json.loads(sys.stdin.buffer.read())
    now = datetime.fromisoformat(request["now"])
    results = []
    for case in request["cases"]:
        # Compile and render errors alike are the expected result of their case, and one bad
        # template must not stop the batch.
        try:
            result = {"output": render(case["template"], case["context"], now)}
        except Exception as error:
            result = {"error": {"type": type(error).__name__, "message": str(error)}}
        results.append({"id": case["id"], **result})
    # UTF-8 whatever the locale, and no newline translation: the output is compared byte for byte.
    sys.stdout.reconfigure(encoding="utf-8", newline="")
    json.dump(results, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
