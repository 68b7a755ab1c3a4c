"""One cell of a tuning grid: its replayed session and the table row read from it.

The row's columns are documented in :mod:`nbagent.notebook.tuning`, which re-exports
:data:`RESULT_COLUMNS`, :func:`retention_figures` and :class:`TuningRun`. Kept apart from it so the
figures of one setting can be read (and tested) without the grid around them.

A cell that failed (its replay raised, or its worker process died; see
:mod:`nbagent.notebook._grid`) has no session: its row keeps the grid values, every figure is
missing (``<NA>``), and the table gains :data:`FAILURE_COLUMNS`, ``status`` (``"ok"`` or
``"failed"``) and ``error`` (why; missing on the rows that finished).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.llm.pricing import ModelPrice, cost_usd
from nbagent.notebook._tuning_plot import FAILED, STATUS, context_tokens

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

COST_COLUMNS = ("usd", "cache_read_share")
"""The columns a grid tuned with a ``price`` adds (see :mod:`nbagent.notebook.tuning`)."""

FAILURE_COLUMNS = (STATUS, "error")
"""The columns a table gains when some cell failed: ``"ok"`` or ``"failed"``, and why."""

SHARE_COLUMNS = frozenset(
    {
        "savings_pct",
        "final_retention",
        "min_retention",
        "probe_final_retention",
        "probe_min_retention",
    }
)
INTEGER_COLUMNS = frozenset(RESULT_COLUMNS + PROBE_COLUMNS) - SHARE_COLUMNS
"""The count columns: nullable integers where a cell failed (the shares hold NaN)."""
"""The count columns, nullable integers (``Int64``) in a table with a failed row."""


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


def cost_figures(session: AgentSession, price: ModelPrice) -> dict[str, Any]:
    """The ``usd`` and ``cache_read_share`` of one replayed session."""
    turns, summaries = session.cost_so_far.total, session.summary_cost.total
    share = turns.cache_read_tokens / turns.input_tokens if turns.input_tokens else 0.0
    usd = cost_usd(turns, price) + cost_usd(summaries, price)
    return {"usd": round(usd, 4), "cache_read_share": round(share, 4)}


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


@dataclass(frozen=True)
class CellFailure:
    """Why a job gave no session: the exception it ended with, and whether its worker died
    (``lost``; ``retried``: again when run alone in a fresh pool)."""

    error: BaseException
    lost: bool = False
    retried: bool = False

    @property
    def reason(self) -> str:
        """The table's ``error`` text."""
        text = f"{type(self.error).__name__}: {self.error}"
        if not self.lost:
            return text
        when = "again when retried alone" if self.retried else "before the cell finished"
        return f"its worker process died, {when} ({text})"


@dataclass
class TuningRun:
    """One grid cell: its values, the full config and the replayed session (``None`` when the
    cell failed: ``failure`` says why)."""

    values: dict[str, Any]
    config: SummaryConfig
    session: AgentSession | None
    price: ModelPrice | None = None
    """The price it is billed at (:data:`COST_COLUMNS`, see :func:`cost_figures`)."""
    probed: bool = False
    """Whether the grid was tuned with probes (the row then has :data:`PROBE_COLUMNS`)."""
    failure: CellFailure | None = None
    """Why the cell has no session: the exception it ended with."""

    @classmethod
    def of(
        cls,
        values: dict[str, Any],
        config: SummaryConfig,
        outcome: AgentSession | CellFailure,
        price: ModelPrice | None = None,
        probed: bool = False,
    ) -> TuningRun:
        """The run of a job's outcome (see ``_grid.run_jobs``): its session, or its failure."""
        if isinstance(outcome, CellFailure):
            return cls(values, config, None, price, probed, outcome)
        return cls(values, config, outcome, price, probed)

    @property
    def failed(self) -> bool:
        return self.session is None

    @property
    def error(self) -> str | None:
        """Why the cell failed, as the table's ``error`` column says; ``None`` when it did not."""
        if not self.failed:
            return None
        return "no replay" if self.failure is None else self.failure.reason

    @property
    def timeline(self) -> list[TurnRecord]:
        """The replayed timeline; empty when the cell failed."""
        return [] if self.session is None else self.session.timeline

    @property
    def label(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.values.items()) or "base config"

    def figures(self, baseline_input: int) -> dict[str, Any]:
        """The table row's figures (see :mod:`nbagent.notebook.tuning`); none when it failed."""
        session = self.session
        if session is None:
            return {}
        records = session.timeline
        fired = [r.turn_index for r in records if r.summary_fired]
        input_tokens = session.cost_so_far.total.input_tokens
        summary_tokens = session.summary_cost.total_tokens
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
            **({} if self.price is None else cost_figures(session, self.price)),
        }


def result_table(
    runs: Sequence[TuningRun], keys: Sequence[str], figures: Sequence[str], baseline_input: int
) -> pd.DataFrame:
    """The table of ``runs``, a row each: the grid ``keys``, the ``figures`` columns and, when
    some run failed, :data:`FAILURE_COLUMNS` (the failed rows' figures missing)."""
    failed = any(run.failed for run in runs)
    rows = [
        {
            **run.values,
            **run.figures(baseline_input),
            **({STATUS: FAILED if run.failed else "ok", "error": run.error} if failed else {}),
        }
        for run in runs
    ]
    table = pd.DataFrame(rows, columns=[*keys, *figures, *(FAILURE_COLUMNS if failed else ())])
    table["first_fire_turn"] = table["first_fire_turn"].astype("Int64")
    if failed:
        blank_failed(table, table[STATUS].eq(FAILED).to_numpy(), keys)
    return table


def blank_failed(table: pd.DataFrame, failed: np.ndarray[Any, Any], keep: Sequence[str]) -> None:
    """Set every figure of the ``failed`` rows missing, in place: the count columns become
    nullable integers, the others hold NaN. ``keep`` (the grid keys) and the status stay."""
    for column in table.columns:
        if column in keep or column in FAILURE_COLUMNS:
            continue
        if column in INTEGER_COLUMNS:
            table[column] = table[column].astype("Int64")
            table.loc[failed, column] = pd.NA
        else:
            table[column] = table[column].astype(float)
            table.loc[failed, column] = np.nan
