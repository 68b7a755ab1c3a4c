"""OpenAIProvider against exact wire bytes on a loopback server: every WIRE.md OpenAI fact."""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import aclosing
from typing import Any

import httpx
import pytest

from nbagent.errors import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    ConfigurationError,
    ContextWindowExceededError,
    ProtocolError,
    ProviderError,
    StreamError,
)
from nbagent.llm.events import (
    MessageEndEvent,
    MessageStartEvent,
    StreamEvent,
    TextDeltaEvent,
    ToolUseEndEvent,
    ToolUseInputDeltaEvent,
    ToolUseStartEvent,
    UsageEvent,
    aaccumulate_stream,
    accumulate_stream,
)
from nbagent.llm.messages import (
    AssistantMessage,
    AudioBlock,
    ExtensionBlock,
    FileBlock,
    ImageBlock,
    Message,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.providers.openai import (
    OPENAI_COMPATIBLE_PRESETS,
    OpenAIProvider,
    OpenAIStreamTranslator,
    OpenAIWireOptions,
    request_body,
    response_from_json,
)
from nbagent.llm.request import (
    MessageRequest,
    MessageResponse,
    ResultSemantic,
    StopReason,
    ToolChoice,
    ToolDefinition,
)
from tests.wire_server import (
    ERROR_STATUSES,
    Reply,
    WireServer,
    free_port,
    json_reply,
    sse_reply,
    wire_server_fixture,  # noqa: F401
)

KEY = "sk-openai-test-KEY-987654321"
HELLO = MessageRequest(messages=[Message.user("hi")])
GENEROUS = 30.0
"""Every wait that must not fire (connecting, answers that come at once, a test's own bound)."""


class Sleeps:
    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


def provider_for(server: WireServer | str, **kw: Any) -> OpenAIProvider:
    url = server if isinstance(server, str) else server.url
    kw.setdefault("timeout", GENEROUS)
    kw.setdefault("api_key", KEY)
    provider = OpenAIProvider("gpt-test", base_url=url + "/v1", **kw)
    provider.http.sleep = Sleeps()
    return provider


def completion(
    message: dict[str, Any],
    finish: str | None = "stop",
    usage: dict[str, Any] | None = None,
    **choice: Any,
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": "c1",
        "object": "chat.completion",
        "created": 1,
        "model": "m",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", **message},
                "finish_reason": finish,
                "logprobs": None,
                **choice,
            }
        ],
    }
    if usage is not None:
        body["usage"] = usage
    return body


def chunk(
    delta: dict[str, Any] | None = None,
    finish: str | None = None,
    *,
    usage: dict[str, Any] | None = None,
    choices: list[Any] | None = None,
    **choice: Any,
) -> dict[str, Any]:
    if choices is None:
        choices = [{"index": 0, "delta": delta or {}, "finish_reason": finish, **choice}]
    return {
        "id": "c1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": choices,
        "usage": usage,
    }


def call_delta(
    index: int | None, *, id: str | None = None, name: str | None = None, args: str = ""
) -> dict[str, Any]:
    delta: dict[str, Any] = {} if index is None else {"index": index}
    function: dict[str, Any] = {"arguments": args}
    if id is not None:
        delta.update(id=id, type="function")
        function = {"name": name, "arguments": args}
    delta["function"] = function
    return delta


def call(id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"id": id, "type": "function", "function": {"name": name, "arguments": arguments}}


def response(
    *blocks: Any, stop: StopReason = StopReason.END_TURN, usage: Usage | None = None
) -> MessageResponse:
    return MessageResponse(
        message=AssistantMessage(content=list(blocks)),
        stop_reason=stop,
        usage=usage or Usage(),
        model="m",
        id="c1",
    )


ROLE = chunk({"role": "assistant", "content": ""})
USAGE_149 = {"prompt_tokens": 149, "completion_tokens": 60, "total_tokens": 209}

