"""Pure text helpers for tools: docstring parsing and result serialisation.

Kept apart from :mod:`nbagent.llm.tools` so both halves stay small and the pure parts are easy to
table-test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel
from pydantic_core import to_json

DEFAULT_MAX_RESULT_CHARS = 20_000
DATAFRAME_PREVIEW_ROWS = 5

# Google-style section headers; a line holding only one of these ends the description.
_SECTION = re.compile(
    r"^(Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments|Returns|Return|Yields|"
    r"Raises|Examples?|Notes?|Attributes|See Also|Warnings?|Todo)\s*:\s*$"
)
_ARGS_SECTION = re.compile(
    r"^(Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments)\s*:$"
)
# "name: text", "name (type): text", "*name: text"
_GOOGLE_ARG = re.compile(r"^\*{0,2}(?P<name>\w+)\s*(\([^)]*\))?\s*:\s*(?P<text>.*)$")
_REST_FIELD = re.compile(r"^:(?P<kind>\w+)(?P<rest>[^:]*):\s*(?P<text>.*)$")
_REST_PARAM_KINDS = frozenset({"param", "parameter", "arg", "argument", "key", "keyword"})


@dataclass
class ParsedDocstring:
    """The description of a function and the description of each parameter."""

    description: str = ""
    params: dict[str, str] = field(default_factory=dict)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _join(lines: list[str]) -> str:
    return " ".join(part.strip() for part in lines if part.strip())


def parse_docstring(doc: str | None) -> ParsedDocstring:
    """Split a cleaned docstring into its description and per-parameter texts.

    Understands Google style (``Args:`` sections, ``name (type): text`` entries with indented
    continuation lines) and reST fields (``:param x:``, ``:param int x:``). Unknown styles give
    the whole docstring as description and no parameter texts.
    """
    if not doc:
        return ParsedDocstring()
    lines = doc.expandtabs().splitlines()
    description: list[str] = []
    params: dict[str, list[str]] = {}
    i = 0
    while i < len(lines):
        stripped = lines[i].strip()
        if _SECTION.match(stripped) or _REST_FIELD.match(stripped):
            break
        description.append(lines[i])
        i += 1
    while i < len(lines):
        stripped = lines[i].strip()
        if _ARGS_SECTION.match(stripped):
            i = _parse_google_args(lines, i + 1, params)
            continue
        rest_field = _REST_FIELD.match(stripped)
        if rest_field and rest_field["kind"] in _REST_PARAM_KINDS:
            name = rest_field["rest"].split()[-1] if rest_field["rest"].split() else ""
            body = [rest_field["text"]]
            i += 1
            # Continuation lines are indented deeper than the field itself.
            while i < len(lines) and lines[i].strip() and _indent(lines[i]) > _indent(lines[i - 1]):
                body.append(lines[i])
                i += 1
            if name:
                params[name] = body
            continue
        i += 1
    text = "\n".join(description).strip()
    return ParsedDocstring(
        description=re.sub(r"\n{3,}", "\n\n", text),
        params={name: _join(body) for name, body in params.items()},
    )


def _parse_google_args(lines: list[str], start: int, params: dict[str, list[str]]) -> int:
    """Read the entries of an ``Args:`` section; return the index of the first line after it."""
    entry_indent: int | None = None
    current: list[str] | None = None
    i = start
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        indent = _indent(line)
        if entry_indent is None:
            entry_indent = indent
        if indent < entry_indent or (indent == 0 and _SECTION.match(line.strip())):
            break
        match = _GOOGLE_ARG.match(line.strip()) if indent == entry_indent else None
        if match:
            current = params[match["name"]] = [match["text"]]
        elif current is not None:
            current.append(line)
        i += 1
    return i


def _is_dataframe_like(value: object) -> bool:
    # Duck typing keeps pandas out of the import path of every tool call.
    return all(hasattr(value, attr) for attr in ("shape", "head", "to_string", "columns"))


def _dataframe_preview(value: Any, rows: int = DATAFRAME_PREVIEW_ROWS) -> str:
    shape = tuple(value.shape)
    dims = f"{shape[0]} rows x {shape[1]} columns" if len(shape) == 2 else f"shape {shape}"
    head = value.head(rows).to_string()
    more = f"\n... {shape[0] - rows} more rows" if shape and shape[0] > rows else ""
    return f"{type(value).__name__} with {dims}; first rows:\n{head}{more}"


def serialise_result(value: object) -> str:
    """Turn a tool's return value into the text the model reads.

    ``str`` as is; pydantic models, dicts, lists, tuples, numbers, booleans and ``None`` as JSON;
    a pandas DataFrame as its shape and first rows; anything else by ``repr``.
    """
    if isinstance(value, str):
        return value
    if _is_dataframe_like(value):
        return _dataframe_preview(value)
    if isinstance(value, BaseModel | dict | list | tuple | int | float | bool) or value is None:
        return to_json(value, fallback=repr).decode()
    return repr(value)


def cap_text(text: str, max_chars: int) -> tuple[str, int]:
    """Cut ``text`` to at most ``max_chars`` characters, marker included; return it and the cut."""
    total = len(text)
    if total <= max_chars:
        return text, 0

    def marker(cut: int) -> str:
        return f"\n[... truncated {cut:,} of {total:,} characters]"

    # The marker for the worst case is at least as long as the real one, so the result fits.
    keep = max(0, max_chars - len(marker(total)))
    cut = total - keep
    return text[:keep] + marker(cut), cut
