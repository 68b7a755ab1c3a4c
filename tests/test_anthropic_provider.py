"""AnthropicProvider over real loopback sockets: exact bytes in, exact JSON out."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from nbagent.errors import (
    APIStatusError,
    AuthenticationError,
    BadRequestError,
    ConfigurationError,
    ContextWindowExceededError,
    InternalServerError,
    NotFoundError,
    OverloadedError,
    PermissionDeniedError,
    ProtocolError,
    RateLimitError,
    RequestTooLargeError,
    StreamError,
)
from nbagent.llm.events import (
    StreamEvent,
    TextDeltaEvent,
    ToolUseInputDeltaEvent,
    aaccumulate_stream,
)
from nbagent.llm.messages import (
    AnyMessage,
    ExtensionBlock,
    Message,
    TextBlock,
    ThinkingBlock,
    ToolUseBlock,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers.anthropic import AnthropicProvider
from nbagent.llm.request import MessageRequest, ResultSemantic, StopReason, ToolDefinition
from tests.test_anthropic_mapping import WIRE_EXAMPLE, message_json, native_stream, text, tool_use
from tests.wire_server import Reply, WireServer, json_reply, sse_event, sse_reply

KEY = "sk-ant-test-SECRET-0123456789"
Server = Callable[..., WireServer]


@pytest.fixture(autouse=True)
def _no_ambient_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_BASE_URL", raising=False)


@pytest.fixture
async def make_provider() -> AsyncIterator[Callable[..., AnthropicProvider]]:
    made: list[AnthropicProvider] = []

    def make(server: WireServer, **options: Any) -> AnthropicProvider:
        options.setdefault("max_retries", 0)
        provider = AnthropicProvider("claude-test", KEY, server.url, **options)
        made.append(provider)
        return provider

    yield make
    for provider in made:
        await provider.aclose()


def request(*messages: AnyMessage, **fields: Any) -> MessageRequest:
    return MessageRequest(messages=list(messages) or [Message.user("hi")], **fields)


def stream_reply(events: list[dict[str, Any]], **options: Any) -> Reply:
    return sse_reply([sse_event(e["type"], e) for e in events], **options)


def wire_bytes(sse_text: str) -> list[bytes]:
    """An SSE text as HTTP chunks of 7 bytes: events and lines split anywhere."""
    raw = sse_text.encode()
    return [raw[i : i + 7] for i in range(0, len(raw), 7)]


async def collect(stream: AsyncIterator[StreamEvent]) -> list[StreamEvent]:
    return [event async for event in stream]


# --- construction --------------------------------------------------------------------------------


def test_missing_key_names_the_variable() -> None:
    with pytest.raises(ConfigurationError, match="ANTHROPIC_API_KEY"):
        AnthropicProvider("claude-test")


async def test_key_and_base_url_from_the_environment(
    server_and_env: tuple[WireServer, AnthropicProvider],
) -> None:
    server, provider = server_and_env
    await provider.chat(request())
    assert server.requests[0].headers["x-api-key"] == "sk-from-env"
    assert provider.base_url == server.url


@pytest.fixture
async def server_and_env(
    serve: Server, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[WireServer, AnthropicProvider]]:
    server = serve(json_reply(message_json([text("hi")])))
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-from-env")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", server.url + "/")
    provider = AnthropicProvider("claude-test")
    yield server, provider
    await provider.aclose()


def test_empty_model_is_rejected() -> None:
    with pytest.raises(ConfigurationError, match="model"):
        AnthropicProvider("", KEY)


def test_repr_names_model_and_url_but_never_the_key() -> None:
    provider = AnthropicProvider("claude-test", KEY, "http://127.0.0.1:9")
    assert repr(provider) == "AnthropicProvider(model='claude-test', base_url='http://127.0.0.1:9')"
    assert KEY not in repr(vars(provider))
    assert isinstance(provider, LlmProvider)
    assert provider.name == "anthropic"


# --- non-streamed --------------------------------------------------------------------------------


async def test_chat_sends_exact_json_and_headers(serve: Server, make_provider: Any) -> None:
    server = serve(
        json_reply(message_json([text("Hello!")], usage={"input_tokens": 9, "output_tokens": 2}))
    )
    provider = make_provider(server, anthropic_version="2023-06-01")
    response = await provider.chat(
        request(Message.system("Be brief."), Message.user("hi"), temperature=0.5, max_tokens=100)
    )
    sent = server.requests[0]
    assert (sent.method, sent.path) == ("POST", "/v1/messages")
    assert sent.headers["x-api-key"] == KEY
    assert sent.headers["anthropic-version"] == "2023-06-01"
    assert sent.headers["content-type"] == "application/json"
    assert "anthropic-beta" not in sent.headers
    # Prompt caching is on by default: the system prompt and the last message carry breakpoints.
    cache = {"type": "ephemeral"}
    assert sent.json == {
        "model": "claude-test",
        "max_tokens": 100,
        "system": [{"type": "text", "text": "Be brief.", "cache_control": cache}],
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": "hi", "cache_control": cache}]}
        ],
        "temperature": 0.5,
    }
    assert response.text() == "Hello!"
    assert response.usage == Usage(input_tokens=9, output_tokens=2)
    assert (response.id, response.model, response.stop_reason) == (
        "msg_1",
        "claude-test",
        StopReason.END_TURN,
    )


async def test_chat_usage_includes_cache(serve: Server, make_provider: Any) -> None:
    usage = {
        "input_tokens": 5,
        "output_tokens": 8,
        "cache_creation_input_tokens": 1000,
        "cache_read_input_tokens": 2000,
    }
    server = serve(json_reply(message_json([text("ok")], usage=usage)))
    response = await make_provider(server).chat(request())
    assert response.usage == Usage(
        input_tokens=3005, output_tokens=8, cache_read_tokens=2000, cache_write_tokens=1000
    )


async def test_chat_with_tools_sends_tool_definitions(serve: Server, make_provider: Any) -> None:
    content = [tool_use("toolu_a", city="Paris"), tool_use("toolu_b", city="Rome")]
    server = serve(json_reply(message_json(content, "tool_use")))
    # Key fields and the result semantic are nbagent's own: never sent.
    tool = ToolDefinition(
        name="get_weather",
        description="Weather.",
        result_semantic=ResultSemantic.FACTUAL,
        key_fields=("c",),
    )
    response = await make_provider(server).chat(request(tools=[tool]))
    assert server.requests[0].json["tools"] == [
        {
            "name": "get_weather",
            "description": "Weather.",
            "input_schema": {"type": "object", "properties": {}},
            "cache_control": {"type": "ephemeral"},
        }
    ]
    assert response.stop_reason is StopReason.TOOL_USE
    assert response.message.content == [
        ToolUseBlock(id="toolu_a", name="get_weather", input={"city": "Paris"}),
        ToolUseBlock(id="toolu_b", name="get_weather", input={"city": "Rome"}),
    ]


# --- streamed ------------------------------------------------------------------------------------


async def test_stream_of_the_wire_example_split_into_small_chunks(
    serve: Server, make_provider: Any
) -> None:
    server = serve(sse_reply(wire_bytes(WIRE_EXAMPLE + "\n")))
    provider = make_provider(server)
    response = await aaccumulate_stream(provider.chat_stream(request(max_tokens=64)))
    hi = {"type": "text", "text": "hi", "cache_control": {"type": "ephemeral"}}
    assert server.requests[0].json == {
        "model": "claude-test",
        "max_tokens": 64,
        "messages": [{"role": "user", "content": [hi]}],
        "stream": True,
    }
    assert server.requests[0].headers["accept"] == "text/event-stream"
    assert response.message.content == [
        TextBlock(text="Checking."),
        ToolUseBlock(id="toolu_1", name="get_weather", input={"location": "Paris"}),
    ]
    assert response.usage == Usage(input_tokens=377, output_tokens=65)
    assert response.stop_reason is StopReason.TOOL_USE


async def test_stream_of_parallel_tool_uses_with_fragmented_json(
    serve: Server, make_provider: Any
) -> None:
    content = [
        text("Both at once."),
        tool_use("toolu_a", city="Paris", units="celsius"),
        tool_use("toolu_b", city="São Paulo", days=[1, 2, 3]),
    ]
    message = message_json(content, "tool_use")
    events = native_stream(message, cuts=[1, 2, 5, 13, 21])
    server = serve(stream_reply(events))
    ir = await collect(make_provider(server).chat_stream(request()))
    fragments = [e.partial_json for e in ir if isinstance(e, ToolUseInputDeltaEvent)]
    assert len(fragments) > 6  # the JSON really arrived in pieces
    assert await aaccumulate_stream(_replay(ir)) == await make_provider(
        serve(json_reply(message))
    ).chat(request())


async def _replay(events: list[StreamEvent]) -> AsyncIterator[StreamEvent]:
    for event in events:
        yield event


async def test_stream_with_thinking_ping_and_unknown_events(
    serve: Server, make_provider: Any
) -> None:
    body = (
        b"event: message_start\n"
        + b'data: {"type":"message_start","message":{"id":"msg_t","type":"message",'
        + b'"role":"assistant","model":"claude-test","content":[],"stop_reason":null,'
        + b'"usage":{"input_tokens":20,"output_tokens":1}}}\n\n'
        + b'event: ping\ndata: {"type":"ping"}\n\n'
        + b'event: content_block_start\ndata: {"type":"content_block_start","index":0,'
        + b'"content_block":{"type":"thinking","thinking":"","signature":""}}\n\n'
        + b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,'
        + b'"delta":{"type":"thinking_delta","thinking":"Two plus two."}}\n\n'
        + b'event: future_event\ndata: {"type":"future_event","whatever":true}\n\n'
        + b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,'
        + b'"delta":{"type":"signature_delta","signature":"c2lnbmF0dXJl"}}\n\n'
        + b'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n'
        + b'event: ping\ndata: {"type":"ping"}\n\n'
        + b'event: content_block_start\ndata: {"type":"content_block_start","index":1,'
        + b'"content_block":{"type":"redacted_thinking","data":"EmwKAhgB"}}\n\n'
        + b'event: content_block_stop\ndata: {"type":"content_block_stop","index":1}\n\n'
        + b'event: content_block_start\ndata: {"type":"content_block_start","index":2,'
        + b'"content_block":{"type":"text","text":""}}\n\n'
        + b'event: content_block_delta\ndata: {"type":"content_block_delta","index":2,'
        + b'"delta":{"type":"text_delta","text":"4"}}\n\n'
        + b'event: content_block_stop\ndata: {"type":"content_block_stop","index":2}\n\n'
        + b'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":'
        + b'"end_turn","stop_sequence":null},"usage":{"output_tokens":30}}\n\n'
        + b'event: message_stop\ndata: {"type":"message_stop"}\n\n'
    )
    server = serve(sse_reply([body[i : i + 50] for i in range(0, len(body), 50)]))
    provider = make_provider(server)
    response = await aaccumulate_stream(
        provider.chat_stream(request(max_tokens=2048, thinking_budget=1024))
    )
    assert server.requests[0].json["thinking"] == {"type": "enabled", "budget_tokens": 1024}
    assert response.message.content == [
        ThinkingBlock(text="Two plus two.", signature="c2lnbmF0dXJl"),
        ExtensionBlock(data={"type": "redacted_thinking", "data": "EmwKAhgB"}),
        TextBlock(text="4"),
    ]
    assert response.usage == Usage(input_tokens=20, output_tokens=30)
    assert (response.id, response.model) == ("msg_t", "claude-test")


PAIRS = [
    pytest.param([text("Hello, world.")], "end_turn", id="text"),
    pytest.param(
        [text("Let me look."), tool_use("toolu_1", q="a"), tool_use("toolu_2", q="b")],
        "tool_use",
        id="parallel-tools",
    ),
    pytest.param(
        [
            {"type": "thinking", "thinking": "Hmm, careful.", "signature": "sig=="},
            {"type": "redacted_thinking", "data": "EmwK"},
            text("Answer."),
        ],
        "end_turn",
        id="thinking",
    ),
    pytest.param([text("I can't help with that.")], "refusal", id="refusal"),
    pytest.param([text("Searching…")], "pause_turn", id="pause-turn"),
]


@pytest.mark.parametrize(("content", "stop"), PAIRS)
async def test_stream_and_non_stream_give_equal_responses(
    serve: Server, make_provider: Any, content: list[dict[str, Any]], stop: str
) -> None:
    usage = {"input_tokens": 50, "output_tokens": 70, "cache_read_input_tokens": 10}
    message = message_json(content, stop, usage)
    server = serve(json_reply(message), stream_reply(native_stream(message, cuts=[3, 4, 9])))
    provider = make_provider(server)
    direct = await provider.chat(request())
    streamed = await aaccumulate_stream(provider.chat_stream(request()))
    assert streamed == direct
    assert direct.usage == Usage(input_tokens=60, output_tokens=70, cache_read_tokens=10)


async def test_max_tokens_cutting_a_tool_use_over_the_wire(
    serve: Server, make_provider: Any
) -> None:
    message = message_json([text("Let me."), tool_use("toolu_1", query="x" * 30)], "max_tokens")
    events = native_stream(message, cuts=[7])
    # Drop everything after the first JSON fragment of the tool use, and its block stop.
    first_fragment = next(
        i for i, e in enumerate(events) if e.get("delta", {}).get("type") == "input_json_delta"
    )
    events = events[: first_fragment + 1] + events[-2:]
    server = serve(stream_reply(events))
    response = await aaccumulate_stream(make_provider(server).chat_stream(request()))
    assert response.stop_reason is StopReason.MAX_TOKENS
    assert response.message.content == [
        TextBlock(text="Let me."),
        ToolUseBlock(
            id="toolu_1", name="get_weather", input={"__nbagent_invalid_json__": '{"query'}
        ),
    ]


@pytest.mark.parametrize(
    ("error_type", "cls"),
    [
        ("overloaded_error", OverloadedError),
        ("rate_limit_error", RateLimitError),
        ("api_error", InternalServerError),
        ("invalid_request_error", StreamError),
    ],
)
async def test_error_event_inside_a_200_stream_raises_typed(
    serve: Server, make_provider: Any, error_type: str, cls: type[Exception]
) -> None:
    events = native_stream(message_json([text("partial answer")]), cuts=[4])[:3]
    error = {"type": "error", "error": {"type": error_type, "message": "Server trouble 42"}}
    server = serve(stream_reply([*events, error]))
    seen: list[StreamEvent] = []
    with pytest.raises(cls, match="Server trouble 42") as info:
        async for event in make_provider(server).chat_stream(request()):
            seen.append(event)
    assert type(info.value) is cls
    assert TextDeltaEvent(index=0, text="part") in seen
    assert KEY not in str(info.value)


async def test_a_key_echoed_inside_a_200_answer_is_masked(
    serve: Server, make_provider: Any
) -> None:
    echo = {"type": "error", "error": {"type": "invalid_request_error", "message": f"bad {KEY}"}}
    server = serve(json_reply(echo), stream_reply([echo]), json_reply({"count": KEY}))
    provider = make_provider(server)
    errors: list[BaseException] = []
    for call in (
        provider.chat(request()),
        aaccumulate_stream(provider.chat_stream(request())),
        provider.count_tokens(request()),
    ):
        with pytest.raises((StreamError, ProtocolError)) as info:
            await call
        errors.append(info.value)
    for error in errors:
        assert KEY not in str(error) and "***" in str(error)
        assert KEY not in json.dumps(getattr(error, "body", None))


ERROR_STATUSES = [
    (400, "invalid_request_error", BadRequestError),
    (401, "authentication_error", AuthenticationError),
    (403, "permission_error", PermissionDeniedError),
    (404, "not_found_error", NotFoundError),
    (413, "request_too_large", RequestTooLargeError),
    (429, "rate_limit_error", RateLimitError),
    (500, "api_error", InternalServerError),
    (529, "overloaded_error", OverloadedError),
]


def anthropic_error(status: int, error_type: str) -> Reply:
    body = {
        "type": "error",
        "error": {"type": error_type, "message": f"server says {error_type}"},
        "request_id": f"req_{status}",
    }
    return json_reply(body, status=status, headers=[("request-id", f"req_{status}")])


@pytest.mark.parametrize(("status", "error_type", "cls"), ERROR_STATUSES)
@pytest.mark.parametrize("streamed", [False, True], ids=["chat", "stream"])
async def test_http_error_statuses_map_to_typed_errors(
    serve: Server,
    make_provider: Any,
    status: int,
    error_type: str,
    cls: type[APIStatusError],
    streamed: bool,
) -> None:
    server = serve(default=anthropic_error(status, error_type))
    provider = make_provider(server)
    with pytest.raises(APIStatusError) as info:
        if streamed:
            await collect(provider.chat_stream(request()))
        else:
            await provider.chat(request())
    error = info.value
    assert type(error) is cls
    assert (error.status_code, error.request_id, error.provider) == (
        status,
        f"req_{status}",
        "anthropic",
    )
    assert f"server says {error_type}" in str(error)
    assert "anthropic" in str(error)
    assert KEY not in str(error) and KEY not in repr(error.body)
    assert len(server.requests) == 1


async def test_prompt_too_long_is_a_context_window_error(serve: Server, make_provider: Any) -> None:
    body = {
        "type": "error",
        "error": {
            "type": "invalid_request_error",
            "message": "prompt is too long: 210432 tokens > 200000 maximum",
        },
        "request_id": "req_long",
    }
    server = serve(json_reply(body, status=400))
    with pytest.raises(ContextWindowExceededError, match="210432 tokens") as info:
        await make_provider(server).chat(request())
    assert (info.value.status_code, info.value.request_id) == (400, "req_long")


async def test_401_says_which_variable_holds_the_key(serve: Server, make_provider: Any) -> None:
    server = serve(anthropic_error(401, "authentication_error"))
    with pytest.raises(AuthenticationError, match="ANTHROPIC_API_KEY"):
        await make_provider(server).chat(request())


async def test_key_echoed_by_the_server_is_masked(serve: Server, make_provider: Any) -> None:
    body = {"type": "error", "error": {"type": "authentication_error", "message": f"bad {KEY}"}}
    server = serve(json_reply(body, status=401))
    with pytest.raises(AuthenticationError) as info:
        await make_provider(server).chat(request())
    assert KEY not in str(info.value) and KEY not in json.dumps(info.value.body)


async def test_overloaded_529_is_retried_then_succeeds(serve: Server, make_provider: Any) -> None:
    retry_soon = anthropic_error(529, "overloaded_error")
    retry_soon.headers.append(("retry-after-ms", "5"))
    server = serve(retry_soon, json_reply(message_json([text("finally")])))
    response = await make_provider(server, max_retries=2).chat(request())
    assert response.text() == "finally"
    assert len(server.requests) == 2
    assert server.requests[0].json == server.requests[1].json


async def test_stream_cut_in_the_middle_is_a_protocol_error(
    serve: Server, make_provider: Any
) -> None:
    events = native_stream(message_json([text("a long answer that never ends")]), cuts=[2, 9])
    server = serve(stream_reply(events, cut_after=4))
    with pytest.raises(ProtocolError, match="anthropic"):
        await aaccumulate_stream(make_provider(server).chat_stream(request()))


async def test_stream_ending_before_message_stop_is_a_protocol_error(
    serve: Server, make_provider: Any
) -> None:
    events = native_stream(message_json([text("cut")]), cuts=[])[:-2]
    server = serve(stream_reply(events))
    with pytest.raises(ProtocolError, match="before message_stop"):
        await aaccumulate_stream(make_provider(server).chat_stream(request()))


async def test_invalid_json_in_a_stream_is_a_protocol_error(
    serve: Server, make_provider: Any
) -> None:
    server = serve(sse_reply([b'event: message_start\ndata: {"type": "message_st\n\n']))
    with pytest.raises(ProtocolError, match="invalid JSON"):
        await aaccumulate_stream(make_provider(server).chat_stream(request()))


async def test_malformed_event_is_a_protocol_error(serve: Server, make_provider: Any) -> None:
    server = serve(stream_reply([{"type": "content_block_delta", "index": 0}]))
    with pytest.raises(ProtocolError, match="malformed content_block_delta"):
        await aaccumulate_stream(make_provider(server).chat_stream(request()))


@pytest.mark.parametrize(
    ("event", "name"),
    [
        (
            {"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use"}},
            "content_block_start",
        ),
        (
            {
                "type": "content_block_start",
                "index": 0,
                "content_block": {"type": "tool_use", "id": None, "name": "f", "input": {}},
            },
            "content_block_start",
        ),
        (
            {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": 5}},
            "content_block_delta",
        ),
    ],
)
async def test_event_with_wrong_value_types_is_a_protocol_error(
    serve: Server, make_provider: Any, event: dict[str, Any], name: str
) -> None:
    server = serve(stream_reply([event]))
    with pytest.raises(ProtocolError, match=f"malformed {name}"):
        await aaccumulate_stream(make_provider(server).chat_stream(request()))


async def test_leaving_a_stream_early_closes_the_response(
    serve: Server, make_provider: Any
) -> None:
    message = message_json([text("word " * 400)])
    events = native_stream(message, cuts=list(range(0, 2000, 5)))
    # The first text delta, then nothing until the client hangs up: only closing the response
    # (not reading it to the end) lets the test finish, and the server sees it close.
    first_delta = next(i for i, e in enumerate(events) if e["type"] == "content_block_delta")
    server = serve(stream_reply(events, stall_after=first_delta + 1))
    async with asyncio.timeout(30):
        stream = make_provider(server).chat_stream(request())
        async for event in stream:
            if isinstance(event, TextDeltaEvent):
                break
        await stream.aclose()
        await server.wait_until_async(lambda: server.aborted > 0)
    assert server.aborted == 1


async def test_count_tokens(serve: Server, make_provider: Any) -> None:
    server = serve(json_reply({"input_tokens": 1234}))
    tool = ToolDefinition(name="f", description="F.")
    count = await make_provider(server).count_tokens(
        request(Message.system("sys"), Message.user("hi"), tools=[tool], temperature=1.0)
    )
    assert count == 1234
    sent = server.requests[0]
    assert sent.path == "/v1/messages/count_tokens"
    assert sent.headers["x-api-key"] == KEY
    assert sent.json == {
        "model": "claude-test",
        "system": "sys",
        "messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}],
        "tools": [
            {"name": "f", "description": "F.", "input_schema": {"type": "object", "properties": {}}}
        ],
    }


async def test_count_tokens_answer_without_a_count_is_a_protocol_error(
    serve: Server, make_provider: Any
) -> None:
    server = serve(json_reply({"tokens": 3}))
    with pytest.raises(ProtocolError, match="input_tokens"):
        await make_provider(server).count_tokens(request())


async def test_provider_works_as_an_async_context_manager(serve: Server) -> None:
    server = serve(json_reply(message_json([text("ctx")])))
    async with AnthropicProvider("claude-test", KEY, server.url) as provider:
        assert (await provider.chat(request())).text() == "ctx"
