"""Recorded-style wire bytes the providers met in the wild, replayed on a loopback server.

- Kimi-K2 through OpenRouter ends a tool-calling turn with ``finish_reason: null`` throughout;
- streams whose last event has no blank line after it before the body ends;
- surrogate halves split across SSE chunks, and lone surrogates in what is sent;
- keys in base URLs (``?key=``, ``user:key@``) kept out of logs, errors and reprs;
- timeouts that cannot work refused at construction.
"""

from __future__ import annotations

import logging
import math
from typing import Any

import httpx
import pytest

from nbagent.errors import ConfigurationError, ProtocolError
from nbagent.llm.cycle import LlmCycle
from nbagent.llm.cycle_events import ToolCallEvent, ToolResultEvent
from nbagent.llm.events import TextDeltaEvent, aaccumulate_stream, accumulate_stream
from nbagent.llm.messages import (
    AssistantMessage,
    ExtensionBlock,
    Message,
    TextBlock,
    ThinkingBlock,
    ToolUseBlock,
    messages_from_json,
    messages_to_json,
    valid_unicode,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.providers._http import HttpClient, json_body
from nbagent.llm.providers.anthropic import AnthropicProvider
from nbagent.llm.providers.openai import OpenAIProvider, response_from_json
from nbagent.llm.providers.registry import ProviderSpec, parse_spec, provider_from_env
from nbagent.llm.request import MessageRequest, MessageResponse, StopReason, ToolDefinition
from nbagent.llm.tools import ToolRegistry, tool
from tests.wire_server import (
    Reply,
    WireServer,
    json_reply,
    sse_reply,
    wire_server_fixture,  # noqa: F401
)

KEY = "sk-recorded-KEY-123456789"
URL_SECRET = "sk-in-the-url-SECRET-42"
HELLO = MessageRequest(messages=[Message.user("hi")])


def openai(server: WireServer, **kw: Any) -> OpenAIProvider:
    kw.setdefault("timeout", 30.0)
    kw.setdefault("max_retries", 0)
    return OpenAIProvider("moonshotai/kimi-k2", api_key=KEY, base_url=server.url + "/v1", **kw)


def anthropic(server: WireServer) -> AnthropicProvider:
    return AnthropicProvider("claude-test", KEY, server.url, max_retries=0, timeout=30.0)


def event_stream(body: bytes) -> Reply:
    """``body`` sent exactly, with a content-length: the stream ends where the bytes end."""
    return Reply(headers=[("content-type", "text/event-stream")], body=body)


# --- 1. tool calls without a finish_reason (Kimi-K2 through OpenRouter) -----------------------

# As OpenRouter relays Kimi-K2: processing comments, a role delta, the tool call in fragments,
# `finish_reason` null on every chunk (the usage chunk too), then [DONE].
KIMI_TOOL_CALL = (
    b": OPENROUTER PROCESSING\n\n"
    b": OPENROUTER PROCESSING\n\n"
    b'data: {"id":"gen-1","provider":"Moonshot AI","model":"moonshotai/kimi-k2",'
    b'"object":"chat.completion.chunk","created":1,"choices":[{"index":0,"delta":'
    b'{"role":"assistant","content":""},"finish_reason":null,"native_finish_reason":null,'
    b'"logprobs":null}]}\n\n'
    b'data: {"id":"gen-1","provider":"Moonshot AI","model":"moonshotai/kimi-k2",'
    b'"object":"chat.completion.chunk","created":1,"choices":[{"index":0,"delta":'
    b'{"role":"assistant","content":null,"tool_calls":[{"index":0,'
    b'"id":"functions.get_weather:0","type":"function","function":{"name":"get_weather",'
    b'"arguments":""}}]},"finish_reason":null,"native_finish_reason":null,"logprobs":null}]}\n\n'
    b'data: {"id":"gen-1","provider":"Moonshot AI","model":"moonshotai/kimi-k2",'
    b'"object":"chat.completion.chunk","created":1,"choices":[{"index":0,"delta":'
    b'{"role":"assistant","content":null,"tool_calls":[{"index":0,"type":"function",'
    b'"function":{"arguments":"{\\"city\\": "}}]},"finish_reason":null,'
    b'"native_finish_reason":null,"logprobs":null}]}\n\n'
    b'data: {"id":"gen-1","provider":"Moonshot AI","model":"moonshotai/kimi-k2",'
    b'"object":"chat.completion.chunk","created":1,"choices":[{"index":0,"delta":'
    b'{"role":"assistant","content":null,"tool_calls":[{"index":0,"type":"function",'
    b'"function":{"arguments":"\\"Paris\\"}"}}]},"finish_reason":null,'
    b'"native_finish_reason":null,"logprobs":null}]}\n\n'
    b'data: {"id":"gen-1","provider":"Moonshot AI","model":"moonshotai/kimi-k2",'
    b'"object":"chat.completion.chunk","created":1,"choices":[{"index":0,"delta":'
    b'{"role":"assistant","content":""},"finish_reason":null,"native_finish_reason":null,'
    b'"logprobs":null}],"usage":{"prompt_tokens":120,"completion_tokens":21,'
    b'"total_tokens":141}}\n\n'
    b"data: [DONE]\n\n"
)

KIMI_ANSWER = (
    b'data: {"id":"gen-2","model":"moonshotai/kimi-k2","object":"chat.completion.chunk",'
    b'"choices":[{"index":0,"delta":{"role":"assistant","content":"Paris is sunny."},'
    b'"finish_reason":null}]}\n\n'
    b'data: {"id":"gen-2","model":"moonshotai/kimi-k2","object":"chat.completion.chunk",'
    b'"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n'
    b"data: [DONE]\n\n"
)

CALL = ToolUseBlock(id="functions.get_weather:0", name="get_weather", input={"city": "Paris"})


async def test_kimi_k2_tool_call_without_finish_reason_runs_the_tool(wire_server: Any) -> None:
    ran: list[str] = []

    @tool
    def get_weather(city: str) -> str:
        """Weather of a city."""
        ran.append(city)
        return f"{city}: sunny"

    server = wire_server(event_stream(KIMI_TOOL_CALL), event_stream(KIMI_ANSWER))
    async with openai(server) as provider:
        cycle = LlmCycle(provider)
        events = [
            e async for e in cycle.submit_stream("Weather in Paris?", ToolRegistry([get_weather]))
        ]

    assert ran == ["Paris"]
    assert [e.call for e in events if isinstance(e, ToolCallEvent)] == [CALL]
    assert [e.result.content for e in events if isinstance(e, ToolResultEvent)] == ["Paris: sunny"]
    assert cycle.messages() == [
        Message.user("Weather in Paris?"),
        Message.assistant([CALL]),
        Message.tool_result("functions.get_weather:0", "Paris: sunny", tool_name="get_weather"),
        Message.assistant("Paris is sunny."),
    ]
    assert len(server.requests) == 2
    assert server.requests[1].json["messages"] == [
        {"role": "user", "content": "Weather in Paris?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "functions.get_weather:0",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "functions.get_weather:0", "content": "Paris: sunny"},
    ]
    assert cycle.usage.calls == 2


async def test_kimi_k2_stream_accumulates_to_a_tool_use_stop(wire_server: Any) -> None:
    server = wire_server(event_stream(KIMI_TOOL_CALL))
    async with openai(server) as provider:
        result = await aaccumulate_stream(provider.chat_stream(HELLO))
    assert result == MessageResponse(
        message=AssistantMessage(content=[CALL]),
        stop_reason=StopReason.TOOL_USE,
        usage=Usage(input_tokens=120, output_tokens=21),
        model="moonshotai/kimi-k2",
        id="gen-1",
    )


def _completion(choice: dict[str, Any]) -> dict[str, Any]:
    return {"id": "gen-3", "model": "moonshotai/kimi-k2", "choices": [choice]}


@pytest.mark.parametrize("finish", [{"finish_reason": None}, {}], ids=["null", "missing"])
async def test_non_streamed_tool_calls_without_finish_reason_stop_for_tool_use(
    wire_server: Any, finish: dict[str, Any]
) -> None:
    call = {
        "id": "functions.get_weather:0",
        "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'},
    }
    message = {"role": "assistant", "content": "", "tool_calls": [call]}
    server = wire_server(json_reply(_completion({"index": 0, "message": message, **finish})))
    async with openai(server) as provider:
        result = await provider.chat(HELLO)
    assert result.stop_reason is StopReason.TOOL_USE
    assert result.message.content == [CALL]


@pytest.mark.parametrize(
    ("message", "stop"),
    [
        ({"content": "Plain answer."}, StopReason.END_TURN),
        ({"content": None, "refusal": "I can't help with that."}, StopReason.REFUSAL),
    ],
)
def test_non_streamed_answers_without_finish_reason_read_as_stop(
    message: dict[str, Any], stop: StopReason
) -> None:
    result = response_from_json(_completion({"index": 0, "message": message}))
    assert result.stop_reason is stop


async def test_done_without_finish_reason_ends_the_turn(wire_server: Any) -> None:
    body = (
        b'data: {"id":"c1","model":"m","choices":[{"index":0,"delta":{"content":"Hel"},'
        b'"finish_reason":null}]}\n\n'
        b'data: {"id":"c1","model":"m","choices":[{"index":0,"delta":{"content":"lo."},'
        b'"finish_reason":null}]}\n\n'
        b"data: [DONE]\n\n"
    )
    server = wire_server(event_stream(body))
    async with openai(server) as provider:
        result = await aaccumulate_stream(provider.chat_stream(HELLO))
    assert result.message == Message.assistant("Hello.")
    assert result.stop_reason is StopReason.END_TURN


async def test_cut_tool_call_stream_without_done_or_finish_reason_is_still_an_error(
    wire_server: Any,
) -> None:
    cut = KIMI_TOOL_CALL.removesuffix(b"data: [DONE]\n\n")
    server = wire_server(event_stream(cut))
    async with openai(server) as provider:
        with pytest.raises(ProtocolError, match="before the model finished"):
            await aaccumulate_stream(provider.chat_stream(HELLO))


# --- 2. the last event without its blank line --------------------------------------------------

ANTHROPIC_STREAM = (
    b"event: message_start\n"
    b'data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant",'
    b'"model":"claude-test","content":[],"stop_reason":null,"stop_sequence":null,'
    b'"usage":{"input_tokens":12,"output_tokens":1}}}\n\n'
    b"event: content_block_start\n"
    b'data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n'
    b"event: content_block_delta\n"
    b'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi!"}}\n\n'
    b"event: content_block_stop\n"
    b'data: {"type":"content_block_stop","index":0}\n\n'
    b"event: message_delta\n"
    b'data: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},'
    b'"usage":{"output_tokens":5}}\n\n'
    b"event: message_stop\n"
    b'data: {"type":"message_stop"}'
)
ANTHROPIC_REPLY = MessageResponse(
    message=Message.assistant("Hi!"),
    stop_reason=StopReason.END_TURN,
    usage=Usage(input_tokens=12, output_tokens=5),
    model="claude-test",
    id="msg_1",
)


@pytest.mark.parametrize("ending", [b"", b"\n", b"\r\n", b"\n\n"], ids=repr)
async def test_anthropic_last_event_without_blank_line_is_dispatched(
    wire_server: Any, ending: bytes
) -> None:
    server = wire_server(event_stream(ANTHROPIC_STREAM + ending))
    async with anthropic(server) as provider:
        result = await aaccumulate_stream(provider.chat_stream(HELLO))
    assert result == ANTHROPIC_REPLY


async def test_anthropic_last_event_without_blank_line_in_a_chunked_body(
    wire_server: Any,
) -> None:
    pieces = [ANTHROPIC_STREAM[i : i + 9] for i in range(0, len(ANTHROPIC_STREAM), 9)]
    server = wire_server(sse_reply(pieces))
    async with anthropic(server) as provider:
        result = await aaccumulate_stream(provider.chat_stream(HELLO))
    assert result == ANTHROPIC_REPLY


@pytest.mark.parametrize(
    "ending", [b"data: [DONE]", b"data: [DONE]\n", b"data: [DONE]\r"], ids=repr
)
async def test_openai_done_without_blank_line_is_dispatched(
    wire_server: Any, ending: bytes
) -> None:
    # No finish_reason: only [DONE] says the model finished, so it must be seen.
    body = (
        b'data: {"id":"c1","model":"m","choices":[{"index":0,"delta":{"content":"ok"},'
        b'"finish_reason":null}]}\n\n' + ending
    )
    server = wire_server(event_stream(body))
    async with openai(server) as provider:
        result = await aaccumulate_stream(provider.chat_stream(HELLO))
    assert result.message == Message.assistant("ok")
    assert result.stop_reason is StopReason.END_TURN


async def test_openai_last_chunk_without_blank_line_is_dispatched(wire_server: Any) -> None:
    body = (
        b'data: {"id":"c1","model":"m","choices":[{"index":0,"delta":{"content":"ok"},'
        b'"finish_reason":null}]}\n\n'
        b'data: {"id":"c1","model":"m","choices":[{"index":0,"delta":{},"finish_reason":"length"}]}'
    )
    server = wire_server(event_stream(body))
    async with openai(server) as provider:
        result = await aaccumulate_stream(provider.chat_stream(HELLO))
    assert result.message == Message.assistant("ok")
    assert result.stop_reason is StopReason.MAX_TOKENS


async def test_http_layer_dispatches_the_last_event_only_at_a_clean_end(
    wire_server: Any,
) -> None:
    server = wire_server(
        event_stream(b'data: {"n":1}\n\n: keep-alive\n\nevent: last\ndata: {"n":2}'),
        sse_reply([b'data: {"n":1}\n\n', b'data: {"n":2}'], cut_after=2),
    )
    client = HttpClient(provider="test", base_url=server.url, headers={}, max_retries=0)
    async with client:
        events = [(e.event, e.data) async for e in client.stream_sse("/s", {})]
        assert events == [("message", '{"n":1}'), ("last", '{"n":2}')]
        got: list[str] = []
        with pytest.raises(ProtocolError, match="cut the stream"):
            async for event in client.stream_sse("/s", {}):
                got.append(event.data)
    assert got == ['{"n":1}']  # a cut connection never dispatches its partial event


# --- 4. surrogates ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("plain text, no surrogates é 😀", "plain text, no surrogates é 😀"),
        ("\ud83d\ude00", "😀"),
        ("a\ud800b", "a\ufffdb"),
        ("a\udc00", "a\ufffd"),
        ("\ude00\ud83d", "\ufffd\ufffd"),
        ("\ud83d\ud83d\ude00", "\ufffd😀"),
    ],
)
def test_valid_unicode_joins_pairs_and_replaces_lone_surrogates(text: str, valid: str) -> None:
    assert valid_unicode(text) == valid
    valid.encode("utf-8")


