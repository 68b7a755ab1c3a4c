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
    running: tuple[int, ...]
    """``running[k]``: the estimate of the first ``k`` messages (one more entry than messages),
    so the next request's kept prefix is counted by one lookup."""

    @property
    def tokens(self) -> int:
        """The estimate of its messages."""
        return self.running[-1]


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


def _same_tools(a: Sequence[ToolDefinition], b: Sequence[ToolDefinition]) -> bool:
    # Identity first: a cycle sends its registry's very definitions each time.
    return len(a) == len(b) and all(x is y or x == y for x, y in zip(a, b, strict=True))


def _common_length(a: tuple[AnyMessage, ...], b: tuple[AnyMessage, ...]) -> int:
    """How many leading messages ``a`` and ``b`` share.

    Tuple comparison checks identity before equality, item by item in C: a session sends the
    very objects it stored, so a whole-prefix comparison costs a pointer test per message, and
    a field-by-field comparison of texts only for rebuilt messages such as the system prompt.
    Sharing is monotone in the length, so the first difference is found by halving.
    """
    low, high = 0, min(len(a), len(b))
    if a[:high] == b[:high]:
        return high
    while low + 1 < high:  # a[:low] == b[:low], a[:high] != b[:high]
        middle = (low + high) // 2
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle
    return low


def sent_request(
    previous: SentRequest | None,
    tools: Sequence[ToolDefinition],
    messages: Sequence[AnyMessage],
    estimator: TokenEstimator | None = None,
) -> tuple[SentRequest, KeptPrefix]:
    """The request of ``tools`` and ``messages``, and the prefix it repeats of ``previous``
    (nothing when there was none).

    Only the messages after the kept prefix are estimated, so a long history is not counted
    again every round.
    """
    current = tuple(messages)
    kept = 0
    if previous is not None and _same_tools(previous.tools, tools):
        kept = _common_length(previous.messages, current)
    running = list(previous.running[: kept + 1]) if previous is not None else [0]
    for message in current[kept:]:
        running.append(running[-1] + estimate_message_tokens(message, estimator))
    sent = SentRequest(tuple(tools), current, tuple(running))
    return sent, KeptPrefix(kept, running[kept], running[-1])


__all__ = ["KeptPrefix", "SentRequest", "sent_request"]
