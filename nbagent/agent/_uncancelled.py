"""Finish a step that must not be cut in half, even when the task running it is cancelled."""

from __future__ import annotations

import asyncio
from typing import TypeVar

T = TypeVar("T")


async def finish_despite_cancel(task: asyncio.Future[T]) -> T:
    """Wait for ``task`` to end; a cancellation meanwhile is raised only once it has.

    A store commit runs in a worker thread that a cancellation cannot stop: waiting for it to
    end (and for the session to note what it did) is the only way the session and the store
    agree on whether the turn was saved.
    """
    cancelled: asyncio.CancelledError | None = None
    while True:
        try:
            result = await asyncio.shield(task)
        except asyncio.CancelledError as e:
            if task.done():  # the step itself was cancelled
                raise
            cancelled = e
            continue
        except BaseException as e:
            if cancelled is not None:
                raise cancelled from e
            raise
        if cancelled is not None:
            raise cancelled
        return result


__all__ = ["finish_despite_cancel"]