def test_ir_text_is_always_valid_unicode() -> None:
    assert TextBlock(text="x\ud83d\ude00\ud800").text == "x😀\ufffd"
    assert ThinkingBlock(text="\udfff").text == "\ufffd"
    assert Message.system("sys\ud800").content == "sys\ufffd"
    use = ToolUseBlock(id="t", name="f", input={"\udc00": ["\ud83d\ude00", {"k": "\ud800"}]})
    assert use.input == {"\ufffd": ["😀", {"k": "\ufffd"}]}
    assert ExtensionBlock(data={"type": "x", "v": "\ud800"}).data == {"type": "x", "v": "\ufffd"}
    plain = "no surrogates here"
    assert TextBlock(text=plain).text is plain


def _content_chunk(escaped: bytes) -> bytes:
    return (
        b'data: {"id":"c1","model":"m","choices":[{"index":0,"delta":{"content":"'
        + escaped
        + b'"},"finish_reason":null}]}\n\n'
    )


async def test_openai_surrogate_pair_split_across_chunks_becomes_one_character(
    wire_server: Any,
) -> None:
    body = (
        _content_chunk(b"Smile \\ud83d")
        + _content_chunk(b"\\ude00!")
        + _content_chunk(b" lone \\ud800")
        + b'data: {"id":"c1","model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}'
        b"\n\ndata: [DONE]\n\n"
    )
    server = wire_server(event_stream(body))
    async with openai(server) as provider:
        events = [e async for e in provider.chat_stream(HELLO)]
    texts = [e.text for e in events if isinstance(e, TextDeltaEvent)]
    assert texts == ["Smile \ud83d", "\ude00!", " lone \ud800"]  # the deltas as sent
    result = accumulate_stream(events)
    assert result.message == Message.assistant("Smile 😀! lone \ufffd")
    # What a store does with the reply: it serialises and loads back.
    saved = messages_to_json([result.message])
    saved.encode("utf-8")
    assert messages_from_json(saved) == [result.message]


