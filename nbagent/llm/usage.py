"""Token usage as providers report it, and a tracker that adds usages up."""

from __future__ import annotations

import logging

from pydantic import BaseModel, ConfigDict

logger = logging.getLogger("nbagent.llm.usage")


class Usage(BaseModel):
    """Tokens of one call.

    ``input_tokens`` is every input token the model read, cached ones included (Anthropic's
    ``input + cache_creation + cache_read``; OpenAI's ``prompt_tokens``). ``cache_read_tokens`` and
    ``cache_write_tokens`` break that down; ``reasoning_tokens`` is the part of ``output_tokens``
    spent thinking.

    ``estimated`` marks counts nbagent estimated in the server's place: it sent none (llama.cpp's
    server on a stream) or sent one that cannot be the request's (see
    :func:`nbagent.llm.tokens.plausible`). A sum is estimated when any part is.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    reasoning_tokens: int = 0
    estimated: bool = False

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cache_read_tokens=self.cache_read_tokens + other.cache_read_tokens,
            cache_write_tokens=self.cache_write_tokens + other.cache_write_tokens,
            reasoning_tokens=self.reasoning_tokens + other.reasoning_tokens,
            estimated=self.estimated or other.estimated,
        )


def reported_count(value: object) -> int:
    """A token count as a server sent it: the integer, or 0 when it sent none (absent, null,
    not an integer). Its sign is kept: :func:`reported_usage` mends and logs a negative one."""
    if isinstance(value, bool) or not isinstance(value, int):
        return 0
    return value


def reported_usage(
    *,
    input_tokens: object = 0,
    output_tokens: object = 0,
    cache_read_tokens: object = 0,
    cache_write_tokens: object = 0,
    reasoning_tokens: object = 0,
    source: str = "the server",
) -> Usage:
    """The :class:`Usage` a server reported, made consistent: a count that is not a
    non-negative integer is 0, cache reads and writes are at most the input they are part of,
    reasoning at most the output. A report that needed mending is logged once per call (a
    negative count stopped summaries and made a turn's cost negative; cache reads above the
    input inflated the cost and the cache share)."""
    raw = {
        "input_tokens": input_tokens,
        "output_tokens": output_tokens,
        "cache_read_tokens": cache_read_tokens,
        "cache_write_tokens": cache_write_tokens,
        "reasoning_tokens": reasoning_tokens,
    }
    counts = {k: max(reported_count(v), 0) for k, v in raw.items()}
    wrong = [k for k, v in raw.items() if v not in (None, 0) and v != counts[k]]
    read = min(counts["cache_read_tokens"], counts["input_tokens"])
    write = min(counts["cache_write_tokens"], counts["input_tokens"] - read)
    reasoning = min(counts["reasoning_tokens"], counts["output_tokens"])
    wrong += [
        name
        for name, kept in (
            ("cache_read_tokens", read),
            ("cache_write_tokens", write),
            ("reasoning_tokens", reasoning),
        )
        if kept != counts[name] and name not in wrong
    ]
    if wrong:
        logger.warning(
            "%s reported impossible token counts (%s); counted as %s",
            source,
            ", ".join(f"{k}={raw[k]!r}" for k in wrong),
            ", ".join(
                f"{k}={v}"
                for k, v in (
                    ("cache_read_tokens", read),
                    ("cache_write_tokens", write),
                    ("reasoning_tokens", reasoning),
                    *((k, counts[k]) for k in ("input_tokens", "output_tokens")),
                )
                if k in wrong
            ),
        )
    return Usage(
        input_tokens=counts["input_tokens"],
        output_tokens=counts["output_tokens"],
        cache_read_tokens=read,
        cache_write_tokens=write,
        reasoning_tokens=reasoning,
    )


class CostTracker:
    """Adds usages up over many calls, and keeps each call's usage (see :attr:`per_call`)."""

    def __init__(self) -> None:
        self._total = Usage()
        self._calls = 0
        self._each: list[Usage] = []

    def add(self, usage: Usage) -> None:
        self._total = self._total + usage
        self._calls += 1
        self._each.append(usage)

    @property
    def per_call(self) -> tuple[Usage, ...]:
        """The usage of each call passed to :meth:`add`, in order: what a turn record lists per
        request (totals merged in from another tracker add to :attr:`total` only)."""
        return tuple(self._each)

    @property
    def total(self) -> Usage:
        return self._total

    @property
    def calls(self) -> int:
        return self._calls

    @property
    def total_tokens(self) -> int:
        return self._total.total_tokens

    def reset(self) -> None:
        self._total = Usage()
        self._calls = 0
        self._each = []

    def __repr__(self) -> str:
        t = self._total
        return (
            f"CostTracker(calls={self._calls}, input_tokens={t.input_tokens}, "
            f"output_tokens={t.output_tokens}, total_tokens={t.total_tokens})"
        )


__all__ = ["CostTracker", "Usage", "reported_count", "reported_usage"]
