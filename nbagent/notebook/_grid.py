"""A tuning grid: its settings, its replay jobs (serial or on an executor), the progress bar.

Every job replays one transcript under one setting (``None``: the no-summary baseline) through
:func:`replay_cell`, a top-level function whose arguments and result (the replayed
:class:`~nbagent.agent.session.AgentSession`) pickle, so any
:class:`concurrent.futures.Executor` can run it: a ``ThreadPoolExecutor``, a
``ProcessPoolExecutor`` on one machine, or a Dask ``Client(...).get_executor()`` on a cluster.
Results come back in job order whatever order the workers finish in, so the table is the serial
run's; one progress bar counts the finished jobs.

For an executor other than a thread pool the transcript and the summariser must pickle: a
function summariser defined in a notebook cell or a closure does not, and fails up front with a
:class:`~nbagent.errors.ConfigurationError`.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import itertools
import os
import pickle
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pandas as pd

from nbagent.agent import run_sync
from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers.offline import FunctionProvider, ReplyFunction
from nbagent.llm.tokens import TokenEstimator
from nbagent.notebook._replay import Transcript, replay

PROGRESS_MIN_CELLS = 4
"""Grids with more cells than this show a progress bar."""

Summarizer = LlmProvider | ReplyFunction

Job = tuple[Transcript, SummaryConfig | None, LlmProvider | None]
"""One replay: the transcript, the setting (``None``: no summary) and the summary provider."""

SUMMARY_FIELDS = tuple(f.name for f in dataclasses.fields(SummaryConfig))
"""The names a grid may vary."""


# -- the grid (re-exported by nbagent.notebook.tuning) ---------------------------------------------


def _values(key: str, value: Any) -> list[Any]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        return [value]
    values = list(value)
    if not values:
        raise ConfigurationError(f"grid[{key!r}] is empty; give at least one value")
    return values


def normalise_grid(grid: Mapping[str, Any]) -> dict[str, list[Any]]:
    """The grid with every value a list; unknown keys fail with the accepted ones."""
    unknown = [k for k in grid if k not in SUMMARY_FIELDS]
    if unknown:
        raise ConfigurationError(
            f"grid key(s) {unknown} are not SummaryConfig fields; use any of "
            f"{', '.join(SUMMARY_FIELDS)}"
        )
    return {key: _values(key, value) for key, value in grid.items()}


def grid_configs(
    grid: Mapping[str, Sequence[Any]], base: SummaryConfig
) -> list[tuple[dict[str, Any], SummaryConfig]]:
    """Every combination of ``grid`` (in key order, last key fastest) applied to ``base``."""
    keys = list(grid)
    cells = []
    for combination in itertools.product(*(grid[k] for k in keys)):
        values = dict(zip(keys, combination, strict=True))
        try:
            config = dataclasses.replace(base, **values)
        except ConfigurationError as e:
            raise ConfigurationError(f"grid setting {values}: {e}") from e
        cells.append((values, config))
    return cells


def as_provider(
    summarizer: Summarizer | None, estimator: TokenEstimator | None
) -> LlmProvider | None:
    """``summarizer`` as a provider: a provider as given, a function wrapped."""
    if summarizer is None or hasattr(summarizer, "chat"):
        return summarizer  # type: ignore[return-value]
    if callable(summarizer):
        return FunctionProvider(summarizer, estimator=estimator)
    raise ConfigurationError(
        f"summarizer must be a provider (with .chat) or a function request -> reply, got "
        f"{type(summarizer).__name__}"
    )


def replay_cell(
    transcript: Transcript, config: SummaryConfig | None, summarizer: LlmProvider | None
) -> AgentSession:
    """Replay one job; top level so that process and cluster executors can run it."""
    return run_sync(replay(transcript, config, summarizer))


def check_picklable(executor: concurrent.futures.Executor, jobs: Sequence[Job]) -> None:
    """Fail before any replay when a job cannot travel to another process."""
    if isinstance(executor, concurrent.futures.ThreadPoolExecutor):
        return
    seen: set[int] = set()
    for transcript, _, summarizer in jobs:
        for what, value in (("the transcript", transcript), ("the summarizer", summarizer)):
            if id(value) in seen:
                continue
            seen.add(id(value))
            try:
                pickle.dumps(value)
            except Exception as e:
                raise ConfigurationError(
                    f"{what} cannot be pickled ({type(e).__name__}: {e}), so "
                    f"{type(executor).__name__} cannot send it to its workers; use the default "
                    "summarizer (or a provider or top-level function that pickles), or run "
                    "serially or on a ThreadPoolExecutor"
                ) from e


class Progress:
    """An ipywidgets bar in a kernel, a text line on stderr elsewhere; nothing when disabled."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.bar: Any = None
        self.enabled = enabled and total > PROGRESS_MIN_CELLS
        if not self.enabled:
            return
        try:
            from IPython import get_ipython

            shell = get_ipython()
        except ImportError:  # pragma: no cover - IPython is a dependency
            shell = None
        if shell is not None and getattr(shell, "kernel", None) is not None:
            import ipywidgets
            from IPython.display import display

            self.bar = ipywidgets.IntProgress(value=0, min=0, max=total, description="tuning")
            display(self.bar)  # type: ignore[no-untyped-call]

    def step(self, done: int) -> None:
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.value = done
        else:
            print(f"\rtuning {done}/{self.total}", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.bar_style = "success"
        else:
            print(file=sys.stderr)


def run_jobs(
    jobs: Sequence[Job], executor: concurrent.futures.Executor | None, progress: bool
) -> list[AgentSession]:
    """The replayed session of every job, in job order; one bar counts them as they finish."""
    bar = Progress(len(jobs), progress)
    try:
        if executor is None:
            sessions = []
            for done, job in enumerate(jobs, start=1):
                sessions.append(replay_cell(*job))
                bar.step(done)
            return sessions
        check_picklable(executor, jobs)
        futures = {executor.submit(replay_cell, *job): i for i, job in enumerate(jobs)}
        results: dict[int, AgentSession] = {}
        try:
            for done, future in enumerate(concurrent.futures.as_completed(futures), start=1):
                results[futures[future]] = future.result()
                bar.step(done)
        finally:
            for future in futures:
                future.cancel()
        return [results[i] for i in range(len(jobs))]
    finally:
        bar.close()


def is_many(source: Any) -> bool:
    """Whether ``source`` is a list of transcripts rather than one transcript's messages."""
    if not isinstance(source, list | tuple) or not source:
        return False
    return all(
        isinstance(item, str | os.PathLike | AgentSession | Transcript | list | tuple)
        for item in source
    )


SUMMED = (
    "summaries_fired",
    "debounced_turns",
    "failed_summaries",
    "total_input_tokens",
    "summary_tokens",
    "total_tokens",
    "input_saved_tokens",
    "net_saved_tokens",
    "facts_lost",
)


def aggregate(
    tables: Sequence[pd.DataFrame], baselines: Sequence[int], keys: Sequence[str]
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The per-setting aggregate and the per-(transcript, setting) detail of many tables.

    ``tables`` hold the same settings in the same order, one table per transcript. Counts and
    token totals are summed, ``first_fire_turn`` is the earliest, ``peak_context_tokens`` the
    largest, ``final_context_tokens`` the mean, and ``savings_pct`` the summed net savings as a
    percentage of the summed no-summary input tokens; ``min_retention`` is the lowest,
    ``final_retention`` the mean (``facts_lost`` is summed); the probe columns alike.
    """
    detail = pd.concat([t.assign(transcript=n) for n, t in enumerate(tables)], ignore_index=True)
    detail = detail[["transcript", *tables[0].columns]]
    cell = pd.concat([pd.Series(range(len(t))) for t in tables], ignore_index=True)
    groups = detail.groupby(cell, sort=True)
    table = tables[0][list(keys)].copy()
    for column in SUMMED:
        table[column] = groups[column].sum().to_numpy()
    table["first_fire_turn"] = groups["first_fire_turn"].min().astype("Int64").to_numpy()
    table["peak_context_tokens"] = groups["peak_context_tokens"].max().to_numpy()
    table["final_context_tokens"] = groups["final_context_tokens"].mean().to_numpy()
    table["final_retention"] = groups["final_retention"].mean().to_numpy()
    table["min_retention"] = groups["min_retention"].min().to_numpy()
    if "probe_min_retention" in detail:
        table["probe_final_retention"] = groups["probe_final_retention"].mean().to_numpy()
        table["probe_min_retention"] = groups["probe_min_retention"].min().to_numpy()
        table["probes_lost"] = groups["probes_lost"].sum().to_numpy()
    base = sum(baselines)
    table["savings_pct"] = [
        round(100 * net / base, 2) if base else 0.0 for net in table["net_saved_tokens"]
    ]
    return table[list(tables[0].columns)].reset_index(drop=True), detail


__all__ = [
    "PROGRESS_MIN_CELLS",
    "SUMMARY_FIELDS",
    "Job",
    "Progress",
    "Summarizer",
    "aggregate",
    "as_provider",
    "check_picklable",
    "grid_configs",
    "is_many",
    "normalise_grid",
    "replay_cell",
    "run_jobs",
]
