"""Model output as HTML: the one place model text is made safe, and the HTML of a turn.

Every display in the notebook layer passes model text (replies, tool arguments and results,
summaries, tool names) through the escaping functions here before it reaches a ``_repr_html_``
or ``_repr_markdown_``; the only tags in the output are the ones written in this module. It reads
top to bottom: escaping, the tiny Markdown renderer, then a turn's HTML built on both.

Escaping:

- :func:`escape_html` -- text to put inside HTML elements or attribute values.
- :func:`escape_markdown` -- model Markdown to hand to the notebook's Markdown renderer: formatting
  (emphasis, lists, headings, tables, quotes) still renders, but raw HTML, autolinks and the
  link / image / reference-definition syntax are neutralised, and code is turned into escaped
  ``<code>`` / ``<pre>`` elements, so no ``<script>``, ``<img onerror=...>`` or ``javascript:`` link
  survives.
- :func:`markdown_to_safe_html` -- our own tiny Markdown renderer for HTML outputs: the text is
  HTML-escaped first, then a small subset (paragraphs, fenced code, inline code, bold, italic,
  headings, bullet and numbered lists) is applied to the escaped text.
- :func:`preview` -- a one-line, length-capped preview of a long text (still unescaped).

The safety argument for :func:`escape_markdown`: every ``<`` and ``&`` of model text becomes an
entity, and every ``[``, ``]``, backtick and backslash left outside code is backslash-escaped, so
the only raw HTML in the output is the ``<code>`` / ``<pre>`` tags written here around
entity-escaped content. Escaping the backslashes too is what keeps the other escapes: a model's
backslash left alone before a bracket would be escaped by ours instead of the bracket, which
would then be live (a link).

A turn's HTML (the live, streaming reply, the final reply, the history, an error line) is shared by
the ``%%agent`` magic and the chat widget, so both show a turn the same way (and so are the
plain-text lines both show beside it: :func:`turns_text`, :func:`error_text`,
:func:`provider_label`). A reply is a list of parts in arrival order: text, and tool calls (a
collapsible ``<details>`` block with the arguments and, once it came back, the result). Citations
the text carries (Anthropic ``citations``) are listed once under the reply as "Sources": the quoted
text and the document's title, escaped like every other piece of model text. The live reply is built
from the cycle's stream events; the final reply is rebuilt from the messages the session stored, so
what stays in the notebook is exactly what the history holds.
"""

from __future__ import annotations

import html
import json
import re
import time
from collections.abc import AsyncGenerator, Sequence
from contextlib import aclosing
from dataclasses import dataclass, field
from typing import Any

from nbagent.llm.cycle_events import CycleEvent, ToolCallEvent, ToolResultEvent
from nbagent.llm.events import TextDeltaEvent
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    ContentBlock,
    SystemMessage,
    TextBlock,
    ToolResultBlock,
    ToolResultMessage,
    ToolUseBlock,
    UserMessage,
    text_of,
)
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers import mask_urls
from nbagent.notebook._records import is_turn_start, message_text

# --- escaping -------------------------------------------------------------------------------------

