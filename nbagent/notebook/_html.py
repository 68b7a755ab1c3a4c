"""The one place model-supplied text is made safe for HTML and Markdown output.

Every display in the notebook layer passes model text (replies, tool arguments and results,
summaries, tool names) through these functions before it reaches a ``_repr_html_`` or
``_repr_markdown_``:

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
"""

from __future__ import annotations

import html
import re

__all__ = ["escape_html", "escape_markdown", "markdown_to_safe_html", "preview"]

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


# --- the tiny renderer -------------------------------------------------------------------------

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
