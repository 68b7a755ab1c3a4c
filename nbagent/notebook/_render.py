"""HTML for turns: the live (streaming) reply, the final reply, the history, an error line.

Shared by the ``%%agent`` magic and the chat widget, so both show a turn the same way. Every piece
of model text (replies, tool names, arguments, results) goes through :mod:`nbagent.notebook._html`
before it reaches HTML; the only tags in the output are the ones written here.

A reply is a list of parts in arrival order: text, and tool calls (a collapsible ``<details>``
block with the arguments and, once it came back, the result). Citations the text carries
(Anthropic ``citations``) are listed once under the reply as "Sources": the quoted text and the
document's title, escaped like every other piece of model text. The live reply is built from the
cycle's stream events; the final reply is rebuilt from the messages the session stored, so what
stays in the notebook is exactly what the history holds.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncGenerator, Sequence
from contextlib import aclosing
from dataclasses import dataclass, field
from typing import Any

from nbagent.llm.blocks import ContentBlock, TextBlock, ToolResultBlock, ToolUseBlock, text_of
from nbagent.llm.cycle_events import CycleEvent, ToolCallEvent, ToolResultEvent
from nbagent.llm.events import TextDeltaEvent
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    SystemMessage,
    ToolResultMessage,
    UserMessage,
)
from nbagent.llm.providers import mask_urls
from nbagent.notebook._html import escape_html, markdown_to_safe_html, preview
from nbagent.notebook._records import is_turn_start, message_text

MAX_SHOWN_CHARS = 4_000
"""Characters of a tool argument or result shown in its block (the rest is counted, not shown)."""

MAX_SOURCE_CHARS = 200
"""Characters of a citation's quoted text shown in the Sources list."""

# Inline styles rather than a <style> block: notebook sanitizers keep style attributes of
# untrusted outputs but may drop <style> elements.
_TOOL = (
    "border-left:3px solid #7a8ca3;margin:4px 0;padding:2px 8px;background:rgba(120,140,160,.08)"
)
_TOOL_FAILED = _TOOL.replace("#7a8ca3", "#c0392b")
_PRE = "white-space:pre-wrap;margin:2px 0 6px 0;max-height:20em;overflow:auto"
_STREAM = "white-space:pre-wrap"
_META = "color:#777;font-size:85%;margin-top:4px"
_ERROR = "color:#b00020"
_USER = "white-space:pre-wrap;background:rgba(70,120,200,.08);padding:4px 8px;border-radius:6px"
_ROLE = "font-weight:bold;color:#777;font-size:85%"
_COVERED = "opacity:.55"
_SOURCES_LIST = "margin:2px 0;padding-left:1.6em"


@dataclass
class ToolPart:
    """One tool call of a reply and, once it came back, its result."""

    call_id: str
    name: str
    arguments: dict[str, object]
    result: str | None = None
    is_error: bool = False
    unreadable: str | None = None
    """The model's raw arguments when they were not a JSON object (the tool was not run)."""


@dataclass
class TextPart:
    text: str
    citations: list[dict[str, Any]] = field(default_factory=list)


Part = TextPart | ToolPart


def _shown(text: str) -> str:
    if len(text) <= MAX_SHOWN_CHARS:
        return escape_html(text)
    hidden = len(text) - MAX_SHOWN_CHARS
    return f"{escape_html(text[:MAX_SHOWN_CHARS])}\n… ({hidden:,} more characters)"


def _arguments_text(part: ToolPart, *, indent: int | None = 2) -> str:
    if part.unreadable is not None:  # what the model sent; the tool was not run on it
        return f"unreadable arguments (not run): {part.unreadable}"
    return json.dumps(part.arguments, ensure_ascii=False, indent=indent, default=str)


def tool_html(part: ToolPart) -> str:
    """A collapsible block: name and argument preview, then the arguments and the result."""
    args = _arguments_text(part)
    if part.result is None:
        outcome = "running…"
    elif part.is_error:
        outcome = "error"
    else:
        outcome = "done"
    style = _TOOL_FAILED if part.is_error else _TOOL
    one_line = preview(_arguments_text(part, indent=None), 80)
    result = (
        ""
        if part.result is None
        else f"<div>{'error' if part.is_error else 'result'}</div>"
        f'<pre style="{_PRE}">{_shown(part.result)}</pre>'
    )
    return (
        f'<details class="nbagent-tool" style="{style}"><summary style="cursor:pointer">'
        f"tool <code>{escape_html(part.name)}</code> <code>{escape_html(one_line)}</code> · "
        f'{outcome}</summary><div>arguments</div><pre style="{_PRE}">{_shown(args)}</pre>'
        f"{result}</details>"
    )


