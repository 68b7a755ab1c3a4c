"""Memos of pure functions of a text, shared by the parts that meet the same texts again and
again: retention and the fact ledger every turn, a tuning grid's replays in every cell.

Every memo is bounded (its ``budget``, the oldest entries go first) and known to this module:
:func:`memo_sizes` says what each holds, :func:`clear_memos` lets them all go (they remember
only what can be computed again), and a tuning grid, which fills most of them, lets go of them
when it returns (:func:`~nbagent.notebook.tune_summary`), so two grids leave nothing behind for
the kernel's life.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from nbagent.llm.tokens import HeuristicEstimator, TiktokenEstimator

_V = TypeVar("_V")


class TextMemo(Generic[_V]):
    """What a pure function returned for a text (or a key made of texts), by that key, within
    ``budget`` (the weights :meth:`put` is given; the oldest entries go first). Retention asks
    the same of the same texts every turn (a summary, a message) and each replay of a tuning
    grid asks it again. Reads take no lock, writes do (a grid may replay on threads)."""

    def __init__(self, budget: int, name: str | None = None) -> None:
        self._data: dict[Hashable, tuple[_V, int]] = {}
        self._budget = budget
        self._size = 0
        self._lock = threading.Lock()
        # Named by the module that made it, unless told: what memo_sizes() reports.
        self.name = name or sys._getframe(1).f_globals.get("__name__", "?")
        with _REGISTRY_LOCK:
            _REGISTRY.append(self)

    @property
    def size(self) -> int:
        """The weights held (about the characters of the texts remembered)."""
        return self._size

    def clear(self) -> int:
        """Forget every entry; the weight let go."""
        with self._lock:
            released, self._size = self._size, 0
            self._data = {}
        return released

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


_REGISTRY: list[TextMemo[Any]] = []
_REGISTRY_LOCK = threading.Lock()
_CLEARS: list[Callable[[], object]] = []
"""The clear functions of the caches that are not TextMemos (``functools.lru_cache`` s)."""


def also_cleared(cache: Callable[..., object]) -> None:
    """Have :func:`clear_memos` clear ``cache`` too (a ``functools.lru_cache`` d function)."""
    clear = getattr(cache, "cache_clear", None)
    if clear is None:
        raise TypeError(f"{cache!r} has no cache_clear()")
    _CLEARS.append(clear)


def memo_sizes() -> dict[str, int]:
    """The weight each memo holds, by the name of the module that made it (a module's memos
    added up; a counter's memo as ``counts:<counter>``)."""
    sizes: dict[str, int] = {}
    with _REGISTRY_LOCK:
        memos = list(_REGISTRY)
    for memo in memos:
        sizes[memo.name] = sizes.get(memo.name, 0) + memo.size
    return sizes


def clear_memos() -> int:
    """Let every memo go (each remembers only what can be computed again); the weight let go."""
    with _REGISTRY_LOCK:
        memos = list(_REGISTRY)
    released = sum(memo.clear() for memo in memos)
    for clear in _CLEARS:
        clear()
    return released


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
        memo = _COUNTS.setdefault(name, TextMemo(1_000_000, f"counts:{name}"))

    def remembered(text: str) -> int:
        found = memo.get(text)
        if found is None:
            found = count(text)
            if len(text) <= _COUNTED_CHARS:
                memo.put(text, found, len(text) + 64)
        return found

    return remembered


__all__ = [
    "TextMemo",
    "also_cleared",
    "clear_memos",
    "counter_name",
    "memo_sizes",
    "remembering",
]
