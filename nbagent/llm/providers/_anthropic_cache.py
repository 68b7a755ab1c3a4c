"""Anthropic prompt caching: where a ``/v1/messages`` body gets its ``cache_control`` breakpoints.

Anthropic caches a request's prefix only up to a block marked ``cache_control`` and reads an
entry back only where a later request repeats that prefix byte for byte (tools, then system,
then messages) and marks a block at or at most 20 blocks after its end. Between two requests of
one conversation everything but the newest messages stays the same, so the marks go where the
next request can read them:

1. the last message of the request (its last block that takes a mark): this request writes the
   conversation so far, the next one repeats it and reads it;
2. the system prompt (its last block): read again after a compaction or a summary changed an
   early message, however long the conversation is;
3. the last user message before the last assistant message -- the previous request's last
   message, marked there by rule 1: this request reads it even when the reply and the new
   messages since hold more than 20 blocks (a round of many parallel tool calls);
4. the last tool definition: read again when only the system prompt changed.

Anthropic takes at most four marks. Marks already in the body (``extra_body``, native blocks sent
as :class:`~nbagent.llm.messages.ExtensionBlock`, a top-level ``cache_control``) count, stay, and
keep their spot; rules are applied in the order above while marks are left. A mark whose TTL
would put a shorter-lived entry before a longer-lived one (the API refuses that) is left out.
Thinking blocks take no mark (the API refuses them); they are cached as part of the prefix.
"""

from __future__ import annotations

from typing import Any

from nbagent.llm.request import PromptCache

Json = dict[str, Any]
Spot = tuple[int, int, int, int]
"""Where a mark sits, ordered as Anthropic reads the body: tool ``i`` ``(0, i, 0, 0)``, system
block ``i`` ``(1, i, 0, 0)``, block ``b`` of message ``m`` ``(2, m, b, END)`` and part ``k`` of
its content (a tool result's) ``(2, m, b, k)``, the top-level mark ``(3, 0, 0, 0)``."""
END = 1 << 30
"""A block ends after every part of its content."""

MAX_BREAKPOINTS = 4
EXTENDED_TTL_BETA = "extended-cache-ttl-2025-04-11"
"""The ``anthropic-beta`` value the API wants before it honours ``"ttl": "1h"``."""

_MARKABLE = frozenset({"text", "image", "document", "tool_use", "tool_result", "search_result"})


def cache_control(cache: PromptCache) -> Json:
    """The mark for ``cache``; the default 5-minute TTL is left implicit, as the API's default
    (servers that speak the Messages API without the ``ttl`` field accept it too)."""
    if cache.ttl == "5m":
        return {"type": "ephemeral"}
    return {"type": "ephemeral", "ttl": cache.ttl}


def with_breakpoints(body: Json, cache: PromptCache) -> Json:
    """``body`` with the automatic breakpoints added (the rules in the module docstring).

    Never changes ``body`` or anything in it (parts may be the caller's ``extra_body``):
    what gets a mark is copied on the way down.
    """
    marks = existing_marks(body)
    control = cache_control(cache)
    rank = _rank(control)
    body = dict(body)
    messages = body.get("messages")
    messages = messages if isinstance(messages, list) else []
    last = len(messages) - 1
    previous = _previous_end(messages)
    spots = [
        None if body.get("cache_control") else _message_spot(messages, last),
        _system_spot(body.get("system")),
        None if previous == last else _message_spot(messages, previous),
        _tool_spot(body.get("tools")),
    ]
    for spot in spots:
        if len(marks) >= MAX_BREAKPOINTS:
            break
        if spot is None or spot in marks or not _ordered(marks, spot, rank):
            continue
        _mark(body, spot, control)
        marks[spot] = rank
    return body


def existing_marks(body: Json) -> dict[Spot, int]:
    """The marks ``body`` already holds, by spot, with their TTL rank (0: 5m, 1: 1h)."""
    marks: dict[Spot, int] = {}
    for i, tool in _dicts(body.get("tools")):
        if tool.get("cache_control"):
            marks[(0, i, 0, 0)] = _rank(tool["cache_control"])
    for i, block in _dicts(body.get("system")):
        if block.get("cache_control"):
            marks[(1, i, 0, 0)] = _rank(block["cache_control"])
    for m, message in _dicts(body.get("messages")):
        for b, block in _dicts(message.get("content")):
            if block.get("cache_control"):
                marks[(2, m, b, END)] = _rank(block["cache_control"])
            for k, part in _dicts(block.get("content")):  # a tool result's content
                if part.get("cache_control"):
                    marks[(2, m, b, k)] = _rank(part["cache_control"])
    if body.get("cache_control"):
        marks[(3, 0, 0, 0)] = _rank(body["cache_control"])
    return marks


def _dicts(value: Any) -> list[tuple[int, Json]]:
    """The objects of a list, with their positions (``[]`` for anything else)."""
    items = value if isinstance(value, list) else []
    return [(i, v) for i, v in enumerate(items) if isinstance(v, dict)]


def _rank(control: Any) -> int:
    return 1 if isinstance(control, dict) and control.get("ttl") == "1h" else 0


def _ordered(marks: dict[Spot, int], spot: Spot, rank: int) -> bool:
    """Whether a mark of ``rank`` at ``spot`` keeps longer TTLs before shorter ones."""
    return all(r >= rank if s < spot else r <= rank for s, r in marks.items())


def _previous_end(messages: list[Any]) -> int:
    """The index of the last user message before the last assistant message (-1: none)."""
    roles = [m.get("role") if isinstance(m, dict) else None for m in messages]
    if "assistant" not in roles:
        return -1
    reply = len(roles) - 1 - roles[::-1].index("assistant")
    return next((i for i in range(reply - 1, -1, -1) if roles[i] == "user"), -1)


def _message_spot(messages: list[Any], index: int) -> Spot | None:
    if index < 0 or not isinstance(messages[index], dict):
        return None
    content = messages[index].get("content")
    if isinstance(content, str):
        return (2, index, 0, END) if content.strip() else None
    markable = [b for b, block in _dicts(content) if block.get("type") in _MARKABLE]
    return (2, index, markable[-1], END) if markable else None


def _system_spot(system: Any) -> Spot | None:
    if isinstance(system, str):
        return (1, 0, 0, 0) if system.strip() else None
    return _last_dict_spot(1, system)


def _tool_spot(tools: Any) -> Spot | None:
    return _last_dict_spot(0, tools)


def _last_dict_spot(part: int, items: Any) -> Spot | None:
    if isinstance(items, list) and items and isinstance(items[-1], dict):
        return (part, len(items) - 1, 0, 0)
    return None


def _mark(body: Json, spot: Spot, control: Json) -> None:
    """Put ``control`` on the block at ``spot``, copying each container on the way."""
    part, index, block, _ = spot
    if part == 0:
        body["tools"] = _marked_at(body["tools"], index, control)
    elif part == 1:
        system = body["system"]
        blocks = [{"type": "text", "text": system}] if isinstance(system, str) else system
        body["system"] = _marked_at(blocks, index, control)
    else:
        messages = list(body["messages"])
        message = dict(messages[index])
        content = message["content"]
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        message["content"] = _marked_at(blocks, block, control)
        messages[index] = message
        body["messages"] = messages


def _marked_at(items: list[Json], index: int, control: Json) -> list[Json]:
    items = list(items)
    items[index] = {**items[index], "cache_control": dict(control)}
    return items


__all__ = [
    "EXTENDED_TTL_BETA",
    "MAX_BREAKPOINTS",
    "cache_control",
    "existing_marks",
    "with_breakpoints",
]
