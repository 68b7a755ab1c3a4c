"""How the HTTP layer tells the LLM cycle about retries, without knowing about hooks.

The HTTP layer calls the listener in :data:`retry_listener` before each retry; the cycle sets it
around its provider calls and turns each :class:`RetryNotice` into a ``RETRY`` hook event.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass

from nbagent.errors import ProviderError


@dataclass(frozen=True)
class RetryNotice:
    """A retry about to happen: the ``attempt``-th of ``max_retries``, after ``delay`` seconds."""

    provider: str
    attempt: int
    max_retries: int
    delay: float
    error: ProviderError


RetryListener = Callable[[RetryNotice], Awaitable[None]]

retry_listener: ContextVar[RetryListener | None] = ContextVar(
    "nbagent_retry_listener", default=None
)
"""Who hears of retries in the current context. Providers know nothing of hooks: the LLM cycle
sets this around its provider calls and turns each notice into a ``RETRY`` hook event."""


__all__ = ["RetryListener", "RetryNotice", "retry_listener"]
