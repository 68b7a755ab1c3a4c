"""Sync twins that work inside a running event loop (a Jupyter kernel) and outside one.

Every ``x_sync`` runs its coroutine on one dedicated background thread that owns its own event
loop, and blocks the caller until it finishes. The caller's loop is never re-entered (no
``run_until_complete`` on a running loop, no nest_asyncio), so the twins work in a notebook cell,
in a script and in a test that already runs a loop.

A ``SystemExit`` or ``KeyboardInterrupt`` raised inside a coroutine never stops the background
loop: ``run_sync`` hands it to its caller as the exception it is, and the loop thread keeps
running whatever a task lets escape (asyncio re-raises those two out of ``run_forever``).

Objects bound to a loop (an ``httpx.AsyncClient``'s connections) stay bound to the loop that first
used them: drive one session either with ``await`` or with the ``_sync`` twins, not both.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, Generator
from typing import Any, Concatenate, ParamSpec, TypeVar

S = TypeVar("S")
P = ParamSpec("P")
T = TypeVar("T")

logger = logging.getLogger("nbagent.agent.sync")

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_thread: threading.Thread | None = None


def _background_loop() -> asyncio.AbstractEventLoop:
    global _loop, _thread
    with _lock:
        if _loop is None or _thread is None or not _thread.is_alive():
            loop = asyncio.new_event_loop()
            thread = threading.Thread(
                target=_run_forever, args=(loop,), name="nbagent-sync-loop", daemon=True
            )
            thread.start()
            _loop, _thread = loop, thread
        return _loop


def _run_forever(loop: asyncio.AbstractEventLoop) -> None:
    """The loop thread's body: run ``loop`` until it is stopped, whatever a task raises.

    asyncio re-raises a ``SystemExit`` or ``KeyboardInterrupt`` from a task out of
    ``run_forever`` (after storing it in the task); ending the thread there would leave every
    awaiting caller blocked for good. The loop resumes instead, and the callers see the exception.
    """
    while True:
        try:
            loop.run_forever()
        except (KeyboardInterrupt, SystemExit) as e:
            logger.error(
                "a task on nbagent's background loop raised %s; the loop keeps running",
                type(e).__name__,
                exc_info=True,
            )
            continue
        return


def submit_background(coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
    """Start ``coro`` on the background loop without waiting; the caller's thread stays free
    (a widget's send button: the kernel keeps serving other cells while the turn streams)."""
    return asyncio.run_coroutine_threadsafe(coro, _background_loop())


CLOSE_GRACE = 5.0
"""Seconds an interrupted ``_sync`` call waits for its coroutine to finish cancelling."""

START_GRACE = 0.1
"""Seconds an interrupted ``_sync`` call waits for a coroutine that had not started yet (the
background loop was busy): cancelled at its first step, it has nothing to unwind."""


class _Escaped:
    """A ``SystemExit`` or ``KeyboardInterrupt`` on its way out of the loop to the caller."""

    def __init__(self, error: KeyboardInterrupt | SystemExit) -> None:
        self.error = error


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to completion on the background loop and return its result.

    An interrupt (Ctrl-C, a kernel interrupt) while waiting cancels the coroutine and waits (up to
    :data:`CLOSE_GRACE` seconds) until it has finished cancelling, so a turn has closed its stream
    and released its session before the interrupt reaches the caller (closing a stream that is
    still unwinding fails with "asynchronous generator is already running", and a turn still
    unwinding holds its session when the next cell starts one). A coroutine that had not started
    when the interrupt came (the loop was busy) is waited for only :data:`START_GRACE` seconds.
    """
    loop = _background_loop()
    if threading.current_thread() is _thread:
        coro.close()
        raise RuntimeError(
            "a _sync method was called from inside nbagent's background loop; await the "
            "async method instead"
        )
    started, finished = threading.Event(), threading.Event()

    async def guarded() -> T | _Escaped:
        started.set()
        try:
            return await coro
        except (KeyboardInterrupt, SystemExit) as e:
            # Returned, not raised: raised out of a task, asyncio lets them stop the loop.
            return _Escaped(e)
        finally:
            finished.set()

    future: concurrent.futures.Future[T | _Escaped] | None = None
    try:
        # Scheduled inside the try: an interrupt that lands right after still cancels it.
        future = asyncio.run_coroutine_threadsafe(guarded(), loop)
        outcome = future.result()
    except BaseException:
        if future is not None:
            future.cancel()
            if started.wait(START_GRACE):
                finished.wait(CLOSE_GRACE)
        raise
    if isinstance(outcome, _Escaped):
        raise outcome.error
    return outcome


def iterate_sync(agen: AsyncIterator[T]) -> Generator[T, None, None]:
    """Drive an async iterator on the background loop, one item at a time.

    Closing the generator (or leaving it by an exception) closes ``agen`` too, at once.
    """

    async def next_item() -> tuple[bool, T | None]:
        try:
            return True, await anext(agen)
        except StopAsyncIteration:
            return False, None

    async def close() -> None:
        aclose = getattr(agen, "aclose", None)
        if aclose is not None:
            await aclose()

    finished = False
    try:
        while True:
            more, item = run_sync(next_item())
            if not more:
                finished = True
                return
            yield item  # type: ignore[misc]  # item is a T whenever more is True
    finally:
        if not finished:
            run_sync(close())


def sync_twin(
    method: Callable[Concatenate[S, P], Coroutine[Any, Any, T]],
) -> Callable[Concatenate[S, P], T]:
    """``method`` run to completion on nbagent's background loop (works in a running kernel):
    a session's ``x_sync`` twins of its coroutine methods, written once."""

    def twin(self: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return run_sync(method(self, *args, **kwargs))

    twin.__name__ = f"{method.__name__}_sync"
    twin.__qualname__ = f"{method.__qualname__}_sync"
    twin.__module__ = method.__module__
    twin.__doc__ = f"The sync twin of :meth:`{method.__name__}` (works in a running kernel)."
    return twin
