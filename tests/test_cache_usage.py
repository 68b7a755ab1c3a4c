"""Cache reads and writes as every provider reports them, and where a session keeps them.

OpenAI, DeepSeek, Qwen / DashScope and OpenRouter answer in their own documented shapes (exact
bytes on a loopback server, streamed and not); the turn record sums a turn's requests and lists
each one; it is saved and read back, and the timeline table shows it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from nbagent.agent.store import InMemoryStore
from nbagent.agent.timeline import TurnRecord
from nbagent.errors import StoreError
from nbagent.llm.events import aaccumulate_stream
from nbagent.llm.messages import Message
from nbagent.llm.pricing import CostTracker, Usage
from nbagent.llm.providers.anthropic import AnthropicProvider
from nbagent.llm.providers.openai import OpenAIProvider
from nbagent.llm.request import MessageRequest
from nbagent.llm.tools import ToolRegistry, tool
from nbagent.notebook.tables import TIMELINE_COLUMNS, timeline_table
from tests.agent_support import make_session
from tests.test_anthropic_mapping import message_json, text, tool_use
from tests.wire_server import Reply, WireServer, json_reply

KEY = "sk-cache-usage-SECRET-0123456789"
HELLO = MessageRequest(messages=[Message.user("Weather in Rome?")])


def stream(body: bytes) -> Reply:
    return Reply(headers=[("content-type", "text/event-stream")], body=body)


def plain(body: bytes) -> Reply:
    return Reply(headers=[("content-type", "application/json")], body=body)


@pytest.fixture
async def compatible() -> AsyncIterator[Callable[..., OpenAIProvider]]:
    made: list[OpenAIProvider] = []

    def make(server: WireServer, preset: str, model: str) -> OpenAIProvider:
        base_url = server.url + "/v1"
        made.append(OpenAIProvider(model, KEY, base_url, preset=preset, max_retries=0))
        return made[-1]

    yield make
    for provider in made:
        await provider.aclose()


# --- OpenAI-compatible answers, as each provider documents them ----------------------------------

OPENAI_JSON = (
    b'{"id":"chatcmpl-c1","object":"chat.completion","created":1736000000,'
    b'"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"message":{"role":"assistant",'
    b'"content":"Sunny.","refusal":null,"annotations":[]},"logprobs":null,"finish_reason":"stop"}],'
    b'"usage":{"prompt_tokens":2006,"completion_tokens":300,"total_tokens":2306,'
    b'"prompt_tokens_details":{"cached_tokens":1920,"audio_tokens":0},'
    b'"completion_tokens_details":{"reasoning_tokens":0,"audio_tokens":0,'
    b'"accepted_prediction_tokens":0,"rejected_prediction_tokens":0}},'
    b'"service_tier":"default","system_fingerprint":"fp_06737a9306"}'
)
OPENAI_STREAM = (
    b'data: {"id":"chatcmpl-c2","object":"chat.completion.chunk","created":1736000000,'
    b'"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_06737a9306","choices":[{"index":0,'
    b'"delta":{"role":"assistant","content":"","refusal":null},"logprobs":null,'
    b'"finish_reason":null}],"usage":null}\n\n'
    b'data: {"id":"chatcmpl-c2","object":"chat.completion.chunk","created":1736000000,'
    b'"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_06737a9306","choices":[{"index":0,'
    b'"delta":{"content":"Sunny."},"logprobs":null,"finish_reason":null}],"usage":null}\n\n'
    b'data: {"id":"chatcmpl-c2","object":"chat.completion.chunk","created":1736000000,'
    b'"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_06737a9306","choices":[{"index":0,'
    b'"delta":{},"logprobs":null,"finish_reason":"stop"}],"usage":null}\n\n'
    b'data: {"id":"chatcmpl-c2","object":"chat.completion.chunk","created":1736000000,'
    b'"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_06737a9306","choices":[],'
    b'"usage":{"prompt_tokens":2006,"completion_tokens":300,"total_tokens":2306,'
    b'"prompt_tokens_details":{"cached_tokens":1920,"audio_tokens":0},'
    b'"completion_tokens_details":{"reasoning_tokens":0,"audio_tokens":0,'
    b'"accepted_prediction_tokens":0,"rejected_prediction_tokens":0}}}\n\n'
    b"data: [DONE]\n\n"
)
OPENAI_USAGE = Usage(input_tokens=2006, output_tokens=300, cache_read_tokens=1920)

# DeepSeek: hits and misses beside OpenAI's details (its prompt_tokens = hits + misses).
DEEPSEEK_JSON = (
    b'{"id":"3f5b1c2e-ds","object":"chat.completion","created":1736000000,'
    b'"model":"deepseek-chat","choices":[{"index":0,"message":{"role":"assistant",'
    b'"content":"Sunny."},"logprobs":null,"finish_reason":"stop"}],"usage":{"prompt_tokens":1500,'
    b'"completion_tokens":12,"total_tokens":1512,"prompt_tokens_details":{"cached_tokens":1408},'
    b'"prompt_cache_hit_tokens":1408,"prompt_cache_miss_tokens":92},'
    b'"system_fingerprint":"fp_3a5770e1b4_prod0820_fp8_kvcache"}'
)
# The form without OpenAI's details (DeepSeek's own fields only), streamed with its keep-alives.
DEEPSEEK_STREAM = (
    b": keep-alive\n\n"
    b'data: {"id":"4a6c-ds","object":"chat.completion.chunk","created":1736000000,'
    b'"model":"deepseek-chat","system_fingerprint":"fp_3a5770e1b4_prod0820_fp8_kvcache",'
    b'"choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,'
    b'"finish_reason":null}]}\n\n'
    b'data: {"id":"4a6c-ds","object":"chat.completion.chunk","created":1736000000,'
    b'"model":"deepseek-chat","system_fingerprint":"fp_3a5770e1b4_prod0820_fp8_kvcache",'
    b'"choices":[{"index":0,"delta":{"content":"Sunny."},"logprobs":null,"finish_reason":null}]}'
    b"\n\n"
    b'data: {"id":"4a6c-ds","object":"chat.completion.chunk","created":1736000000,'
    b'"model":"deepseek-chat","system_fingerprint":"fp_3a5770e1b4_prod0820_fp8_kvcache",'
    b'"choices":[{"index":0,"delta":{"content":""},"logprobs":null,"finish_reason":"stop"}],'
    b'"usage":{"prompt_tokens":1500,"completion_tokens":12,"total_tokens":1512,'
    b'"prompt_cache_hit_tokens":1408,"prompt_cache_miss_tokens":92}}\n\n'
    b"data: [DONE]\n\n"
)
DEEPSEEK_USAGE = Usage(input_tokens=1500, output_tokens=12, cache_read_tokens=1408)

# Qwen / DashScope compatible mode, implicit cache (reads only).
QWEN_IMPLICIT_JSON = (
    b'{"choices":[{"message":{"role":"assistant","content":"Sunny."},"finish_reason":"stop",'
    b'"index":0,"logprobs":null}],"object":"chat.completion","usage":{"prompt_tokens":3019,'
    b'"completion_tokens":104,"total_tokens":3123,"prompt_tokens_details":{"cached_tokens":2048}},'
    b'"created":1735120033,"system_fingerprint":null,"model":"qwen-plus",'
    b'"id":"chatcmpl-6ada9ed2-7f33-9de2-8bb0-78bd4035025a"}'
)
QWEN_IMPLICIT_USAGE = Usage(input_tokens=3019, output_tokens=104, cache_read_tokens=2048)
# Explicit cache (the request marked it): the first answer writes, streamed, usage in a chunk of
# its own.
QWEN_EXPLICIT_STREAM = (
    b'data: {"choices":[{"delta":{"content":"","role":"assistant"},"index":0,"logprobs":null,'
    b'"finish_reason":null}],"object":"chat.completion.chunk","usage":null,"created":1735120033,'
    b'"system_fingerprint":null,"model":"qwen-plus","id":"chatcmpl-q2"}\n\n'
    b'data: {"choices":[{"finish_reason":null,"logprobs":null,"delta":{"content":"Sunny."},'
    b'"index":0}],"object":"chat.completion.chunk","usage":null,"created":1735120033,'
    b'"system_fingerprint":null,"model":"qwen-plus","id":"chatcmpl-q2"}\n\n'
    b'data: {"choices":[{"finish_reason":"stop","delta":{"content":""},"index":0,"logprobs":null}],'
    b'"object":"chat.completion.chunk","usage":null,"created":1735120033,'
    b'"system_fingerprint":null,"model":"qwen-plus","id":"chatcmpl-q2"}\n\n'
    b'data: {"choices":[],"object":"chat.completion.chunk","usage":{"prompt_tokens":2059,'
    b'"completion_tokens":201,"total_tokens":2260,"prompt_tokens_details":{"cached_tokens":0,'
    b'"text_tokens":2059,"cache_type":"ephemeral","cache_creation_input_tokens":2048,'
    b'"cache_creation":{"ephemeral_5m_input_tokens":2048}}},"created":1735120033,'
    b'"system_fingerprint":null,"model":"qwen-plus","id":"chatcmpl-q2"}\n\n'
    b"data: [DONE]\n\n"
)
QWEN_EXPLICIT_USAGE = Usage(input_tokens=2059, output_tokens=201, cache_write_tokens=2048)

# OpenRouter relaying Claude: Anthropic's write count under OpenAI's names.
OPENROUTER_JSON = (
    b'{"id":"gen-1736000000-abc","provider":"Anthropic","model":"anthropic/claude-sonnet-4.5",'
    b'"object":"chat.completion","created":1736000000,"choices":[{"logprobs":null,'
    b'"finish_reason":"stop","native_finish_reason":"end_turn","index":0,"message":'
    b'{"role":"assistant","content":"Sunny.","refusal":null,"reasoning":null}}],'
    b'"usage":{"prompt_tokens":194,"completion_tokens":2,"total_tokens":196,"cost":0.95,'
    b'"prompt_tokens_details":{"cached_tokens":0,"cache_write_tokens":100,"audio_tokens":0},'
    b'"completion_tokens_details":{"reasoning_tokens":0}}}'
)
OPENROUTER_USAGE = Usage(input_tokens=194, output_tokens=2, cache_write_tokens=100)

CASES = [
    pytest.param("openai", "gpt-4o-mini", plain(OPENAI_JSON), OPENAI_USAGE, id="openai"),
    pytest.param("openai", "gpt-4o-mini", stream(OPENAI_STREAM), OPENAI_USAGE, id="openai-sse"),
    pytest.param("deepseek", "deepseek-chat", plain(DEEPSEEK_JSON), DEEPSEEK_USAGE, id="deepseek"),
    pytest.param(
        "deepseek", "deepseek-chat", stream(DEEPSEEK_STREAM), DEEPSEEK_USAGE, id="deepseek-sse"
    ),
    pytest.param("qwen", "qwen-plus", plain(QWEN_IMPLICIT_JSON), QWEN_IMPLICIT_USAGE, id="qwen"),
    pytest.param(
        "qwen", "qwen-plus", stream(QWEN_EXPLICIT_STREAM), QWEN_EXPLICIT_USAGE, id="qwen-write-sse"
    ),
    pytest.param(
        "openai",
        "anthropic/claude-sonnet-4.5",
        plain(OPENROUTER_JSON),
        OPENROUTER_USAGE,
        id="openrouter-write",
    ),
]


@pytest.mark.parametrize(("preset", "model", "reply", "usage"), CASES)
async def test_cache_tokens_of_every_compatible_provider(
    serve: Any, compatible: Any, preset: str, model: str, reply: Reply, usage: Usage
) -> None:
    server = serve(reply)
    provider = compatible(server, preset, model)
    streamed = reply.headers[0][1] == "text/event-stream"
    if streamed:
        response = await aaccumulate_stream(provider.chat_stream(HELLO))
    else:
        response = await provider.chat(HELLO)
    assert response.text() == "Sunny."
    assert response.usage == usage
    assert server.requests[0].json.get("stream", False) is streamed
    # These providers cache on their own: nothing in the request asks for it.
    assert "cache_control" not in server.requests[0].body.decode()


# --- a session's turn record ---------------------------------------------------------------------


def anthropic_usage(fresh: int, written: int, read: int, output: int) -> dict[str, int]:
    return {
        "input_tokens": fresh,
        "cache_creation_input_tokens": written,
        "cache_read_input_tokens": read,
        "output_tokens": output,
    }


FIRST_TURN = [
    Usage(input_tokens=1512, output_tokens=30, cache_read_tokens=0, cache_write_tokens=1500),
    Usage(input_tokens=1580, output_tokens=10, cache_read_tokens=1500, cache_write_tokens=60),
]
SECOND_TURN = [
    Usage(input_tokens=1608, output_tokens=5, cache_read_tokens=1560, cache_write_tokens=40)
]


async def test_turn_records_sum_and_list_the_cache_of_each_request(serve: Any) -> None:
    @tool
    def get_weather(city: str) -> str:
        """Weather of a city."""
        return f"{city}: 18 C"

    server = serve(
        json_reply(
            message_json(
                [tool_use("toolu_1", city="Rome")], "tool_use", anthropic_usage(12, 1500, 0, 30)
            )
        ),
        json_reply(message_json([text("18 C.")], usage=anthropic_usage(20, 60, 1500, 10))),
        json_reply(message_json([text("Yes.")], usage=anthropic_usage(8, 40, 1560, 5))),
    )
    provider = AnthropicProvider("claude-test", KEY, server.url, max_retries=0)
    store = InMemoryStore()
    registry = ToolRegistry([get_weather])
    session = make_session(provider, store=store, registry=registry, system_prompt="Be terse.")
    await session.submit_turn("Weather in Rome?")
    await session.submit_turn("Still sunny?")
    await provider.aclose()

    first, second = session.timeline
    assert first.request_usage == FIRST_TURN
    assert (first.cache_read_tokens, first.cache_write_tokens) == (1500, 1560)
    assert second.request_usage == SECOND_TURN
    assert (second.cache_read_tokens, second.cache_write_tokens) == (1560, 40)
    # The third request repeats the second's last message (the tool result) mark and all.
    second_sent, third_sent = server.requests[1].json, server.requests[2].json
    assert len(second_sent["messages"]) == 3
    assert third_sent["messages"][2] == second_sent["messages"][2]
    assert third_sent["messages"][2]["content"][0]["cache_control"] == {"type": "ephemeral"}

    saved = json.loads(json.dumps(first.to_json()))
    assert saved["cache_read_tokens"] == 1500 and saved["cache_write_tokens"] == 1560
    assert saved["request_usage"] == [u.model_dump() for u in FIRST_TURN]
    assert TurnRecord.from_json(saved).to_json() == first.to_json()
    again = make_session(provider, store=store, registry=registry, system_prompt="Be terse.")
    assert [r.request_usage for r in again.timeline] == [FIRST_TURN, SECOND_TURN]

    table = timeline_table(session)
    assert tuple(table.columns) == TIMELINE_COLUMNS
    assert table["requests"].tolist() == [2, 1]
    assert table["cache_read_tokens"].tolist() == [1500, 1560]
    assert table["cache_write_tokens"].tolist() == [1560, 40]
    assert table["cache_read_share"].tolist() == [round(1500 / 3092, 4), round(1560 / 1608, 4)]


def test_a_record_saved_before_cache_fields_still_loads() -> None:
    old = {
        "turn_index": 0,
        "slot_id": "main",
        "estimated_context_tokens": 10,
        "reported_context_tokens": 12,
        "cumulative_tokens": 20,
        "summary_status": "not_needed",
    }
    record = TurnRecord.from_json(old)
    assert (record.cache_read_tokens, record.cache_write_tokens, record.request_usage) == (0, 0, [])


def test_a_damaged_request_entry_is_a_store_error() -> None:
    bad = {
        "turn_index": 0,
        "slot_id": "main",
        "estimated_context_tokens": 10,
        "reported_context_tokens": None,
        "cumulative_tokens": 0,
        "request_usage": [{"input_tokens": "many"}],
    }
    with pytest.raises(StoreError, match="damaged"):
        TurnRecord.from_json(bad)
    with pytest.raises(StoreError, match="cache_read_tokens"):
        TurnRecord.from_json({**bad, "request_usage": [], "cache_read_tokens": "1"})


def test_a_tracker_keeps_each_call() -> None:
    tracker = CostTracker()
    for usage in FIRST_TURN:
        tracker.add(usage)
    assert tracker.per_call == tuple(FIRST_TURN)
    assert tracker.total.cache_read_tokens == 1500 and tracker.calls == 2
    tracker.reset()
    assert tracker.per_call == ()
