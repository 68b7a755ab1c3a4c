"""How much of the previous request a new request repeats, from its start: its cacheable prefix.

Providers cache a request's prefix (Anthropic at its ``cache_control`` breakpoints, OpenAI,
DeepSeek and Qwen automatically) and bill the next request's repeat of it at a tenth of the
price, or about half. A request that changes an early message — a compaction, a summary — pays
full price from there on. :func:`sent_request` measures what a request kept::

    sent, kept = sent_request(previous, tools, messages, estimator)
    kept.tokens, kept.share     # 41_200, 0.97: all but the new turn was a repeat

Messages are compared whole (a message edited anywhere ends the prefix there), and the tool
definitions first: providers put them before the messages, so a change of tools keeps nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nbagent.llm.messages import AnyMessage
from nbagent.llm.request import ToolDefinition
from nbagent.llm.tokens import TokenEstimator, estimate_message_tokens


@dataclass(frozen=True, slots=True)
class SentRequest:
    """What a request sent, as far as its prefix goes: its tools and its messages."""

    tools: tuple[ToolDefinition, ...]
    messages: tuple[AnyMessage, ...]
    tokens: int
    """The estimate of its messages."""


@dataclass(frozen=True, slots=True)
class KeptPrefix:
    """The leading messages a request shares with the one before it, and their estimate."""

    messages: int
    tokens: int
    request_tokens: int
    """The estimate of the whole request's messages."""

    @property
    def share(self) -> float:
        """``tokens / request_tokens`` (1.0 for an empty request)."""
        return self.tokens / self.request_tokens if self.request_tokens else 1.0


def _same(a: AnyMessage, b: AnyMessage) -> bool:
    # Identity first: a session sends the very objects it stored, so equality (a field-by-field
    # comparison of whole texts) is only reached for rebuilt messages such as the system prompt.
    return a is b or a == b


def _same_tools(a: Sequence[ToolDefinition], b: Sequence[ToolDefinition]) -> bool:
    # Identity first, as for messages: a cycle sends its registry's very definitions each time.
    return len(a) == len(b) and all(x is y or x == y for x, y in zip(a, b, strict=True))


def sent_request(
    previous: SentRequest | None,
    tools: Sequence[ToolDefinition],
    messages: Sequence[AnyMessage],
    estimator: TokenEstimator | None = None,
) -> tuple[SentRequest, KeptPrefix]:
    """The request of ``tools`` and ``messages``, and the prefix it repeats of ``previous``
    (nothing when there was none).

    Only what is new is estimated when the request repeats all of ``previous`` (the usual case:
    a request extends the one before it), so a long history is not counted again every round.
    """
    current = tuple(messages)
    kept = 0
    if previous is not None and _same_tools(previous.tools, tools):
        limit = min(len(previous.messages), len(current))
        while kept < limit and _same(previous.messages[kept], current[kept]):
            kept += 1
    if previous is not None and kept == len(previous.messages):
        kept_tokens = previous.tokens
    else:
        kept_tokens = sum(estimate_message_tokens(m, estimator) for m in current[:kept])
    total = kept_tokens + sum(estimate_message_tokens(m, estimator) for m in current[kept:])
    return SentRequest(tuple(tools), current, total), KeptPrefix(kept, kept_tokens, total)


__all__ = ["KeptPrefix", "SentRequest", "sent_request"]