# Each scenario: a non-streamed body and a stream with the same content, and the IR both give.
SCENARIOS = [
    pytest.param(
        completion(
            {"content": "Hello there"},
            usage={
                "prompt_tokens": 12,
                "completion_tokens": 3,
                "total_tokens": 15,
                "prompt_tokens_details": {"cached_tokens": 4, "audio_tokens": 0},
                "completion_tokens_details": {"reasoning_tokens": 0},
            },
        ),
        [
            ROLE,
            chunk({"content": "Hel"}),
            chunk({"content": "lo there"}),
            chunk(finish="stop"),
            chunk(
                choices=[],
                usage={
                    "prompt_tokens": 12,
                    "completion_tokens": 3,
                    "total_tokens": 15,
                    "prompt_tokens_details": {"cached_tokens": 4, "audio_tokens": 0},
                    "completion_tokens_details": {"reasoning_tokens": 0},
                },
            ),
            "[DONE]",
        ],
        response(
            TextBlock(text="Hello there"),
            usage=Usage(input_tokens=12, output_tokens=3, cache_read_tokens=4),
        ),
        id="text",
    ),
    pytest.param(
        completion(
            {
                "content": "Checking.",
                "tool_calls": [
                    call("call_a", "get_weather", '{"city": "Paris"}'),
                    call("call_b", "get_time", '{"tz": "Europe/Paris"}'),
                ],
            },
            finish="tool_calls",
            usage=USAGE_149,
        ),
        [
            ROLE,
            chunk({"content": "Checking."}),
            chunk({"tool_calls": [call_delta(0, id="call_a", name="get_weather")]}),
            chunk({"tool_calls": [call_delta(0, args='{"ci')]}),
            chunk({"tool_calls": [call_delta(1, id="call_b", name="get_time", args='{"t')]}),
            chunk({"tool_calls": [call_delta(0, args='ty": "Paris"}')]}),
            chunk(
                {"tool_calls": [call_delta(1, args='z": "Europe/'), call_delta(1, args='Paris"}')]}
            ),
            chunk(finish="tool_calls"),
            chunk(choices=[], usage=USAGE_149),
            "[DONE]",
        ],
        response(
            TextBlock(text="Checking."),
            ToolUseBlock(id="call_a", name="get_weather", input={"city": "Paris"}),
            ToolUseBlock(id="call_b", name="get_time", input={"tz": "Europe/Paris"}),
            stop=StopReason.TOOL_USE,
            usage=Usage(input_tokens=149, output_tokens=60),
        ),
        id="parallel-tool-calls",
    ),
    pytest.param(
        completion(
            {"content": "42", "reasoning_content": "Let me think. Six times seven."},
            usage={
                "prompt_tokens": 120,
                "completion_tokens": 40,
                "total_tokens": 160,
                "prompt_cache_hit_tokens": 100,
                "prompt_cache_miss_tokens": 20,
                "completion_tokens_details": {"reasoning_tokens": 30},
            },
        ),
        [
            chunk({"role": "assistant", "content": None, "reasoning_content": ""}),
            chunk({"content": None, "reasoning_content": "Let me think."}),
            chunk({"content": None, "reasoning_content": " Six times seven."}),
            chunk({"content": "42", "reasoning_content": None}),
            chunk(finish="stop"),
            chunk(
                choices=[],
                usage={
                    "prompt_tokens": 120,
                    "completion_tokens": 40,
                    "total_tokens": 160,
                    "prompt_cache_hit_tokens": 100,
                    "prompt_cache_miss_tokens": 20,
                    "completion_tokens_details": {"reasoning_tokens": 30},
                },
            ),
            "[DONE]",
        ],
        response(
            ThinkingBlock(text="Let me think. Six times seven."),
            TextBlock(text="42"),
            usage=Usage(
                input_tokens=120, output_tokens=40, cache_read_tokens=100, reasoning_tokens=30
            ),
        ),
        id="deepseek-reasoning-content",
    ),
    pytest.param(
        completion({"content": "Hi!", "reasoning": "User greets."}),
        [
            chunk({"role": "assistant", "content": "", "reasoning": "User "}),
            chunk({"content": "", "reasoning": "greets."}),
            chunk({"content": "Hi!"}),
            chunk(finish="stop"),
            "[DONE]",
        ],
        response(ThinkingBlock(text="User greets."), TextBlock(text="Hi!")),
        id="ollama-reasoning-no-usage",
    ),
    pytest.param(
        completion(
            {
                "content": None,
                "tool_calls": [
                    call("call_x", "a", '{"n": 1}'),
                    call("call_y", "b", '{"n": 2}'),
                ],
            },
            finish="tool_calls",
        ),
        [
            ROLE,
            chunk({"tool_calls": [call_delta(None, id="call_x", name="a", args='{"n"')]}),
            chunk({"tool_calls": [call_delta(None, args=": 1}")]}),
            chunk({"tool_calls": [call_delta(None, id="call_y", name="b", args='{"n": 2}')]}),
            chunk(finish="tool_calls"),
            "[DONE]",
        ],
        response(
            ToolUseBlock(id="call_x", name="a", input={"n": 1}),
            ToolUseBlock(id="call_y", name="b", input={"n": 2}),
            stop=StopReason.TOOL_USE,
        ),
        id="tool-calls-without-index",
    ),
    pytest.param(
        completion(
            {"content": "", "tool_calls": [call("t1", "a", "{}"), call("t2", "b", '{"k": [1]}')]},
            finish="tool_calls",
        ),
        [
            chunk({"tool_calls": [call_delta(1, id="t1", name="a", args="{}")]}),
            # Some servers reuse an index for the next call: a new id opens a new call.
            chunk({"tool_calls": [call_delta(1, id="t2", name="b", args="")]}),
            chunk({"tool_calls": [call_delta(1, args='{"k": [1]}')]}),
            chunk(finish="tool_calls"),
            "[DONE]",
        ],
        response(
            ToolUseBlock(id="t1", name="a", input={}),
            ToolUseBlock(id="t2", name="b", input={"k": [1]}),
            stop=StopReason.TOOL_USE,
        ),
        id="tool-index-from-1-and-reused",
    ),
    pytest.param(
        completion({"content": None, "refusal": "I can't help with that."}),
        [
            ROLE,
            chunk({"refusal": "I can't "}),
            chunk({"refusal": "help with that."}),
            chunk(finish="stop"),
            "[DONE]",
        ],
        response(TextBlock(text="I can't help with that."), stop=StopReason.REFUSAL),
        id="refusal",
    ),
    pytest.param(
        completion({"content": "partial"}, finish="length"),
        [ROLE, chunk({"content": "partial"}, finish="length"), "[DONE]"],
        response(TextBlock(text="partial"), stop=StopReason.MAX_TOKENS),
        id="length",
    ),
    pytest.param(
        completion({"content": ""}, finish="content_filter"),
        [ROLE, chunk(finish="content_filter"), "[DONE]"],
        response(stop=StopReason.CONTENT_FILTER),
        id="content-filter",
    ),
    pytest.param(
        completion({"content": "Busy"}, finish="insufficient_system_resource"),
        [ROLE, chunk({"content": "Busy"}), chunk(finish="insufficient_system_resource"), "[DONE]"],
        response(TextBlock(text="Busy"), stop=StopReason.OTHER),
        id="deepseek-insufficient-system-resource",
    ),
    pytest.param(
        completion(
            {"content": None, "function_call": {"name": "f", "arguments": '{"x": true}'}},
            finish="function_call",
        ),
        [
            ROLE,
            chunk({"function_call": {"name": "f", "arguments": '{"x"'}}),
            chunk({"function_call": {"arguments": ": true}"}}),
            chunk(finish="function_call"),
            "[DONE]",
        ],
        response(
            ToolUseBlock(id="function_call", name="f", input={"x": True}),
            stop=StopReason.TOOL_USE,
        ),
        id="legacy-function-call",
    ),
    pytest.param(
        # llama-cpp-python sends the legacy `function_call` beside the same call in `tool_calls`.
        completion(
            {
                "content": None,
                "tool_calls": [call("call__0_f", "f", '{"x": 1}')],
                "function_call": {"name": "f", "arguments": '{"x": 1}'},
            },
            finish="tool_calls",
        ),
        [
            ROLE,
            chunk(
                {
                    "function_call": {"name": "f", "arguments": '{"x"'},
                    "tool_calls": [call_delta(0, id="call__0_f", name="f", args='{"x"')],
                }
            ),
            chunk(
                {
                    "function_call": {"arguments": ": 1}"},
                    "tool_calls": [call_delta(0, args=": 1}")],
                }
            ),
            chunk(finish="tool_calls"),
            "[DONE]",
        ],
        response(ToolUseBlock(id="call__0_f", name="f", input={"x": 1}), stop=StopReason.TOOL_USE),
        id="llamacpp-function-call-beside-tool-calls",
    ),
    pytest.param(
        completion({"content": "one two"}, stop_reason="THREE"),
        [ROLE, chunk({"content": "one two"}), chunk(finish="stop", stop_reason="THREE"), "[DONE]"],
        response(TextBlock(text="one two"), stop=StopReason.STOP_SEQUENCE),
        id="vllm-stop-string",
    ),
    pytest.param(
        completion({"content": "Hi"}, usage={"prompt_tokens": 5, "completion_tokens": 1}),
        [
            ": keep-alive\n\n",
            "\n\n",
            # An Azure-style content-filter preamble: no id, no model, no choices.
            {"id": "", "object": "", "created": 0, "model": "", "choices": [],
             "prompt_filter_results": [{"prompt_index": 0, "content_filter_results": {}}]},
            ROLE,
            ": keep-alive\n\n",
            chunk({"content": "Hi"}),
            "\n\n\n",
            chunk(finish="stop"),
            chunk(choices=[], usage={"prompt_tokens": 5, "completion_tokens": 1}),
            "[DONE]",
        ],
        response(TextBlock(text="Hi"), usage=Usage(input_tokens=5, output_tokens=1)),
        id="keep-alives-padding-empty-choices",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("body", "stream", "expected"), SCENARIOS)
async def test_chat_and_stream_give_the_same_response(
    wire_server: Any, body: dict[str, Any], stream: list[Any], expected: MessageResponse
) -> None:
    server = wire_server(json_reply(body), sse_reply(stream))
    async with provider_for(server) as provider:
        chatted = await provider.chat(HELLO)
        events = [event async for event in provider.chat_stream(HELLO)]
    streamed = accumulate_stream(events)
    assert chatted == expected
    assert streamed == expected
    # Block indexes are positions in the final message.
    indexes = {e.index for e in events if hasattr(e, "index")}
    assert indexes == set(range(len(expected.message.content)))
    assert isinstance(events[-1], MessageEndEvent)
    assert [r.json.get("stream") for r in server.requests] == [None, True]


async def test_stream_events_for_the_wire_md_example(wire_server: Any) -> None:
    stream = [
        ROLE,
        chunk({"content": "Hel"}),
        chunk({"tool_calls": [call_delta(0, id="call_a", name="get_weather")]}),
        chunk({"tool_calls": [call_delta(0, args='{"ci')]}),
        chunk({"tool_calls": [call_delta(0, args='ty": "Paris"}')]}),
        chunk(finish="tool_calls"),
        chunk(choices=[], usage=USAGE_149),
        "[DONE]",
    ]
    server = wire_server(sse_reply(stream))
    async with provider_for(server) as provider:
        events = [event async for event in provider.chat_stream(HELLO)]
    assert events == [
        MessageStartEvent(id="c1", model="m"),
        TextDeltaEvent(index=0, text="Hel"),
        ToolUseStartEvent(index=1, id="call_a", name="get_weather"),
        ToolUseInputDeltaEvent(index=1, partial_json='{"ci'),
        ToolUseInputDeltaEvent(index=1, partial_json='ty": "Paris"}'),
        UsageEvent(
            input_tokens=149,
            output_tokens=60,
            cache_read_tokens=0,
            cache_write_tokens=0,
            reasoning_tokens=0,
        ),
        ToolUseEndEvent(index=1),
        MessageEndEvent(stop_reason=StopReason.TOOL_USE),
    ]


# --- the exact JSON sent ----------------------------------------------------------------------

WEATHER = ToolDefinition(
    name="get_weather",
    description="Weather for a city.",
    input_schema={"type": "object", "properties": {"city": {"type": "string"}}},
)
FULL_REQUEST = MessageRequest(
    messages=[
        Message.system("Be brief."),
        Message.user(
            [
                TextBlock(text="Look:"),
                ImageBlock(url="https://x/cat.png", detail="low"),
                ImageBlock(data="iVBOR", media_type="image/png"),
                AudioBlock(data="UklGR", format="wav"),
                FileBlock(name="a.pdf", data="JVBER", media_type="application/pdf"),
                FileBlock(file_id="file-123"),
                ExtensionBlock(data={"type": "redacted_thinking", "data": "xx"}),
            ]
        ),
        Message.assistant(
            [
                ThinkingBlock(text="weather needed"),
                TextBlock(text="Let me check."),
                ToolUseBlock(id="call_1", name="get_weather", input={"city": "Zürich"}),
            ]
        ),
        Message.tool_result("call_1", "12°C"),
        Message.assistant("It is 12°C."),
        Message.user(
            [
                ToolResultBlock(tool_use_id="call_2", content=[TextBlock(text="ok")]),
                TextBlock(text="thanks"),
            ]
        ),
        Message.user([ToolResultBlock(tool_use_id="call_3", content=[], is_error=True)]),
    ],
    # nbagent's own bookkeeping (semantic, key fields) is never sent.
    tools=[
        WEATHER,
        ToolDefinition(name="noop", result_semantic=ResultSemantic.ACTION, key_fields=("code",)),
    ],
    tool_choice=ToolChoice.tool("get_weather"),
    max_tokens=256,
    temperature=0.2,
    top_p=0.9,
    stop=["END"],
    metadata={"purpose": "never sent"},
    extra_body={"seed": 7},
)
FULL_BODY = {
    "model": "gpt-test",
    "messages": [
        {"role": "system", "content": "Be brief."},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Look:"},
                {"type": "image_url", "image_url": {"url": "https://x/cat.png", "detail": "low"}},
                {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBOR"}},
                {"type": "input_audio", "input_audio": {"data": "UklGR", "format": "wav"}},
                {
                    "type": "file",
                    "file": {"file_data": "data:application/pdf;base64,JVBER", "filename": "a.pdf"},
                },
                {"type": "file", "file": {"file_id": "file-123"}},
            ],
        },
        {
            "role": "assistant",
            "content": "Let me check.",
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Zürich"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "12°C"},
        {"role": "assistant", "content": "It is 12°C."},
        {"role": "tool", "tool_call_id": "call_2", "content": "ok"},
        {"role": "user", "content": "thanks"},
        {"role": "tool", "tool_call_id": "call_3", "content": ""},
    ],
    "tools": [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "Weather for a city.",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
            },
        },
        {
            "type": "function",
            "function": {"name": "noop", "parameters": {"type": "object", "properties": {}}},
        },
    ],
    "tool_choice": {"type": "function", "function": {"name": "get_weather"}},
    "max_completion_tokens": 256,
    "temperature": 0.2,
    "top_p": 0.9,
    "stop": ["END"],
    "seed": 7,
}