async def test_anthropic_surrogate_pair_split_across_events_becomes_one_character(
    wire_server: Any,
) -> None:
    body = ANTHROPIC_STREAM.replace(
        b'{"type":"text_delta","text":"Hi!"}}\n\n',
        b'{"type":"text_delta","text":"Hi \\ud83d"}}\n\n'
        b"event: content_block_delta\n"
        b'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta",'
        b'"text":"\\ude00"}}\n\n',
    )
    server = wire_server(event_stream(body))
    async with anthropic(server) as provider:
        result = await aaccumulate_stream(provider.chat_stream(HELLO))
    assert result.message == Message.assistant("Hi 😀")


def test_tool_input_with_a_lone_surrogate_escape_is_valid_unicode() -> None:
    call = {
        "id": "t1",
        "type": "function",
        "function": {"name": "f", "arguments": '{"q": "a\\ud800", "\\udc00k": ["\\ud83d\\ude00"]}'},
    }
    message = {"role": "assistant", "content": None, "tool_calls": [call]}
    result = response_from_json(_completion({"index": 0, "message": message}))
    assert result.message.content == [
        ToolUseBlock(id="t1", name="f", input={"q": "a\ufffd", "\ufffdk": ["😀"]})
    ]


async def test_lone_surrogate_in_user_text_is_sent_as_replacement_character(
    wire_server: Any,
) -> None:
    answer = {"index": 0, "message": {"content": "fine"}, "finish_reason": "stop"}
    server = wire_server(json_reply(_completion(answer)))
    async with openai(server) as provider:
        result = await provider.chat(MessageRequest(messages=[Message.user("a\ud800b")]))
    assert result.text() == "fine"
    assert server.requests[0].json["messages"] == [{"role": "user", "content": "a\ufffdb"}]


