"""What a call costs: the tokens a provider reports, and their price in USD.

:class:`Usage` is a call's tokens as the provider reported them (:func:`reported_usage` makes a
server's report consistent), :class:`CostTracker` adds usages up over many calls; per-model
prices, shipped as data, and the arithmetic (:func:`cost_usd`) turn a usage into USD. The module
reads in that order: usage, then prices.

The shipped table (``nbagent/llm/prices.json``) holds the published list prices of the common
models of every preset, each row with the page it was read from and the date it was checked.
Prices change; a user overrides any row in code::

    pricing = Pricing(overrides={"my-model": ModelPrice("my-model", 1.0, 0.1, 1.0, 4.0)})
    pricing = Pricing().with_price(ModelPrice("gpt-4o", 2.0, 1.0, 2.0, 8.0), provider="openai")

:meth:`Pricing.price_for` answers ``None`` for a model it does not know: callers say "no known
price" rather than show a cost of zero. Local servers (llama.cpp, Ollama, vLLM) and the offline
provider are priced at zero on purpose, with ``source`` ``"local"`` / ``"offline"``.
"""

from __future__ import annotations

import json
import logging
import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from nbagent.errors import ConfigurationError

# -- usage: the tokens of a call -------------------------------------------------------------------

logger = logging.getLogger("nbagent.llm.usage")  # the name usage warnings were always logged under


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


# -- prices: a model's USD per million tokens, and the arithmetic ----------------------------------

ANY_MODEL = "*"
"""A row's model that prices every model of its provider (local servers)."""

CacheTtl = Literal["5m", "1h"]

# Provider names as a ProviderSpec or a provider's ``name`` may spell them.
_PROVIDER_ALIASES = {
    "claude": "anthropic",
    "dashscope": "qwen",
    "llama.cpp": "llamacpp",
    "llama_cpp": "llamacpp",
    "llama-cpp": "llamacpp",
}

# Dated snapshots and moving aliases share their base model's price: Anthropic's
# ``-20250929`` / ``@20250929`` (Vertex), OpenAI's and Qwen's ``-2024-07-18``, and ``-latest``.
_SNAPSHOT = re.compile(r"(?:[-@]\d{8}|-\d{4}-\d{2}-\d{2}|-latest)$")


@dataclass(frozen=True)
class ModelPrice:
    """One model's list prices, in USD per million tokens.

    ``cache_write`` is what writing a token into the provider's cache costs: Anthropic's 5-minute
    write (1.25x input; ``cache_write_1h`` is the 1-hour write, 2x input); providers that cache
    automatically and charge no write (OpenAI, DeepSeek, Qwen) set it equal to ``input``.
    ``source`` is the provider's pricing page, ``as_of`` the ISO date the row was checked.
    """

    model: str
    input: float
    cached_input: float
    cache_write: float
    output: float
    source: str = "user"
    as_of: str = ""
    cache_write_1h: float | None = None
    provider: str | None = None
    note: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.model, str) or not self.model.strip():
            raise ConfigurationError(f"ModelPrice needs a model id, got {self.model!r}.")
        rates = {
            "input": self.input,
            "cached_input": self.cached_input,
            "cache_write": self.cache_write,
            "output": self.output,
            "cache_write_1h": self.cache_write_1h,
        }
        for name, value in rates.items():
            if value is None and name == "cache_write_1h":
                continue
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not math.isfinite(value)
                or value < 0
            ):
                raise ConfigurationError(
                    f"ModelPrice({self.model!r}).{name} must be a finite number >= 0 (USD per "
                    f"million tokens), got {value!r}."
                )

    @property
    def is_free(self) -> bool:
        """True for a zero-priced row (a local server, the offline provider)."""
        return self.input == self.cached_input == self.cache_write == self.output == 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ModelPrice:
        known = {f for f in cls.__dataclass_fields__}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigurationError(f"Unknown price field(s) {unknown}; known: {sorted(known)}.")
        return cls(**dict(data))


@dataclass(frozen=True)
class CostBreakdown:
    """A call's USD, by what the tokens were billed as."""

    uncached_input: float = 0.0
    cache_read: float = 0.0
    cache_write: float = 0.0
    output: float = 0.0

    @property
    def input(self) -> float:
        return self.uncached_input + self.cache_read + self.cache_write

    @property
    def total(self) -> float:
        return self.input + self.output


