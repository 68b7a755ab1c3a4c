"""CPU-heavy steps off the event loop, and steps a cancellation cannot cut.

Every session's coroutines run on one event loop (the ``_sync`` twins' background loop, or a
notebook's own): a synchronous step that computes for long there stalls every other session's
turn meanwhile -- their streaming, their HTTP reads. :func:`off_loop` runs such a step in a
worker thread instead, and the loop serves the others while it runs.

A step sent off the loop must work on data no other coroutine mutates meanwhile: its own
session's (whose turn waits for it) or values nobody changes (frozen messages); what it shares
with other sessions is the memos of pure functions (:mod:`nbagent.llm.memo`), which are safe
across threads. A thread cannot be stopped, so a cancellation waits for the step to end before
it is raised (:func:`finish_despite_cancel`): nothing is left running behind the loop's back
over state the next turn reads.

A hop to a thread costs about 60 µs, so a step is sent only where it can take long: the
summary's transcript and ledger, the offline provider's extractive summary, and, over more
than :data:`OFF_LOOP_MESSAGES` messages, microcompact's plan, the retention count and the
request view (when that many are new to it: the first turn after opening a session).

The thread still takes turns with the loop for the interpreter (the GIL, handed over every
``sys.getswitchinterval()``, 5 ms): the other sessions wait milliseconds, not the whole step.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

OFF_LOOP_MESSAGES = 100
"""A step over at most this many messages runs on the loop: it takes a few milliseconds at most,
and a hop to a thread would be a good share of it."""


async def finish_despite_cancel(task: asyncio.Future[T]) -> T:
    """Wait for ``task`` to end; a cancellation meanwhile is raised only once it has.

    A store commit, or a step in a worker thread, cannot be stopped by a cancellation: waiting
    for it to end (and for the session to note what it did) is the only way the session and
    the store agree on whether the turn was saved, and the only way no thread still mutates
    the session's state when the next turn reads it.
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


async def off_loop(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn(*args, **kwargs)`` in a worker thread (``asyncio.to_thread``), so the loop serves
    other sessions meanwhile; a cancellation is raised once it has returned."""
    return await finish_despite_cancel(
        asyncio.ensure_future(asyncio.to_thread(fn, *args, **kwargs))
    )


async def off_loop_over(
    messages: int, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs
) -> T:
    """:func:`off_loop` for a step over more than :data:`OFF_LOOP_MESSAGES` ``messages``; a
    smaller one is called here, on the loop."""
    if messages > OFF_LOOP_MESSAGES:
        return await off_loop(fn, *args, **kwargs)
    return fn(*args, **kwargs)


__all__ = ["OFF_LOOP_MESSAGES", "finish_despite_cancel", "off_loop", "off_loop_over"]
