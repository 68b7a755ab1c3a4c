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

A job that fails gives a :class:`CellFailure` in its place and the others go on: one that raised
keeps its exception; one whose worker process died (``BrokenProcessPool``: the pool then fails
every job it had not finished) is retried once on a ``ProcessPoolExecutor``, alone in a fresh
one-worker pool of the same start method and initializer, one job at a time, so a job that kills
its worker again fails by itself and the jobs lost with it finish (the broken pool takes no more
work; it is shut down first, so its threads end before new workers start). A Dask cluster retries
a job whose worker died itself (``distributed.scheduler.allowed-failures``) and then raises
``KilledWorker``, which fails that job alone. The bar ends red (``danger``) saying how many jobs
failed, green only when none did.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import itertools
import os
import pickle
import sys
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from nbagent.agent import run_sync
from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError, RetiredSettingWarning, retired_setting
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers.offline import FunctionProvider, ReplyFunction
from nbagent.llm.tokens import TokenEstimator
from nbagent.notebook._replay import Transcript, replay
from nbagent.notebook._tuning_plot import FAILED, STATUS
from nbagent.notebook._tuning_run import CellFailure, blank_failed

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
    """The grid with every value a list; unknown keys fail with the accepted ones. A setting
    that left (``fact_ledger_share``) is taken for one release under its new name, with a
    :class:`~nbagent.errors.RetiredSettingWarning`; one whose behaviour is fixed now fails,
    saying so."""
    for key, gone in [(k, retired_setting(SummaryConfig, k)) for k in grid]:
        if gone is None:
            continue
        new = gone.renamed
        if not new or new in grid:
            raise ConfigurationError(
                f"grid key {key!r} is no longer a SummaryConfig setting: {gone.advice}"
            )
        warnings.warn(
            f"grid key {key!r} is no longer a SummaryConfig setting: {gone.advice}",
            RetiredSettingWarning,
            stacklevel=3,
        )
        grid = {new if k == key else k: v for k, v in grid.items()}
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


Outcome = AgentSession | CellFailure
"""What a job gives: the replayed session, or why there is none."""


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


class Progress:
    """An ipywidgets bar in a kernel, a text line on stderr elsewhere; nothing when disabled.

    ``widget`` forces the bar (``True``) or the text line (``False``); ``None`` picks the bar
    when IPython runs in a kernel. Nothing shows before :meth:`start`. The bar ends green
    (``success``) when every job finished, red (``danger``) saying how many failed otherwise.
    """

    def __init__(self, total: int, enabled: bool, widget: bool | None = None) -> None:
        self.total = total
        self.bar: Any = None
        self.enabled = enabled and total > PROGRESS_MIN_CELLS
        self.widget = widget

    def start(self) -> None:
        if not self.enabled:
            return
        if self.widget if self.widget is not None else _in_kernel():
            import ipywidgets
            from IPython.display import display

            self.bar = ipywidgets.IntProgress(
                value=0,
                min=0,
                max=self.total,
                description="tuning",
                style={"description_width": "initial"},
            )
            display(self.bar)  # type: ignore[no-untyped-call]

    def step(self, done: int) -> None:
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.value = done
        else:
            print(f"\rtuning {done}/{self.total}", end="", file=sys.stderr, flush=True)

    def retrying(self, count: int) -> None:
        """Say that ``count`` jobs whose worker died run again."""
        if self.bar is not None:
            self.bar.bar_style = "warning"
            self.bar.description = f"retrying {count}"

    def close(self, failed: int = 0) -> None:
        """The end of the run: green when nothing ``failed``, else red saying how many."""
        if not self.enabled:
            return
        said = f"{_plural(failed, 'cell')} failed" if failed else ""
        if self.bar is not None:
            self.bar.bar_style = "danger" if failed else "success"
            self.bar.description = said or "tuning"
        else:
            print(f": {said}" if said else "", file=sys.stderr)

    def stop(self) -> None:
        """The run was cut short (an interrupt, an error no cell caught)."""
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.bar_style = "danger"
            self.bar.description = "stopped"
        else:
            print(": stopped", file=sys.stderr)


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython

        shell = get_ipython()
    except ImportError:  # pragma: no cover - IPython is a dependency
        return False
    return shell is not None and getattr(shell, "kernel", None) is not None


def _outcome(future: concurrent.futures.Future[AgentSession]) -> Outcome:
    try:
        return future.result()
    except concurrent.futures.BrokenExecutor as e:
        return CellFailure(e, lost=True)
    except Exception as e:
        return CellFailure(e)


def _attempt(job: Job) -> Outcome:
    try:
        return replay_cell(*job)
    except Exception as e:
        return CellFailure(e)


def _submit_all(
    executor: concurrent.futures.Executor,
    jobs: Sequence[Job],
    outcomes: dict[int, Outcome],
    bar: Progress,
) -> dict[int, CellFailure]:
    """Run every job on ``executor``; the outcomes of those that finished or raised go to
    ``outcomes`` (the bar counting them), and those whose worker died are returned."""
    lost: dict[int, CellFailure] = {}
    futures: dict[concurrent.futures.Future[AgentSession], int] = {}
    try:
        for i, job in enumerate(jobs):
            try:
                futures[executor.submit(replay_cell, *job)] = i
            except concurrent.futures.BrokenExecutor as e:  # it broke while jobs went in
                lost.update((j, CellFailure(e, lost=True)) for j in range(i, len(jobs)))
                break
        for future in concurrent.futures.as_completed(futures):
            outcome = _outcome(future)
            if isinstance(outcome, CellFailure) and outcome.lost:
                lost[futures[future]] = outcome
            else:
                outcomes[futures[future]] = outcome
                bar.step(len(outcomes))
    finally:
        for future in futures:
            future.cancel()
    return dict(sorted(lost.items()))


