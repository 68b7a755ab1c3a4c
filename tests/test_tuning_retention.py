"""Tuning against retention: the table's retention columns, the cost-vs-retention panel and its
Pareto front, and ``recommend`` -- on a six-turn transcript whose facts are known by hand.

Every turn states one value (the last none) in a sentence that counts too (the user's own words),
and the assistant only says "Noted.". The summariser always answers "They fly CA1234.", so with
the ledger off every fact but the flight's code is gone from the request once its turn leaves
the kept tail (the last two turns); with the ledger on (a fixed 800-character budget: room for
all), the ledger lists them. Tokens are counted one
per word, so when summaries fire follows from the text alone.
"""

from __future__ import annotations

from typing import Any

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pandas as pd
import pytest

from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus
from nbagent.errors import ConfigurationError
from nbagent.llm.messages import AnyMessage, Message
from nbagent.llm.request import MessageRequest
from nbagent.llm.tools import run_sync
from nbagent.notebook._replay import load_transcript, replay
from nbagent.notebook._tuning_plot import pareto_front
from nbagent.notebook.retention import retention_table
from nbagent.notebook.tuning import (
    ManyTuningResult,
    Recommendation,
    TuningResult,
    retention_figures,
    tune_summary,
)
from tests.agent_support import ScriptedProvider, make_session

PROMPTS = [
    "Book flight CA1234 for me, please.",
    "The hotel reference is QX7Y2B.",
    "Dinner is at 19:30 tonight.",
    "My order number is ORD-88231.",
    "The taxi costs 300 EUR.",
    "Anything else to check?",
]
FACTS = ["CA1234", "QX7Y2B", "19:30", "ORD-88231", "300 EUR"]
BASE = SummaryConfig(max_context_tokens=70, debounce_turns=1)
LEDGER = 0.9  # of a 70-token window: the room the five facts need
GRID = {"trigger_token_ratio": [0.5, 0.75], "fact_ledger": [False, LEDGER]}


class Words:
    """One token per word, plus the per-message overhead: about 15 a turn here."""

    name = "words"

    def count_text(self, text: str) -> int:
        return len(text.split())


def transcript(prompts: list[str] = PROMPTS) -> list[AnyMessage]:
    return [m for p in prompts for m in (Message.user(p), Message.assistant("Noted."))]


def summarise(request: MessageRequest) -> str:
    return "They fly CA1234."


def tune(grid: dict[str, Any] = GRID, source: Any = None) -> Any:
    return tune_summary(
        transcript() if source is None else source,
        grid,
        base_config=BASE,
        summarizer=summarise,
        estimator=Words(),
        progress=False,
    )


@pytest.fixture(scope="module")
def result() -> TuningResult:
    tuned: TuningResult = tune()
    return tuned


def test_replays_measure_retention_on_every_turn(result: TuningResult) -> None:
    baseline = result.baseline.timeline
    assert [r.facts_stated for r in baseline] == [2, 4, 6, 8, 10, 10]
    assert all(r.retention == 1.0 for r in baseline)  # no summary: every fact in view
    first = result.runs[0].timeline  # ratio 0.5, no ledger: fires from turn 2 on
    assert [r.summary_fired for r in first] == [False, False, True, True, True, True]
    assert [r.facts_visible for r in first] == [2, 4, 6, 8, 8, 6]
    hotel, dinner = PROMPTS[1:3]
    # The prose kept the flight's code: its sentence counts kept by it (its only value).
    assert [r.facts_missing for r in first][4:] == [
        ["QX7Y2B", hotel],
        ["QX7Y2B", hotel, "19:30", dinner],
    ]


def test_the_table_has_final_and_min_retention_and_facts_lost(result: TuningResult) -> None:
    table = result.table
    assert table[
        [*GRID, "first_fire_turn", "final_retention", "min_retention", "facts_lost"]
    ].to_dict("list") == {
        "trigger_token_ratio": [0.5, 0.5, 0.75, 0.75],
        "fact_ledger": [False, LEDGER, False, LEDGER],
        "first_fire_turn": [2, 2, 4, 4],
        # Without the ledger the hotel code (turn 1) and the dinner time (turn 2) leave the
        # kept tail and the summary prose never had them; the ledger keeps both.
        "final_retention": [0.6, 1.0, 0.6, 1.0],
        "min_retention": [0.6, 1.0, 0.6, 1.0],
        "facts_lost": [4, 0, 4, 0],
    }
    assert (table["total_tokens"] == table["total_input_tokens"] + table["summary_tokens"]).all()
    # Where the model lost them, and since when: the next request no longer shows the order
    # number either (the sixth turn's summary moved turn 3 out of the tail).
    lost = retention_table(result.runs[0].session).query("not visible")
    assert lost["fact"].tolist() == [
        "QX7Y2B",
        PROMPTS[1],
        "19:30",
        PROMPTS[2],
        "ORD-88231",
        PROMPTS[3],
    ]
    assert lost["turn"].tolist() == [1, 1, 2, 2, 3, 3]
    since = lost["lost_since"].tolist()
    assert since[:4] == [4, 4, 5, 5] and pd.isna(since[4])  # no request has lacked it yet


