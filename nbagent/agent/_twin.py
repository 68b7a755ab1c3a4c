"""``x_sync`` twins of a session's coroutine methods, written once."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, TypeVar

from nbagent.agent._sync import run_sync

S = TypeVar("S")
P = ParamSpec("P")
T = TypeVar("T")


def sync_twin(
    method: Callable[Concatenate[S, P], Coroutine[Any, Any, T]],
) -> Callable[Concatenate[S, P], T]:
    """``method`` run to completion on nbagent's background loop (works in a running kernel)."""

    def twin(self: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return run_sync(method(self, *args, **kwargs))

    twin.__name__ = f"{method.__name__}_sync"
    twin.__qualname__ = f"{method.__qualname__}_sync"
    twin.__module__ = method.__module__
    twin.__doc__ = f"The sync twin of :meth:`{method.__name__}` (works in a running kernel)."
    return twin


__all__ = ["sync_twin"]
