"""Memos of pure functions of a text, shared by the parts that meet the same texts again and
again: retention and the fact ledger every turn, a tuning grid's replays in every cell."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from nbagent.llm.tokens import HeuristicEstimator, TiktokenEstimator

_V = TypeVar("_V")


class TextMemo(Generic[_V]):
    """What a pure function returned for a text (or a key made of texts), by that key, within
    ``budget`` (the weights :meth:`put` is given; the oldest entries go first). Retention asks
    the same of the same texts every turn (a summary, a message) and each replay of a tuning
    grid asks it again. Reads take no lock, writes do (a grid may replay on threads)."""

    def __init__(self, budget: int) -> None:
        self._data: dict[Hashable, tuple[_V, int]] = {}
        self._budget = budget
        self._size = 0
        self._lock = threading.Lock()

    def __contains__(self, key: Hashable) -> bool:
        return key in self._data

    def get(self, key: Hashable) -> _V | None:
        found = self._data.get(key)
        return None if found is None else found[0]

    def put(self, key: Hashable, value: _V, weight: int) -> _V:
        if weight > self._budget // 4:
            return value  # too large to keep: it would push out everything else
        with self._lock:
            if key not in self._data:
                self._data[key] = (value, weight)
                self._size += weight
                while self._size > self._budget:
                    self._size -= self._data.pop(next(iter(self._data)))[1]
        return value


_PURE_ESTIMATORS = (HeuristicEstimator, TiktokenEstimator)
"""Estimators whose count of a text depends on the text (and their ``name``) alone."""
_COUNTS: dict[str, TextMemo[int]] = {}
_COUNTED_CHARS = 2_000
"""Longer texts (a whole summary) are rarely counted twice."""


def counter_name(count: Callable[[str], int]) -> str | None:
    """A name for ``count`` when it is ``len`` or a built-in estimator's ``count_text`` (a
    counter whose result depends on the text alone); ``None`` for any other counter, whose
    counts must not be remembered (it may not be a function)."""
    if count is len:
        return "len"
    owner: object = getattr(count, "__self__", None)
    if not isinstance(owner, _PURE_ESTIMATORS) or type(owner) not in _PURE_ESTIMATORS:
        return None  # a subclass may count otherwise
    if getattr(count, "__func__", None) is not type(owner).count_text:
        return None
    return f"estimator:{owner.name}"


def remembering(count: Callable[[str], int]) -> Callable[[str], int]:
    """``count`` remembering its counts of short texts across calls, when
    :func:`counter_name` knows it; else ``count`` itself."""
    name = counter_name(count)
    if name is None:
        return count
    memo = _COUNTS.get(name)
    if memo is None:
        memo = _COUNTS.setdefault(name, TextMemo(1_000_000))

    def remembered(text: str) -> int:
        found = memo.get(text)
        if found is None:
            found = count(text)
            if len(text) <= _COUNTED_CHARS:
                memo.put(text, found, len(text) + 64)
        return found

    return remembered


__all__ = ["TextMemo", "counter_name", "remembering"]