def test_min_retention_counts_only_the_turns_after_the_first_summary() -> None:
    session = make_session(ScriptedProvider(), store=InMemoryStore(), track_retention=True)
    for prompt in PROMPTS[:3]:
        session.submit_turn_sync(prompt)
    records = session.timeline
    records[0].facts_visible = 0  # a loss before any summary
    assert retention_figures(records) == {
        "final_retention": 1.0,
        "min_retention": 0.0,  # no summary fired: every turn counts
        "facts_lost": 0,
    }
    records[1].summary_status = SummaryStatus.FIRED
    records[2].facts_visible, records[2].facts_missing = 4, ["19:30", "19:30"]  # 4 of 6
    assert retention_figures(records) == {
        "final_retention": 2 / 3,
        "min_retention": 2 / 3,  # the turn-0 loss came before the summary
        "facts_lost": 1,  # distinct facts
    }
    assert retention_figures([]) == {"final_retention": 1.0, "min_retention": 1.0, "facts_lost": 0}


def test_recommend_takes_the_cheapest_setting_that_keeps_the_bar(result: TuningResult) -> None:
    table = result.table
    # Both ledger settings keep every fact; at ratio 0.75 they cost less (fewer summaries).
    assert table["summaries_fired"].tolist() == [4, 4, 1, 2]
    assert table.loc[3, "total_tokens"] < table.loc[1, "total_tokens"]
    pick = result.recommend(min_retention=0.95)
    assert isinstance(pick, Recommendation)
    assert pick.number == 3
    assert pick.values == {"trigger_token_ratio": 0.75, "fact_ledger": LEDGER}
    assert pick.config == result.runs[3].config
    assert (pick.config.trigger_token_ratio, pick.config.fact_ledger) == (0.75, LEDGER)
    assert pick.row == table.iloc[3].to_dict()
    assert pick.total_tokens == table.loc[3, "total_tokens"] and pick.min_retention == 1.0
    assert repr(pick) == (
        "Recommendation(#3 trigger_token_ratio=0.75, fact_ledger=0.9: min_retention 1.000, "
        f"{pick.total_tokens:,} tokens)"
    )
    # A lower bar lets the ledger-less settings in: the cheapest of all four wins.
    cheapest = int(table["total_tokens"].idxmin())
    assert cheapest == 2 and result.recommend(min_retention=0.6).number == 2
    assert result.recommend(min_retention=0.0).number == 2


def test_no_setting_keeping_the_bar_names_the_best_one() -> None:
    result = tune({"trigger_token_ratio": [0.5, 0.75], "fact_ledger": [False]})
    tokens = result.table["total_tokens"].tolist()
    assert tokens[1] < tokens[0]  # the same retention: the cheaper one is named
    with pytest.raises(ConfigurationError) as error:
        result.recommend(min_retention=0.95)
    assert str(error.value) == (
        "no setting keeps min_retention >= 0.95: the best reached 0.600 (60.0%), setting #1 "
        f"(trigger_token_ratio=0.75, fact_ledger=False, {tokens[1]:,} tokens). Lower "
        "min_retention, or add settings that keep more to the grid: a larger fact_ledger "
        "share (e.g. 0.2), a higher trigger_token_ratio or max_context_tokens"
    )


@pytest.mark.parametrize("bar", [95, -0.1, "0.95", True, float("nan")])
def test_the_bar_is_a_fraction(result: TuningResult, bar: Any) -> None:
    with pytest.raises(ConfigurationError, match=r"a number from 0 to 1 \(e\.g\. 0\.95 for 95%\)"):
        result.recommend(min_retention=bar)


@pytest.mark.parametrize(
    ("costs", "retentions", "front"),
    [
        ([1155, 1282, 486, 1055], [0.6, 1.0, 0.6, 1.0], [2, 3]),
        # Same cost: only the higher retention; identical points both stay; a costlier point
        # with the same retention is dominated.
        ([10, 10, 20, 20, 30, 5], [0.5, 0.7, 0.9, 0.9, 0.9, 0.1], [5, 1, 2, 3]),
        ([10], [0.0], [0]),
        ([], [], []),
    ],
)
def test_pareto_front(costs: list[int], retentions: list[float], front: list[int]) -> None:
    assert pareto_front(costs, retentions) == front


def _collection(ax: Any, gid: str) -> list[tuple[float, float]]:
    (artist,) = [c for c in ax.collections if c.get_gid() == gid]
    return [(float(x), float(y)) for x, y in np.asarray(artist.get_offsets())]