def _fresh_pool(
    executor: concurrent.futures.Executor,
) -> Callable[[], concurrent.futures.Executor] | None:
    """A maker of one-worker pools like ``executor`` (its start method and initializer), or
    ``None`` when it is not a process pool (no other executor is retried)."""
    if not isinstance(executor, concurrent.futures.ProcessPoolExecutor):
        return None
    context = getattr(executor, "_mp_context", None)
    initializer = getattr(executor, "_initializer", None)
    initargs = getattr(executor, "_initargs", ())

    def make() -> concurrent.futures.Executor:
        return concurrent.futures.ProcessPoolExecutor(
            1, mp_context=context, initializer=initializer, initargs=initargs
        )

    return make


def _retry_alone(
    make: Callable[[], concurrent.futures.Executor],
    jobs: Sequence[Job],
    lost: Mapping[int, CellFailure],
    outcomes: dict[int, Outcome],
    bar: Progress,
) -> None:
    """Run each ``lost`` job once more, alone, in a fresh pool (a new one after each death)."""
    bar.retrying(len(lost))
    pool: concurrent.futures.Executor | None = None
    try:
        for i in lost:
            pool = pool or make()
            outcome = _outcome(pool.submit(replay_cell, *jobs[i]))
            if isinstance(outcome, CellFailure) and outcome.lost:
                outcome = CellFailure(outcome.error, lost=True, retried=True)
                pool.shutdown(wait=True)
                pool = None
            outcomes[i] = outcome
            bar.step(len(outcomes))
    except BaseException:  # an interrupt: leave the running job to end with its process
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        raise
    if pool is not None:
        pool.shutdown(wait=True)


def run_jobs(
    jobs: Sequence[Job], executor: concurrent.futures.Executor | None, bar: Progress
) -> list[Outcome]:
    """The outcome of every job, in job order: its replayed session or a :class:`CellFailure`
    (see the module docstring); ``bar`` counts them as they finish."""
    if executor is not None:
        check_picklable(executor, jobs)
    bar.start()
    outcomes: dict[int, Outcome] = {}
    try:
        if executor is None:
            for i, job in enumerate(jobs):
                outcomes[i] = _attempt(job)
                bar.step(len(outcomes))
        else:
            lost = _submit_all(executor, jobs, outcomes, bar)
            make = _fresh_pool(executor)
            if lost and make is not None:
                executor.shutdown(wait=True)  # broken: takes no more work; join its threads
                _retry_alone(make, jobs, lost, outcomes, bar)
            elif lost:
                outcomes.update(lost)
                bar.step(len(outcomes))
    except BaseException:
        bar.stop()
        raise
    ordered = [outcomes[i] for i in range(len(jobs))]
    bar.close(sum(isinstance(o, CellFailure) for o in ordered))
    return ordered


def baseline_session(outcome: Outcome, number: int | None) -> AgentSession:
    """A transcript's no-summary replay (``number``: its place in a list of them), or its error
    raised with a note: every saving is measured against it, so no grid result stands without."""
    if isinstance(outcome, CellFailure):
        which = "" if number is None else f" of transcript {number}"
        outcome.error.add_note(
            f"nbagent: the no-summary replay{which} failed ({outcome.reason}); every setting's "
            "savings are measured against it, so the grid has no result"
        )
        raise outcome.error
    return outcome


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

    A setting that failed in any transcript fails in the aggregate (its figures missing, its
    ``error`` naming the transcripts), since a sum over the others would look cheaper.
    """
    failures = any(STATUS in t for t in tables)
    if failures:
        tables = [t if STATUS in t else t.assign(status="ok", error=None) for t in tables]
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
    if "usd" in detail:  # priced: the USD adds up, the cache share is weighted by input
        table["usd"] = groups["usd"].sum().round(4).to_numpy()
        read = detail["cache_read_share"] * detail["total_input_tokens"]
        inputs = groups["total_input_tokens"].sum().to_numpy()
        shares = read.groupby(cell, sort=True).sum().to_numpy()
        table["cache_read_share"] = [
            round(r / n, 4) if n else 0.0 for r, n in zip(shares, inputs, strict=True)
        ]
    base = sum(baselines)
    table["savings_pct"] = [
        round(100 * net / base, 2) if base else 0.0 for net in table["net_saved_tokens"]
    ]
    if failures:
        _mark_failed(table, groups, keys)
    return table[list(tables[0].columns)].reset_index(drop=True), detail


def _mark_failed(table: pd.DataFrame, groups: Any, keys: Sequence[str]) -> None:
    """The aggregate's ``status`` and ``error``: failed where any transcript's cell failed."""
    errors = [
        "; ".join(
            f"transcript {n}: {error}"
            for n, status, error in zip(
                rows["transcript"], rows[STATUS], rows["error"], strict=True
            )
            if status == FAILED
        )
        for _, rows in groups
    ]
    failed = np.array([bool(e) for e in errors])
    table[STATUS] = [FAILED if f else "ok" for f in failed]
    table["error"] = [e or None for e in errors]
    blank_failed(table, failed, keys)


__all__ = [
    "PROGRESS_MIN_CELLS",
    "SUMMARY_FIELDS",
    "CellFailure",
    "Job",
    "Outcome",
    "Progress",
    "Summarizer",
    "aggregate",
    "as_provider",
    "baseline_session",
    "check_picklable",
    "grid_configs",
    "is_many",
    "normalise_grid",
    "replay_cell",
    "run_jobs",
]
