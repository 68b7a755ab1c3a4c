"""Timeline records keep their microcompact reports across a reload (and a new process)."""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from nbagent.agent import timeline
from nbagent.agent._turn import TIMELINE_NAMESPACE
from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore, PutValue, SqliteStore, StoreOp
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus, TurnRecord, decode_report, encode_report
from nbagent.llm.compact import CompactConfig, CompactRecord, Skip, microcompact
from nbagent.llm.messages import Message, TextBlock, ThinkingBlock, ToolUseBlock
from nbagent.llm.request import ResultSemantic
from nbagent.llm.tools import ToolRegistry
from nbagent.notebook.demo import travel_demo
from nbagent.notebook.tables import compaction_table, timeline_table, token_table
from tests.agent_support import ScriptedProvider, fired_turns, make_session
from tests.conftest import CompactRules

REPO = Path(__file__).resolve().parents[1]
PROMPTS = ["Which hotels in Paris?", "Hotels in Rome?", "Tell me a joke", "Hotels in Oslo?"]
COMPACT = CompactConfig(context_window=1350, reserved_tokens=200, keep_recent=2)


def hotels(city: str) -> str:
    """A long, list-like result that microcompact replaces once it is old."""
    return "\n".join(
        f"{city} hotel {i}: a quiet place near the station, breakfast included" for i in range(60)
    )


@pytest.fixture
def compact_every_turn(compact_rules: CompactRules) -> None:
    """Every result ages a step a turn and every pass is made, so four turns show each action."""
    compact_rules.decay_every(1)
    compact_rules.worthwhile(0)


def open_session(store: Any, session_id: str = "trip") -> AgentSession:
    return make_session(
        travel_demo(),
        store=store,
        session_id=session_id,
        registry=ToolRegistry([hotels]),
        compact_config=COMPACT,
        system_prompt="You plan trips.",
    )


def tables(session: AgentSession) -> dict[str, pd.DataFrame]:
    return {
        "compaction": compaction_table(session),
        "tokens": token_table(session),
        "timeline": timeline_table(session).drop(columns=["latency_s", "summary_latency_s"]),
    }


def assert_same_tables(before: dict[str, pd.DataFrame], after: dict[str, pd.DataFrame]) -> None:
    for name, frame in before.items():
        pd.testing.assert_frame_equal(after[name], frame, obj=f"{name} table")


def record_rows(record: TurnRecord) -> list[list[dict[str, Any]]]:
    return [[row.to_row() for row in report.records] for report in record.compaction]


# -- round trip ---------------------------------------------------------------------------------


def every_action_history() -> list[Any]:
    big_json = json.dumps([{"id": i, "name": f"item {i}", "price": i * 3} for i in range(120)])
    return [
        Message.system("sys"),
        Message.user("go"),
        Message.assistant(
            [
                ThinkingBlock(text="think " * 400),
                TextBlock(text="calling"),
                ToolUseBlock(id="a", name="db", input={}),
            ]
        ),
        Message.tool_result("a", big_json, tool_name="db"),
        Message.assistant([ToolUseBlock(id="b", name="act", input={})]),
        Message.tool_result("b", "OK. " * 700, tool_name="act"),
        Message.assistant([ToolUseBlock(id="c", name="misc", input={})]),
        Message.tool_result("c", "some plain text line\n" * 40, tool_name="misc"),
        Message.user("next"),
        Message.assistant("done"),
    ]


def test_a_report_round_trips_through_json_with_every_action() -> None:
    report = microcompact(
        every_action_history(),
        CompactConfig(context_window=500, reserved_tokens=0, keep_recent=1, compact_thinking=True),
        {"db": ResultSemantic.FACTUAL, "act": ResultSemantic.ACTION},
    )
    names = {r.action.name for r in report.records}
    assert names == {"Skip", "Replace", "Truncate(200)", "TruncateStructured(500)"}
    data = json.loads(json.dumps(encode_report(report)))
    # Messages left alone are short rows; scored or changed ones carry every field.
    assert [len(row) for row in data["rows"]] == [5, 5, 14, 14, 5, 14, 5, 14, 5, 5]
    assert data["strings"][:4] == ["system", "system message", "user", "user message"]
    system, user = report.records[:2]
    assert data["rows"][:2] == [
        [0, None, len("sys"), system.tokens_before, 1],
        [2, None, len("go"), user.tokens_before, 3],
    ]
    restored = decode_report(data)
    assert [r.to_row() for r in restored.records] == [r.to_row() for r in report.records]
    assert [type(r.action) for r in restored.records] == [type(r.action) for r in report.records]
    assert (restored.tokens_before, restored.tokens_after, restored.freed_tokens) == (
        report.tokens_before,
        report.tokens_after,
        report.freed_tokens,
    )
    assert restored.plan.size == len(report.records) and restored.messages == []
    assert compaction_table(restored).equals(compaction_table(report))


