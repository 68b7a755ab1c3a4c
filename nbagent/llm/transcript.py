"""The transcript: a conversation as the plain text a summary call reads.

A summary request carries it in its prompt (:func:`nbagent.agent.summary.request_summary`), and
the offline provider's extractive summariser reads it back, whichever way the request was built.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import assert_never

from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    ContentBlock,
    ImageBlock,
    SystemMessage,
    TextBlock,
    ToolResultBlock,
    ToolResultMessage,
    ToolUseBlock,
    UserMessage,
)
from nbagent.llm.statements import (
    BULK_LINES,
    holders,
    line_shape,
    named_values,
    reports_failure,
)

MAX_TRANSCRIPT_CHARS = 30_000
"""Transcripts longer than this are cut from the front: the newest messages are kept."""


def tool_digest(text: str, limit: int, named: frozenset[str] = frozenset()) -> str:
    """``text`` (a tool result) cut to about ``limit`` characters by its lines that matter.

    A long result's head alone is the wrong cut: a log ends with its ``exit code 137``, and the
    one event of a tracking listing the assistant relayed ("delivered at 14:12") is anywhere.
    Kept first: lines holding a value in ``named`` (what the conversation names, from
    :func:`~nbagent.llm.statements.named_values`) that at most two lines hold, then lines
    reporting a failure, the first and the last line, then lines of a shape no other line has
    (:func:`~nbagent.llm.statements.line_shape`), then the rest in order; they read in their
    order, a gap marked ``[… N lines]``."""
    if len(text) <= limit:
        return text
    lines = text.splitlines()
    if len(lines) < 3:
        return text[:limit]
    starts, at = [], 0
    for line in lines:
        starts.append(at)
        at += len(line) + 1
    relayed: set[int] = set()
    for value in named:
        if value in text:
            hits = holders(value, text, starts)
            if len(hits) <= 2:
                relayed |= hits
    shapes = Counter(line_shape(line) for line in lines)
    rank = sorted(
        range(len(lines)),
        key=lambda i: (
            i not in relayed,
            not reports_failure(lines[i]),
            i not in (0, len(lines) - 1),
            shapes[line_shape(lines[i])] >= BULK_LINES,
            i,
        ),
    )
    kept: set[int] = set()
    used = 0
    for i in rank:
        cost = len(lines[i]) + 1
        if used + cost > limit:
            continue
        kept.add(i)
        used += cost
    if not kept:
        return text[:limit]
    out: list[str] = []
    gap = 0
    for i, line in enumerate(lines):
        if i in kept:
            if gap:
                out.append(f"[… {gap} lines]")
                gap = 0
            out.append(line)
        else:
            gap += 1
    if gap:
        out.append(f"[… {gap} lines]")
    return "\n".join(out)


def _block_text(block: ContentBlock, max_tool_result_chars: int, named: frozenset[str]) -> str:
    match block:
        case TextBlock():
            return block.text
        case ToolUseBlock():
            return f"[Tool: {block.name}]"
        case ImageBlock():
            return "[image]"
        case ToolResultBlock():
            label = "Tool Error" if block.is_error else "Tool Result"
            body = _blocks_text(block.content, max_tool_result_chars, named)
            body = tool_digest(body, max_tool_result_chars, named)
            return f"{label} [{block.tool_use_id}]: {body}"
        case _:
            return f"[{block.type}]"


def _blocks_text(
    blocks: Sequence[ContentBlock], max_tool_result_chars: int, named: frozenset[str]
) -> str:
    return " ".join(text for b in blocks if (text := _block_text(b, max_tool_result_chars, named)))


def _line(label: str, body: str) -> str:
    return f"{label}: {body}" if body else f"{label}:"


def format_message(
    message: AnyMessage, max_tool_result_chars: int = 500, named: frozenset[str] = frozenset()
) -> str:
    """One message as transcript text (see :func:`format_messages_as_text`); ``named``: the
    values the conversation names, which pick a long tool result's lines (:func:`tool_digest`)."""
    match message:
        case SystemMessage():
            return _line("System", message.content)
        case UserMessage():
            return _line("User", _blocks_text(message.content, max_tool_result_chars, named))
        case AssistantMessage():
            return _line("Assistant", _blocks_text(message.content, max_tool_result_chars, named))
        case ToolResultMessage():
            label = "Tool Error" if message.is_error else "Tool Result"
            body = _blocks_text(message.content, max_tool_result_chars, named)
            return _line(
                f"{label} [{message.tool_call_id}]",
                tool_digest(body, max_tool_result_chars, named),
            )
        case _:
            assert_never(message)


def _named(messages: Sequence[AnyMessage]) -> frozenset[str]:
    """The values the user's and the assistant's own words name (not tool results)."""
    found: set[str] = set()
    for message in messages:
        if isinstance(message, UserMessage | AssistantMessage):
            for block in message.content:
                if isinstance(block, TextBlock):
                    found |= named_values(block.text)
    return frozenset(found)


def format_messages_as_text(
    messages: Sequence[AnyMessage],
    max_tool_result_chars: int = 500,
    max_chars: int = MAX_TRANSCRIPT_CHARS,
) -> str:
    """A plain-text transcript for the summary prompt.

    ::

        System: 你是一个翻译助手

        User: 把这段英文翻译成中文

        Assistant: 请提供英文文本 [Tool: translate]

        Tool Result [call_1]: 这是中文翻译

    Text blocks verbatim; a tool use as ``[Tool: name]`` (no arguments); a tool result as
    ``Tool Result [id]:`` or ``Tool Error [id]:`` with its text cut to about
    ``max_tool_result_chars`` characters by the lines that matter (:func:`tool_digest`: those
    holding a value the conversation names, failures, first and last, what stands out);
    images as ``[image]``; other non-text blocks as ``[{kind}]`` (``[audio]``, ``[file]``,
    ``[thinking]``, ...). Messages are separated by a blank line. A transcript longer than
    ``max_chars`` is cut from the front so the newest messages stay.
    """
    named = _named(messages)
    text = "\n\n".join(format_message(m, max_tool_result_chars, named) for m in messages)
    if len(text) > max_chars:
        text = text[len(text) - max_chars :]
    return text


__all__ = [
    "MAX_TRANSCRIPT_CHARS",
    "format_message",
    "format_messages_as_text",
    "tool_digest",
]
