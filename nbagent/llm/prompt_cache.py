"""What a provider's prompt cache would have served: replayed requests billed as the provider would.

A provider bills the repeat of an earlier request's prefix at a fraction of the input price
(cached input), and Anthropic bills writing an entry at 1.25x (5-minute TTL). Two models:

- ``breakpoints`` (Anthropic): entries are written only at the request's ``cache_control``
  marks, placed as nbagent's Anthropic provider places them (see
  ``nbagent.llm.providers.anthropic``): the last message, the system prompt, the previous
  request's last message (the last user message before the last assistant message) and the last
  tool, at most four. A request reads the longest entry whose prefix it repeats and that ends at
  or at most ``lookback`` blocks before one of its marks; it writes from there to its last mark.
- ``automatic`` (OpenAI, DeepSeek, Qwen): the longest prefix the request repeats of any earlier
  request is read, from ``min_tokens`` on in ``step``-token steps (OpenAI: 1,024 and 128); no
  write is billed.

Entries stay warm: a replay has no clock, so its turns are taken to come within the TTL. A prefix
is compared message by message (the tool definitions first), so a message changed anywhere ends
it there; tokens are the estimator's. ::

    cache = PromptCacheSimulator(ANTHROPIC_CACHE)
    usage = cache.bill(request.tools, request.messages, output_tokens=120)
    usage.cache_read_tokens, usage.cache_write_tokens
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from nbagent.llm.messages import AnyMessage, AssistantMessage, SystemMessage, UserMessage
from nbagent.llm.pricing import Usage
from nbagent.llm.request import ToolDefinition
from nbagent.llm.tokens import TokenEstimator, estimate_message_tokens, estimate_tools_tokens


@dataclass(frozen=True, slots=True)
class CacheModel:
    """How a provider's prompt cache reads and writes (see the module docstring)."""

    kind: Literal["breakpoints", "automatic"]
    min_tokens: int = 1024
    """The shortest prefix the provider caches."""
    step: int = 1
    """Cached prefixes are read in multiples of this many tokens."""
    lookback: int = 20
    """``breakpoints``: how many blocks before a mark the provider looks for an entry."""


ANTHROPIC_CACHE = CacheModel("breakpoints", min_tokens=1024)
"""Claude Sonnet and Opus (Haiku caches from 2,048 tokens)."""
AUTOMATIC_CACHE = CacheModel("automatic", min_tokens=1024, step=128)
"""OpenAI's automatic prefix caching; DeepSeek's and Qwen's are priced alike here."""


def cache_model_for(provider: str | None) -> CacheModel:
    """The cache of a provider by name (Anthropic's breakpoints, else automatic)."""
    return (
        ANTHROPIC_CACHE if (provider or "").lower() in {"anthropic", "claude"} else AUTOMATIC_CACHE
    )