def test_the_saved_row_layout_is_the_record_layout() -> None:
    # Rows are positional: a new CompactRecord field needs a new saved form (and old stores
    # still read), so a change of the record's layout must show up here.
    assert CompactRecord._fields == (
        "index", "role", "tool_name", "tool_call_id", "chars", "tokens_before", "tokens_after",
        "score", "semantic", "content", "decay", "reference", "age_turns", "action", "reason",
        "units",
    )  # fmt: skip


def test_a_turn_record_round_trips_with_its_reports() -> None:
    session = open_session(InMemoryStore())
    for prompt in PROMPTS:
        session.submit_turn_sync(prompt)
    compacted = [r for r in session.timeline if r.compaction]
    assert [r.turn_index for r in compacted] == [1, 2, 3]
    for record in session.timeline:
        data = json.loads(json.dumps(record.to_json()))
        assert data["compaction_runs"] == len(data["compaction"]) == len(record.compaction)
        restored = TurnRecord.from_json(data)
        assert record_rows(restored) == record_rows(record)
        assert restored.to_json() == record.to_json()
    # The table form leaves the reports out.
    assert "compaction" not in session.timeline[-1].to_json(compaction=False)


def test_records_saved_before_reports_were_kept_still_load() -> None:
    old = {
        "turn_index": 0,
        "slot_id": "main",
        "estimated_context_tokens": 10,
        "reported_context_tokens": None,
        "cumulative_tokens": 10,
        "summary_status": "not_needed",
        "compaction_runs": 2,
        "compaction_freed_tokens": 5,
    }
    record = TurnRecord.from_json(old)
    assert record.compaction == [] and record.compaction_freed_tokens == 5
    assert record.summary_status is SummaryStatus.NOT_NEEDED


def test_unreadable_rows_are_left_out_with_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    base = {"size": 1, "tokens_before": 9, "tokens_after": 9, "estimator": "heuristic"}
    strings = ["tool", "t", "Squash(3)", "?"]
    row = [0, 1, "c", 1, 9, 9, None, None, None, None, None, None, 2, 3]
    assert decode_report({**base, "strings": strings, "rows": [row]}).records == []
    assert decode_report({**base, "strings": strings, "rows": [[0, 1]]}).records == []
    assert decode_report({**base, "strings": [], "rows": [[0, 1, 2, 3, 4]]}).records == []
    with caplog.at_level(logging.WARNING, logger="nbagent.agent.timeline"):
        bad = decode_report({**base, "strings": strings, "rows": [row]})
        assert bad.records == [] and bad.tokens_before == 9  # the totals are still there
        assert TurnRecord.from_json({**_minimal(), "compaction": [{"size": 3}]}).compaction == []
        assert decode_report({**base, "strings": strings, "rows": [[0, 1]]}).records == []
    assert "unknown compaction action 'Squash(3)'" in caplog.text
    assert "compaction reports of turn 4 cannot be read" in caplog.text
    assert "5 or 14 fields" in caplog.text


def test_rows_out_of_order_are_not_saved(caplog: pytest.LogCaptureFixture) -> None:
    report = microcompact(
        every_action_history(), CompactConfig(context_window=500, reserved_tokens=0)
    )
    report.records.reverse()
    with caplog.at_level(logging.WARNING, logger="nbagent.agent.timeline"):
        data = encode_report(report)
    assert "rows" not in data and data["size"] == 10
    assert "compaction rows not saved: record 0 has index 9" in caplog.text


def _minimal() -> dict[str, Any]:
    return {
        "turn_index": 4,
        "slot_id": "main",
        "estimated_context_tokens": 1,
        "reported_context_tokens": None,
        "cumulative_tokens": 1,
    }


# -- across a reload ----------------------------------------------------------------------------


@pytest.mark.usefixtures("compact_every_turn")
async def test_tables_are_the_same_after_a_reload(tmp_path: Path) -> None:
    path = tmp_path / "trip.db"
    store = SqliteStore(path)
    session = open_session(store)
    for prompt in PROMPTS:
        await session.submit_turn(prompt)
    before = tables(session)
    assert set(before["compaction"]["action"]) == {"Skip", "Replace"}
    assert "Replace" in before["tokens"]["compaction_action"].tolist()
    await store.close()

    reopened = SqliteStore(path)  # a new store object: nothing shared but the file
    bundle = open_session(InMemoryStore()).bundle
    resumed = await dataclasses.replace(bundle, store=reopened).open_session("trip")
    assert resumed.turn_index == len(PROMPTS)
    assert_same_tables(before, tables(resumed))
    assert [record_rows(r) for r in resumed.timeline] == [record_rows(r) for r in session.timeline]
    # The resumed session goes on compacting; old and new turns share one table.
    await resumed.submit_turn("Hotels in Lima?")
    table = compaction_table(resumed)
    assert sorted(set(table["turn"])) == [1, 2, 3, 4]
    assert table[table["turn"] < 4].reset_index(drop=True).equals(before["compaction"])
    await reopened.close()