async def test_exact_request_json_non_streamed_and_streamed(wire_server: Any) -> None:
    server = wire_server(
        json_reply(completion({"content": "ok"})),
        sse_reply([chunk({"content": "ok"}, finish="stop"), "[DONE]"]),
    )
    async with provider_for(server) as provider:
        await provider.chat(FULL_REQUEST)
        await aaccumulate_stream(provider.chat_stream(FULL_REQUEST))
    plain, streamed = server.requests
    assert (plain.method, plain.path) == ("POST", "/v1/chat/completions")
    assert plain.headers["authorization"] == f"Bearer {KEY}"
    assert plain.headers["content-type"] == "application/json"
    assert plain.json == FULL_BODY
    assert streamed.json == {
        **FULL_BODY,
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    assert streamed.headers["accept"] == "text/event-stream"


@pytest.mark.parametrize(
    ("choice", "wire"),
    [
        (ToolChoice.auto(), "auto"),
        (ToolChoice.none(), "none"),
        (ToolChoice.required(), "required"),
    ],
)
def test_tool_choice_modes(choice: ToolChoice, wire: str) -> None:
    request = MessageRequest(messages=[Message.user("x")], tools=[WEATHER], tool_choice=choice)
    assert request_body(request, OpenAIWireOptions(model="m"))["tool_choice"] == wire


def test_developer_role_max_tokens_and_request_model_override() -> None:
    request = MessageRequest(
        model="other", messages=[Message.system("S"), Message.user("u")], max_tokens=9
    )
    options = OpenAIWireOptions(model="m", system_role="developer", max_tokens_param="max_tokens")
    assert request_body(request, options) == {
        "model": "other",
        "messages": [{"role": "developer", "content": "S"}, {"role": "user", "content": "u"}],
        "max_tokens": 9,
    }


async def test_provider_options_reach_the_wire(wire_server: Any) -> None:
    server = wire_server(json_reply(completion({"content": "ok"})))
    request = MessageRequest(messages=[Message.system("S"), Message.user("u")], max_tokens=3)
    async with provider_for(
        server, system_role="developer", max_tokens_param="max_tokens", default_headers={"x-t": "1"}
    ) as provider:
        await provider.chat(request)
    [sent] = server.requests
    assert sent.json == {
        "model": "gpt-test",
        "messages": [{"role": "developer", "content": "S"}, {"role": "user", "content": "u"}],
        "max_tokens": 3,
    }
    assert sent.headers["x-t"] == "1"


# --- presets ----------------------------------------------------------------------------------

THINKING_TOOL_HISTORY = [
    Message.user("weather?"),
    Message.assistant(
        [
            ThinkingBlock(text="need a tool"),
            ToolUseBlock(id="c", name="get_weather", input={}),
        ]
    ),
    Message.tool_result("c", "sunny"),
    Message.assistant([ThinkingBlock(text="done"), TextBlock(text="Sunny.")]),
    Message.user("thanks"),
]


async def test_deepseek_preset_sends_reasoning_back_with_tool_calls(wire_server: Any) -> None:
    server = wire_server(json_reply(completion({"content": "ok"})))
    provider = OpenAIProvider.from_preset(
        "deepseek", "deepseek-reasoner", api_key=KEY, base_url=server.url
    )
    assert provider.name == "deepseek"
    async with provider:
        await provider.chat(MessageRequest(messages=THINKING_TOOL_HISTORY, max_tokens=50))
    assert server.requests[0].path == "/chat/completions"
    assert server.requests[0].json == {
        "model": "deepseek-reasoner",
        "messages": [
            {"role": "user", "content": "weather?"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "c",
                        "type": "function",
                        "function": {"name": "get_weather", "arguments": "{}"},
                    }
                ],
                "reasoning_content": "need a tool",
            },
            {"role": "tool", "tool_call_id": "c", "content": "sunny"},
            {"role": "assistant", "content": "Sunny."},
            {"role": "user", "content": "thanks"},
        ],
        "max_tokens": 50,
    }


