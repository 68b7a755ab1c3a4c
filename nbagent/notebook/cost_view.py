"""What a session cost in USD: per turn and in all, conversation against summaries, and how much
of the input the provider's prompt cache served. ``%agent cost`` shows it; so can Python::

    CostView.from_session(session)          # renders as HTML in a notebook, text elsewhere
    cost_table(session)                     # the per-turn rows as a DataFrame

Every figure is read from the session's records: the USD each turn record carries (priced when
the turn ran, at the model it was billed as, see :func:`~nbagent.agent.spend_totals`) and the token
counts the session keeps (``cost_so_far``, ``summary_cost``). A model without a known price is
named as such and left out of the sums, never counted as zero.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from nbagent.agent import SpendTotals, spend_totals
from nbagent.agent.session import AgentSession
from nbagent.llm.pricing import ModelPrice, Usage
from nbagent.notebook._html import escape_html
from nbagent.notebook.tables import NO_PRICE, format_usd, styled

COST_COLUMNS = (
    "turn_index",
    "input_tokens",
    "cache_read_tokens",
    "cache_read_share",
    "usage_estimated",
    "cost_model",
    "cost_usd",
    "summary_cost_model",
    "summary_cost_usd",
    "turn_usd",
    "cumulative_usd",
)
"""Columns of :func:`cost_table`. ``input_tokens`` (cached included) and ``cache_read_tokens``
add up the turn's requests as the provider reported them (``<NA>`` input for a record saved
before they were kept); ``cache_read_share`` is their ratio. ``usage_estimated`` is true where
the server reported no usable counts and the tokens are nbagent's estimate (its USD unknown).
``turn_usd`` adds the turn's known USD figures; ``cumulative_usd`` runs over them (turns
without a known price add nothing and are named in the view)."""

OVERRIDE_HINT = (
    "give it a price with AgentBuilder().pricing(Pricing(overrides={model: ModelPrice(...)}))"
)


def cost_table(session: AgentSession) -> pd.DataFrame:
    """One row per turn of ``session.timeline`` (see :data:`COST_COLUMNS`)."""
    rows = []
    running = 0.0
    for record in session.timeline:
        known = [v for v in (record.cost_usd, record.summary_cost_usd) if v is not None]
        turn = sum(known) if known else None
        running += turn or 0.0
        requests = record.request_usage
        input_tokens = sum(u.input_tokens for u in requests) if requests else None
        rows.append(
            {
                "turn_index": record.turn_index,
                "input_tokens": input_tokens,
                "cache_read_tokens": record.cache_read_tokens,
                "cache_read_share": (
                    record.cache_read_tokens / input_tokens if input_tokens else None
                ),
                "usage_estimated": record.usage_estimated,
                "cost_model": record.cost_model,
                "cost_usd": record.cost_usd,
                "summary_cost_model": record.summary_cost_model,
                "summary_cost_usd": record.summary_cost_usd,
                "turn_usd": turn,
                "cumulative_usd": running,
            }
        )
    frame = pd.DataFrame(rows, columns=list(COST_COLUMNS))
    for name in ("turn_index", "input_tokens", "cache_read_tokens"):
        frame[name] = frame[name].astype("Int64")
    frame["cache_read_share"] = frame["cache_read_share"].astype("float64")
    for name in ("cost_usd", "summary_cost_usd", "turn_usd", "cumulative_usd"):
        frame[name] = frame[name].astype("float64")
    return frame


def cache_read_share(usage: Usage) -> float | None:
    """The share of ``usage``'s input tokens read from the cache (``None``: no input tokens)."""
    return usage.cache_read_tokens / usage.input_tokens if usage.input_tokens else None


def _tokens_text(usage: Usage) -> str:
    """``1,234 tokens``, or ``~1,234 tokens (estimated in part)`` where a server sent no usage."""
    if usage.estimated:
        return f"~{usage.total_tokens:,} tokens (estimated in part)"
    return f"{usage.total_tokens:,} tokens"


def _share_text(share: float | None) -> str:
    return "no input tokens reported" if share is None else f"{share:.0%} of input tokens"


def _price_text(price: ModelPrice) -> str:
    if price.is_free:
        return f"{price.model}: free ({price.source})"
    parts = [
        f"input {format_usd(price.input)}",
        f"cached {format_usd(price.cached_input)}",
        f"cache write {format_usd(price.cache_write)}",
        f"output {format_usd(price.output)} per million tokens",
    ]
    return f"{price.model}: {', '.join(parts)} ({price.source}, checked {price.as_of})"