class Recording(InMemoryStore):
    """Remembers which timeline records each commit wrote, and with which summary status."""

    def __init__(self) -> None:
        super().__init__()
        self.timeline_puts: list[str] = []
        self.statuses: list[tuple[str, str]] = []

    async def commit(self, ops: Any) -> None:
        ops = list[StoreOp](ops)
        await super().commit(ops)
        for op in ops:
            if isinstance(op, PutValue) and op.namespace == "timeline":
                assert isinstance(op.value, dict)
                self.timeline_puts.append(op.key)
                self.statuses.append((op.key, str(op.value["summary_status"])))


async def test_each_turn_writes_only_its_own_timeline_record() -> None:
    store = Recording()
    session = open_session(store)
    for prompt in PROMPTS:
        await session.submit_turn(prompt)
    # Written once, with the turn's commit: no summary is due, so the record is final then.
    assert store.timeline_puts == [f"{i:09d}" for i in range(len(PROMPTS))]
    saved = await store.items("trip", TIMELINE_NAMESPACE)
    assert [len(value["compaction"]) for _, value in saved] == [0, 1, 1, 2]


async def test_a_turn_that_summarises_saves_its_record_before_and_after_the_summary() -> None:
    store = Recording()
    summary = SummaryConfig(max_context_tokens=500, trigger_token_ratio=0.5, debounce_turns=2)
    session = make_session(ScriptedProvider(), store=store, summary=summary)
    for i in range(6):
        await session.submit_turn(f"turn {i} " + "words " * 12)
    assert fired_turns(session) == [2, 4]
    # A turn with no summary due is saved once, final; a summarising one is saved pending
    # first (a crash in the summary step keeps the turn and says so), then final.
    assert store.statuses == [
        ("000000000", "not_needed"),
        ("000000001", "debounced"),
        ("000000002", "pending"),
        ("000000002", "fired"),
        ("000000003", "debounced"),
        ("000000004", "pending"),
        ("000000004", "fired"),
        ("000000005", "debounced"),
    ]
    reopened = make_session(ScriptedProvider(), store=store, summary=summary)
    assert [r.to_json() for r in reopened.timeline] == [r.to_json() for r in session.timeline]


async def test_a_run_over_the_row_limit_keeps_its_totals_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(timeline, "KEPT_ROWS_LIMIT", 12)
    store = InMemoryStore()
    session = open_session(store)
    for prompt in PROMPTS:
        await session.submit_turn(prompt)
    sizes = [[rep.plan.size for rep in r.compaction] for r in session.timeline]
    assert sizes == [[], [8], [10], [12, 14]]
    resumed = open_session(store)
    runs = [rep for r in resumed.timeline for rep in r.compaction]
    assert [len(rep.records) for rep in runs] == [8, 10, 12, 0]
    last = session.timeline[-1].compaction[-1]
    kept = resumed.timeline[-1].compaction[-1]
    assert (kept.plan.size, kept.tokens_before, kept.tokens_after) == (
        last.plan.size,
        last.tokens_before,
        last.tokens_after,
    )
    assert (
        resumed.timeline[-1].compaction_freed_tokens == session.timeline[-1].compaction_freed_tokens
    )
    table = compaction_table(resumed)
    assert table.groupby("turn")["run"].max().tolist() == [0, 0, 0]  # run 1 of turn 3: no rows


_WRITER = """
import sys
from nbagent.agent.store import SqliteStore
from nbagent.notebook.tables import compaction_table, token_table
from tests.test_timeline_persistence import PROMPTS, open_session

store = SqliteStore(sys.argv[1])
session = open_session(store)
for prompt in PROMPTS:
    session.submit_turn_sync(prompt)
with open(sys.argv[2], "w") as out:
    out.write(compaction_table(session).to_json() + "\\n" + token_table(session).to_json())
store.close_sync()
"""


def test_tables_are_the_same_in_a_new_process(tmp_path: Path) -> None:
    path, out = tmp_path / "kernel.db", tmp_path / "tables.json"
    subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_WRITER), str(path), str(out)],
        check=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=120,
    )
    store = SqliteStore(path)
    resumed = open_session(store)
    compaction, tokens = out.read_text().splitlines()
    assert compaction_table(resumed).to_json() == compaction
    assert token_table(resumed).to_json() == tokens
    assert json.loads(compaction)["action"]  # the other process did compact
    store.close_sync()


@pytest.mark.usefixtures("compact_every_turn")
def test_restored_skip_rows_are_skips() -> None:
    session = open_session(InMemoryStore())
    for prompt in PROMPTS:
        session.submit_turn_sync(prompt)
    restored = TurnRecord.from_json(json.loads(json.dumps(session.timeline[-1].to_json())))
    actions = [row.action for report in restored.compaction for row in report.records]
    assert any(isinstance(a, Skip) for a in actions)
    assert {a.name for a in actions} == {"Skip", "Replace"}
