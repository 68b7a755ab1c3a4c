"""The values of a tool result's declared key fields (``ToolDefinition.key_fields``).

A JSON result gives the values at those keys at any depth (a dotted field ``"booking.code"``
is ``code`` inside ``booking``); a value that is an object or a list gives its scalar leaves.
A text result gives the values of its ``key: value`` lines. A JSON result cut by the registry's
``max_result_chars`` no longer parses; its ``"key": value`` pairs are still read from the text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence

MAX_VALUE_CHARS = 200
"""A longer value is a description, not a fact to keep verbatim."""


def key_field_values(text: str, fields: Sequence[str]) -> list[str]:
    """The values of ``fields`` in a tool result ``text``, in order, each once."""
    if not fields or not text.strip():
        return []
    paths = [tuple(part.casefold() for part in f.split(".")) for f in fields]
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict | list):
        found = list(_json_values(data, (), paths))
    else:
        found = list(_text_values(text, paths))
    unique = dict.fromkeys(v.strip() for v in found)
    return [v for v in unique if v and len(v) <= MAX_VALUE_CHARS]


def _json_values(
    data: object, path: tuple[str, ...], fields: Sequence[tuple[str, ...]]
) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            here = (*path, str(key).casefold())
            if any(here[-len(f) :] == f for f in fields):
                yield from _leaves(value)
            else:
                yield from _json_values(value, here, fields)
    elif isinstance(data, list):
        for item in data:
            yield from _json_values(item, path, fields)


def _leaves(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item)
    elif isinstance(value, str):
        yield value
    elif isinstance(value, int | float) and not isinstance(value, bool):
        yield str(value)


def _text_values(text: str, fields: Sequence[tuple[str, ...]]) -> Iterator[str]:
    names = "|".join(re.escape(f[-1]) for f in fields)
    line = re.compile(
        rf"^[ \t]*(?:[-*•][ \t]*)?(?:{names})[ \t]*[:：][ \t]*(\S[^\n]*?)[ \t]*$",
        re.IGNORECASE | re.MULTILINE,
    )
    pair = re.compile(rf'"(?:{names})"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d[\d.]*)', re.IGNORECASE)
    hits = [(m.start(), m.group(1)) for m in line.finditer(text)]
    for m in pair.finditer(text):
        raw = m.group(1)
        try:
            value = json.loads(raw) if raw.startswith('"') else raw
        except ValueError:
            continue
        hits.append((m.start(), str(value)))
    for _, value in sorted(hits):
        yield value


__all__ = ["MAX_VALUE_CHARS", "key_field_values"]
