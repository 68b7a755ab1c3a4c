"""The session benchmarks (cases turn, long_session, memory, stores) on tiny sizes: structure,
not speed.

No test here looks at a duration; they check what the cases compute is what they claim.
"""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

from benchmarks import bench_long_session, bench_memory, bench_stores, bench_tuning, bench_turn
from benchmarks._workload import FACTUAL_TOOLS, seeded_history
from benchmarks.bench_long_session import Configs, PolicyRun, Sent, factual_coverage
from nbagent.agent.sqlite_store import SqliteStore
from nbagent.agent.summary import SummaryConfig
from nbagent.llm.blocks import ToolUseBlock
from nbagent.llm.compact import CompactConfig
from nbagent.llm.messages import (
    MESSAGE_ADAPTER,
    AnyMessage,
    AssistantMessage,
    Message,
    ToolResultMessage,
)
from tests.postgres_server import PostgresServer, postgres_server  # noqa: F401

SMALL_SUMMARY = SummaryConfig(
    max_context_tokens=6_000,
    trigger_token_ratio=0.5,
    debounce_turns=1,
    strategy="incremental",
    prompt_language="en",
)
SMALL = Configs(
    compact=CompactConfig(context_window=17_000, reserved_tokens=2_000, keep_recent=8),
    summary=SMALL_SUMMARY,
    cumulative=dataclasses.replace(SMALL_SUMMARY, watermark="cumulative", debounce_turns=3),
    compact_low=CompactConfig(
        context_window=5_000, reserved_tokens=2_000, keep_recent=4, protect_factual=True
    ),
)


def test_seeded_history_is_exact_and_pairs_every_tool_use() -> None:
    for n in (10, 11, 57):
        history = seeded_history(n)
        assert len(history) == n
        uses = {
            b.id
            for m in history
            if isinstance(m, AssistantMessage)
            for b in m.content
            if isinstance(b, ToolUseBlock)
        }
        results = {m.tool_call_id for m in history if isinstance(m, ToolResultMessage)}
        assert uses == results
    assert seeded_history(40) == seeded_history(40)  # seeded: the same history every run


def test_turn_case_times_every_size_and_view() -> None:
    tables = bench_turn.measure(sizes=(10, 30), turns=2)
    assert set(tables) == {"focused", "whole"}
    for rows in tables.values():
        assert [r["stored messages"] for r in rows] == [10, 30]
        for row in rows:
            # The first turn and the timed ones each add a prompt, a tool round and a reply.
            assert row["stored at end"] == row["stored messages"] + 4 * 3
            assert row["median ms/turn"] > 0 and row["best ms/turn"] <= row["median ms/turn"]
            assert row["langchain ms/turn"] > 0


def test_long_session_policies_and_factual_coverage(tmp_path: Path) -> None:
    chart = tmp_path / "chart.png"
    rows, runs = bench_long_session.measure(12, configs=SMALL, chart=chart)
    by = {r["policy"]: r for r in rows}
    assert list(by) == [
        "none",
        "microcompact",
        "summary",
        "both",
        "both, cumulative",
        "both, Factual unprotected",
        "last 20",
    ]
    none, both = by["none"], by["both"]
    assert none["input tokens"] == max(r["input tokens"] for r in rows)
    assert none["input tokens"] > both["input tokens"]
    assert none["% of none"] == 100
    # Every policy replays the same conversation: the same requests, the same stored history.
    assert {r["requests"] for r in rows} == {none["requests"]}
    assert runs["both"].stored == runs["none"].stored
    # Summaries keep every Factual result verbatim or covered ...
    assert both["summary calls"] > 0 and both["covered by summary"] > 0
    assert both["breaches"] == 0 and both["factual checks"] > 0
    # ... and the check does catch cuts: microcompact alone and the last-20 window breach it.
    assert by["microcompact"]["compactions"] > 0 and by["microcompact"]["breaches"] > 0
    assert by["last 20"]["breaches"] > 0 and by["last 20"]["covered by summary"] == 0
    # protect_factual is what keeps "both" clean: the same budget without it breaches.
    assert both["compactions"] > 0
    assert by["both, Factual unprotected"]["breaches"] > 0
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_factual_coverage_counts_verbatim_covered_and_cut() -> None:
    full = "x" * 300
    stored: list[AnyMessage] = [
        Message.user("q"),
        Message.tool_result("a", full, tool_name="search"),
        Message.tool_result("b", full, tool_name="search"),
    ]
    cut = Message.tool_result("b", "[pruned]", tool_name="search")
    sent = [
        Sent(0, [stored[0], stored[1], stored[2]], 1, ["a", "b"]),  # both verbatim
        Sent(1, [stored[0], stored[1], cut], 1, ["a", "b"]),  # b cut, no summary: breach
        Sent(2, [cut], 1, ["a", "b"], summary_upto=2, has_summary=True),  # a covered, b not
        Sent(3, [cut], 1, ["a", "b"], summary_upto=3, has_summary=True),  # both covered
    ]
    coverage = factual_coverage(PolicyRun("t", sent, stored))
    assert (coverage.checked, coverage.verbatim, coverage.covered) == (8, 3, 3)
    assert coverage.breaches == 2 and coverage.first_breach == "turn 1: b"
    assert "search" in FACTUAL_TOOLS


