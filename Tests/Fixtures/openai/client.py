"""A real OpenAI client against `bridle serve`: PyPI's `openai` package and pydantic, as an
application uses them. Each scenario prints one JSON line that the Swift tests read
(Tests/BridleEndpointTests/OpenAIClientTests.swift); any exception fails the process.

    python client.py BASE_URL API_KEY SCENARIO
"""
import json
import sys
from typing import Literal

import openai
from pydantic import BaseModel, Field


class Film(BaseModel):
    title: str
    year: int = Field(ge=1900, le=2030)
    genre: Literal["drama", "comedy", "thriller"]
    keywords: list[str] = Field(max_length=3)


class GetWeather(BaseModel):
    """The current weather in a city."""

    city: str
    unit: Literal["celsius", "fahrenheit"]


def messages(text):
    return [{"role": "system", "content": "You answer briefly."}, {"role": "user", "content": text}]


def json_schema(client):
    """create() with a response_format JSON Schema; the answer validates with pydantic."""
    completion = client.chat.completions.create(
        model="any-name",
        messages=messages("A film from 1985."),
        response_format={
            "type": "json_schema",
            "json_schema": {"name": "film", "strict": True, "schema": Film.model_json_schema()},
        },
        seed=1,
    )
    film = Film.model_validate_json(completion.choices[0].message.content)
    return {"film": film.model_dump(), "finish_reason": completion.choices[0].finish_reason,
            "usage": completion.usage.model_dump(include={"prompt_tokens", "completion_tokens", "total_tokens"})}


def parse(client):
    """The SDK's structured-output helper: response_format is the pydantic model itself."""
    completion = client.chat.completions.parse(
        model="any-name", messages=messages("A comedy from 1999."), response_format=Film, seed=2, n=2)
    return {"films": [choice.message.parsed.model_dump() for choice in completion.choices]}


def tools(client):
    """A pydantic function tool, a required call, its arguments parsed by the SDK."""
    completion = client.chat.completions.parse(
        model="any-name",
        messages=messages("What is the weather in Oslo?"),
        tools=[openai.pydantic_function_tool(GetWeather)],
        tool_choice="required",
        seed=3,
    )
    message = completion.choices[0].message
    call = message.tool_calls[0]
    return {"name": call.function.name, "arguments": call.function.parsed_arguments.model_dump(),
            "finish_reason": completion.choices[0].finish_reason, "id_prefix": call.id[:5]}


def stream(client):
    """stream=True: the chunks joined are one valid answer; the last chunk carries the usage."""
    chunks = client.chat.completions.create(
        model="any-name",
        messages=messages("A thriller from 2010."),
        response_format={"type": "json_schema", "json_schema": {"name": "film", "schema": Film.model_json_schema()}},
        stream=True,
        stream_options={"include_usage": True},
        seed=4,
    )
    text, finish, usage, count = "", None, None, 0
    for chunk in chunks:
        count += 1
        if chunk.usage is not None:
            usage = chunk.usage.completion_tokens
        for choice in chunk.choices:
            text += choice.delta.content or ""
            finish = choice.finish_reason or finish
    film = Film.model_validate_json(text)
    return {"film": film.model_dump(), "text": text, "chunks": count, "finish_reason": finish, "completion_tokens": usage}


def stream_helper(client):
    """The SDK's streaming helper with a pydantic response_format: parsed at the end."""
    with client.chat.completions.stream(
        model="any-name", messages=messages("A drama from 1975."), response_format=Film, seed=4,
    ) as events:
        final = events.get_final_completion()
    return {"film": final.choices[0].message.parsed.model_dump()}


def errors(client):
    """A schema Bridle can't read is a BadRequestError pointing at the keyword."""
    try:
        client.chat.completions.create(
            model="any-name", messages=messages("x"),
            response_format={"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "strin"}}},
        )
    except openai.BadRequestError as error:
        return {"status": error.status_code, "param": error.param, "code": error.code, "message": error.message}
    raise SystemExit("no error for a bad schema")


def length(client):
    """A token limit cuts the answer: finish_reason "length", which parse() raises on."""
    completion = client.chat.completions.create(
        model="any-name", messages=messages("A film."), max_completion_tokens=5, seed=5,
        response_format={"type": "json_schema", "json_schema": {"name": "film", "schema": Film.model_json_schema()}})
    try:
        client.chat.completions.parse(model="any-name", messages=messages("A film."), response_format=Film, max_completion_tokens=5, seed=5)
    except openai.LengthFinishReasonError:
        return {"finish_reason": completion.choices[0].finish_reason, "text": completion.choices[0].message.content,
                "completion_tokens": completion.usage.completion_tokens, "prompt_tokens": completion.usage.prompt_tokens,
                "total_tokens": completion.usage.total_tokens}
    raise SystemExit("parse() did not raise on a cut answer")


def completions(client):
    """A text completion under Bridle's own grammar field, sent with the SDK's extra_body."""
    completion = client.completions.create(
        model="any-name", prompt="Is the sky blue? Answer:", max_tokens=8, seed=6,
        extra_body={"bridle": {"grammar": 'root ::= " yes" | " no"'}})
    return {"object": completion.object, "text": completion.choices[0].text, "finish_reason": completion.choices[0].finish_reason}


def models(client):
    return {"ids": [model.id for model in client.models.list()]}


def unauthorized(base_url):
    """A wrong key is an AuthenticationError."""
    try:
        openai.OpenAI(base_url=base_url, api_key="wrong", max_retries=0).models.list()
    except openai.AuthenticationError as error:
        return {"status": error.status_code, "code": error.code}
    raise SystemExit("no error for a wrong key")


if __name__ == "__main__":
    base_url, key, scenario = sys.argv[1], sys.argv[2], sys.argv[3]
    client = openai.OpenAI(base_url=base_url, api_key=key, max_retries=0, timeout=300)
    scenarios = {"json_schema": json_schema, "parse": parse, "tools": tools, "stream": stream,
                 "stream_helper": stream_helper, "errors": errors, "length": length, "completions": completions, "models": models}
    result = unauthorized(base_url) if scenario == "unauthorized" else scenarios[scenario](client)
    print(json.dumps(result))
