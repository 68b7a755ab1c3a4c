"""Tuning grids on executors (threads, processes, a local Dask cluster) and over many transcripts:
the same tables as the serial run, one progress bar, clear errors for what cannot travel."""

from __future__ import annotations

import concurrent.futures
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError
from nbagent.llm.messages import AnyMessage, Message
from nbagent.llm.request import MessageRequest
from nbagent.notebook._grid import is_many
from nbagent.notebook._replay import read_jsonl
from nbagent.notebook.tuning import RESULT_COLUMNS, ManyTuningResult, TuningResult, tune_summary

FIXTURE = Path(__file__).parent / "data" / "transcripts" / "travel_20_turns.jsonl"
BASE = SummaryConfig(max_context_tokens=4000, trigger_token_ratio=0.5)
GRID = {"trigger_token_ratio": [0.5, 0.75], "debounce_turns": [1, 3]}
DASK_TIMEOUT = 180.0


def tune(source: Any = FIXTURE, **kwargs: Any) -> Any:
    kwargs.setdefault("progress", False)
    return tune_summary(source, GRID, base_config=BASE, **kwargs)


@pytest.fixture(scope="module")
def serial() -> TuningResult:
    result: TuningResult = tune()
    return result


def test_process_pool_gives_the_serial_table(serial: TuningResult) -> None:
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        parallel = tune(executor=pool)
    pd.testing.assert_frame_equal(serial.table, parallel.table)
    assert parallel.baseline_input_tokens == serial.baseline_input_tokens
    summaries = [[(r.summary_status, r.summary) for r in t] for t in serial.timelines]
    assert [[(r.summary_status, r.summary) for r in t] for t in parallel.timelines] == summaries
    assert [run.values for run in parallel.runs] == [run.values for run in serial.runs]


def test_one_progress_bar_for_the_whole_grid(capsys: pytest.CaptureFixture[str]) -> None:
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        tune_summary(FIXTURE, GRID, base_config=BASE, executor=pool)
    err = capsys.readouterr().err
    assert [step.strip() for step in err.split("\r") if step.strip()] == [
        f"tuning {n}/5" for n in range(1, 6)
    ]
    assert err.count("\n") == 1


def test_thread_pool_takes_any_summariser(serial: TuningResult) -> None:
    seen: list[MessageRequest] = []

    def summarise(request: MessageRequest) -> str:
        seen.append(request)
        return "Trip to Japan in May."

    expected = tune(summarizer=summarise)
    calls = len(seen)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        parallel = tune(summarizer=summarise, executor=pool)
    pd.testing.assert_frame_equal(expected.table, parallel.table)
    assert len(seen) == 2 * calls > 0


def test_unpicklable_summariser_on_processes_is_a_clear_error() -> None:
    def summarise(request: MessageRequest) -> str:  # a local function does not pickle
        return "Trip."

    with (
        concurrent.futures.ProcessPoolExecutor(1) as pool,
        pytest.raises(ConfigurationError, match="the summarizer cannot be pickled") as e,
    ):
        tune(summarizer=summarise, executor=pool)
    assert "ThreadPoolExecutor" in str(e.value) and "default summarizer" in str(e.value)


