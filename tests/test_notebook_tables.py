"""Token, compaction and timeline tables against scripted sessions."""

from __future__ import annotations

import re
from typing import Any

import pandas as pd
import pytest

from nbagent.agent.context import FocusedConfig, SlotConfig, SlotMode
from nbagent.agent.session import AgentSession
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus
from nbagent.llm.compact import CompactConfig, microcompact
from nbagent.llm.messages import Message
from nbagent.llm.tokens import estimate_message_tokens
from nbagent.llm.tools import ToolRegistry
from nbagent.notebook import _records, tables
from nbagent.notebook.demo import travel_demo
from nbagent.notebook.tables import (
    COMPACTION_COLUMNS,
    SESSION_COMPACTION_COLUMNS,
    TIMELINE_COLUMNS,
    TOKEN_COLUMNS,
    compaction_table,
    recent_compaction,
    styled,
    timeline_table,
    token_table,
)
from tests.agent_support import ScriptedProvider, make_session
from tests.conftest import CompactRules


def summarised_session(turns: int = 4) -> AgentSession:
    """Every request is 100 tokens per message; the line is at 300; the view keeps one turn."""
    session = make_session(
        ScriptedProvider(),
        # No ledger: the tables show the scripted prose alone (the ledger has its own tests).
        summary=SummaryConfig(
            max_context_tokens=1000, trigger_token_ratio=0.3, debounce_turns=1, fact_ledger=False
        ),
        slot_config=SlotConfig(focused=FocusedConfig(keep_recent_turns=1)),
    )
    for i in range(turns):
        session.submit_turn_sync(f"question {i}")
    return session


def hotels(city: str) -> str:
    """A long, list-like result that microcompact replaces once it is old."""
    return "\n".join(
        f"{city} hotel {i}: a quiet place near the station, breakfast included" for i in range(60)
    )


@pytest.fixture(autouse=True)
def compact_every_turn(compact_rules: CompactRules) -> None:
    """Every result ages a step a turn and every pass is made, so four turns show it all."""
    compact_rules.decay_every(1)
    compact_rules.worthwhile(0)


def compacted_session() -> AgentSession:
    session = make_session(
        travel_demo(),
        registry=ToolRegistry([hotels]),
        compact_config=CompactConfig(
            context_window=1350,
            reserved_tokens=200,
            keep_recent=2,
        ),
        system_prompt="You plan trips.",
    )
    for prompt in [
        "Which hotels in Paris?",
        "Hotels in Rome?",
        "Tell me a joke",
        "Hotels in Oslo?",
    ]:
        session.submit_turn_sync(prompt)
    return session


def rows(frame: pd.DataFrame, columns: list[str]) -> list[tuple[Any, ...]]:
    return [
        tuple(None if pd.isna(v) else v for v in row)
        for row in frame[columns].itertuples(index=False)
    ]


def test_token_table_rows_of_a_small_session() -> None:
    session = summarised_session()
    table = token_table(session)
    summary_text = "[上下文摘要] summary #3"
    assert tuple(table.columns) == TOKEN_COLUMNS
    assert rows(table, list(TOKEN_COLUMNS)) == [
        (0, 0, "user", "text", None, 10, 8, 8, 0.0, False, "—", "question 0"),
        (1, 0, "assistant", "text", None, 19, 9, 17, 0.0, False, "—", "reply to question 0"),
        (2, 1, "user", "text", None, 10, 8, 25, 0.0, False, "—", "question 1"),
        (3, 1, "assistant", "text", None, 19, 9, 34, 0.0, False, "—", "reply to question 1"),
        (4, 2, "user", "text", None, 10, 8, 42, 0.0, False, "—", "question 2"),
        (5, 2, "assistant", "text", None, 19, 9, 51, 0.0, False, "—", "reply to question 2"),
        (6, 3, "user", "text", None, 10, 8, 59, 0.0, True, "—", "question 3"),
        (7, 3, "assistant", "text", None, 19, 9, 68, 0.0, True, "—", "reply to question 3"),
        (None, 3, "system", "summary", None, 18, 14, None, 0.0, True, "—", summary_text),
    ]


