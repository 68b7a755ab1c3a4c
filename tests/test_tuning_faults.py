"""Tuning grids whose cells fail: a worker process killed for real (SIGKILL), a cell whose result
cannot travel back, a lost Dask worker. The finished cells are kept, the failed ones marked, the
progress bar ends red saying how many failed, and recommend() and the plots skip them.

A cell is made to fail by its setting, so which cells fail is known: the summariser
:class:`Dying` kills its own process when asked for a summary with ``summary_model="die"``, and
:class:`Sticky` becomes unpicklable (it holds a lock, as a provider holds a live HTTP client) once
it has answered ``summary_model="boom"``. The other cells' figures are the serial run's.
"""

from __future__ import annotations

import concurrent.futures
import os
import signal
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pandas as pd
import pytest

from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError
from nbagent.llm.messages import AnyMessage
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.request import MessageRequest, MessageResponse
from nbagent.notebook._grid import (
    CellFailure,
    Job,
    Progress,
    grid_configs,
    normalise_grid,
    run_jobs,
)
from nbagent.notebook._records import is_turn_start
from nbagent.notebook._replay import load_transcript, read_jsonl
from nbagent.notebook.tuning import (
    RESULT_COLUMNS,
    ManyTuningResult,
    TuningResult,
    recommendation,
    tune_summary,
)

ROOT = Path(__file__).parents[1]
FIXTURE = Path(__file__).parent / "data" / "transcripts" / "travel_20_turns.jsonl"
BASE = SummaryConfig(max_context_tokens=4000, trigger_token_ratio=0.5)
GRID = {"debounce_turns": [1, 3], "summary_model": ["die", "m"]}
"""Rows 0 and 2 kill their worker; had they finished, row 2 would be the cheapest (it ties row 3
and comes first), so recommend() has to skip it."""
KILLED = [0, 2]
FINISHED = [1, 3]
DASK_TIMEOUT = 180.0


class Dying(OfflineProvider):
    """The offline summariser, except that a ``summary_model="die"`` request kills its process."""

    async def chat(self, request: MessageRequest) -> MessageResponse:
        if request.model == "die":
            os.kill(os.getpid(), signal.SIGKILL)
        return await super().chat(request)


class Sticky(OfflineProvider):
    """The offline summariser, holding a lock (it no longer pickles) once it answered
    ``summary_model="boom"``: the replayed session holding it cannot go back to the caller."""

    async def chat(self, request: MessageRequest) -> MessageResponse:
        if request.model == "boom":
            self.handle = threading.Lock()
        return await super().chat(request)


def _raise(error: Exception) -> None:
    raise error


class FailingCells(concurrent.futures.ThreadPoolExecutor):
    """Threads on which the jobs ``fails(config)`` picks raise instead of replaying."""

    def __init__(self, fails: Callable[[SummaryConfig | None], bool]) -> None:
        super().__init__(2)
        self.fails = fails

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        config = args[1]
        if self.fails(config):
            model = None if config is None else config.summary_model
            return super().submit(_raise, RuntimeError(f"cell failed: {model}"))
        return super().submit(fn, *args, **kwargs)


def tune(source: Any = FIXTURE, grid: dict[str, Any] = GRID, **kwargs: Any) -> Any:
    kwargs.setdefault("progress", False)
    return tune_summary(source, grid, base_config=BASE, **kwargs)


def figures(table: pd.DataFrame, rows: list[int]) -> list[list[float]]:
    return table.loc[rows, list(RESULT_COLUMNS)].astype("float64").to_numpy().tolist()


@pytest.fixture(scope="module")
def serial() -> TuningResult:
    """The finished cells' run: the same grid without the killing model."""
    result: TuningResult = tune(grid={"debounce_turns": [1, 3], "summary_model": ["m"]})
    return result


@pytest.fixture(scope="module")
def killed() -> TuningResult:
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        result: TuningResult = tune(summarizer=Dying(), executor=pool)
    return result


def jobs_of(grid: dict[str, Any], summarizer: Any) -> list[Job]:
    transcript = load_transcript(FIXTURE)
    cells = grid_configs(normalise_grid(grid), BASE)
    return [(transcript, None, None), *((transcript, config, summarizer) for _, config in cells)]


# -- a worker process killed ------------------------------------------------------------------