def test_llamacpp_preset_sends_empty_content_beside_tool_calls() -> None:
    options = OPENAI_COMPATIBLE_PRESETS["llamacpp"].options
    [native, _] = request_body(MessageRequest(messages=THINKING_TOOL_HISTORY[1:3]), options)[
        "messages"
    ]
    assert native == {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {"id": "c", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}
        ],
    }


def test_leading_system_sends_every_system_message_as_one_first() -> None:
    # llama-cpp-python's built-in chat formats read the first system message only: a focused
    # view's summary, the last message before the prompt, would never reach the model.
    history = [
        Message.system("Be brief."),
        Message.user("Hotels in Lyon?"),
        Message.assistant("Two: Hotel Bellecour and Le Royal."),
        Message.system("[上下文摘要] Budget 120 EUR a night."),
        Message.user("Which is cheaper?"),
    ]
    leading = OpenAIWireOptions(max_tokens_param="max_tokens", leading_system=True)
    assert request_body(MessageRequest(messages=history), leading)["messages"] == [
        {"role": "system", "content": "Be brief.\n\n[上下文摘要] Budget 120 EUR a night."},
        {"role": "user", "content": "Hotels in Lyon?"},
        {"role": "assistant", "content": "Two: Hotel Bellecour and Le Royal."},
        {"role": "user", "content": "Which is cheaper?"},
    ]
    provider = OpenAIProvider("local", preset="llamacpp", leading_system=True)
    assert provider.options.leading_system
    # Every preset keeps each system message where it stands unless told otherwise.
    for options in (p.options for p in OPENAI_COMPATIBLE_PRESETS.values()):
        sent = request_body(MessageRequest(messages=history), options)["messages"]
        assert [m["role"] for m in sent] == ["system", "user", "assistant", "system", "user"]
    # No system message: none is made up.
    body = request_body(MessageRequest(messages=history[1:3]), leading)
    assert [m["role"] for m in body["messages"]] == ["user", "assistant"]