def tool_text(part: ToolPart) -> str:
    """The plain-text line of a tool call."""
    args = preview(_arguments_text(part, indent=None), 80)
    if part.result is None:
        return f"[tool {part.name} {args}]"
    label = "error" if part.is_error else "->"
    return f"[tool {part.name} {args} {label} {preview(part.result, 80)}]"


def _source(citation: dict[str, Any]) -> tuple[str, str]:
    """``(quoted text, title)`` of a citation, unescaped; the title falls back to the URL."""
    cited = preview(str(citation.get("cited_text") or ""), MAX_SOURCE_CHARS)
    title = citation.get("document_title") or citation.get("title") or citation.get("url") or ""
    return cited, preview(str(title), 120)


def sources(parts: Sequence[Part]) -> list[tuple[str, str]]:
    """The distinct ``(quoted text, title)`` pairs cited in ``parts``, in order."""
    seen: dict[tuple[str, str], None] = {}
    for part in parts:
        if isinstance(part, TextPart):
            for citation in part.citations:
                if (source := _source(citation)) != ("", ""):
                    seen.setdefault(source, None)
    return list(seen)


def sources_html(parts: Sequence[Part]) -> str:
    """A compact numbered list of what the reply cites (``""`` when it cites nothing)."""
    items = [
        f"<li>“{escape_html(cited)}”{f' — <em>{escape_html(title)}</em>' if title else ''}</li>"
        for cited, title in sources(parts)
    ]
    if not items:
        return ""
    return (
        f'<div class="nbagent-sources" style="{_META}">Sources'
        f'<ol style="{_SOURCES_LIST}">{"".join(items)}</ol></div>'
    )


def sources_text(parts: Sequence[Part]) -> str:
    rows = [
        f"{n}. “{cited}”{f' — {title}' if title else ''}"
        for n, (cited, title) in enumerate(sources(parts), 1)
    ]
    return "\n".join(["Sources:", *rows]) if rows else ""


def parts_html(parts: Sequence[Part], *, show_tools: bool, streaming: bool) -> str:
    """A reply as HTML: text as escaped pre-wrapped text while streaming, Markdown at the end."""
    pieces: list[str] = []
    for part in parts:
        match part:
            case TextPart():
                if streaming:
                    pieces.append(f'<div style="{_STREAM}">{escape_html(part.text)}</div>')
                else:
                    pieces.append(markdown_to_safe_html(part.text))
            case ToolPart():
                if show_tools:
                    pieces.append(tool_html(part))
    pieces.append(sources_html(parts))
    if streaming:
        pieces.append(f'<span style="{_META}">▌</span>')
    return f'<div class="nbagent-reply">{"".join(pieces)}</div>'


def parts_text(parts: Sequence[Part], *, show_tools: bool) -> str:
    lines: list[str] = []
    for part in parts:
        match part:
            case TextPart():
                lines.append(part.text)
            case ToolPart():
                if show_tools:
                    lines.append(tool_text(part))
    lines.append(sources_text(parts))
    return "\n".join(line for line in lines if line)


@dataclass
class LiveReply:
    """A reply being streamed: :meth:`apply` each cycle event, then render it."""

    parts: list[Part] = field(default_factory=list)

    def apply(self, event: CycleEvent) -> bool:
        """Take ``event`` in; ``True`` when the visible reply changed."""
        match event:
            case TextDeltaEvent():
                if not event.text:
                    return False
                last = self.parts[-1] if self.parts else None
                if isinstance(last, TextPart):
                    last.text += event.text
                else:
                    self.parts.append(TextPart(event.text))
                return True
            case ToolCallEvent():
                call = event.call
                self.parts.append(
                    ToolPart(
                        call.id, call.name, dict(call.input), unreadable=call.unreadable_arguments
                    )
                )
                return True
            case ToolResultEvent():
                for part in self.parts:
                    if isinstance(part, ToolPart) and part.call_id == event.call.id:
                        part.result = event.result.content
                        part.is_error = event.result.is_error
                        return True
                return False
            case _:
                return False

    @property
    def text(self) -> str:
        return "".join(p.text for p in self.parts if isinstance(p, TextPart))


async def live_updates(
    events: AsyncGenerator[CycleEvent, None], interval: float
) -> AsyncGenerator[LiveReply, None]:
    """The streaming loop of the magic and the widget: the reply of ``events`` as it grows,
    yielded when it changed, at most once per ``interval`` seconds. Closing this generator
    closes ``events`` at once (an interrupted turn's stream is closed then, not when collected)."""
    live = LiveReply()
    shown_at = time.monotonic()
    async with aclosing(events):
        async for event in events:
            now = time.monotonic()
            if live.apply(event) and now - shown_at >= interval:
                shown_at = now
                yield live