async def test_request_body_never_fails_on_a_lone_surrogate(wire_server: Any) -> None:
    # Text outside the IR's text fields (tool descriptions, extra_body) reaches the wire too.
    answer = {"index": 0, "message": {"content": "fine"}, "finish_reason": "stop"}
    streamed = b'data: {"id":"c1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n'
    server = wire_server(json_reply(_completion(answer)), event_stream(streamed))
    schema = {"type": "object", "properties": {"q": {"type": "string"}}}
    request = MessageRequest(
        messages=[Message.user("hi")],
        tools=[
            ToolDefinition(name="f", description="looks \ud83d\ude00 up\udfff", input_schema=schema)
        ],
        extra_body={"user": "u\ud800"},
    )
    async with openai(server) as provider:
        assert (await provider.chat(request)).text() == "fine"
        assert (await aaccumulate_stream(provider.chat_stream(request))).text() == ""
    assert len(server.requests) == 2
    for sent in server.requests:
        assert sent.json["tools"][0]["function"]["description"] == "looks 😀 up\ufffd"
        assert sent.json["user"] == "u\ufffd"


def test_json_body_is_what_httpx_would_send_for_valid_text() -> None:
    body = {"model": "m", "messages": [{"role": "user", "content": 'é 😀 "q"'}], "n": 1.5}
    assert json_body(body) == httpx.Request("POST", "http://x", json=body).content
    assert json_body({"t": "\ud800"}) == '{"t":"\ufffd"}'.encode()


