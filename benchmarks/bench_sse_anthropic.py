"""Case `sse_anthropic`: a 5,000-event Anthropic Messages stream served from loopback, decoded by
nbagent's ``AnthropicProvider.chat_stream`` and by the official ``anthropic`` SDK in the same run.

Two comparisons: raw events (nbagent IR events vs the SDK's ``messages.create(stream=True)``
typed events) and the final message (``aaccumulate_stream`` vs the SDK's
``messages.stream(...).get_final_message()``). The stream mixes what real replies hold: a
thinking block with its signature, text, two tool uses with fragmented JSON, and pings.

Goal: nbagent at least as fast as the SDK in both.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import anthropic

from benchmarks._report import interleaved_best, print_case, stream_comparison
from nbagent.llm.events import aaccumulate_stream
from nbagent.llm.messages import Message
from nbagent.llm.providers.anthropic import AnthropicProvider
from nbagent.llm.request import MessageRequest
from tests.wire_server import WireServer, sse_event, sse_reply

EVENTS = 5_000
ROUNDS = 7
MODEL = "claude-bench"
KEY = "sk-ant-bench"


def native_events(total: int = EVENTS) -> list[dict[str, Any]]:
    """Exactly ``total`` native events: 10% thinking, 60% text, 2 tool uses, a ping every 100."""
    usage = {"input_tokens": 1200, "output_tokens": 1, "cache_read_input_tokens": 800}
    head: list[dict[str, Any]] = [
        {
            "type": "message_start",
            "message": {
                "id": "msg_bench",
                "type": "message",
                "role": "assistant",
                "model": MODEL,
                "content": [],
                "stop_reason": None,
                "stop_sequence": None,
                "usage": usage,
            },
        }
    ]
    tail = [
        {
            "type": "message_delta",
            "delta": {"stop_reason": "tool_use", "stop_sequence": None},
            "usage": {"output_tokens": total},
        },
        {"type": "message_stop"},
    ]
    # Each block costs a start and a stop; the thinking block one more for its signature.
    budget = total - len(head) - len(tail) - 4 * 2 - 1
    pings = budget // 100
    budget -= pings
    thinking, tools = budget // 10, budget * 3 // 20
    text = budget - thinking - 2 * tools
    blocks: list[list[dict[str, Any]]] = []
    index = 0

    def block(start: dict[str, Any], deltas: list[dict[str, Any]]) -> None:
        nonlocal index
        events = [{"type": "content_block_start", "index": index, "content_block": start}]
        events += [{"type": "content_block_delta", "index": index, "delta": d} for d in deltas]
        events.append({"type": "content_block_stop", "index": index})
        blocks.append(events)
        index += 1

    block(
        {"type": "thinking", "thinking": "", "signature": ""},
        [{"type": "thinking_delta", "thinking": f"step {i} of the plan, "} for i in range(thinking)]
        + [{"type": "signature_delta", "signature": "EqQBCkgIARABGAIiQL" * 8}],
    )
    block(
        {"type": "text", "text": ""},
        [{"type": "text_delta", "text": f"word{i} and some more "} for i in range(text)],
    )
    for n in range(2):
        raw = json.dumps({"rows": [{"id": i, "city": "Paris"} for i in range(tools)]})
        size = len(raw) // tools + 1
        parts = [raw[i * size : (i + 1) * size] for i in range(tools)]
        block(
            {"type": "tool_use", "id": f"toolu_{n}", "name": "lookup", "input": {}},
            [{"type": "input_json_delta", "partial_json": p} for p in parts],
        )
    body = [e for events in blocks for e in events]
    for i in range(pings):
        body.insert(50 + i * 100, {"type": "ping"})
    events = head + body + tail
    assert len(events) == total, len(events)
    return events


async def _measure(url: str, rounds: int) -> dict[str, tuple[float, int]]:
    request = MessageRequest(messages=[Message.user("go")], max_tokens=8192)
    ours = AnthropicProvider(MODEL, KEY, url, max_retries=0)
    sdk = anthropic.AsyncAnthropic(api_key=KEY, base_url=url, max_retries=0)
    sdk_args: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": 8192,
        "messages": [{"role": "user", "content": "go"}],
    }

    async def nbagent_events() -> int:
        return sum([1 async for _ in ours.chat_stream(request)])

    async def sdk_events() -> int:
        stream = await sdk.messages.create(**sdk_args, stream=True)
        async with stream:
            return sum([1 async for _ in stream])

    async def nbagent_final() -> int:
        response = await aaccumulate_stream(ours.chat_stream(request))
        return len(response.message.content)

    async def sdk_final() -> int:
        async with sdk.messages.stream(**sdk_args) as stream:
            message = await stream.get_final_message()
        return len(message.content)

    cases = [
        ("nbagent events", nbagent_events),
        ("anthropic SDK events", sdk_events),
        ("nbagent final message", nbagent_final),
        ("anthropic SDK final message", sdk_final),
    ]
    try:
        return await interleaved_best(cases, rounds)
    finally:
        await ours.aclose()
        await sdk.close()


def run_anthropic(total: int = EVENTS, rounds: int = ROUNDS) -> dict[str, Any]:
    events = native_events(total)
    reply = sse_reply([sse_event(e["type"], e) for e in events])
    with WireServer(default=reply) as server:
        results = asyncio.run(_measure(server.url, rounds))
    rows, events_ratio, final_ratio, goals = stream_comparison(
        results, sdk="anthropic", total=total, rate_column="native events/s"
    )
    return {
        "case": "sse (anthropic)",
        "events": total,
        "tables": {f"anthropic: {total}-event stream over loopback (best of {rounds})": rows},
        "ratio events (SDK time / nbagent time)": round(events_ratio, 2),
        "ratio final message (SDK time / nbagent time)": round(final_ratio, 2),
        "goals": goals,
    }


if __name__ == "__main__":
    print_case(run_anthropic())