def test_token_table_reads_the_session_estimates() -> None:
    session = summarised_session()
    table = token_table(session, include_summary=False)
    expected = [estimate_message_tokens(m) for m in session.slot.messages]
    assert table["est_tokens"].tolist() == expected
    assert table["cumulative_tokens"].tolist() == list(pd.Series(expected).cumsum())
    summary = session.slot.summary_message()
    assert summary is not None
    shown = token_table(session)
    in_view = shown[shown["in_view"]]
    # The view plus the summary row is exactly what load_messages() sends.
    assert in_view["est_tokens"].sum() == sum(
        estimate_message_tokens(m) for m in session.slot.load_messages()
    )


def test_focused_flags_follow_each_summary() -> None:
    assert token_table(summarised_session(1))["in_view"].tolist() == [True, True]
    # After turn 1 the summary covers messages 0-3, but the last turn stays verbatim.
    assert token_table(summarised_session(2))["in_view"].tolist() == [
        False,
        False,
        True,
        True,
        True,
    ]
    full = make_session(
        ScriptedProvider(),
        summary=SummaryConfig(max_context_tokens=1000, trigger_token_ratio=0.3, debounce_turns=1),
        slot_config=SlotConfig(mode=SlotMode.FULL),
    )
    for i in range(3):
        full.submit_turn_sync(f"q{i}")
    table = token_table(full)
    assert table["in_view"].tolist() == [True] * 6  # a FULL slot sends everything
    assert "summary" not in table["kind"].tolist()


def test_token_table_kinds_tools_and_compaction_actions() -> None:
    session = compacted_session()
    table = token_table(session)
    assert len(table) == 14
    assert table["turn"].tolist() == [0] * 4 + [1] * 4 + [2] * 2 + [3] * 4
    assert table["kind"].tolist()[:4] == ["text", "text+tool_use", "tool_result", "text"]
    assert table["tool_name"].tolist()[1:3] == ["hotels", "hotels"]
    # The two old hotel lists were replaced in the last turn's request; the newest result was
    # recent; the final reply came after the last run.
    actions = table["compaction_action"].tolist()
    assert actions[2] == actions[6] == "Replace"
    assert actions[12] == "Skip"
    assert actions[13] == "—"
    assert set(actions[:12]) - {"Skip", "Replace"} == set()
    # The stored history keeps the originals: chars are the full result.
    assert table.loc[2, "chars"] == len(hotels("Paris"))


def test_compaction_table_of_a_session_maps_stored_indices() -> None:
    session = compacted_session()
    table = compaction_table(session)
    assert tuple(table.columns) == SESSION_COMPACTION_COLUMNS
    assert sorted(set(table["turn"])) == [1, 2, 3]
    assert table.groupby("turn")["run"].max().tolist() == [0, 0, 1]
    # Position 0 of every request is the system prompt: not a stored message.
    assert table[table["index"] == 0]["stored_index"].isna().all()
    assert (
        table[table["index"] > 0]["stored_index"] == table[table["index"] > 0]["index"] - 1
    ).all()
    changed = compaction_table(session, only_changed=True)
    assert set(changed["action"]) == {"Replace"}
    # Each request of a turn is compacted afresh from the stored originals (a view, never a
    # rewrite), so the second run of turn 3 replaces 2 and 6 again.
    assert changed["stored_index"].tolist() == [2, 2, 6, 2, 6, 2, 6]
    first = changed.iloc[0]
    assert (first["tokens_before"], first["tokens_after"], first["freed_tokens"]) == (972, 6, 966)
    assert (
        first["score"] == first["semantic"] + first["content"] + first["decay"] + first["reference"]
    )
    assert first["reason"] == "large, low importance"
    # The numbers are the reports' own.
    freed = table.groupby("turn")["freed_tokens"].sum().tolist()
    assert freed == [r.compaction_freed_tokens for r in session.timeline if r.compaction]


@pytest.mark.parametrize("limit", [0, 1, 2, 3, 50])
def test_recent_compaction_is_the_tail_of_the_changed_rows(limit: int) -> None:
    session = compacted_session()
    full = compaction_table(session, only_changed=True)
    assert len(full) >= 3 and full["turn"].nunique() >= 2
    recent = recent_compaction(session, limit)
    if limit == 0:
        assert recent.empty and list(recent.columns) == list(full.columns)
    else:
        pd.testing.assert_frame_equal(recent, full.tail(limit).reset_index(drop=True))