def test_tool_calls_left_unanswered_get_an_error_result_before_the_next_message() -> None:
    cut = Message.assistant(
        [ToolUseBlock(id="a", name="f", input={}), ToolUseBlock(id="b", name="f", input={})]
    )
    history = [
        Message.user("go"),
        cut,
        Message.tool_result("b", "done"),
        Message.user("again"),
        Message.assistant([ToolUseBlock(id="c", name="f", input={})]),
    ]
    sent = request_body(MessageRequest(messages=history), OpenAIWireOptions(model="m"))
    not_run = "No result: the tool call was not run."
    assert [(m["role"], m.get("tool_call_id"), m["content"]) for m in sent["messages"]] == [
        ("user", None, "go"),
        ("assistant", None, None),
        ("tool", "b", "done"),
        ("tool", "a", not_run),
        ("user", None, "again"),
        ("assistant", None, None),
        ("tool", "c", not_run),
    ]


async def test_openai_preset_never_sends_reasoning_back(wire_server: Any) -> None:
    server = wire_server(json_reply(completion({"content": "ok"})))
    async with provider_for(server) as provider:
        await provider.chat(MessageRequest(messages=THINKING_TOOL_HISTORY))
    assert "reasoning_content" not in json.dumps(server.requests[0].json)


async def test_qwen_preset_passes_enable_thinking_and_budget(
    wire_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DASHSCOPE_API_KEY", "sk-dash-env")
    server = wire_server(
        sse_reply(
            [
                chunk({"content": None, "reasoning_content": "hmm"}),
                chunk({"content": "Yes"}, finish="stop"),
                "[DONE]",
            ]
        )
    )
    provider = OpenAIProvider.from_preset("dashscope", "qwen-plus", base_url=server.url)
    request = MessageRequest(
        messages=[Message.user("q")],
        max_tokens=20,
        thinking_budget=64,
        extra_body={"enable_thinking": True},
    )
    async with provider:
        result = await aaccumulate_stream(provider.chat_stream(request))
    assert result.message.content == [ThinkingBlock(text="hmm"), TextBlock(text="Yes")]
    [sent] = server.requests
    assert sent.headers["authorization"] == "Bearer sk-dash-env"
    assert sent.json == {
        "model": "qwen-plus",
        "messages": [{"role": "user", "content": "q"}],
        "max_tokens": 20,
        "thinking_budget": 64,
        "stream": True,
        "stream_options": {"include_usage": True},
        "enable_thinking": True,
    }


async def test_qwen_preset_turns_thinking_off_on_non_streamed_calls(wire_server: Any) -> None:
    server = wire_server(json_reply(completion({"content": "a"})), json_reply(completion({})))
    provider = OpenAIProvider.from_preset("qwen", "qwen3-8b", api_key=KEY, base_url=server.url)
    async with provider:
        assert (await provider.chat(MessageRequest(messages=[Message.user("q")]))).text() == "a"
        await provider.chat(
            MessageRequest(messages=[Message.user("q")], extra_body={"enable_thinking": True})
        )
    assert server.requests[0].json == {
        "model": "qwen3-8b",
        "messages": [{"role": "user", "content": "q"}],
        "enable_thinking": False,
    }
    assert server.requests[1].json["enable_thinking"] is True  # asked for: the server decides


def test_preset_table() -> None:
    presets = OPENAI_COMPATIBLE_PRESETS
    assert presets["openai"].base_url == "https://api.openai.com/v1"
    assert presets["deepseek"].base_url == "https://api.deepseek.com"
    assert presets["deepseek"].key_env_var == "DEEPSEEK_API_KEY"
    assert presets["qwen"] is presets["dashscope"]
    assert presets["qwen"].base_url == "https://dashscope.aliyuncs.com/compatible-mode/v1"
    assert presets["qwen"].key_env_var == "DASHSCOPE_API_KEY"
    assert presets["ollama"].base_url == "http://localhost:11434/v1"
    for name in ("ollama", "vllm", "llamacpp"):
        assert presets[name].key_required is False
        assert OpenAIProvider.from_preset(name, "m").name == name


@pytest.mark.parametrize(
    ("preset", "env"),
    [("openai", "OPENAI_API_KEY"), ("deepseek", "DEEPSEEK_API_KEY"), ("qwen", "DASHSCOPE_API_KEY")],
)
def test_missing_key_names_the_environment_variable(
    monkeypatch: pytest.MonkeyPatch, preset: str, env: str
) -> None:
    monkeypatch.delenv(env, raising=False)
    with pytest.raises(ConfigurationError, match=env):
        OpenAIProvider.from_preset(preset, "m")


def test_key_from_environment_and_a_keyless_custom_base_url(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    provider = OpenAIProvider("gpt-4o")
    assert provider.base_url == "https://api.openai.com/v1"
    assert KEY not in repr(provider)
    assert repr(provider) == (
        "OpenAIProvider(name='openai', model='gpt-4o', base_url='https://api.openai.com/v1')"
    )
    monkeypatch.delenv("OPENAI_API_KEY")
    local = OpenAIProvider("local", base_url="http://127.0.0.1:9/v1/")
    assert local.base_url == "http://127.0.0.1:9/v1"


@pytest.mark.parametrize(
    "kwargs",
    [
        {"preset": "nope"},
        {"model": ""},
        {"system_role": "boss"},
        {"max_tokens_param": "tokens"},
        {"max_retries": -1},
    ],
)
def test_invalid_configuration_fails_at_construction(kwargs: dict[str, Any]) -> None:
    kwargs = {"model": "m", "base_url": "http://127.0.0.1:9", **kwargs}
    with pytest.raises(ConfigurationError):
        OpenAIProvider(**kwargs)


async def test_keyless_server_gets_no_authorization_header(wire_server: Any) -> None:
    server = wire_server(json_reply(completion({"content": "ok"})))
    async with OpenAIProvider.from_preset("ollama", "llama3", base_url=server.url + "/v1") as p:
        result = await p.chat(HELLO)
    assert result.text() == "ok"
    assert "authorization" not in server.requests[0].headers


# --- errors -----------------------------------------------------------------------------------


def error_body(message: str, kind: str = "invalid_request_error", code: Any = None) -> Any:
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}


@pytest.mark.parametrize("streamed", [False, True])
@pytest.mark.parametrize(
    ("status", "cls", "attempts"),
    ERROR_STATUSES,
)
async def test_every_http_error_status(
    wire_server: Any, status: int, cls: type[APIStatusError], attempts: int, streamed: bool
) -> None:
    server = wire_server(default=json_reply(error_body(f"bad {status}"), status=status))
    async with provider_for(server) as provider:
        with pytest.raises(cls) as info:
            if streamed:
                await aaccumulate_stream(provider.chat_stream(HELLO))
            else:
                await provider.chat(HELLO)
    assert type(info.value) is cls
    assert info.value.status_code == status
    assert f"openai returned HTTP {status} (invalid_request_error): bad {status}." in str(
        info.value
    )
    assert len(server.requests) == attempts


async def test_vllm_unwrapped_error_and_context_window(wire_server: Any) -> None:
    body = {
        "object": "error",
        "message": "This model's maximum context length is 2048 tokens.",
        "type": "BadRequestError",
        "param": None,
        "code": 400,
    }
    server = wire_server(json_reply(body, status=400))
    async with provider_for(server) as provider:
        with pytest.raises(ContextWindowExceededError, match="maximum context length is 2048"):
            await provider.chat(HELLO)


async def test_401_names_the_key_variable_and_hides_the_key(wire_server: Any) -> None:
    body = error_body(f"Incorrect API key provided: {KEY}", code="invalid_api_key")
    server = wire_server(json_reply(body, status=401))
    async with provider_for(server) as provider:
        with pytest.raises(AuthenticationError) as info:
            await provider.chat(HELLO)
    assert "OPENAI_API_KEY" in str(info.value)
    assert KEY not in str(info.value)
    assert KEY not in json.dumps(info.value.body)


async def test_429_then_success_waits_for_retry_after(wire_server: Any) -> None:
    server = wire_server(
        json_reply(
            error_body("slow", kind="requests"), status=429, headers=[("retry-after-ms", "150")]
        ),
        sse_reply([chunk({"content": "ok"}, finish="stop"), "[DONE]"]),
    )
    delays: list[float] = []

    async def sleep(seconds: float) -> None:
        delays.append(seconds)
        await asyncio.sleep(seconds)

    async with provider_for(server) as provider:
        provider.http.sleep = sleep
        started = time.perf_counter()
        result = await aaccumulate_stream(provider.chat_stream(HELLO))
        elapsed = time.perf_counter() - started
    assert result.text() == "ok"
    assert len(server.requests) == 2
    # The server's 150 ms, not the backoff; a busy machine only ever makes the wait longer.
    assert delays == [0.15]
    assert elapsed >= 0.15


async def test_error_inside_a_200_stream(wire_server: Any) -> None:
    server = wire_server(
        sse_reply(
            [
                ROLE,
                chunk({"content": "Half an ans"}),
                {"error": {"message": "Model overloaded", "type": "server_error", "code": "503"}},
                chunk({"content": "wer"}, finish="stop"),
                "[DONE]",
            ]
        )
    )
    async with provider_for(server) as provider:
        with pytest.raises(StreamError, match="Model overloaded") as info:
            await aaccumulate_stream(provider.chat_stream(HELLO))
    assert info.value.error_type == "server_error"
    assert info.value.provider == "openai"
    assert len(server.requests) == 1


async def test_named_error_event_inside_a_stream(wire_server: Any) -> None:
    server = wire_server(sse_reply([ROLE, b"event: error\ndata: upstream failed\n\n"]))
    async with provider_for(server) as provider:
        with pytest.raises(StreamError, match="upstream failed"):
            await aaccumulate_stream(provider.chat_stream(HELLO))


async def test_error_object_in_a_200_json_body(wire_server: Any) -> None:
    server = wire_server(json_reply(error_body("quota", kind="insufficient_quota")))
    async with provider_for(server) as provider:
        with pytest.raises(StreamError, match="quota") as info:
            await provider.chat(HELLO)
    assert info.value.error_type == "insufficient_quota"


async def test_a_key_echoed_inside_a_200_answer_is_masked(wire_server: Any) -> None:
    echo = error_body(f"key {KEY} has no quota", kind="insufficient_quota")
    server = wire_server(
        json_reply(echo),
        sse_reply([ROLE, echo]),
        sse_reply([ROLE, f"data: not json {KEY}\n\n".encode()]),
    )
    errors: list[ProviderError] = []
    async with provider_for(server) as provider:
        for call in (
            provider.chat(HELLO),
            aaccumulate_stream(provider.chat_stream(HELLO)),
            aaccumulate_stream(provider.chat_stream(HELLO)),
        ):
            with pytest.raises(ProviderError) as info:
                await call
            errors.append(info.value)
    assert [type(e) for e in errors] == [StreamError, StreamError, ProtocolError]
    for error in errors:
        assert KEY not in str(error) and KEY not in repr(error)
        assert "***" in str(error)
    masked = error_body("key *** has no quota", kind="insufficient_quota")
    assert [getattr(e, "body", None) for e in errors] == [masked, masked, None]


async def test_blank_lines_before_a_non_streamed_body(wire_server: Any) -> None:
    server = wire_server(json_reply(completion({"content": "ok"}), prefix=b"\n\n\n  \r\n"))
    async with provider_for(server) as provider:
        result = await provider.chat(HELLO)
    assert result == response(TextBlock(text="ok"))


@pytest.mark.parametrize("cut_after", [2, 4])
async def test_stream_cut_in_the_middle(wire_server: Any, cut_after: int) -> None:
    pieces = [
        ROLE,
        chunk({"content": "Hel"}),
        chunk({"tool_calls": [call_delta(0, id="call_a", name="f", args='{"a"')]}),
        chunk({"tool_calls": [call_delta(0, args=": 1}")]}),
        chunk(finish="tool_calls"),
        "[DONE]",
    ]
    server = wire_server(sse_reply(pieces, cut_after=cut_after))
    seen: list[StreamEvent] = []
    result: MessageResponse | None = None
    async with provider_for(server) as provider:
        with pytest.raises(ProtocolError, match="cut the stream"):
            async for event in provider.chat_stream(HELLO):
                seen.append(event)
            result = accumulate_stream(seen)
    assert result is None
    assert not any(isinstance(e, MessageEndEvent) for e in seen)
    assert len(server.requests) == 1


async def test_stream_that_ends_before_the_model_finished(wire_server: Any) -> None:
    server = wire_server(sse_reply([ROLE, chunk({"content": "Hel"})]))
    async with provider_for(server) as provider:
        with pytest.raises(ProtocolError, match="before the model finished"):
            await aaccumulate_stream(provider.chat_stream(HELLO))


async def test_stream_without_done_but_finished_is_complete(wire_server: Any) -> None:
    server = wire_server(sse_reply([chunk({"content": "ok"}), chunk(finish="stop")]))
    async with provider_for(server) as provider:
        result = await aaccumulate_stream(provider.chat_stream(HELLO))
    assert result == response(TextBlock(text="ok"))


async def test_stream_event_that_is_not_json(wire_server: Any) -> None:
    server = wire_server(sse_reply([ROLE, "data: {not json\n\n"]))
    async with provider_for(server) as provider:
        with pytest.raises(ProtocolError, match="not JSON"):
            await aaccumulate_stream(provider.chat_stream(HELLO))


async def test_stream_chunk_of_the_wrong_shape(wire_server: Any) -> None:
    server = wire_server(sse_reply([{"id": "c1", "choices": [{"index": 0, "delta": "oops"}]}]))
    async with provider_for(server) as provider:
        with pytest.raises(ProtocolError, match="cannot read"):
            await aaccumulate_stream(provider.chat_stream(HELLO))


async def test_timeout_and_connection_refused() -> None:
    # The server never answers, so the read timeout always fires; only it is short (a 0.2 s
    # connect timeout could fire first on a busy machine).
    with WireServer(default=Reply(hang=True)) as server:
        timeout = httpx.Timeout(GENEROUS, read=0.2)
        async with provider_for(server, timeout=timeout, max_retries=0) as provider:
            with pytest.raises(APITimeoutError) as timed_out:
                await provider.chat(HELLO)
    assert isinstance(timed_out.value.__cause__, httpx.ReadTimeout)
    async with provider_for(f"http://127.0.0.1:{free_port()}", max_retries=1) as provider:
        with pytest.raises(APIConnectionError) as info:
            await aaccumulate_stream(provider.chat_stream(HELLO))
    assert not isinstance(info.value, APITimeoutError)
    assert "Could not reach openai" in str(info.value)


async def test_breaking_out_of_chat_stream_closes_the_response(wire_server: Any) -> None:
    # A few chunks, then nothing until the client hangs up: only closing the response (not
    # reading it to the end) lets the test finish, and the server sees it close.
    pieces = [chunk({"content": f"{i} "}) for i in range(300)]
    server = wire_server(sse_reply(pieces, stall_after=3))
    async with provider_for(server) as provider, asyncio.timeout(GENEROUS):
        async with aclosing(provider.chat_stream(HELLO)) as events:
            async for event in events:
                if isinstance(event, TextDeltaEvent):
                    break
        await server.wait_until_async(lambda: server.aborted > 0)
    assert server.aborted == 1


async def test_cancelling_a_stream_consumer_closes_the_response(wire_server: Any) -> None:
    # The consumer is cancelled while it waits for a chunk that never comes.
    pieces = [chunk({"content": f"{i} "}) for i in range(300)]
    server = wire_server(sse_reply(pieces, stall_after=3))
    first = asyncio.Event()

    async def consume(provider: OpenAIProvider) -> None:
        async with aclosing(provider.chat_stream(HELLO)) as events:
            async for _ in events:
                first.set()

    async with provider_for(server) as provider, asyncio.timeout(GENEROUS):
        task = asyncio.create_task(consume(provider))
        await first.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await server.wait_until_async(lambda: server.aborted > 0)
    assert server.aborted == 1


# --- the pure mapping, without HTTP ------------------------------------------------------------


def test_response_from_json_without_choices_or_usage() -> None:
    result = response_from_json({"id": "c9", "model": "m", "choices": []})
    assert result == MessageResponse(
        message=AssistantMessage(content=[]), stop_reason=StopReason.OTHER, model="m", id="c9"
    )
    with pytest.raises(ProtocolError):
        response_from_json(["not", "an", "object"])
    with pytest.raises(ProtocolError):
        response_from_json({"choices": [{"message": "text"}]})


def test_response_content_as_parts_and_dict_arguments() -> None:
    body = completion(
        {
            "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}],
            "tool_calls": [{"id": "t", "function": {"name": "f", "arguments": {"x": 1}}}],
        },
        finish="stop",
    )
    assert response_from_json(body) == response(
        TextBlock(text="ab"),
        ToolUseBlock(id="t", name="f", input={"x": 1}),
        stop=StopReason.TOOL_USE,
    )


def test_translator_ignores_empty_choices_and_null_usage() -> None:
    translator = OpenAIStreamTranslator()
    assert translator.feed(chunk(choices=[])) == [MessageStartEvent(id="c1", model="m")]
    assert translator.feed(chunk({"content": ""})) == []
    assert translator.feed(chunk({"content": "x"}, usage=None)) == [
        TextDeltaEvent(index=0, text="x")
    ]
    assert translator.finish() == [MessageEndEvent(stop_reason=StopReason.END_TURN)]


async def test_finished_streams_reuse_the_connection(wire_server: Any) -> None:
    reply = sse_reply([chunk({"content": "ok"}, finish="stop"), "[DONE]"])
    server = wire_server(reply, reply, json_reply(completion({"content": "ok"})))
    async with provider_for(server) as provider:
        for _ in range(2):
            assert (await aaccumulate_stream(provider.chat_stream(HELLO))).text() == "ok"
        assert (await provider.chat(HELLO)).text() == "ok"
    assert server.connections == 1
