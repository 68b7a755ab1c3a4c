"""Case `sse`: a 5,000-chunk OpenAI Chat Completions stream served from loopback, decoded by
nbagent's ``OpenAIProvider.chat_stream`` and by the official ``openai`` SDK in the same run.

Two comparisons: raw events (nbagent IR events vs the SDK's ``chat.completions.create(
stream=True)`` typed chunks) and the final message (``aaccumulate_stream`` vs the SDK's
``chat.completions.stream(...).get_final_completion()``). The stream mixes what real replies
hold: DeepSeek-style ``reasoning_content``, text, two parallel tool calls with fragmented
arguments, a finish chunk, a usage chunk and ``[DONE]``.

``run()`` returns one section per wire format (``openai`` here; the Anthropic half sits beside
it). Goal: nbagent at least as fast as the SDK in each comparison.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import openai

from benchmarks._report import interleaved_best, print_case, stream_comparison
from nbagent.llm.events import aaccumulate_stream
from nbagent.llm.messages import Message
from nbagent.llm.providers.openai import OpenAIProvider
from nbagent.llm.request import MessageRequest
from tests.wire_server import WireServer, sse_reply

CHUNKS = 5_000
ROUNDS = 7
MODEL = "gpt-bench"
KEY = "sk-bench"


def _chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-bench",
        "object": "chat.completion.chunk",
        "created": 1_700_000_000,
        "model": MODEL,
        "system_fingerprint": "fp_bench",
        "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}],
        "usage": None,
    }


def native_chunks(total: int = CHUNKS) -> list[dict[str, Any]]:
    """Exactly ``total`` chunks: 10% reasoning, 60% text, two tool calls, finish and usage."""
    head = [_chunk({"role": "assistant", "content": ""})]
    tail = [
        _chunk({}, finish="tool_calls"),
        {
            "id": "chatcmpl-bench",
            "object": "chat.completion.chunk",
            "created": 1_700_000_000,
            "model": MODEL,
            "choices": [],
            "usage": {
                "prompt_tokens": 1200,
                "completion_tokens": total,
                "total_tokens": 1200 + total,
                "prompt_tokens_details": {"cached_tokens": 800},
                "completion_tokens_details": {"reasoning_tokens": total // 10},
            },
        },
    ]
    budget = total - len(head) - len(tail)
    reasoning, tools = budget // 10, budget * 3 // 20
    text = budget - reasoning - 2 * tools
    body = [_chunk({"reasoning_content": f"step {i} of the plan, "}) for i in range(reasoning)]
    body += [_chunk({"content": f"word{i} and some more "}) for i in range(text)]
    for n in range(2):
        raw = json.dumps({"rows": [{"id": i, "city": "Paris"} for i in range(tools)]})
        size = len(raw) // tools + 1
        parts = [raw[i * size : (i + 1) * size] for i in range(tools)]
        first = {
            "index": n,
            "id": f"call_{n}",
            "type": "function",
            "function": {"name": "lookup", "arguments": parts[0]},
        }
        body.append(_chunk({"tool_calls": [first]}))
        body += [
            _chunk({"tool_calls": [{"index": n, "function": {"arguments": p}}]}) for p in parts[1:]
        ]
    chunks = head + body + tail
    assert len(chunks) == total, len(chunks)
    return chunks


async def _measure_openai(url: str, rounds: int) -> dict[str, tuple[float, int]]:
    request = MessageRequest(messages=[Message.user("go")])
    ours = OpenAIProvider(MODEL, KEY, url + "/v1", max_retries=0)
    sdk = openai.AsyncOpenAI(api_key=KEY, base_url=url + "/v1", max_retries=0)
    sdk_args: dict[str, Any] = {"model": MODEL, "messages": [{"role": "user", "content": "go"}]}

    async def nbagent_events() -> int:
        return sum([1 async for _ in ours.chat_stream(request)])

    async def sdk_events() -> int:
        stream = await sdk.chat.completions.create(
            **sdk_args, stream=True, stream_options={"include_usage": True}
        )
        async with stream:
            return sum([1 async for _ in stream])

    async def nbagent_final() -> int:
        response = await aaccumulate_stream(ours.chat_stream(request))
        return len(response.message.content)

    async def sdk_final() -> int:
        async with sdk.chat.completions.stream(
            **sdk_args, stream_options={"include_usage": True}
        ) as stream:
            completion = await stream.get_final_completion()
        message = completion.choices[0].message
        return bool(message.content) + len(message.tool_calls or [])

    cases = [
        ("nbagent events", nbagent_events),
        ("openai SDK events", sdk_events),
        ("nbagent final message", nbagent_final),
        ("openai SDK final message", sdk_final),
    ]
    try:
        return await interleaved_best(cases, rounds)
    finally:
        await ours.aclose()
        await sdk.close()


def _rate(result: tuple[float, int]) -> float:
    seconds, count = result
    return count / seconds


def run_openai(total: int = CHUNKS, rounds: int = ROUNDS) -> dict[str, Any]:
    reply = sse_reply([*native_chunks(total), "[DONE]"])
    with WireServer(default=reply) as server:
        results = asyncio.run(_measure_openai(server.url, rounds))
    rows, events_ratio, final_ratio, goals = stream_comparison(
        results, sdk="openai", total=total, rate_column="chunks/s"
    )
    return {
        "chunks": total,
        "rounds": rounds,
        "table": rows,
        # Items each decoder yields per second: nbagent IR events, the SDK's typed chunks.
        "events_per_sec": {
            "nbagent": round(_rate(results["nbagent events"])),
            "openai_sdk": round(_rate(results["openai SDK events"])),
        },
        "ratio_events": round(events_ratio, 2),
        "ratio_final_message": round(final_ratio, 2),
        "goals": goals,
    }


def run() -> dict[str, Any]:
    """Both wire formats, each against its official SDK, in the same run."""
    from benchmarks.bench_sse_anthropic import run_anthropic

    openai = run_openai()
    anthropic = run_anthropic()
    title = f"openai: {openai['chunks']}-chunk stream over loopback (best of {openai['rounds']})"
    return {
        "case": "sse",
        "openai": openai,
        "anthropic": {k: v for k, v in anthropic.items() if k not in ("case", "tables", "goals")},
        "tables": {title: openai["table"], **anthropic["tables"]},
        "goals": openai["goals"] + anthropic["goals"],
    }


if __name__ == "__main__":
    print_case(run())