def cost_breakdown(usage: Usage, price: ModelPrice, *, ttl: CacheTtl = "5m") -> CostBreakdown:
    """``usage`` billed at ``price``; ``ttl="1h"`` bills cache writes at the 1-hour rate.

    :class:`Usage` counts cached tokens inside ``input_tokens``, so the uncached part is what is
    left after the cache reads and writes (never below zero, should a provider over-report).
    """
    uncached = max(0, usage.input_tokens - usage.cache_read_tokens - usage.cache_write_tokens)
    write_rate = price.cache_write
    if ttl == "1h" and price.cache_write_1h is not None:
        write_rate = price.cache_write_1h
    return CostBreakdown(
        uncached_input=uncached * price.input / 1e6,
        cache_read=usage.cache_read_tokens * price.cached_input / 1e6,
        cache_write=usage.cache_write_tokens * write_rate / 1e6,
        output=usage.output_tokens * price.output / 1e6,
    )


def cost_usd(usage: Usage, price: ModelPrice, *, ttl: CacheTtl = "5m") -> float:
    """USD of one call (or of summed calls of one model) at ``price``."""
    return cost_breakdown(usage, price, ttl=ttl).total


def _provider_key(provider: str | None) -> str | None:
    if provider is None or not provider.strip():
        return None
    name = provider.strip().lower()
    return _PROVIDER_ALIASES.get(name, name)


def _model_candidates(model: str) -> list[str]:
    """``model`` and the ids it may be priced under, most specific first."""
    out: list[str] = []

    def add(candidate: str) -> None:
        if candidate and candidate not in out:
            out.append(candidate)

    base = model.strip()
    for name in (base, base.lower()):
        add(name)
        # Gateways prefix the vendor ("openai/gpt-4o"); the price is the vendor's.
        tail = name.rsplit("/", 1)[-1]
        add(tail)
        for candidate in (name, tail):
            stripped = _SNAPSHOT.sub("", candidate)
            if stripped != candidate:
                add(stripped)
    return out


@lru_cache(maxsize=1)
def _shipped_rows() -> tuple[ModelPrice, ...]:
    text = resources.files("nbagent.llm").joinpath("prices.json").read_text(encoding="utf-8")
    return tuple(ModelPrice.from_dict(row) for row in json.loads(text)["prices"])


def shipped_prices() -> list[ModelPrice]:
    """The rows of the table shipped with nbagent."""
    return list(_shipped_rows())


def _key(provider: str | None, model: str) -> tuple[str | None, str]:
    return _provider_key(provider), model.strip()


def _rows(name: str, rows: object) -> tuple[ModelPrice, ...]:
    """``rows`` as a tuple, or a clear error where it is no collection of prices."""
    if isinstance(rows, str | bytes) or not isinstance(rows, Iterable):
        raise ConfigurationError(
            f"Pricing({name}=...) takes ModelPrice rows (a list, or a dict by model id), got "
            f"{type(rows).__name__}: e.g. Pricing({{'my-model': ModelPrice('my-model', input="
            "0.5, cached_input=0.05, cache_write=0.5, output=1.5)})"
        )
    return tuple(rows)


