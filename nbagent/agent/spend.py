"""What a session spent, in USD at each model's list price (see :mod:`nbagent.llm.pricing`).

Every turn record carries the USD of its model calls (``cost_usd``) and of its summary call
(``summary_cost_usd``), each priced at the model that answered: the summary may run on a
cheaper ``summary_model``. A model without a known price leaves ``None``, never zero, and
:func:`spend_totals` says which turns and models were left out of its sums.

The prices in effect are ``AgentConfig.pricing`` (``AgentBuilder().pricing(Pricing(...))``),
the shipped table by default.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from nbagent.agent.config import SessionServices
from nbagent.agent.timeline import TurnRecord
from nbagent.llm.pricing import CacheTtl, ModelPrice, Pricing, Usage, cost_usd
from nbagent.llm.provider import LlmProvider
from nbagent.llm.request import MessageResponse, PromptCache


def _priced(
    pricing: Pricing,
    provider: LlmProvider,
    response: MessageResponse | None,
    requested: str,
    usage: Usage,
) -> tuple[str | None, float | None]:
    """The model a call was billed as and its USD (``None`` without a known price, or when the
    server reported no usage or an impossible one).

    The response's model comes first: it names the snapshot that answered (and billed); a
    provider that reports a name no price row knows falls back to the model asked for.
    """
    provider_name = getattr(provider, "name", None)
    asked = requested or getattr(provider, "model", "") or ""
    answered = response.model if response is not None else ""
    if usage.estimated or (usage.input_tokens == 0 and usage.output_tokens == 0):
        # No request reads nothing: the server reported no usage (or one that cannot be the
        # request's, counted as nbagent's estimate), and what it billed is not known (not $0,
        # not $1,500 for a gateway's prompt_tokens = 10**9).
        return (answered or asked or None), None
    ttl = _write_ttl(provider)
    for model in dict.fromkeys(m for m in (answered, asked) if m):
        price = pricing.price_for(provider_name, model)
        if price is not None:
            return model, cost_usd(usage, price, ttl=ttl)
    return (answered or asked or None), None


def _write_ttl(provider: LlmProvider) -> CacheTtl:
    """How long the provider's cache writes live: 1-hour writes bill at a higher rate."""
    cache = getattr(provider, "prompt_cache", None)
    return "1h" if isinstance(cache, PromptCache) and cache.ttl == "1h" else "5m"


def model_price(services: SessionServices, billed: str | None = None) -> ModelPrice | None:
    """The price of the session's model (``None``: no known price): the model a turn was
    ``billed`` as when given (a record's ``cost_model``), else the one its turns ask for."""
    provider = services.provider
    name = getattr(provider, "name", None)
    asked = services.config.cycle.model or getattr(provider, "model", "")
    for model in (billed, asked):
        if model and (price := services.config.pricing.price_for(name, model)) is not None:
            return price
    return None


def price_turn(
    record: TurnRecord, services: SessionServices, usage: Usage, response: MessageResponse
) -> None:
    """Fill ``record``'s USD of the turn's model calls (``usage``: all requests of the turn)."""
    config = services.config
    record.cost_model, record.cost_usd = _priced(
        config.pricing, services.provider, response, config.cycle.model, usage
    )


def price_summary(record: TurnRecord, services: SessionServices, response: MessageResponse) -> None:
    """Fill ``record``'s USD of its summary call, at the summary model's price."""
    config = services.config
    summary = config.summary_config
    requested = summary.summary_model if summary is not None and summary.summary_model else ""
    record.summary_cost_model, record.summary_cost_usd = _priced(
        config.pricing, services.provider, response, requested, response.usage
    )


@dataclass(frozen=True)
class SpendTotals:
    """USD over many turn records; what had no known price is listed, not counted as zero."""

    conversation_usd: float = 0.0
    """The turns' model calls with a known price."""
    summary_usd: float = 0.0
    """The summary calls with a known price."""
    turns: int = 0
    summaries: int = 0
    unpriced_turns: tuple[int, ...] = ()
    """Turn indexes whose model calls have no known price (or were saved before prices)."""
    unpriced_summaries: tuple[int, ...] = ()
    """Turn indexes whose summary call has no known price."""
    unpriced_models: tuple[str, ...] = field(default=())
    """The models without a known price, as the records name them."""
    unreported_turns: tuple[int, ...] = ()
    """Turn indexes (among ``unpriced_turns``) whose server reported no usable token counts:
    their tokens are nbagent's estimates (:attr:`TurnRecord.usage_estimated`) and their USD is
    unknown whatever the model's price."""

    @property
    def total_usd(self) -> float:
        return self.conversation_usd + self.summary_usd

    @property
    def complete(self) -> bool:
        """True when every call counted had a known price."""
        return not self.unpriced_turns and not self.unpriced_summaries


def spend_totals(timeline: Iterable[TurnRecord]) -> SpendTotals:
    """The USD of ``timeline``'s turns and summaries (e.g. ``session.timeline``)."""
    conversation = summary = 0.0
    turns = summaries = 0
    unpriced_turns: list[int] = []
    unpriced_summaries: list[int] = []
    unreported: list[int] = []
    models: dict[str, None] = {}
    for record in timeline:
        turns += 1
        if record.cost_usd is None:
            unpriced_turns.append(record.turn_index)
            if record.usage_estimated:
                unreported.append(record.turn_index)
            elif record.cost_model:
                models[record.cost_model] = None
        else:
            conversation += record.cost_usd
        if record.summary_cost_model is None and record.summary_cost_usd is None:
            continue
        summaries += 1
        if record.summary_cost_usd is None:
            unpriced_summaries.append(record.turn_index)
            if record.summary_cost_model:
                models[record.summary_cost_model] = None
        else:
            summary += record.summary_cost_usd
    return SpendTotals(
        conversation_usd=conversation,
        summary_usd=summary,
        turns=turns,
        summaries=summaries,
        unpriced_turns=tuple(unpriced_turns),
        unpriced_summaries=tuple(unpriced_summaries),
        unpriced_models=tuple(models),
        unreported_turns=tuple(unreported),
    )


__all__ = ["SpendTotals", "model_price", "price_summary", "price_turn", "spend_totals"]