# A fence opener at column 0 is always a top-level fenced block in CommonMark (no container can
# hold a column-0 line that is not a paragraph continuation), so tracking those alone is exact.
_FENCE_OPEN = re.compile(r"^(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
_CODE_SPAN = re.compile(r"(?<!`)(?P<ticks>`+)(?!`)(?P<code>.+?)(?<!`)(?P=ticks)(?!`)", re.DOTALL)


def escape_html(text: str) -> str:
    """Escape ``&``, ``<``, ``>`` and both quotes: safe in element content and attribute values."""
    return html.escape(text, quote=True)


def preview(text: str, limit: int = 60) -> str:
    """One line of at most ``limit`` characters (whitespace folded, ``…`` when cut). Not escaped."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    return flat[: max(limit - 1, 0)] + "…"


def _entities(text: str) -> str:
    """Every ASCII punctuation character as a numeric entity: inert in Markdown and HTML."""
    return "".join(
        f"&#{ord(c)};" if c.isascii() and not c.isalnum() and c > " " else c for c in text
    )


def _is_fence_close(line: str, fence: str) -> bool:
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3:
        return False
    run = len(stripped) - len(stripped.lstrip(fence[0]))
    return run >= len(fence) and stripped[run:].strip() == ""


def _split_fences(text: str) -> list[tuple[bool, str]]:
    """Split into ``(is_code, chunk)`` pieces on column-0 fenced code blocks."""
    pieces: list[tuple[bool, str]] = []
    prose: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        match = _FENCE_OPEN.match(lines[i])
        if match is None or (match["fence"][0] == "`" and "`" in match["info"]):
            prose.append(lines[i])
            i += 1
            continue
        if prose:
            pieces.append((False, "\n".join(prose)))
            prose = []
        body: list[str] = []
        i += 1
        # An unclosed fence runs to the end of the document, as in CommonMark.
        while i < len(lines) and not _is_fence_close(lines[i], match["fence"]):
            body.append(lines[i])
            i += 1
        i += 1
        pieces.append((True, "\n".join(body)))
    if prose:
        pieces.append((False, "\n".join(prose)))
    return pieces


def _escape_inline_markdown(text: str) -> str:
    """Escape prose: entities for ``&`` and ``<``, a backslash before every bracket, backtick and
    backslash. The model's own backslashes are doubled (each one then shows as itself), so none
    of them can escape a backslash written here, nor the ``<`` of a tag written after the text."""
    text = text.replace("&", "&amp;").replace("<", "&lt;")
    return re.sub(r"([\\\[\]`])", r"\\\1", text)


def escape_markdown(text: str) -> str:
    """Model Markdown made safe to render: formatting kept, HTML, links and images neutralised."""
    out: list[str] = []
    for is_code, chunk in _split_fences(text):
        if is_code:
            out.append(f"\n<pre><code>{escape_html(chunk)}</code></pre>\n")
            continue
        parts: list[str] = []
        last = 0
        for span in _CODE_SPAN.finditer(chunk):
            # Every backslash of the escaped prose is one of a pair, so none escapes the `<` of
            # the tag written next (a model's `\` before a code span shows as a backslash).
            parts.append(_escape_inline_markdown(chunk[last : span.start()]))
            code = " ".join(span["code"].split("\n"))
            parts.append(f"<code>{_entities(code)}</code>")
            last = span.end()
        parts.append(_escape_inline_markdown(chunk[last:]))
        out.append("".join(parts))
    return "\n".join(out)


# --- the tiny Markdown renderer -------------------------------------------------------------------

# The emphasis text may not hold its own delimiter, so a match attempt stops at the next one:
# with `.+?` each unclosed `**` scanned to the end of the line (80 kB of `**a ` took 30 s).
_BOLD = re.compile(r"\*\*(?=\S)((?:(?!\*\*).)+?)(?<=\S)\*\*|__(?=\S)((?:(?!__).)+?)(?<=\S)__")
_ITALIC = re.compile(
    r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])|(?<!\w)_(?=\S)([^_]+?)(?<=\S)_(?!\w)"
)
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s{0,3}[-*+]\s+(.*)$")
_NUMBERED = re.compile(r"^\s{0,3}\d{1,9}[.)]\s+(.*)$")


def _nested(html: str) -> bool:
    """Whether every ``<strong>`` in ``html`` closes inside it, in order."""
    depth = 0
    for tag in re.findall(r"</?strong>", html):
        depth += -1 if tag[1] == "/" else 1
        if depth < 0:
            return False
    return depth == 0


def _inline_html(escaped: str) -> str:
    """Inline code, bold and italic over already-escaped text (code spans are taken out first)."""
    codes: list[str] = []

    def keep(match: re.Match[str]) -> str:
        codes.append(f"<code>{match['code']}</code>")
        return f"\x00{len(codes) - 1}\x00"

    def italic(match: re.Match[str]) -> str:
        inner: str = match[1] or match[2]
        # `**a *b** c*`: an <em> across either end of a <strong> would nest the tags wrongly.
        return f"<em>{inner}</em>" if _nested(inner) else match[0]

    text = _CODE_SPAN.sub(keep, escaped)
    text = _BOLD.sub(lambda m: f"<strong>{m[1] or m[2]}</strong>", text)
    text = _ITALIC.sub(italic, text)
    return re.sub(r"\x00(\d+)\x00", lambda m: codes[int(m[1])], text)


def _render_prose(escaped: str) -> list[str]:
    blocks: list[str] = []
    paragraph: list[str] = []
    items: list[str] = []
    list_tag = ""

    def flush() -> None:
        nonlocal list_tag
        if paragraph:
            blocks.append("<p>" + "<br>\n".join(_inline_html(p) for p in paragraph) + "</p>")
            paragraph.clear()
        if items:
            body = "".join(f"<li>{_inline_html(item)}</li>" for item in items)
            blocks.append(f"<{list_tag}>{body}</{list_tag}>")
            items.clear()
            list_tag = ""

    for line in escaped.split("\n"):
        heading, bullet, numbered = _HEADING.match(line), _BULLET.match(line), _NUMBERED.match(line)
        if not line.strip():
            flush()
        elif heading is not None:
            flush()
            level = len(heading[1])
            blocks.append(f"<h{level}>{_inline_html(heading[2])}</h{level}>")
        elif bullet is not None or numbered is not None:
            tag = "ul" if bullet is not None else "ol"
            if paragraph or (items and list_tag != tag):
                flush()
            list_tag = tag
            items.append((bullet or numbered)[1])  # type: ignore[index]
        elif items and line.startswith((" ", "\t")):
            items[-1] += " " + line.strip()
        else:
            if items:
                flush()
            paragraph.append(line)
    flush()
    return blocks


def markdown_to_safe_html(text: str) -> str:
    """Render a small Markdown subset to HTML; ``text`` is escaped before any tag is added."""
    # NUL marks the code spans set aside in _inline_html, so model text may not hold one
    # (CommonMark replaces it with U+FFFD too).
    text = text.replace("\x00", "\ufffd")
    blocks: list[str] = []
    for is_code, chunk in _split_fences(text):
        if is_code:
            blocks.append(f"<pre><code>{escape_html(chunk)}</code></pre>")
        else:
            blocks.extend(_render_prose(escape_html(chunk)))
    return "\n".join(blocks)


# --- a turn's HTML: replies, tool calls, sources, history, errors ---------------------------------

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


def provider_label(provider: LlmProvider) -> str:
    """``name:model``: what a user sees of a provider (never a key or a header)."""
    return f"{getattr(provider, 'name', type(provider).__name__)}:{provider.model}"


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
    "escape_html",
    "escape_markdown",
    "history_html",
    "live_updates",
    "markdown_to_safe_html",
    "meta_html",
    "parts_html",
    "parts_text",
    "preview",
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
