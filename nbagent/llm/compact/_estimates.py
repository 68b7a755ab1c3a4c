"""One pass's estimator: the caller's, counting each text once.

A count is a function of the text alone, and a pass meets the same texts again:

- a history repeats its short texts: every tool-calling reply has its tool's name, a line such
  as ``Calling search.`` and a small input to estimate, and the cuts a pass makes end in the same
  few markers. At 1,000 messages six in ten of the texts a cold pass estimates are short, and
  all but 80 of those are repeats: they are remembered by value.
- a tool result or thinking block inside a message is estimated with its message, then alone as
  the unit a decision is about: the same string object, remembered by identity (hashing a long
  text would cost a fair part of counting it).
"""

from __future__ import annotations

from nbagent.llm.tokens import TokenEstimator, estimator_key

SHORT_TEXT = 64
"""Texts of up to this many characters have their count remembered."""


class PassEstimator:
    """``estimator`` under its own cache key (the message caches are keyed by it), remembering the
    counts it made for one pass."""

    __slots__ = ("_count", "_long", "_short", "cache_key", "name")

    def __init__(self, estimator: TokenEstimator) -> None:
        self.name = estimator.name
        self.cache_key = estimator_key(estimator)
        self._count = estimator.count_text
        self._short: dict[str, int] = {}
        self._long: dict[int, tuple[str, int]] = {}
        """By ``id(text)``, with the text: it stays alive, so its id is not reused in the pass."""

    def count_text(self, text: str) -> int:
        if len(text) > SHORT_TEXT:
            seen = self._long.get(id(text))
            if seen is not None and seen[0] is text:
                return seen[1]
            tokens = self._count(text)
            self._long[id(text)] = (text, tokens)
            return tokens
        known = self._short.get(text)
        if known is None:
            known = self._short[text] = self._count(text)
        return known

    def __repr__(self) -> str:
        return f"PassEstimator({self.name!r})"