@dataclass(frozen=True)
class CostView:
    """The cost of one session: the per-turn table, the totals and the prices in effect."""

    session_id: str
    table: pd.DataFrame
    totals: SpendTotals
    conversation: Usage = field(default_factory=Usage)
    summaries: Usage = field(default_factory=Usage)
    prices: tuple[ModelPrice, ...] = ()

    @classmethod
    def from_session(cls, session: AgentSession) -> CostView:
        timeline = session.timeline
        pricing = session.bundle.config.pricing
        provider = getattr(session.bundle.provider, "name", None)
        models = dict.fromkeys(
            m for r in timeline for m in (r.cost_model, r.summary_cost_model) if m
        )
        prices = [p for m in models if (p := pricing.price_for(provider, m)) is not None]
        return cls(
            session_id=session.session_id,
            table=cost_table(session),
            totals=spend_totals(timeline),
            conversation=session.cost_so_far.total,
            summaries=session.summary_cost.total,
            prices=tuple(dict.fromkeys(prices)),
        )

    def lines(self) -> list[str]:
        """The totals as short lines of plain text (no model text but model names)."""
        t = self.totals
        if not t.turns:
            return [f"Session {self.session_id}: no turn yet, nothing spent."]
        calls = f"{t.summaries} summary call" + ("" if t.summaries == 1 else "s")
        lines = [
            f"Session {self.session_id} · {t.turns} turns · {format_usd(t.total_usd)} in all"
            + ("" if t.complete else " (priced calls only)"),
            f"Conversation: {format_usd(t.conversation_usd)} · "
            f"{_tokens_text(self.conversation)} · cache reads "
            f"{_share_text(cache_read_share(self.conversation))}",
            f"Summaries: {format_usd(t.summary_usd)} · {calls} · "
            f"{_tokens_text(self.summaries)} · cache reads "
            f"{_share_text(cache_read_share(self.summaries))}",
        ]
        if t.unreported_turns:
            lines.append(
                f"Turns {_indexes(t.unreported_turns)}: the server reported no usable token "
                "counts; their tokens are nbagent's estimates and their USD is unknown"
            )
        if unpriced := tuple(i for i in t.unpriced_turns if i not in t.unreported_turns):
            lines.append(f"Turns {_indexes(unpriced)}: {NO_PRICE}, not counted")
        if t.unpriced_summaries:
            lines.append(f"Summaries of turns {_indexes(t.unpriced_summaries)}: {NO_PRICE}")
        if t.unpriced_models:
            names = ", ".join(t.unpriced_models)
            lines.append(f"{NO_PRICE.capitalize()} for {names}: {OVERRIDE_HINT}")
        lines += [f"Price {_price_text(p)}" for p in self.prices]
        return lines

    def __str__(self) -> str:
        text = "\n".join(self.lines())
        if self.table.empty:
            return text
        return f"{text}\n{self.table.to_string(index=False)}"

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{escape_html(line)}</li>" for line in self.lines()[1:])
        head = f"<p><strong>{escape_html(self.lines()[0])}</strong></p>"
        body = f"<ul>{items}</ul>" if items else ""
        if self.table.empty:
            return f"<div class='nbagent-cost'>{head}{body}</div>"
        table = styled(self.table, caption=f"USD per turn · session {self.session_id}").to_html()
        return f"<div class='nbagent-cost'>{head}{body}{table}</div>"

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, str]:
        return {"text/plain": str(self), "text/html": self._repr_html_()}


def _indexes(turns: tuple[int, ...]) -> str:
    shown = ", ".join(str(t) for t in turns[:10])
    return shown + (f" and {len(turns) - 10} more" if len(turns) > 10 else "")


def spend_label(session: AgentSession) -> str:
    """One line for the chat widget: USD so far next to the tokens (plain text, unescaped)."""
    totals = spend_totals(session.timeline)
    conversation, summaries = session.cost_so_far.total, session.summary_cost.total
    token_text = _tokens_text(conversation)
    if summaries.total_tokens:
        token_text += f" + {summaries.total_tokens:,} in summaries"
        token_text += " (estimated in part)" if summaries.estimated else ""
    if not totals.turns:
        return f"$0.00 so far · {token_text}"
    models = ", ".join(totals.unpriced_models) or "the model"
    priced = totals.turns + totals.summaries
    priced -= len(totals.unpriced_turns) + len(totals.unpriced_summaries)
    if totals.complete:
        spent = f"{format_usd(totals.total_usd)} so far"
    elif not priced:
        spent = f"{NO_PRICE} for {models}"
    else:
        spent = f"{format_usd(totals.total_usd)} so far + calls with {NO_PRICE} ({models})"
    return f"{spent} · {token_text}"


__all__ = [
    "COST_COLUMNS",
    "CostView",
    "cache_read_share",
    "cost_table",
    "spend_label",
]