# --- 5. keys in base URLs ----------------------------------------------------------------------

QUERY_URL = f"https://gw.example/v1?key={URL_SECRET}"
USERINFO_URL = f"https://user:{URL_SECRET}@gw.example/v1"


def test_using_provider_log_line_masks_a_key_in_the_url(
    caplog: pytest.LogCaptureFixture,
) -> None:
    environ = {"NBAGENT_PROVIDER": f"openai:gpt-4o@{QUERY_URL}", "OPENAI_API_KEY": KEY}
    with caplog.at_level(logging.INFO, logger="nbagent"):
        provider = provider_from_env(environ)
    assert isinstance(provider, OpenAIProvider)
    assert provider.base_url == QUERY_URL  # the key is still used, only never shown
    assert "Using provider openai:gpt-4o@https://gw.example/v1?key=***" in caplog.text
    assert URL_SECRET not in caplog.text
    assert URL_SECRET not in repr(provider)
    assert KEY not in caplog.text


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (f"opnai:gpt-4o@{QUERY_URL}", "Unknown provider 'opnai'"),
        (f"offline@{QUERY_URL}", "takes no base URL"),
        (f"openai:@{QUERY_URL}", "has ':' but no model"),
        (f"1openai:x@{QUERY_URL}", "Cannot parse"),
        (f"openai:gpt-4o@{USERINFO_URL}", "holds spaces or a URL"),
        (f"openai:gpt 4o@{QUERY_URL}", "holds spaces or a URL"),
    ],
)
def test_bad_spec_errors_mask_a_key_in_the_url(spec: str, message: str) -> None:
    with pytest.raises(ConfigurationError, match=message) as info:
        parse_spec(spec)
    assert URL_SECRET not in str(info.value)
    assert "***" in str(info.value)