def test_recent_compaction_reads_only_the_turns_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    session = compacted_session()
    last = compaction_table(session, only_changed=True).iloc[-1]
    read: list[int] = []
    original = _records.cycle_positions

    def counting(session: AgentSession, record: Any) -> list[int | None]:
        read.append(record.turn_index)
        return original(session, record)

    monkeypatch.setattr(tables, "cycle_positions", counting)
    assert recent_compaction(session, 1)["turn"].tolist() == [last["turn"]]
    assert read == [last["turn"]]


def test_compaction_table_of_a_report() -> None:
    messages = [
        Message.user("hotels?"),
        Message.tool_result("c1", hotels("Paris"), tool_name="hotels"),
        Message.user("and now?"),
    ]
    report = microcompact(
        messages, CompactConfig(context_window=500, reserved_tokens=0, keep_recent=1)
    )
    table = compaction_table(report)
    assert tuple(table.columns) == COMPACTION_COLUMNS
    assert table["index"].tolist() == [0, 1, 2]
    assert table["action"].tolist() == [r.action.name for r in report.records]
    assert table["freed_tokens"].sum() == report.freed_tokens
    assert compaction_table(report.plan).equals(table)


def test_timeline_table_is_the_records() -> None:
    session = summarised_session()
    table = timeline_table(session)
    assert tuple(table.columns) == TIMELINE_COLUMNS
    assert table["turn_index"].tolist() == [0, 1, 2, 3]
    assert table["summary_status"].tolist() == ["not_needed", "fired", "fired", "fired"]
    assert table["reported_context_tokens"].tolist() == [100, 300, 400, 400]
    assert table["watermark"].tolist() == [100, 300, 400, 400]
    assert table["threshold"].tolist() == [300.0] * 4
    assert table["messages_stored"].tolist() == [2, 4, 6, 8]
    assert table["summary_tokens"].tolist() == [0, 10, 10, 10]
    assert table["summary_preview"].tolist()[1:] == ["summary #1", "summary #2", "summary #3"]
    for row, record in zip(table.itertuples(index=False), session.timeline, strict=True):
        assert row.estimated_context_tokens == record.estimated_context_tokens
        assert row.context_tokens_after == record.context_tokens_after
        assert row.cumulative_tokens == record.cumulative_tokens


def test_empty_session_tables() -> None:
    session = make_session(ScriptedProvider())
    assert token_table(session).empty
    assert tuple(token_table(session).columns) == TOKEN_COLUMNS
    assert timeline_table(session).empty
    assert compaction_table(session).empty


def styled_rows(html: str) -> dict[str, list[int]]:
    """CSS rule -> the table rows it applies to, from a Styler's HTML."""
    css = html.split("</style>")[0]
    return {
        rule.group(2).strip(): sorted({int(r) for r in re.findall(r"row(\d+)_", rule.group(1))})
        for rule in re.finditer(r"([^{}]*)\{\s*([^}]*)\}", css)
    }


def test_styled_greys_hidden_rows_and_marks_summaries() -> None:
    session = summarised_session()
    assert styled_rows(styled(token_table(session)).to_html()) == {
        "color: #888;": [0, 1, 2, 3, 4, 5],
        "background-color: #fff3cd;": [8],
    }
    assert styled_rows(styled(timeline_table(session)).to_html()) == {
        "background-color: #fff3cd;": [1, 2, 3]
    }


def test_styled_formats_and_escapes() -> None:
    session = make_session(ScriptedProvider())
    session.submit_turn_sync("<b>bold</b> & more")
    html = styled(token_table(session), caption="<i>cap</i>").to_html()
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; more" in html
    assert "<b>bold</b>" not in html
    assert "&lt;i&gt;cap&lt;/i&gt;" in html
    html = styled(token_table(compacted_session())).to_html()
    assert "4,009" in html  # thousands separators


@pytest.mark.parametrize("turns", [1, 3])
def test_turn_column_of_a_streamed_turn_before_its_summary_step(turns: int) -> None:
    # A streamed turn is stored with its record before finalize_turn() runs its summary step.
    session = make_session(ScriptedProvider())
    for i in range(turns):
        session.submit_turn_sync(f"q{i}")
    list(session.submit_turn_stream_sync("streamed"))
    table = token_table(session)
    assert table["turn"].tolist()[-2:] == [turns, turns]
    assert len(session.timeline) == turns + 1
    assert session.timeline[-1].summary_status is SummaryStatus.PENDING