class Pricing:
    """A price table: the shipped rows (or ``table``) with ``overrides`` on top.

    ``overrides`` maps a model id, or ``"provider:model"``, to its price; an iterable of
    :class:`ModelPrice` works too (each keyed by its ``provider`` and ``model``). An override
    wins over every table row of that model.
    """

    def __init__(
        self,
        overrides: Mapping[str, ModelPrice] | Iterable[ModelPrice] | None = None,
        *,
        table: Iterable[ModelPrice] | None = None,
    ) -> None:
        rows = _shipped_rows() if table is None else _rows("table", table)
        self._table: dict[tuple[str | None, str], ModelPrice] = {}
        for row in rows:
            self._table[_key(row.provider, row.model)] = _checked(row)
        self._overrides: dict[tuple[str | None, str], ModelPrice] = {}
        if isinstance(overrides, Mapping):
            for name, price in overrides.items():
                provider, model = _split_override(name)
                self._overrides[_key(provider, model)] = _checked(price)
                if provider is not None:
                    # "qwen:7b" may be an Ollama model's id, not Qwen's "7b": keep both readings.
                    self._overrides.setdefault(_key(None, name), price)
        elif overrides is not None:
            for price in _rows("overrides", overrides):
                self._overrides[_key(_checked(price).provider, price.model)] = price

    def with_price(self, price: ModelPrice, *, provider: str | None = None) -> Pricing:
        """A copy with ``price`` as an override (for ``provider`` only, if given)."""
        clone = Pricing(table=())
        clone._table = dict(self._table)
        clone._overrides = dict(self._overrides)
        clone._overrides[_key(provider or _checked(price).provider, price.model)] = price
        return clone

    def price_for(self, provider: str | None, model: str | None) -> ModelPrice | None:
        """The price of ``model`` served by ``provider``, or ``None`` if it is not known.

        Tried in order: overrides, then the table; in each the provider's own row, then a
        provider-wide row (``model`` ``"*"``: local servers), then the model under any
        provider; each for the exact id, then the id without a vendor prefix or a dated
        snapshot suffix (``claude-sonnet-4-5-20250929`` -> ``claude-sonnet-4-5``).
        """
        if not model or not model.strip():
            return None
        provider_key = _provider_key(provider)
        candidates = _model_candidates(model)
        # The most specific match wins, an override on a tie: a dated snapshot with a row of its
        # own (gpt-4o-2024-05-13 lists at twice gpt-4o's price) is not priced as its base model
        # because an override names the base.
        found = [
            (hit[0], source, hit[1])
            for source, rows in enumerate((self._overrides, self._table))
            if (hit := _lookup(rows, provider_key, candidates)) is not None
        ]
        if not found:
            return None
        *_, best = min(found, key=lambda hit: hit[:2])
        return best if best.model != ANY_MODEL else replace(best, model=model)

    def cost(self, provider: str | None, model: str | None, usage: Usage) -> float | None:
        """USD of ``usage`` on that model, ``None`` when its price is not known."""
        price = self.price_for(provider, model)
        return None if price is None else cost_usd(usage, price)

    def rows(self) -> list[ModelPrice]:
        """Every row: overrides first, then the table."""
        return [*self._overrides.values(), *self._table.values()]

    def __iter__(self) -> Iterator[ModelPrice]:
        return iter(self.rows())

    def __len__(self) -> int:
        return len(self._overrides) + len(self._table)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pricing):
            return NotImplemented
        return self._table == other._table and self._overrides == other._overrides

    def __repr__(self) -> str:
        shown = ", ".join(f"{p + ':' if p else ''}{m}" for p, m in self._overrides)
        return f"Pricing(rows={len(self._table)}, overrides=[{shown}])"


def _lookup(
    rows: Mapping[tuple[str | None, str], ModelPrice],
    provider: str | None,
    candidates: list[str],
) -> tuple[int, ModelPrice] | None:
    """The row of ``rows`` that prices a model, with how specific the id it matched is (its
    index in ``candidates``; a provider-wide row after them all): the provider's own row first,
    then a provider-wide one, then the model under any provider."""
    if provider is not None:
        for rank, candidate in enumerate(candidates):
            if (found := rows.get((provider, candidate))) is not None:
                return rank, found
        if (found := rows.get((provider, ANY_MODEL))) is not None:
            return len(candidates), found
    for rank, candidate in enumerate(candidates):
        if (found := rows.get((None, candidate))) is not None:
            return rank, found
    # A model served through another provider's preset (a gateway, a compatible base URL)
    # still bills at its vendor's price: match the model id under any provider.
    for rank, candidate in enumerate(candidates):
        for (_, model), price in rows.items():
            if model == candidate:
                return rank, price
    return None


def _split_override(name: str) -> tuple[str | None, str]:
    if not isinstance(name, str) or not name.strip():
        raise ConfigurationError(f"A price override needs a model id as its key, got {name!r}.")
    provider, sep, model = name.partition(":")
    if sep and _provider_key(provider) in _known_providers():
        return provider, model
    return None, name


def _known_providers() -> set[str]:
    shipped = {row.provider for row in _shipped_rows() if row.provider is not None}
    return shipped | set(_PROVIDER_ALIASES.values())


def _checked(price: object) -> ModelPrice:
    if not isinstance(price, ModelPrice):
        raise ConfigurationError(
            f"A price must be a ModelPrice, got {type(price).__name__}: "
            "ModelPrice(model, input, cached_input, cache_write, output) in USD per million tokens."
        )
    return price


__all__ = [
    "ANY_MODEL",
    "CacheTtl",
    "CostBreakdown",
    "CostTracker",
    "ModelPrice",
    "Pricing",
    "Usage",
    "cost_breakdown",
    "cost_usd",
    "reported_count",
    "reported_usage",
    "shipped_prices",
]
