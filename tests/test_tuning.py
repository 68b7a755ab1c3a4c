"""Threshold tuning on the 20-turn travel fixture: exact numbers, inputs, grids and errors."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pandas as pd
import pytest

from nbagent.agent.ledger import split_ledger
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError
from nbagent.llm.messages import MESSAGE_ADAPTER, AnyMessage, Message
from nbagent.llm.request import MessageRequest
from nbagent.llm.tools import run_sync
from nbagent.notebook._replay import load_transcript, read_jsonl, replay
from nbagent.notebook.tuning import RESULT_COLUMNS, TuningResult, tune_summary, tune_widget
from tests.data.transcripts.make_transcripts import main as make_transcripts
from tests.data.transcripts.make_transcripts import travel_session

FIXTURE = Path(__file__).parent / "data" / "transcripts" / "travel_20_turns.jsonl"
BASE = SummaryConfig(max_context_tokens=4000, trigger_token_ratio=0.5)
NO_SUMMARY_INPUT_TOKENS = 125_080


def tune(grid: dict[str, Any], source: Any = FIXTURE, **kwargs: Any) -> TuningResult:
    kwargs.setdefault("base_config", BASE)
    return tune_summary(source, grid, progress=False, **kwargs)


@pytest.fixture(scope="module")
def messages() -> list[AnyMessage]:
    return read_jsonl(FIXTURE)


def test_fixture_is_generated_deterministically(tmp_path: Path) -> None:
    make_transcripts(tmp_path)
    assert (tmp_path / FIXTURE.name).read_bytes() == FIXTURE.read_bytes()


def test_exact_numbers_on_the_fixture() -> None:
    result = tune_summary(
        FIXTURE,
        {"trigger_token_ratio": [0.5, 0.75], "max_context_tokens": [4000, 8000]},
        progress=False,
    )
    assert result.baseline_input_tokens == NO_SUMMARY_INPUT_TOKENS
    assert list(result.table.columns) == [
        "trigger_token_ratio",
        "max_context_tokens",
        *RESULT_COLUMNS,
    ]
    assert result.table.to_dict("list") == {
        "trigger_token_ratio": [0.5, 0.5, 0.75, 0.75],
        "max_context_tokens": [4000, 8000, 4000, 8000],
        "summaries_fired": [3, 1, 2, 1],
        "first_fire_turn": [6, 9, 7, 14],
        "debounced_turns": [5, 0, 0, 0],
        "failed_summaries": [0, 0, 0, 0],
        "peak_context_tokens": [2752, 4532, 3732, 6106],
        "final_context_tokens": [1952, 3305, 1952, 1792],
        "total_input_tokens": [56826, 71430, 63741, 90491],
        "summary_tokens": [9661, 3222, 6837, 4152],
        "total_tokens": [66487, 74652, 70578, 94643],
        "input_saved_tokens": [68254, 53650, 61339, 34589],
        "net_saved_tokens": [58593, 50428, 54502, 30437],
        "savings_pct": [46.84, 40.32, 43.57, 24.33],
        # The offline summaries and their ledgers keep every fact of this fixture (the six-turn
        # transcript of tests/test_tuning_retention.py is the one that loses some).
        "final_retention": [1.0, 1.0, 1.0, 1.0],
        "min_retention": [1.0, 1.0, 1.0, 1.0],
        "facts_lost": [0, 0, 0, 0],
    }


def test_table_figures_are_the_replayed_sessions_records() -> None:
    result = tune({"debounce_turns": [1, 3]})
    for (_, row), run in zip(result.table.iterrows(), result.runs, strict=True):
        fired = [r.turn_index for r in run.timeline if r.summary_fired]
        assert row["summaries_fired"] == len(fired)
        assert row["first_fire_turn"] == fired[0]
        assert row["total_input_tokens"] == run.session.cost_so_far.total.input_tokens
        assert row["summary_tokens"] == sum(r.summary_tokens for r in run.timeline)
        assert row["peak_context_tokens"] == max(
            r.reported_context_tokens or 0 for r in run.timeline
        )
        assert run.config is not None and run.config.debounce_turns == run.values["debounce_turns"]
    assert [len(t) for t in result.timelines] == [20, 20]


def test_same_input_same_table() -> None:
    grid = {"trigger_token_ratio": [0.4, 0.6], "strategy": ["full", "incremental"]}
    first, second = tune(grid), tune(grid)
    pd.testing.assert_frame_equal(first.table, second.table)
    summaries = [[r.summary for r in t] for t in first.timelines]
    assert summaries == [[r.summary for r in t] for t in second.timelines]


def test_baseline_replay_matches_the_recorded_session() -> None:
    original = travel_session()
    transcript = load_transcript(FIXTURE)
    replayed = run_sync(replay(transcript, None))
    assert list(replayed.slot.messages) == list(original.slot.messages)
    # Requests are the same messages (the replay sends no tool definitions), so the context
    # estimates per turn are identical.
    assert [r.estimated_context_tokens for r in replayed.timeline] == [
        r.estimated_context_tokens for r in original.timeline
    ]
    assert [r.messages_stored for r in replayed.timeline] == [
        r.messages_stored for r in original.timeline
    ]


@pytest.mark.parametrize(
    ("grid", "column", "expected"),
    [
        ({"watermark": ["context", "cumulative"]}, "summaries_fired", [3, 6]),
        ({"strategy": ["full", "incremental"]}, "summary_tokens", [9661, 8333]),
        ({"debounce_turns": [0, 5]}, "summaries_fired", [8, 3]),
        ({"max_tool_result_chars": [100, 500]}, "summary_tokens", [7399, 9661]),
        ({"prompt_language": ["zh", "en"]}, "summary_tokens", [9946, 9661]),
        ({"trigger_token_ratio": 0.5}, "summaries_fired", [3]),  # a single value
    ],
)
def test_grid_over_each_field_type(grid: dict[str, Any], column: str, expected: list[int]) -> None:
    table = tune(grid).table
    key = next(iter(grid))
    values = grid[key] if isinstance(grid[key], list) else [grid[key]]
    assert table[key].tolist() == values
    assert table[column].tolist() == expected


def test_cumulative_watermark_fires_earlier() -> None:
    table = tune({"watermark": ["context", "cumulative"]}).table
    assert table["first_fire_turn"].tolist() == [6, 3]


def test_inputs_jsonl_list_dicts_and_session_agree(messages: list[AnyMessage]) -> None:
    grid = {"trigger_token_ratio": [0.5, 0.75]}
    expected = tune(grid).table
    dicts = [json.loads(MESSAGE_ADAPTER.dump_json(m)) for m in messages]
    for source in (str(FIXTURE), messages, dicts, travel_session()):
        pd.testing.assert_frame_equal(tune(grid, source).table, expected)


def test_summariser_is_pluggable() -> None:
    seen: list[MessageRequest] = []

    def summarise(request: MessageRequest) -> str:
        seen.append(request)
        return "Trip to Japan in May."

    result = tune({"debounce_turns": [1]}, summarizer=summarise)
    (timeline,) = result.timelines
    fired = [r for r in timeline if r.summary_fired]
    assert len(fired) == len(seen) > 0
    # The model's prose, then the ledger of the facts it left out.
    assert {split_ledger(r.summary or "")[0] for r in fired} == {"Trip to Japan in May."}
    assert all("NB962" in split_ledger(r.summary or "")[1] for r in fired)
    assert all(r.metadata.get("purpose") == "summary" for r in seen)


def test_plot_has_a_line_and_fire_markers_per_setting() -> None:
    result = tune({"trigger_token_ratio": [0.5, 0.75]})
    fig = result.plot()
    left, right = fig.axes[:2]
    runs = [line for line in left.lines if str(line.get_gid()).startswith("run-")]
    assert len(runs) == 2
    assert left.lines[0].get_gid() == "baseline"
    for number, count in enumerate(result.table["summaries_fired"]):
        (markers,) = [c for c in left.collections if c.get_gid() == f"fired-{number}"]
        assert np.asarray(markers.get_offsets()).shape[0] == count
    (savings,) = [c for c in right.collections if c.get_gid() == "savings"]
    assert np.asarray(savings.get_offsets()).shape[0] == 2
    (retention,) = [c for c in fig.axes[2].collections if c.get_gid() == "retention"]
    costs = result.table[["total_tokens", "min_retention"]].astype(float).to_numpy().tolist()
    assert np.asarray(retention.get_offsets()).tolist() == costs
    assert result.chart(0).axes[0].get_title().startswith("Replay: trigger_token_ratio=0.5")
    html = result._repr_html_()
    assert "125,080" in html and "46.84" in html
    assert repr(result).startswith("TuningResult(settings=2, turns=20")


def test_plot_draws_grid_values_with_dollars_as_written() -> None:
    result = tune({"summary_model": ["$\\frac$", "m"]})
    result.plot().savefig(io.BytesIO(), format="png")
    result.chart(0).savefig(io.BytesIO(), format="png")
    assert result.chart(0).axes[0].get_title().startswith("Replay: summary_model=\\$\\frac\\$")


def test_bad_grid_key_is_a_clear_error() -> None:
    with pytest.raises(ConfigurationError, match=r"\['trigger_ratio'\] are not SummaryConfig") as e:
        tune({"trigger_ratio": [0.5]})
    assert "trigger_token_ratio" in str(e.value)
    with pytest.raises(ConfigurationError, match="not SummaryConfig fields"):
        tune_widget(FIXTURE, trigger_ratio=0.5)


@pytest.mark.parametrize(
    ("grid", "match"),
    [
        ({"trigger_token_ratio": [0.5, 1.5]}, r"grid setting \{'trigger_token_ratio': 1.5\}"),
        ({"watermark": ["context", "peak"]}, "watermark must be"),
        ({"debounce_turns": []}, "is empty"),
    ],
)
def test_bad_grid_values_fail_before_any_replay(grid: dict[str, Any], match: str) -> None:
    with pytest.raises(ConfigurationError, match=match):
        tune(grid)


def test_unreplayable_transcripts_are_clear_errors(
    tmp_path: Path, messages: list[AnyMessage]
) -> None:
    cut = messages[:4]  # the turn ends on a tool-calling reply with no result
    with pytest.raises(ConfigurationError, match=r"turn 1 \(message 3\): no result for tool call"):
        tune({}, cut)
    with pytest.raises(ConfigurationError, match="no user message"):
        tune({}, [Message.assistant("hi")])
    bad = tmp_path / "bad.jsonl"
    bad.write_text(MESSAGE_ADAPTER.dump_json(messages[0]).decode() + '\n{"role": "nobody"}\n')
    with pytest.raises(ConfigurationError, match=r"bad\.jsonl line 2 is not a message"):
        tune({}, bad)
    with pytest.raises(ConfigurationError, match="cannot read transcript"):
        tune({}, tmp_path / "missing.jsonl")


def test_preamble_messages_are_replayed(messages: list[AnyMessage]) -> None:
    with_system = [Message.system("You plan trips."), *messages]
    result = tune({"debounce_turns": [3]}, with_system)
    (run,) = result.runs
    assert run.session.slot.messages[0] == Message.system("You plan trips.")
    assert result.baseline_input_tokens > NO_SUMMARY_INPUT_TOKENS


def test_progress_text_fallback(capsys: pytest.CaptureFixture[str]) -> None:
    tune_summary(FIXTURE, {"debounce_turns": [0, 1, 2, 3, 4]}, base_config=BASE)
    err = capsys.readouterr().err
    assert "tuning 6/6" in err
    tune_summary(FIXTURE, {"debounce_turns": [0, 1]}, base_config=BASE)
    assert capsys.readouterr().err == ""  # small grids show no bar


def test_widget_redraws_one_setting() -> None:
    box = tune_widget(FIXTURE, base_config=BASE, debounce_turns=3)
    assert set(box.controls) == {
        "trigger_token_ratio",
        "max_context_tokens",
        "debounce_turns",
        "watermark",
        "strategy",
    }
    first = box.result.table.iloc[0]
    assert (first["summaries_fired"], first["first_fire_turn"]) == (3, 6)
    (output,) = box.output.outputs
    assert output["data"]["image/png"]
    assert "trigger_token_ratio=0.5" in output["data"]["text/plain"]
    box.controls["max_context_tokens"].value = 8000
    now = box.result.table.iloc[0]
    assert (now["summaries_fired"], now["first_fire_turn"]) == (1, 9)
    assert "max_context_tokens=8000" in box.output.outputs[0]["data"]["text/plain"]
    box.controls["watermark"].value = "cumulative"
    assert box.result.runs[0].config.watermark == "cumulative"
    assert "47.32" not in box.figures.value and "summaries_fired" in box.figures.value


def test_a_session_transcript_replays_its_compaction_and_prompt() -> None:
    from tests.test_notebook_tables import compacted_session

    original = compacted_session()
    transcript = load_transcript(original)
    assert transcript.system_prompt == "You plan trips."
    assert transcript.compact_config == original.bundle.config.compact_config
    replayed = run_sync(replay(transcript, None))
    assert [r.compaction_freed_tokens for r in replayed.timeline] == [
        r.compaction_freed_tokens for r in original.timeline
    ]
    assert [r.estimated_context_tokens for r in replayed.timeline] == [
        r.estimated_context_tokens for r in original.timeline
    ]


def test_probes_are_counted_per_turn_and_rank_the_settings() -> None:
    # Probes a person lists: one the transcript states early, one it never states (not
    # counted), and the first flight search's destination (stated, and later summarised away
    # or kept depending on the setting).
    probes = ["Tokyo", "a text this trip never mentions", "May 3"]
    grid = {"trigger_token_ratio": [0.3, 0.75], "max_context_tokens": [4000]}
    result = tune_summary(FIXTURE, grid, progress=False, probes=probes)
    assert list(result.table.columns)[-3:] == [
        "probe_final_retention",
        "probe_min_retention",
        "probes_lost",
    ]
    for (_, row), run in zip(result.table.iterrows(), result.runs, strict=True):
        last = run.timeline[-1]
        assert last.probes_stated == 2  # the never-mentioned probe is not counted
        assert row["probe_final_retention"] == last.probes_visible / 2
        assert row["probes_lost"] == len(last.probes_missing)
        assert "a text this trip never mentions" not in last.probes_missing
    # recommend() reads the probes' column when there is one.
    table = result.table.copy()
    table["probe_min_retention"] = [0.5, 1.0]
    table["min_retention"] = [1.0, 0.5]
    from nbagent.notebook._tuning_plot import cheapest_keeping

    assert cheapest_keeping(table, 0.9) == 1
    with pytest.raises(ConfigurationError, match="probes must be a list of texts"):
        tune_summary(FIXTURE, grid, progress=False, probes="Tokyo")
