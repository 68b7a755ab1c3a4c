"""Tuning in money: each replayed setting billed as the provider would, its cache modelled.

``tune_summary(..., price="anthropic:claude-sonnet-4-5")`` replays every turn request through
the provider's prompt cache (:mod:`nbagent.llm.prompt_cache`: Anthropic's breakpoints, or
automatic prefix caching for every other provider) and adds, per setting:

================  ================================================================================
usd               the turn requests at the model's price (cache reads and writes at theirs) plus
                  the summary calls (uncached, at the same price)
cache_read_share  the share of the turn requests' input tokens read from the cache
================  ================================================================================
"""

from __future__ import annotations

from typing import Any

from nbagent.agent.session import AgentSession
from nbagent.errors import ConfigurationError
from nbagent.llm.pricing import ModelPrice, Pricing, cost_usd
from nbagent.llm.prompt_cache import CacheModel, cache_model_for

COST_COLUMNS = ("usd", "cache_read_share")


def resolve_price(
    price: ModelPrice | str, cache: CacheModel | None
) -> tuple[ModelPrice, CacheModel]:
    """The price of ``"provider:model"`` (or a :class:`ModelPrice` as given) and the cache to
    model (the provider's own unless ``cache`` says otherwise)."""
    if isinstance(price, ModelPrice):
        return price, cache or cache_model_for(price.provider)
    provider, _, model = price.rpartition(":")
    found = Pricing().price_for(provider or None, model)
    if found is None:
        raise ConfigurationError(
            f"no known price for {price!r}; give a ModelPrice(...) or a 'provider:model' of the "
            "shipped table (nbagent.llm.pricing.shipped_prices())"
        )
    return found, cache or cache_model_for(provider or found.provider)


def cost_figures(session: AgentSession, price: ModelPrice) -> dict[str, Any]:
    """The ``usd`` and ``cache_read_share`` of one replayed session."""
    turns, summaries = session.cost_so_far.total, session.summary_cost.total
    share = turns.cache_read_tokens / turns.input_tokens if turns.input_tokens else 0.0
    usd = cost_usd(turns, price) + cost_usd(summaries, price)
    return {"usd": round(usd, 4), "cache_read_share": round(share, 4)}


__all__ = ["COST_COLUMNS", "cost_figures", "resolve_price"]
