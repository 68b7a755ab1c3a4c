"""One cell of a tuning grid: its replayed session and the table row read from it.

The row's columns are documented in :mod:`nbagent.notebook.tuning`, which re-exports
:data:`RESULT_COLUMNS`, :func:`retention_figures` and :class:`TuningRun`. Kept apart from it so the
figures of one setting can be read (and tested) without the grid around them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.llm.pricing import ModelPrice
from nbagent.notebook._tuning_cost import cost_figures
from nbagent.notebook._tuning_plot import context_tokens

RESULT_COLUMNS = (
    "summaries_fired",
    "first_fire_turn",
    "debounced_turns",
    "failed_summaries",
    "peak_context_tokens",
    "final_context_tokens",
    "total_input_tokens",
    "summary_tokens",
    "total_tokens",
    "input_saved_tokens",
    "net_saved_tokens",
    "savings_pct",
    "final_retention",
    "min_retention",
    "facts_lost",
)


PROBE_COLUMNS = ("probe_final_retention", "probe_min_retention", "probes_lost")
"""The columns a grid tuned with probes adds (see :mod:`nbagent.notebook.tuning`)."""


def probe_figures(records: Sequence[TurnRecord]) -> dict[str, Any]:
    """``probe_final_retention``, ``probe_min_retention`` and ``probes_lost`` of a timeline: the
    retention figures of the probes a person listed (the min after the first summary)."""
    if not records:
        return {"probe_final_retention": 1.0, "probe_min_retention": 1.0, "probes_lost": 0}
    fired = next((r.turn_index for r in records if r.summary_fired), None)
    measured = [(r.turn_index, r.probe_retention) for r in records]
    kept = [(turn, value) for turn, value in measured if value is not None]
    after = [value for turn, value in kept if fired is not None and turn > fired]
    last = records[-1].probe_retention
    return {
        "probe_final_retention": 1.0 if last is None else last,
        "probe_min_retention": min(after or [value for _, value in kept], default=1.0),
        "probes_lost": len(set(records[-1].probes_missing)),
    }


def retention_figures(records: Sequence[TurnRecord]) -> dict[str, Any]:
    """``final_retention``, ``min_retention`` and ``facts_lost`` of a timeline (see
    :mod:`nbagent.notebook.tuning`)."""
    if not records:
        return {"final_retention": 1.0, "min_retention": 1.0, "facts_lost": 0}
    fired = next((r.turn_index for r in records if r.summary_fired), None)
    measured = [(r.turn_index, r.retention) for r in records if r.retention is not None]
    after = [value for turn, value in measured if fired is not None and turn > fired]
    last = records[-1]
    return {
        "final_retention": 1.0 if last.retention is None else last.retention,
        "min_retention": min(after or [value for _, value in measured], default=1.0),
        "facts_lost": len(set(last.facts_missing)),
    }


@dataclass
class TuningRun:
    """One grid cell: its values, the full config and the replayed session."""

    values: dict[str, Any]
    config: SummaryConfig
    session: AgentSession
    price: ModelPrice | None = None
    """The price it is billed at (``usd`` and ``cache_read_share``, see ``_tuning_cost``)."""
    probed: bool = False
    """Whether the grid was tuned with probes (the row then has :data:`PROBE_COLUMNS`)."""

    @property
    def timeline(self) -> list[TurnRecord]:
        return self.session.timeline

    @property
    def label(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.values.items()) or "base config"

    def figures(self, baseline_input: int) -> dict[str, Any]:
        """The table row's figures (see :mod:`nbagent.notebook.tuning`)."""
        records = self.timeline
        fired = [r.turn_index for r in records if r.summary_fired]
        input_tokens = self.session.cost_so_far.total.input_tokens
        summary_tokens = self.session.summary_cost.total_tokens
        saved = baseline_input - input_tokens
        net = saved - summary_tokens
        return {
            "summaries_fired": len(fired),
            "first_fire_turn": fired[0] if fired else None,
            "debounced_turns": sum(r.summary_status is SummaryStatus.DEBOUNCED for r in records),
            "failed_summaries": sum(r.summary_status is SummaryStatus.FAILED for r in records),
            "peak_context_tokens": max((context_tokens(r) for r in records), default=0),
            "final_context_tokens": records[-1].context_tokens_after if records else 0,
            "total_input_tokens": input_tokens,
            "summary_tokens": summary_tokens,
            "total_tokens": input_tokens + summary_tokens,
            "input_saved_tokens": saved,
            "net_saved_tokens": net,
            "savings_pct": round(100 * net / baseline_input, 2) if baseline_input else 0.0,
            **retention_figures(records),
            **(probe_figures(records) if self.probed else {}),
            **({} if self.price is None else cost_figures(self.session, self.price)),
        }