def test_a_killed_worker_keeps_every_finished_cell(
    killed: TuningResult, serial: TuningResult
) -> None:
    table = killed.table
    assert len(table) == 4 and len(killed.runs) == 4
    assert list(table.columns) == [*GRID, *RESULT_COLUMNS, "status", "error"]
    assert table["status"].tolist() == ["failed", "ok", "failed", "ok"]
    assert killed.failed == KILLED
    # The cells lost with the dead worker were retried alone and finished with the serial
    # figures; the killers died again when retried alone.
    assert figures(table, FINISHED) == figures(serial.table, [0, 1])
    assert table.loc[FINISHED, "error"].isna().all()
    for row in KILLED:
        assert table.loc[row, "error"] == (
            "its worker process died, again when retried alone (BrokenProcessPool: A process in "
            "the process pool was terminated abruptly while the future was running or pending.)"
        )
        assert table.loc[row, list(RESULT_COLUMNS)].isna().all()
        run = killed.runs[row]
        assert run.session is None and run.timeline == []
        assert run.failure is not None and (run.failure.lost, run.failure.retried) == (True, True)
        assert run.values["summary_model"] == "die"
    assert table["total_tokens"].dtype == "Int64"
    assert repr(killed).startswith("TuningResult(settings=4, failed=2, turns=20")
    assert "<strong>2 failed</strong>" in killed._repr_html_()


def test_the_cells_lost_with_a_dead_worker_finish_on_the_retry(serial: TuningResult) -> None:
    # One worker runs the jobs in order: the baseline finishes, cell 0 kills the worker, and the
    # pool fails the three queued behind it; each is retried alone, and only cell 2 dies again.
    with concurrent.futures.ProcessPoolExecutor(1) as pool:
        result = tune(summarizer=Dying(), executor=pool)
        with pytest.raises(concurrent.futures.BrokenExecutor):
            pool.submit(int)  # the caller's pool is broken: the rows came from the retry
    assert result.failed == KILLED
    assert figures(result.table, FINISHED) == figures(serial.table, [0, 1])


def test_recommend_skips_the_failed_cells_and_says_so(killed: TuningResult) -> None:
    choice = killed.recommend(min_retention=0.95)
    assert choice.number == 3  # row 2 ties it and comes first, but row 2 failed
    assert choice.values == {"debounce_turns": 3, "summary_model": "m"}
    assert choice.skipped == (0, 2)
    assert repr(choice).endswith("66,487 tokens; skipped failed #0, #2)")
    # Every finished row keeps all facts here; lowered, no row reaches the bar.
    table = killed.table.copy()
    table.loc[FINISHED, "min_retention"] = [0.5, 0.6]
    with pytest.raises(ConfigurationError) as e:
        recommendation(table, killed.runs, 0.9)
    assert str(e.value).startswith(
        "no setting keeps min_retention >= 0.9: the best reached 0.600 (60.0%), setting #3 "
        "(debounce_turns=3, summary_model=m, 66,487 tokens) (2 failed settings skipped: #0, #2)."
    )


def test_the_plot_leaves_the_failed_cells_out_and_says_so(killed: TuningResult) -> None:
    fig = killed.plot(min_retention=0.95)
    context, savings, retention = fig.axes[:3]
    assert [line.get_gid() for line in context.lines] == ["baseline", "run-1", "run-3"]
    (points,) = [c for c in retention.collections if c.get_gid() == "retention"]
    expected = killed.table.loc[FINISHED, ["total_tokens", "min_retention"]].astype(float)
    assert np.asarray(points.get_offsets()).tolist() == expected.to_numpy().tolist()
    labels = [t.get_text() for t in retention.texts if t.get_gid() == "retention-label"]
    assert labels == ["#1", "#3"]
    (saved,) = [c for c in savings.collections if c.get_gid() == "savings"]
    assert np.asarray(saved.get_offsets()).shape[0] == 2
    (ring,) = [c for c in retention.collections if c.get_gid() == "recommended"]
    assert np.asarray(ring.get_offsets()).tolist() == [expected.loc[3].tolist()]
    note = fig.get_suptitle()
    assert note == "Not drawn: 2 failed settings skipped: #0, #2 (see the table's error column)"
    with pytest.raises(ConfigurationError, match=r"setting #0 \(debounce_turns=1, summary_mod"):
        killed.chart(0)
    assert killed.chart(1).axes[0].get_title().startswith("Replay: debounce_turns=1")


def test_the_bar_ends_red_with_the_count_of_failed_cells() -> None:
    jobs = jobs_of(GRID, Dying())
    bar = Progress(len(jobs), True, widget=True)
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        outcomes = run_jobs(jobs, pool, bar)
    assert [isinstance(o, CellFailure) for o in outcomes] == [False, True, False, True, False]
    assert (bar.bar.value, bar.bar.max) == (5, 5)
    assert (bar.bar.bar_style, bar.bar.description) == ("danger", "2 cells failed")


