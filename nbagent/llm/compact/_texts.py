"""The texts microcompact writes, and how to recognise them again.

Every compacted text carries a marker, so a second pass can tell it apart from a tool's own
output and leave it alone (microcompact is idempotent):

=====================  ==============================================================
replace                ``[pruned]`` (thinking: ``[pruned thinking]``)
truncate               the first :data:`TRUNCATE_KEEP` characters +
                       ``… [truncated 12,345 chars]``
either, keeping facts  ``[pruned; key facts: HB-11F1F8 · £696]``,
                       ``… [truncated 345 chars; key facts: HB-11F1F8 · £696]``
                       (at most :data:`FACTS_KEEP` characters of facts)
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

FACTS_KEEP = 300
"""Characters of hard facts a cut that keeps them writes beside its marker."""

PRUNED = "[pruned]"
PRUNED_THINKING = "[pruned thinking]"
FACTS_LABEL = "; key facts: "
_PRUNED_WITH_FACTS = "[pruned" + FACTS_LABEL

_ELLIPSIS_MARK = "… ["
_TRUNCATED_TAIL = re.compile(r"… \[truncated [\d,]+ chars(?:; key facts: [^\]\n]*)?\]\Z")
_TAIL_CHARS = 40 + len(FACTS_LABEL) + FACTS_KEEP
"""The longest tail a truncation of ours writes after the text it keeps."""
# Inside JSON the markers sit at the end of a string value, so they are followed by a quote.
_JSON_MARK = re.compile(r'… \[(?:truncated [\d,]+ chars|[\d,]+ more items)\]"')

# (items kept per array, characters kept per string), tried in order until the JSON fits.
_LEVELS = ((8, 160), (5, 100), (3, 64), (2, 40), (1, 24), (1, 12))


def truncation_marker(cut: int) -> str:
    return f"… [truncated {cut:,} chars]"


def truncate_text(text: str, keep: int, facts: str = "") -> str:
    """The first ``keep`` characters of ``text`` and a marker saying how many were cut (and,
    when given, the ``facts`` of the part cut)."""
    if len(text) <= keep:
        return text
    marker = truncation_marker(len(text) - keep)
    if facts:
        marker = f"{marker[:-1]}{FACTS_LABEL}{facts}]"
    return text[:keep] + marker


def pruned_text(facts: str = "") -> str:
    """What replaces a result: ``[pruned]``, or with the ``facts`` it stated."""
    return f"{_PRUNED_WITH_FACTS}{facts}]" if facts else PRUNED


def is_compacted(text: str) -> bool:
    """Whether ``text`` is microcompact's own output (so compacting it again would change it)."""
    if text in (PRUNED, PRUNED_THINKING):
        return True
    if text.startswith(_PRUNED_WITH_FACTS) and text.endswith("]") and "\n" not in text:
        return True
    if _ELLIPSIS_MARK not in text:
        return False
    tail = _TRUNCATED_TAIL.search(text, max(0, len(text) - _TAIL_CHARS))
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
