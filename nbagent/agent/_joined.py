"""Two sequences read as one, neither copied."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain
from typing import TypeVar, overload

T = TypeVar("T")


class Joined(Sequence[T]):
    """``first + second`` without building it: a stored history and a turn's new messages,
    read at a few indices near their ends (where a view starts), cost nothing per stored
    message."""

    __slots__ = ("_first", "_second")

    def __init__(self, first: Sequence[T], second: Sequence[T]) -> None:
        self._first, self._second = first, second

    def __len__(self) -> int:
        return len(self._first) + len(self._second)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        split = len(self._first)
        return self._first[index] if index < split else self._second[index - split]

    def __iter__(self) -> Iterator[T]:
        return chain(self._first, self._second)