def test_provider_spec_repr_masks_the_url_but_str_round_trips() -> None:
    spec = parse_spec(f"openai:gpt-4o@{QUERY_URL}")
    assert spec == ProviderSpec("openai", "gpt-4o", QUERY_URL)
    assert repr(spec) == (
        "ProviderSpec(provider='openai', model='gpt-4o', base_url='https://gw.example/v1?key=***')"
    )
    assert parse_spec(str(spec)) == spec


@pytest.mark.parametrize("url", [QUERY_URL, USERINFO_URL])
async def test_provider_reprs_mask_url_keys(url: str) -> None:
    provider = OpenAIProvider("gpt-4o", api_key=KEY, base_url=url)
    assert URL_SECRET not in repr(provider) and URL_SECRET not in repr(provider.http)
    await provider.aclose()
    claude = AnthropicProvider("claude-test", KEY, url)
    assert URL_SECRET not in repr(claude) and URL_SECRET not in repr(claude.http)
    await claude.aclose()


# --- 6. timeouts -------------------------------------------------------------------------------

BAD_TIMEOUTS = [
    0,
    0.0,
    -1,
    math.nan,
    math.inf,
    "10",
    True,
    httpx.Timeout(0),
    httpx.Timeout(5.0, connect=-1.0),
    httpx.Timeout(5.0, read=math.nan),
]


@pytest.mark.parametrize("timeout", BAD_TIMEOUTS, ids=repr)
def test_unusable_timeouts_fail_at_construction(timeout: Any) -> None:
    with pytest.raises(ConfigurationError, match=r"timeout must be a positive number of seconds"):
        OpenAIProvider("gpt-4o", api_key=KEY, timeout=timeout)
    with pytest.raises(ConfigurationError, match=r"e\.g\. timeout=60\.0"):
        AnthropicProvider("claude-test", KEY, timeout=timeout)
    with pytest.raises(ConfigurationError):
        HttpClient(provider="x", base_url="http://127.0.0.1", headers={}, timeout=timeout)


@pytest.mark.parametrize("timeout", [0.5, 30, httpx.Timeout(10.0), httpx.Timeout(None)], ids=repr)
async def test_usable_timeouts_are_accepted(timeout: Any) -> None:
    async with OpenAIProvider("gpt-4o", api_key=KEY, timeout=timeout):
        pass
    async with AnthropicProvider("claude-test", KEY, timeout=timeout):
        pass
