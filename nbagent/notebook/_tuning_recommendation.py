"""The setting a tuning result recommends: the cheapest whose ``min_retention`` reaches a bar.

Shared by :class:`~nbagent.notebook.tuning.TuningResult` and
:class:`~nbagent.notebook.tuning.ManyTuningResult` (which re-exports :class:`Recommendation`):
both pick from a table with a row per :class:`~nbagent.notebook._tuning_run.TuningRun`. A setting
whose replay failed is never picked; the recommendation lists the ones it skipped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError
from nbagent.notebook._tuning_plot import cheapest_keeping, failed_rows, no_setting_keeps
from nbagent.notebook._tuning_run import TuningRun


@dataclass(frozen=True)
class Recommendation:
    """The setting :meth:`~nbagent.notebook.tuning.TuningResult.recommend` picked.

    ``number`` is its table row (``#n`` in the plots), ``values`` its grid values, ``config`` the
    full :class:`SummaryConfig` it was replayed with (to pass to ``AgentBuilder.summary_config``),
    ``row`` its table row as a dict (column -> value), ``skipped`` the table rows of the settings
    left out because their replay failed (the table's ``status`` and ``error`` say why).
    """

    number: int
    values: dict[str, Any]
    config: SummaryConfig
    row: dict[str, Any]
    skipped: tuple[int, ...] = ()

    @property
    def total_tokens(self) -> int:
        return int(self.row["total_tokens"])

    @property
    def min_retention(self) -> float:
        return float(self.row["min_retention"])

    def __repr__(self) -> str:
        values = ", ".join(f"{k}={v!r}" for k, v in self.values.items()) or "base config"
        skipped = ", ".join(f"#{n}" for n in self.skipped)
        return (
            f"Recommendation(#{self.number} {values}: min_retention "
            f"{self.min_retention:.3f}, {self.total_tokens:,} tokens"
            f"{f'; skipped failed {skipped}' if skipped else ''})"
        )


def recommendation(
    table: pd.DataFrame, runs: Sequence[TuningRun], min_retention: float
) -> Recommendation:
    """The :class:`Recommendation` of ``table`` (one row per run, in order) for the bar."""
    number = _pick(table, [run.label for run in runs], min_retention)
    run = runs[number]
    skipped = tuple(failed_rows(table))
    return Recommendation(number, dict(run.values), run.config, _row(table, number), skipped)


def _pick(table: pd.DataFrame, labels: Sequence[str], min_retention: float) -> int:
    number = cheapest_keeping(table, min_retention)
    if number is None:
        raise ConfigurationError(no_setting_keeps(table, labels, min_retention))
    return number


def _row(table: pd.DataFrame, number: int) -> dict[str, Any]:
    return {str(k): v for k, v in table.iloc[number].to_dict().items()}
