"""The texts microcompact writes, and how to recognise them again.

Every compacted text carries a marker, so a second pass can tell it apart from a tool's own
output and leave it alone (microcompact is idempotent):

=====================  ==============================================================
replace                ``[pruned]`` (thinking: ``[pruned thinking]``)
truncate               the first :data:`TRUNCATE_KEEP` characters +
                       ``… [truncated 12,345 chars]``
truncate structured    valid JSON near :data:`STRUCTURED_KEEP` characters, every key kept;
                       long arrays end in a ``"… [17 more items]"`` item and long strings
                       in ``… [truncated 80 chars]``
=====================  ==============================================================
"""

from __future__ import annotations

import json
import re
from typing import Any

TRUNCATE_KEEP = 200
"""Characters a plain truncation keeps."""
STRUCTURED_KEEP = 500
"""Characters a structured truncation aims at; the longest keep, so a text of ours that ends in
a truncation marker has at most this many characters before it."""

PRUNED = "[pruned]"
PRUNED_THINKING = "[pruned thinking]"

_ELLIPSIS_MARK = "… ["
_TRUNCATED_TAIL = re.compile(r"… \[truncated [\d,]+ chars\]\Z")
# Inside JSON the markers sit at the end of a string value, so they are followed by a quote.
_JSON_MARK = re.compile(r'… \[(?:truncated [\d,]+ chars|[\d,]+ more items)\]"')

# (items kept per array, characters kept per string), tried in order until the JSON fits.
_LEVELS = ((8, 160), (5, 100), (3, 64), (2, 40), (1, 24), (1, 12))


def truncation_marker(cut: int) -> str:
    return f"… [truncated {cut:,} chars]"


def truncate_text(text: str, keep: int) -> str:
    """The first ``keep`` characters of ``text`` and a marker saying how many were cut."""
    if len(text) <= keep:
        return text
    return text[:keep] + truncation_marker(len(text) - keep)


def is_compacted(text: str) -> bool:
    """Whether ``text`` is microcompact's own output (so compacting it again would change it)."""
    if text in (PRUNED, PRUNED_THINKING):
        return True
    if _ELLIPSIS_MARK not in text:
        return False
    tail = _TRUNCATED_TAIL.search(text, max(0, len(text) - 40))
    # A tool may cap its own output with a similar tail; ours keeps at most STRUCTURED_KEEP.
    if tail is not None and tail.start() <= STRUCTURED_KEEP:
        return True
    return _JSON_MARK.search(text) is not None


def _shrink(value: Any, items: int, chars: int) -> Any:
    if isinstance(value, dict):
        return {key: _shrink(inner, items, chars) for key, inner in value.items()}
    if isinstance(value, list):
        kept = [_shrink(inner, items, chars) for inner in value[:items]]
        if len(value) > items:
            kept.append(f"… [{len(value) - items:,} more items]")
        return kept
    if isinstance(value, str) and len(value) > chars:
        return value[:chars] + truncation_marker(len(value) - chars)
    return value


def truncate_structured(text: str, keep: int) -> str | None:
    """Valid JSON close to ``keep`` characters with every key of ``text`` kept, or None.

    None means "use plain truncation": the text is not a JSON object or array, or cutting its
    arrays and strings would not make it shorter (many keys and short values).
    """
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if not isinstance(value, dict | list):
        return None
    out = text
    for items, chars in _LEVELS:
        out = json.dumps(_shrink(value, items, chars), ensure_ascii=False)
        if len(out) <= keep:
            break
    if len(out) >= len(text) or _JSON_MARK.search(out) is None:
        return None
    return out
