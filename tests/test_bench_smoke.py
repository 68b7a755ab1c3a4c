"""The benchmarks (cases turn, long_session, memory, stores, tuning, retention, cost, import)
on tiny sizes: structure, not speed.

No test here looks at a duration; they check what the cases compute is what they claim.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sys
from pathlib import Path

import pytest

from benchmarks import (
    bench_long_session,
    bench_memory,
    bench_retention,
    bench_stores,
    bench_tuning,
    bench_turn,
)
from benchmarks._retention import (
    Retention,
    extractor_cost,
    generator_tools,
    keep_last_with_summary,
    last_n,
    turn_starts,
    views_retention,
)
from benchmarks._workload import FACTUAL_TOOLS, seeded_history
from benchmarks.bench_long_session import Configs, PolicyRun, Sent, factual_coverage
from nbagent.agent.store import SqliteStore
from nbagent.agent.summary import SummaryConfig
from nbagent.llm.compact import CompactConfig
from nbagent.llm.messages import (
    MESSAGE_ADAPTER,
    AnyMessage,
    AssistantMessage,
    Message,
    ToolResultMessage,
    ToolUseBlock,
)
from nbagent.llm.providers.offline import FunctionProvider
from nbagent.notebook import read_jsonl, write_jsonl
from tests.postgres_server import PostgresServer, postgres_server  # noqa: F401

SMALL_SUMMARY = SummaryConfig(
    max_context_tokens=6_000,
    trigger_token_ratio=0.5,
    debounce_turns=1,
    strategy="incremental",
    prompt_language="en",
)
SMALL = Configs(
    compact=CompactConfig(context_window=16_000, reserved_tokens=2_000, keep_recent=8),
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
        "last 20 + summary",
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
    # Retention, by the session's own measure: every policy saw the same facts; the ledger
    # keeps all of them after the first summary, the windows do not.
    # The tools' short results; the prompts are errands ("look into X"), no facts.
    assert {r["facts stated"] for r in rows} == {50}
    for name in ("summary", "both"):
        assert by[name]["first summary"] == 3 and by[name]["retention min %"] == 100.0
    assert by["none"]["retention final %"] == 100.0
    assert by["last 20"]["first summary"] == "-" and by["last 20"]["retention min %"] == 16.0
    langchain = by["last 20 + summary"]
    assert langchain["summary calls"] == 17 and langchain["retention min %"] == 58.0
    assert langchain["breaches"] == 0  # its summary "covers" every result, keeping few facts


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


# -- the retention case -------------------------------------------------------------------------

SMALL_RECOMMENDED = dataclasses.replace(SMALL_SUMMARY, max_context_tokens=12_000, debounce_turns=2)
SMALL_BESIDE = CompactConfig(
    context_window=12_000, reserved_tokens=8_000, keep_recent=4, protect_factual=True
)


def test_retention_case_replays_a_transcript_with_its_tools_declared(tmp_path: Path) -> None:
    stored = read_jsonl(bench_retention.MIXED[0])
    path = tmp_path / "mixed_16.jsonl"
    write_jsonl(stored[: turn_starts(stored)[16]], path)  # the first 16 turns
    policies = {
        "none": (None, None),
        "both": (SMALL_RECOMMENDED, SMALL_BESIDE),
        "both, no ledger": (
            dataclasses.replace(SMALL_RECOMMENDED, fact_ledger=False),
            SMALL_BESIDE,
        ),
        "microcompact": (None, SMALL_BESIDE),
    }
    tools = generator_tools(bench_retention.MIXED[1])
    assert {t.name: t.result_semantic.value for t in tools}["book_hotel"] == "action"
    rows = asyncio.run(bench_retention.measure_transcript("m", path, policies, tools))
    by = {r.policy: r for r in rows}
    assert list(by) == [*policies, "keep last 20 + summary (LangChain)", "last 20 messages"]
    # The same 16 turns and the same facts under every policy (user, assistant, Action results).
    assert {r.retention.stated for r in rows} == {83}  # the prompts count too
    assert {len(r.retention.per_turn) for r in rows} == {16}
    # The ledger and the kept facts of cut confirmations: all of them, after every turn.
    assert by["both"].summaries > 0 and by["both"].retention.minimum == 1.0
    assert by["microcompact"].retention.minimum == 1.0 and by["none"].retention.final == 1.0
    # Without them, facts go: the check sees it.
    assert by["both, no ledger"].retention.minimum < 1.0
    langchain = by["keep last 20 + summary (LangChain)"]
    assert langchain.summaries > 0 and langchain.retention.minimum < 1.0
    assert by["last 20 messages"].retention.final < 1.0
    assert by["none"].input_tokens > by["both"].input_tokens > 0


def test_retention_goals_read_the_rows() -> None:
    def row(policy: str, visible: int, tokens: int) -> bench_retention.Row:
        retention = Retention([(0, 10, 10), (1, 10, visible)], first_summary=0)
        return bench_retention.Row("t", "no", policy, retention, tokens, 0, 1)

    tables = {
        "travel": [
            row("summary (recommended)", 10, 1_050),
            row(bench_retention.SMALL_LEDGER, 6, 1_000),
            row("summary, no ledger", 3, 990),
        ],
        "travel, tools declared": [row("both (recommended + microcompact)", 9, 1)],
        "mixed": [row("both (recommended + microcompact)", 10, 1)],
    }
    goals = bench_retention.goals(tables)
    assert [g["met"] for g in goals] == [True, True, True, False]
    assert goals[0]["measured"] == "min 100.0%, final 100.0% of 10 facts"
    assert goals[1]["measured"].startswith("1,050 vs 1,000 (+5.0%); 990 without a ledger")
    assert goals[3]["measured"] == "min 90.0% of 10 facts"


def test_keep_last_with_summary_summarises_all_but_the_last_messages() -> None:
    stored: list[AnyMessage] = [Message.system("sys")]
    for t in range(6):
        stored += [Message.user(f"turn {t}: code AB-{1000 + t}"), Message.assistant("ok")]
    requests = [(t, 2 * t + 2) for t in range(6)]  # turn t's request: stored up to its prompt

    def cost(start: int, end: int, summary: str | None) -> int:
        return 10 * (end - start) + (5 if summary else 0)

    config = SummaryConfig(max_context_tokens=60, trigger_token_ratio=0.5)  # fires at 30
    forgetful = FunctionProvider(lambda request: "nothing kept")
    policy = asyncio.run(keep_last_with_summary(stored, requests, config, cost, forgetful, keep=2))
    assert [(v.turn, v.start, v.end, v.summary) for v in policy.views] == [
        (0, 0, 2, None),
        *((t, 2 * t, 2 * t + 2, "nothing kept") for t in range(1, 6)),
    ]
    assert policy.calls == 5 and policy.tokens > 0
    retention = views_retention(stored, policy.views, frozenset(), ["sys"])
    # Each turn still sees only its own prompt (its code, and the prompt itself: the user's
    # words count): the summary kept none of the earlier ones.
    assert retention.per_turn == [(t, 2 * t + 2, 2) for t in range(6)]
    assert (retention.first_summary, retention.minimum, retention.final) == (1, 1 / 6, 1 / 6)
    window = views_retention(stored, last_n(requests, 4, cost), frozenset())
    assert window.per_turn == [(0, 2, 2), *((t, 2 * t + 2, 4) for t in range(1, 6))]
    assert window.first_summary is None and window.minimum == 2 / 6


def test_the_extractor_cost_row_counts_what_it_timed() -> None:
    history = seeded_history(60)
    row = extractor_cost(history, "seeded")
    assert row["messages"] == 60 and row["facts found"] > 0 and row["ms"] > 0
    assert row["MB"] == round(sum(len(m.text().encode()) for m in history) / 1e6, 3)
    # The rates are the same timing per 1,000 messages and per MB (rounded apart).
    assert row["ms per 1,000 messages"] == pytest.approx(row["ms"] * 1000 / 60, abs=0.2)


def test_the_mixed_transcript_is_what_its_generator_writes(tmp_path: Path) -> None:
    import importlib.util

    data, script = bench_retention.MIXED
    spec = importlib.util.spec_from_file_location("make_mixed_bookings_test", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    out = tmp_path / "again.jsonl"
    module.main(out)
    assert out.read_bytes() == data.read_bytes()
    messages = read_jsonl(data)
    assert len(turn_starts(messages)) == 40
    # English and Chinese prompts; confirmations after 200 characters; two past 2,000.
    prompts = [m.text() for m in messages if m.role == "user" and m.text()]
    assert any("预订" in p or "订" in p for p in prompts) and any("Book" in p for p in prompts)
    actions = {t.name for t in generator_tools(script) if t.result_semantic.value == "action"}
    confirmations = [m for m in messages if m.role == "tool" and m.tool_name in actions]
    assert len(confirmations) == 19 and sum(len(m.text()) > 2_000 for m in confirmations) == 3


def test_cost_case_bills_every_policy_under_both_price_tables() -> None:
    from benchmarks.bench_cost import DEFAULT_POLICY, SEPARATE, measure, policies

    tables = measure(turns=30)
    assert len(tables) == 2
    names = set(policies()) | {"last 20"}
    for label, rows in tables.items():
        by = {r["policy"]: r for r in rows}
        assert set(by) == (names | {SEPARATE} if label.startswith("Claude") else names), label
        for row in rows:
            assert row["USD total"] == pytest.approx(
                row["USD turns"] + row["USD summaries"], abs=0.011
            )
            assert 0 <= row["cache read %"] <= 100
            # Every policy, the cut baseline included, with the session's own retention.
            assert 0 <= row["facts worst %"] <= 100
            assert 0 <= row["facts final %"] <= 100
        assert by["none"]["facts final %"] == 100.0  # nothing cut: every fact is in view
        assert by["none"]["input tokens"] > by[DEFAULT_POLICY]["input tokens"]
        assert by["summary"]["summary tokens"] > 0
        assert by["summary"]["summary calls"] > 0 == by["none"]["summary calls"]
        assert by["none"]["mean request"] > by[DEFAULT_POLICY]["mean request"] > 0
    claude = {r["policy"]: r for r in tables["Claude Sonnet 4.5 (USD, cache modelled)"]}
    openai = {r["policy"]: r for r in tables["gpt-4o-mini (USD, cache modelled)"]}
    # Anthropic's wire hoists every system message into one system text, so where the view puts
    # the summary does not change what is cached; on the OpenAI wire a summary at the end sits
    # before the newest turn and moves every turn, at the start (the default) it stays put.
    start, end = DEFAULT_POLICY, "both, summary at end"
    assert claude[start]["cache read %"] == claude[end]["cache read %"]
    # On Anthropic the summary call repeats the turn's cached request: mostly cache reads, and
    # cheaper than the same summaries sent as a separate prompt (all of it uncached input).
    assert claude[start]["summary cache read %"] >= 80
    assert claude[SEPARATE]["summary cache read %"] == 0
    assert claude[start]["USD summaries"] < claude[SEPARATE]["USD summaries"]
    assert openai[start]["summary cache read %"] == 0  # no breakpoints: a separate prompt
    assert openai[start]["cache read %"] > openai[end]["cache read %"]


def test_cost_goal_is_judged_on_unrounded_usd_among_policies_that_keep_facts() -> None:
    from benchmarks.bench_cost import DEFAULT_POLICY, policy_goal

    def row(policy: str, usd: float, worst: float) -> dict[str, object]:
        return {
            "policy": policy,
            "facts worst %": worst,
            "USD turns": usd - 0.01,
            "USD summaries": 0.01,
            "USD total": usd,
            "summary calls": 3,
            "mean request": 9_000,
            "cache read %": 80.0,
        }

    # $0.424 against $0.396 reads 1.05x in cents, and is 1.07x.
    rows = [row(DEFAULT_POLICY, 0.424, 100.0), row("peer", 0.396, 96.0), row("forgets", 0.1, 50)]
    goal = policy_goal("gpt-4o-mini", rows)
    assert not goal["met"]
    assert "cheapest keeping 95%: peer $0.396" in goal["measured"]
    assert goal["measured"].endswith("; 1.071x")
    assert "3 summaries" in goal["measured"] and "mean request 9,000 tokens" in goal["measured"]
    rows[0] = row(DEFAULT_POLICY, 0.415, 100.0)  # 1.048x: met
    assert policy_goal("gpt-4o-mini", rows)["met"]


def test_import_case_times_fresh_interpreters_and_names_nbagents_slowest_modules() -> None:
    from benchmarks import bench_import

    best = bench_import.measure(rounds=1)
    assert set(best) == set(bench_import.CASES) and all(s > 0 for s in best.values())
    modules = bench_import.slowest_modules(3)
    assert len(modules) == 3 and all(row["module"].startswith("nbagent") for row in modules)
    assert all(row["with imports ms"] >= row["self ms"] > 0 for row in modules)
    assert modules == sorted(modules, key=lambda row: -row["self ms"])