class PromptCacheSimulator:
    """One conversation's cache: feed it every request, in order, and it bills each."""

    def __init__(self, model: CacheModel, estimator: TokenEstimator | None = None) -> None:
        self.model = model
        self.estimator = estimator
        self._entries: set[bytes] = set()
        # Digests by message identity: a session sends the same objects request after request,
        # so each message is serialised once, not once per request.
        self._digests: dict[int, tuple[AnyMessage, bytes]] = {}

    def _digest(self, message: AnyMessage) -> bytes:
        known = self._digests.get(id(message))
        if known is not None and known[0] is message:
            return known[1]
        digest = hashlib.blake2b(message.model_dump_json().encode(), digest_size=16).digest()
        self._digests[id(message)] = (message, digest)
        return digest

    def bill(
        self,
        tools: Sequence[ToolDefinition],
        messages: Sequence[AnyMessage],
        output_tokens: int = 0,
    ) -> Usage:
        """The usage the provider would report for this request, cache reads and writes split
        out of its input tokens (``input_tokens`` counts them, as nbagent's ``Usage`` does)."""
        chain: list[bytes] = []
        cumulative: list[int] = []
        state, total = b"", 0
        segments: list[tuple[bytes, int]] = []
        if tools:
            text = "".join(t.model_dump_json() for t in tools)
            digest = hashlib.blake2b(text.encode(), digest_size=16).digest()
            segments.append((digest, estimate_tools_tokens(tools, self.estimator)))
        ordered = anthropic_order(messages) if self.model.kind == "breakpoints" else messages
        for group in ordered:
            # A group is one message, or (Anthropic) every system message as the one system text.
            parts = group if isinstance(group, tuple) else (group,)
            digests = b"".join(self._digest(m) for m in parts)
            tokens = sum(estimate_message_tokens(m, self.estimator) for m in parts)
            if len(parts) > 1:
                digests = hashlib.blake2b(digests, digest_size=16).digest()
            segments.append((digests, tokens))
        for digest, tokens in segments:
            state = hashlib.blake2b(state + digest, digest_size=16).digest()
            total += tokens
            chain.append(state)
            cumulative.append(total)
        if self.model.kind == "automatic":
            read = self._automatic(chain, cumulative)
            write = 0
        else:
            read, write = self._breakpoints(chain, cumulative, _marks(ordered, bool(tools)))
        return Usage(
            input_tokens=total,
            output_tokens=output_tokens,
            cache_read_tokens=read,
            cache_write_tokens=write,
        )

    def _automatic(self, chain: list[bytes], cumulative: list[int]) -> int:
        hit = -1
        for i, state in enumerate(chain):  # a chain repeats an earlier one up to a point
            if state not in self._entries:
                break
            hit = i
        self._entries.update(chain)
        tokens = cumulative[hit] if hit >= 0 else 0
        if tokens < self.model.min_tokens:
            return 0
        return tokens - tokens % self.model.step

    def _breakpoints(
        self,
        chain: list[bytes],
        cumulative: list[int],
        marks: list[int],
    ) -> tuple[int, int]:
        if not marks:
            return 0, 0
        lookback = self.model.lookback
        read_at = -1
        for i in range(len(chain) - 1, -1, -1):
            if chain[i] in self._entries and any(i <= m <= i + lookback for m in marks):
                read_at = i
                break
        read = cumulative[read_at] if read_at >= 0 else 0
        last = cumulative[marks[-1]]
        write = last - read if last >= self.model.min_tokens and last > read else 0
        self._entries.update(chain[m] for m in marks if cumulative[m] >= self.model.min_tokens)
        return read, write


def anthropic_order(
    messages: Sequence[AnyMessage],
) -> list[AnyMessage | tuple[SystemMessage, ...]]:
    """``messages`` in the order the Anthropic wire reads them. Its body has one top-level
    ``system`` text -- every system message, a summary too, wherever it sits -- before the
    messages, so they come first as one tuple; a summary placed at the end of the view still
    changes the prefix right after the tools."""
    system = tuple(m for m in messages if isinstance(m, SystemMessage))
    if not system:
        return list(messages)
    return [system, *(m for m in messages if not isinstance(m, SystemMessage))]


def breakpoint_positions(messages: Sequence[AnyMessage], has_tools: bool) -> list[int]:
    """Where the Anthropic provider puts its marks, as positions in the request's segments
    (the tool definitions, when there are any, then each entry of :func:`anthropic_order`), in
    order, at most four."""
    return _marks(anthropic_order(messages), has_tools)


def _marks(ordered: Sequence[AnyMessage | tuple[SystemMessage, ...]], has_tools: bool) -> list[int]:
    offset = 1 if has_tools else 0
    n = len(ordered)
    spots: list[int] = []
    if n:
        spots.append(offset + n - 1)
    if n and isinstance(ordered[0], tuple):
        spots.append(offset)
    assistants = [i for i, m in enumerate(ordered) if isinstance(m, AssistantMessage)]
    if assistants:
        users = [i for i in range(assistants[-1]) if isinstance(ordered[i], UserMessage)]
        if users:
            spots.append(offset + users[-1])
    if has_tools:
        spots.append(0)
    return sorted(set(spots))[:4]


__all__ = [
    "ANTHROPIC_CACHE",
    "AUTOMATIC_CACHE",
    "CacheModel",
    "PromptCacheSimulator",
    "anthropic_order",
    "breakpoint_positions",
    "cache_model_for",
]