def test_the_bar_ends_green_only_when_every_cell_finished() -> None:
    jobs = jobs_of({"debounce_turns": [1, 3], "summary_model": ["m", "n"]}, Dying())
    bar = Progress(len(jobs), True, widget=True)
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        outcomes = run_jobs(jobs, pool, bar)
    assert not any(isinstance(o, CellFailure) for o in outcomes)
    assert (bar.bar.value, bar.bar.bar_style, bar.bar.description) == (5, "success", "tuning")


def test_no_bar_shows_for_a_grid_that_cannot_start() -> None:
    def summarise(request: MessageRequest) -> str:  # a local function does not pickle
        return "Trip."

    bar = Progress(5, True, widget=True)
    with (
        concurrent.futures.ProcessPoolExecutor(1) as pool,
        pytest.raises(ConfigurationError, match="cannot be pickled"),
    ):
        run_jobs(jobs_of(GRID, summarise), pool, bar)
    assert bar.bar is None


def test_the_text_line_says_how_many_failed(capsys: pytest.CaptureFixture[str]) -> None:
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        tune(summarizer=Dying(), executor=pool, progress=True)
    err = capsys.readouterr().err
    steps = [step.strip() for step in err.split("\r") if step.strip()]
    assert steps[-1] == "tuning 5/5: 2 cells failed"
    assert err.count("\n") == 1


def test_in_a_real_kernel_the_bar_ends_red(tmp_path: Path) -> None:
    """The issue's case: a kernel's ipywidgets bar, read back from the executed notebook's
    widget state (the final ``bar_style`` and ``description`` the kernel sent)."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "import concurrent.futures\n"
            "from nbagent.notebook.tuning import tune_summary\n"
            "from tests.test_tuning_faults import BASE, FIXTURE, GRID, Dying\n"
            "with concurrent.futures.ProcessPoolExecutor(2) as pool:\n"
            "    result = tune_summary(FIXTURE, GRID, base_config=BASE, summarizer=Dying(),\n"
            "                          executor=pool)\n"
            "print(result.table['status'].tolist())"
        )
    ]
    client = NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()
    printed = "".join(o.get("text", "") for o in nb.cells[0].outputs if o.output_type == "stream")
    assert "['failed', 'ok', 'failed', 'ok']" in printed
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    (bar,) = [w["state"] for w in state.values() if w["model_name"] == "IntProgressModel"]
    assert (bar["value"], bar["max"]) == (5, 5)
    assert (bar["bar_style"], bar["description"]) == ("danger", "2 cells failed")


# -- a cell that raises -----------------------------------------------------------------------


def test_a_cell_that_raises_is_marked_and_not_retried(serial: TuningResult) -> None:
    grid = {"debounce_turns": [1, 3], "summary_model": ["boom", "m"]}
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        result = tune(grid=grid, summarizer=Sticky(), executor=pool)
    assert result.table["status"].tolist() == ["failed", "ok", "failed", "ok"]
    assert (
        result.table.loc[[0, 2], "error"].tolist()
        == ["TypeError: cannot pickle '_thread.lock' object"] * 2
    )
    for row in (0, 2):
        failure = result.runs[row].failure
        assert failure is not None and not failure.lost and isinstance(failure.error, TypeError)
    assert figures(result.table, [1, 3]) == figures(serial.table, [0, 1])


def test_a_cell_that_raises_on_threads_keeps_the_rest(serial: TuningResult) -> None:
    with FailingCells(lambda c: c is not None and c.summary_model == "die") as pool:
        result = tune(executor=pool)
    assert result.failed == KILLED
    assert result.table.loc[KILLED, "error"].str.startswith("RuntimeError: cell failed").all()
    assert figures(result.table, FINISHED) == figures(serial.table, [0, 1])


def test_every_cell_failing_leaves_nothing_to_recommend() -> None:
    with FailingCells(lambda c: c is not None) as pool:
        result = tune(executor=pool)
    assert result.failed == [0, 1, 2, 3]
    assert result.table["total_tokens"].isna().all()
    with pytest.raises(ConfigurationError, match="every one of the 4 settings failed") as e:
        result.recommend()
    assert "#0: RuntimeError: cell failed" in str(e.value)
    fig = result.plot()
    assert [line.get_gid() for line in fig.axes[0].lines] == ["baseline"]
    assert fig.get_suptitle().startswith("Not drawn: 4 failed settings skipped: #0, #1, #2, #3")


def test_a_failed_baseline_is_raised_with_why() -> None:
    with (
        FailingCells(lambda c: c is None) as pool,
        pytest.raises(RuntimeError, match="cell failed: None") as e,
    ):
        tune(executor=pool)
    assert e.value.__notes__ == [
        "nbagent: the no-summary replay failed (RuntimeError: cell failed: None); every "
        "setting's savings are measured against it, so the grid has no result"
    ]


# -- many transcripts -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def short() -> list[AnyMessage]:
    """The fixture's first four turns: no summary fires under BASE, so no cell dies."""
    messages = read_jsonl(FIXTURE)
    fifth = [i for i, m in enumerate(messages) if is_turn_start(m)][4]
    return messages[:fifth]


