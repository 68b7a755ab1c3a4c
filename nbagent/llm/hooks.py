"""Hooks: callbacks on the events of a turn, for logging, tables and the chat widget.

::

    hooks = HookExecutor()
    hooks.register(HookEvent.AFTER_RESPONSE, lambda ctx: print(ctx.response.usage))

    @hooks.on(HookEvent.TOOL_RESULT)
    async def log_result(ctx: HookContext) -> None:
        await store.save(ctx.data["result"])

Hooks run in registration order, sync or async. A hook that raises is logged (with its name and
traceback) and skipped: no hook can break a turn. Cancellation is not swallowed.

Who fires what: :class:`~nbagent.llm.cycle.LlmCycle` fires BEFORE_REQUEST, AFTER_RESPONSE,
TOOL_CALL, TOOL_RESULT, COMPACTION, ERROR and RETRY; the agent session fires TURN_START, TURN_END
and SUMMARY. RETRY comes from the providers' HTTP layer, which knows nothing of hooks: the cycle
listens to it (a context variable) while it calls the provider. Its context carries the error that
is being retried, ``attempt`` (2 for the first retry) and ``data`` with ``provider``, ``delay``
(seconds) and ``max_retries``.
"""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeAlias

from nbagent.llm.request import MessageRequest, MessageResponse

logger = logging.getLogger("nbagent.llm.hooks")


class HookEvent(StrEnum):
    """The events a hook can listen to."""

    TURN_START = "turn_start"
    TURN_END = "turn_end"
    BEFORE_REQUEST = "before_request"
    """``request`` is about to go to the provider; ``attempt`` counts from 1."""
    AFTER_RESPONSE = "after_response"
    """``response`` came back for ``request``."""
    RETRY = "retry"
    ERROR = "error"
    """``error`` is about to propagate out of the cycle."""
    TOOL_CALL = "tool_call"
    """``data["call"]`` (a ``ToolUseBlock``) is about to run."""
    TOOL_RESULT = "tool_result"
    """``data["result"]`` (a ``ToolCallResult``) came back for ``data["call"]``."""
    COMPACTION = "compaction"
    """Microcompact ran; ``data["report"]`` is its ``CompactReport``."""
    SUMMARY = "summary"


@dataclass
class HookContext:
    """What a hook sees. Fields that do not apply to an event stay ``None``."""

    event: HookEvent
    request: MessageRequest | None = None
    response: MessageResponse | None = None
    error: BaseException | None = None
    attempt: int = 0
    turn_index: int | None = None
    data: dict[str, Any] = field(default_factory=dict)


HookCallback: TypeAlias = Callable[[HookContext], Awaitable[None] | None]
"""A sync or async function taking the context; its return value is ignored."""


@dataclass(frozen=True)
class HookHandle:
    """Returned by :meth:`HookExecutor.register`; pass it to :meth:`HookExecutor.unregister`."""

    event: HookEvent
    id: int
    name: str


def _hook_name(fn: Callable[..., Any]) -> str:
    module = getattr(fn, "__module__", None)
    qualname = getattr(fn, "__qualname__", None) or repr(fn)
    return f"{module}.{qualname}" if module else qualname


class HookExecutor:
    """Holds hooks per event and runs them; a failing hook is logged and skipped."""

    def __init__(self) -> None:
        self._hooks: dict[HookEvent, list[tuple[HookHandle, HookCallback]]] = {}
        self._ids = itertools.count(1)

    def register(
        self, event: HookEvent, fn: HookCallback, *, name: str | None = None
    ) -> HookHandle:
        """Run ``fn`` on every ``event``, after the hooks registered before it."""
        event = HookEvent(event)
        handle = HookHandle(event, next(self._ids), name or _hook_name(fn))
        self._hooks.setdefault(event, []).append((handle, fn))
        return handle

    def on(self, event: HookEvent) -> Callable[[HookCallback], HookCallback]:
        """Decorator form of :meth:`register`; returns the function unchanged."""

        def decorate(fn: HookCallback) -> HookCallback:
            self.register(event, fn)
            return fn

        return decorate

    def unregister(self, handle: HookHandle) -> bool:
        """Remove a hook; ``False`` if it was not registered."""
        hooks = self._hooks.get(handle.event, [])
        for i, (h, _) in enumerate(hooks):
            if h == handle:
                del hooks[i]
                return True
        return False

    def clear(self, event: HookEvent | None = None) -> None:
        if event is None:
            self._hooks.clear()
        else:
            self._hooks.pop(HookEvent(event), None)

    def handles(self, event: HookEvent) -> list[HookHandle]:
        return [h for h, _ in self._hooks.get(HookEvent(event), [])]

    def __len__(self) -> int:
        return sum(len(hooks) for hooks in self._hooks.values())

    async def emit(self, event: HookEvent, ctx: HookContext) -> None:
        """Run the hooks of ``event`` in registration order with ``ctx``.

        ``ctx.event`` is set to ``event``. Exceptions from hooks are logged at error level and
        skipped; cancellation propagates.
        """
        if ctx.event != event:
            ctx = dataclasses.replace(ctx, event=HookEvent(event))
        # A copy: a hook that (un)registers hooks does not change this run.
        for handle, fn in list(self._hooks.get(ctx.event, [])):
            try:
                result = fn(ctx)
                if inspect.isawaitable(result):
                    await result
            except Exception as e:
                logger.error(
                    "hook %s on %s raised %s: %s; the turn goes on",
                    handle.name,
                    ctx.event.value,
                    type(e).__name__,
                    e,
                    exc_info=True,
                )

    def __repr__(self) -> str:
        counts = {event.value: len(hooks) for event, hooks in self._hooks.items() if hooks}
        return f"HookExecutor({counts})"