def test_plot_draws_cost_against_retention_with_the_pareto_front(result: TuningResult) -> None:
    fig = result.plot()
    retention = fig.axes[2]
    costs = [float(v) for v in result.table["total_tokens"]]
    points = list(zip(costs, [0.6, 1.0, 0.6, 1.0], strict=True))
    assert _collection(retention, "retention") == points
    labels = [t.get_text() for t in retention.texts if t.get_gid() == "retention-label"]
    assert labels == ["#0", "#1", "#2", "#3"]
    front = [points[2], points[3]]
    (step,) = [line for line in retention.lines if line.get_gid() == "pareto-front"]
    assert list(zip(step.get_xdata(), step.get_ydata(), strict=True)) == front
    assert step.get_drawstyle() == "steps-post"
    assert _collection(retention, "pareto-points") == front
    assert not [c for c in retention.collections if c.get_gid() == "recommended"]
    assert retention.get_xlabel() == "total tokens (input + summaries)"
    # With a bar: the line at the bar and a ring round the setting recommend() picks.
    marked = result.plot(min_retention=0.95).axes[2]
    (bar,) = [line for line in marked.lines if line.get_gid() == "retention-bar"]
    assert list(bar.get_ydata()) == [0.95, 0.95]
    assert _collection(marked, "recommended") == [points[3]]


def test_identical_settings_share_one_labelled_point() -> None:
    result = tune({"debounce_turns": [1, 2], "fact_ledger": [False]})
    assert result.table["total_tokens"].nunique() == 1  # debounce never binds here
    retention = result.plot().axes[2]
    assert len(_collection(retention, "retention")) == 1
    assert [t.get_text() for t in retention.texts] == ["#0,#1"]
    assert len(_collection(retention, "pareto-points")) == 1


def test_many_transcripts_aggregate_retention_and_recommend() -> None:
    short = transcript([*PROMPTS[:2], "Anything else?", "Still there?", "Thanks!"])
    many = tune(source=[transcript(), short])
    assert isinstance(many, ManyTuningResult)
    one, two = (r.table for r in many.results)
    # At ratio 0.75 the short one's only summary fires on its last turn: no request followed
    # it, so every turn counts, and each kept every fact.
    assert two[["first_fire_turn", "final_retention", "min_retention", "facts_lost"]].to_dict(
        "list"
    ) == {
        "first_fire_turn": [2, 2, 4, 4],
        "final_retention": [0.5, 1.0, 1.0, 1.0],
        "min_retention": [0.5, 1.0, 1.0, 1.0],
        "facts_lost": [2, 0, 0, 0],
    }
    table = many.table
    assert table["min_retention"].tolist() == [0.5, 1.0, 0.6, 1.0]  # the lower of the two
    assert table["final_retention"].tolist() == pytest.approx([0.55, 1.0, 0.8, 1.0])  # mean
    assert table["facts_lost"].tolist() == [6, 0, 4, 0]  # summed
    assert table["total_tokens"].tolist() == (one["total_tokens"] + two["total_tokens"]).tolist()
    # The ledger settings keep every fact in both; summed over both, ratio 0.75 is cheaper.
    assert table.loc[3, "total_tokens"] < table.loc[1, "total_tokens"]
    pick = many.recommend(min_retention=0.95)
    assert pick.number == 3 and pick.config == many.results[0].runs[3].config
    assert pick.row == table.iloc[3].to_dict()
    lossy = tune({**GRID, "fact_ledger": [False]}, source=[transcript(), short])
    with pytest.raises(
        ConfigurationError, match=r"the best reached 0\.600 \(60\.0%\), setting #1 "
    ):
        lossy.recommend(min_retention=0.95)


def test_a_session_transcript_replays_its_pins() -> None:
    session = make_session(ScriptedProvider(), store=InMemoryStore(), track_retention=True)
    session.submit_turn_sync(PROMPTS[0])
    run_sync(session.pin("gate B12"))
    recorded = load_transcript(session)
    assert recorded.pinned == ("gate B12",)
    replayed = run_sync(replay(recorded, None))
    assert [f.text for f in replayed.facts().pinned] == ["gate B12"]
    (record,) = replayed.timeline
    assert (record.facts_stated, record.facts_visible) == (3, 2)  # the pin is stated, not shown
    facts = ["gate B12", "CA1234", PROMPTS[0]]
    pd.testing.assert_series_equal(retention_table(replayed)["fact"], pd.Series(facts, name="fact"))


def test_labels_of_near_points_are_stacked_not_printed_over_each_other() -> None:
    """Two settings 0.1% apart in cost and retention drew '#1' over '#2' (issue 23 item 6)."""
    import matplotlib.pyplot as plt

    from nbagent.notebook._tuning_plot import _labelled, label_lifts

    points = [(100_000.0, 0.95), (100_100.0, 0.951), (100_050.0, 0.9505), (200_000.0, 0.6)]
    assert label_lifts(points) == [0, 11, 22, 0]  # the far point keeps its place
    fig, ax = plt.subplots()
    try:
        _labelled(ax, dict(enumerate(points)), "retention")
        offsets = [t.xyann for t in ax.texts if t.get_gid() == "retention-label"]
        assert offsets == [(4, 4), (4, 15), (4, 26), (4, 4)]
    finally:
        plt.close(fig)