def _attach_result(parts: Sequence[Part], call_id: str, text: str, is_error: bool) -> None:
    for part in parts:
        if isinstance(part, ToolPart) and part.call_id == call_id:
            part.result, part.is_error = text, is_error
            return


def _assistant_parts(blocks: Sequence[ContentBlock], parts: list[Part]) -> None:
    for block in blocks:
        if isinstance(block, TextBlock) and block.text:
            parts.append(TextPart(block.text, list(block.citations or ())))
        elif isinstance(block, ToolUseBlock):
            parts.append(
                ToolPart(
                    block.id, block.name, dict(block.input), unreadable=block.unreadable_arguments
                )
            )
        elif isinstance(block, ToolResultBlock):
            _attach_result(parts, block.tool_use_id, text_of(block.content), block.is_error)


def reply_parts(messages: Sequence[AnyMessage]) -> list[Part]:
    """The parts of a stored turn after its user message (assistant text, tool calls, results)."""
    parts: list[Part] = []
    for message in messages:
        match message:
            case AssistantMessage():
                _assistant_parts(message.content, parts)
            case ToolResultMessage():
                _attach_result(parts, message.tool_call_id, message.text(), message.is_error)
            case UserMessage():
                for block in message.content:
                    if isinstance(block, ToolResultBlock):
                        text = text_of(block.content)
                        _attach_result(parts, block.tool_use_id, text, block.is_error)
            case SystemMessage():
                pass
    return parts


def turns_text(count: int) -> str:
    """``1 turn``, ``2 turns``."""
    return "1 turn" if count == 1 else f"{count:,} turns"


def meta_html(text: str) -> str:
    """A small grey line under a reply (turn number, tokens, summary status)."""
    return f'<div class="nbagent-meta" style="{_META}">{escape_html(text)}</div>'


def user_html(text: str) -> str:
    return f'<div class="nbagent-user" style="{_USER}">{escape_html(text)}</div>'


def error_text(error: BaseException) -> str:
    """``Type: message`` on one line (whitespace folded, URL credentials masked)."""
    message = preview(mask_urls(str(error)), 400) or "(no message)"
    return f"{type(error).__name__}: {message}"


def error_html(error: BaseException, note: str = "the turn was not saved") -> str:
    line = escape_html(error_text(error))
    return f'<div class="nbagent-error" style="{_ERROR}">⚠ {line} — {escape_html(note)}</div>'


def split_turns(messages: Sequence[AnyMessage]) -> list[tuple[AnyMessage, list[AnyMessage]]]:
    """``(opening message, the rest of the turn)`` pairs; a user prompt opens a turn, and so does
    a system message or whatever comes first."""
    turns: list[tuple[AnyMessage, list[AnyMessage]]] = []
    for message in messages:
        if is_turn_start(message) or isinstance(message, SystemMessage) or not turns:
            turns.append((message, []))
        else:
            turns[-1][1].append(message)
    return turns


def turn_html(
    opening: AnyMessage, rest: Sequence[AnyMessage], *, show_tools: bool
) -> tuple[str, str]:
    """A stored turn (see :func:`split_turns`) as the HTML of its prompt and of its reply;
    either is ``""`` when the turn has none (a history may start mid-turn)."""
    prompt = ""
    if isinstance(opening, AssistantMessage | ToolResultMessage):
        rest = [opening, *rest]
    else:
        prompt = user_html(message_text(opening))
    parts = reply_parts(rest)
    reply = parts_html(parts, show_tools=show_tools, streaming=False) if parts else ""
    return prompt, reply


def history_html(
    messages: Sequence[AnyMessage], in_view: Sequence[bool], *, show_tools: bool
) -> str:
    """The stored history, one block per turn; turns outside the focused view are dimmed."""
    rows: list[str] = []
    position = 0
    for opening, rest in split_turns(messages):
        covered = not any(in_view[position : position + 1 + len(rest)])
        position += 1 + len(rest)
        css = f' style="{_COVERED}"' if covered else ""
        tag = " · summarised (not sent)" if covered else ""
        prompt, reply = turn_html(opening, rest, show_tools=show_tools)
        rows.append(
            f'<div{css}><div style="{_ROLE}">{escape_html(opening.role)}{tag}</div>'
            f"{prompt}{reply}</div>"
        )
    return f"<div>{''.join(rows)}</div>"


__all__ = [
    "LiveReply",
    "Part",
    "TextPart",
    "ToolPart",
    "error_html",
    "error_text",
    "history_html",
    "live_updates",
    "meta_html",
    "parts_html",
    "parts_text",
    "reply_parts",
    "sources",
    "sources_html",
    "sources_text",
    "split_turns",
    "tool_html",
    "turn_html",
    "turns_text",
    "user_html",
]