def test_worker_errors_reach_the_caller() -> None:
    class Broken(concurrent.futures.ThreadPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            future: concurrent.futures.Future[Any] = concurrent.futures.Future()
            future.set_exception(RuntimeError("worker lost"))
            return future

    with Broken(1) as pool, pytest.raises(RuntimeError, match="worker lost"):
        tune(executor=pool)


@pytest.fixture(scope="module")
def prefixed() -> list[AnyMessage]:
    return [Message.system("You plan trips."), *read_jsonl(FIXTURE)]


def test_many_transcripts_aggregate_per_setting(
    serial: TuningResult, prefixed: list[AnyMessage]
) -> None:
    other: TuningResult = tune(prefixed)
    many = tune([FIXTURE, prefixed])
    assert isinstance(many, ManyTuningResult)
    assert [r.baseline_input_tokens for r in many.results] == [
        serial.baseline_input_tokens,
        other.baseline_input_tokens,
    ]
    detail = many.per_transcript
    assert list(detail.columns) == ["transcript", *GRID, *RESULT_COLUMNS]
    assert detail["transcript"].tolist() == [0] * 4 + [1] * 4
    for number, single in enumerate((serial, other)):
        part = detail[detail["transcript"] == number].drop(columns="transcript")
        pd.testing.assert_frame_equal(part.reset_index(drop=True), single.table)
    table = many.table
    assert list(table.columns) == [*GRID, *RESULT_COLUMNS]
    assert table[list(GRID)].equals(serial.table[list(GRID)])
    a, b = serial.table, other.table
    summed = ("summaries_fired", "total_input_tokens", "summary_tokens", "total_tokens")
    for column in (*summed, "net_saved_tokens", "facts_lost"):
        assert table[column].tolist() == (a[column] + b[column]).tolist()
    # Retention: the lower minimum, the mean final (tests/test_tuning_retention.py has
    # transcripts where they differ; here both keep every fact).
    assert table["min_retention"].tolist() == [
        min(x, y) for x, y in zip(a["min_retention"], b["min_retention"], strict=True)
    ]
    assert table["final_retention"].tolist() == [
        (x + y) / 2 for x, y in zip(a["final_retention"], b["final_retention"], strict=True)
    ]
    assert table["peak_context_tokens"].tolist() == [
        max(x, y) for x, y in zip(a["peak_context_tokens"], b["peak_context_tokens"], strict=True)
    ]
    assert table["first_fire_turn"].tolist() == [
        min(x, y) for x, y in zip(a["first_fire_turn"], b["first_fire_turn"], strict=True)
    ]
    assert table["final_context_tokens"].tolist() == [
        (x + y) / 2
        for x, y in zip(a["final_context_tokens"], b["final_context_tokens"], strict=True)
    ]
    base = serial.baseline_input_tokens + other.baseline_input_tokens
    assert many.baseline_input_tokens == base
    assert table["savings_pct"].tolist() == [
        round(100 * net / base, 2) for net in table["net_saved_tokens"]
    ]
    assert "2 transcripts" in many._repr_html_()
    assert repr(many).startswith("ManyTuningResult(settings=4, transcripts=2")


def test_many_transcripts_on_processes_match_serial(prefixed: list[AnyMessage]) -> None:
    expected = tune([FIXTURE, prefixed])
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        parallel = tune([FIXTURE, prefixed], executor=pool)
    pd.testing.assert_frame_equal(expected.table, parallel.table)
    pd.testing.assert_frame_equal(expected.per_transcript, parallel.per_transcript)


def test_no_fire_anywhere_aggregates_to_na() -> None:
    many = tune_summary(
        [FIXTURE, FIXTURE], {"max_context_tokens": [10**6]}, base_config=BASE, progress=False
    )
    assert many.table["first_fire_turn"].isna().all()
    assert many.table["summaries_fired"].tolist() == [0]


def test_a_message_list_is_one_transcript(prefixed: list[AnyMessage]) -> None:
    assert not is_many(prefixed)
    assert not is_many([m.model_dump() for m in prefixed])
    assert is_many([FIXTURE, str(FIXTURE)]) and is_many([prefixed])
    assert not is_many(str(FIXTURE)) and not is_many([])


def test_local_dask_cluster_gives_the_serial_table(serial: TuningResult) -> None:
    distributed = pytest.importorskip("distributed")
    with (
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
        assert all(
            address.startswith("tcp://127.0.0.1:") for address in client.scheduler_info()["workers"]
        )
        runner = concurrent.futures.ThreadPoolExecutor(1)  # bounds the run with a timeout
        try:
            future = runner.submit(tune, executor=client.get_executor())
            parallel = future.result(timeout=DASK_TIMEOUT)
        finally:
            runner.shutdown(wait=False, cancel_futures=True)
    pd.testing.assert_frame_equal(serial.table, parallel.table)