def test_memory_child_reports_the_session_it_opened(tmp_path: Path) -> None:
    history = seeded_history(10)
    path = tmp_path / "m.sqlite3"
    asyncio.run(bench_turn.seed_store(path, history, "whole"))
    assert bench_memory.json_bytes(path) == sum(len(MESSAGE_ADAPTER.dump_json(m)) for m in history)
    result = bench_memory.child(path, turns=1, trace=True)
    assert result["stored"] == 10 + 4
    assert result["peak"] >= result["loaded"] >= 0 and result["peak"] >= result["baseline"]
    assert result["traced_peak"] > 0


def test_stores_case_runs_racing_writers_and_proves_nothing_was_lost(
    tmp_path: Path,
    postgres_server: PostgresServer,  # noqa: F811
) -> None:
    specs = {
        "sqlite": f"sqlite:{tmp_path / 'stores.sqlite3'}",
        "postgres": f"postgres:{postgres_server.new_database('smoke')}",
    }
    for name, spec in specs.items():
        row = bench_stores.measure_store(name, spec, own=1, shared=2, turns=4)
        assert row["problem list"] == [] and row["other errors"] == 0, row
        assert row["own-session turns"] == 4
        # Every attempt on the shared session was saved or refused as a conflict.
        assert row["shared turns saved"] + row["shared conflicts"] == 2 * 4
        assert row["shared turns saved"] >= 1
        assert row["turns saved"] == 4 + row["shared turns saved"] and row["turns/s"] > 0


async def test_stores_check_catches_a_lost_and_a_torn_turn(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "check.sqlite3")
    session = await bench_stores.open_session(store, bench_stores.SHARED)
    await session.submit_turn("shared0-0")
    honest = {"shared0": {"saved": ["shared0-0"], "conflicts": 0, "errors": []}}
    lying = {"shared0": {"saved": ["shared0-0", "shared0-1"], "conflicts": 0, "errors": []}}
    assert await bench_stores.check_shared(store, honest, 2) == []
    problems = await bench_stores.check_shared(store, lying, 2)
    assert any("missing or stored twice" in p for p in problems), problems
    await store.append_messages(bench_stores.SHARED, "main", [Message.user("shared0-1")], 2)
    problems = await bench_stores.check_shared(store, honest, 2)
    assert any("torn" in p for p in problems) and any("messages for" in p for p in problems)
    await store.close()


def test_tuning_case_times_serial_and_two_processes_on_equal_tables() -> None:
    m = bench_tuning.measure({"trigger_token_ratio": [0.5, 0.85]}, workers=2)
    assert m["settings"] == 2 and m["tables_equal"] is True
    assert m["serial_s"] > 0 and m["parallel_s"] > 0
    assert m["speedup"] == m["serial_s"] / m["parallel_s"]
    assert len(bench_tuning.GRID["trigger_token_ratio"]) * 3 * 2 == 24