def test_many_transcripts_fail_a_setting_that_failed_in_any(
    killed: TuningResult, short: list[AnyMessage]
) -> None:
    alone: TuningResult = tune(short)
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        many = tune([FIXTURE, short], summarizer=Dying(), executor=pool)
    assert isinstance(many, ManyTuningResult)
    assert alone.table["summaries_fired"].tolist() == [0, 0, 0, 0]
    detail = many.per_transcript
    assert detail["status"].tolist() == ["failed", "ok", "failed", "ok"] + ["ok"] * 4
    table = many.table
    assert list(table.columns) == [*GRID, *RESULT_COLUMNS, "status", "error"]
    assert table["status"].tolist() == ["failed", "ok", "failed", "ok"]
    assert table.loc[KILLED, "error"].tolist() == [
        f"transcript 0: {killed.table.loc[row, 'error']}" for row in KILLED
    ]
    assert table.loc[KILLED, list(RESULT_COLUMNS)].isna().all(axis=None)
    summed = (
        killed.table.loc[FINISHED, "total_tokens"].to_numpy()
        + alone.table.loc[FINISHED, "total_tokens"].to_numpy()
    )
    assert table.loc[FINISHED, "total_tokens"].tolist() == summed.tolist()
    choice = many.recommend(0.95)
    assert (choice.number, choice.skipped) == (3, (0, 2))
    assert repr(many).startswith("ManyTuningResult(settings=4, failed=2, transcripts=2")


# -- a lost Dask worker -----------------------------------------------------------------------


class Routed(concurrent.futures.Executor):
    """Two Dask executors: the ``summary_model="die"`` cell on one worker, every other job on
    the other, so the worker that dies runs the killer alone (Dask counts a death against every
    task the worker held, and would fail an innocent task queued behind the killer too)."""

    def __init__(self, steady: concurrent.futures.Executor, doomed: concurrent.futures.Executor):
        self.steady, self.doomed = steady, doomed

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        config = args[1]
        dies = config is not None and config.summary_model == "die"
        return (self.doomed if dies else self.steady).submit(fn, *args, **kwargs)


def test_a_lost_dask_worker_fails_its_cell_alone(serial: TuningResult) -> None:
    dask = pytest.importorskip("dask")
    distributed = pytest.importorskip("distributed")
    grid = {"debounce_turns": [3], "summary_model": ["m", "die", "n"]}
    expected = tune(grid={"debounce_turns": [3], "summary_model": ["m", "n"]})
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        distributed.LocalCluster(
            n_workers=2,
            processes=True,
            threads_per_worker=1,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=50,
        ) as cluster,
        distributed.Client(cluster, timeout=DASK_TIMEOUT) as client,
    ):
        workers = client.scheduler_info()["workers"]
        steady, doomed = sorted(workers, key=lambda address: workers[address]["name"])
        executor = Routed(
            client.get_executor(workers=[steady], allow_other_workers=False),
            client.get_executor(workers=[doomed], allow_other_workers=False),
        )
        runner = concurrent.futures.ThreadPoolExecutor(1)  # bounds the run with a timeout
        try:
            future = runner.submit(tune, grid=grid, summarizer=Dying(), executor=executor)
            result = future.result(timeout=DASK_TIMEOUT)
        finally:
            runner.shutdown(wait=False, cancel_futures=True)
    assert result.table["status"].tolist() == ["ok", "failed", "ok"]
    assert figures(result.table, [0, 2]) == figures(expected.table, [0, 1])
    error = result.table.loc[1, "error"]
    assert error.startswith("KilledWorker: Attempted to run task 'replay_cell-")
    assert f"The last worker that attempt to run the task was {doomed}" in error
    assert result.recommend(0.95).skipped == (1,)
