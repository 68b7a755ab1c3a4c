"""Faults around a turn's timeline write, now that a turn with no summary due is saved once,
final, by its commit (2b1eaa8): a failing or cancelled commit, a raising or cancelled turn-end
hook, every summary status across a reopen, streamed turns. Every wait is on an event or a
counted number of loop steps; ``BOUND`` only turns a hang into a failure."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from nbagent.agent._turn import TIMELINE_NAMESPACE
from nbagent.agent.context import FocusedConfig, SlotConfig
from nbagent.agent.session import AgentSession
from nbagent.agent.store import (
    AppendMessages,
    InMemoryStore,
    MemoryStore,
    PutValue,
    SqliteStore,
    StoreOp,
)
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.errors import ProviderError, StoreError
from nbagent.llm.cycle_events import CycleDoneEvent
from nbagent.llm.hooks import HookContext, HookEvent, HookExecutor
from nbagent.llm.pricing import Usage
from nbagent.llm.request import MessageRequest
from tests.agent_support import ScriptedProvider, is_summary, make_session, reply

BOUND = 30.0
STEPS = 8
"""Loop steps given to a cancellation to reach the turn before the test looks."""

SYSTEM = "Be brief."
KEEP_ONE = SlotConfig(focused=FocusedConfig(keep_recent_turns=1))
# ScriptedProvider reports 100 input tokens per request message; with the system prompt a
# first turn sends 2 messages (200), a second 4 (400), a third 6 (600).
DUE_AT_ONCE = SummaryConfig(max_context_tokens=100, trigger_token_ratio=0.5, debounce_turns=0)
UNDER = SummaryConfig(max_context_tokens=100_000, trigger_token_ratio=0.5, debounce_turns=0)
CONFIGS = {"disabled": None, "not_needed": UNDER, "due": DUE_AT_ONCE}
FINAL = {
    "disabled": SummaryStatus.DISABLED,
    "not_needed": SummaryStatus.NOT_NEEDED,
    "due": SummaryStatus.FIRED,
}


def texts(session: AgentSession) -> list[str]:
    return [m.text() for m in session.slot.messages]


def as_saved(record: TurnRecord) -> dict[str, Any]:
    """The record's JSON as a store gives it back (tuples become lists)."""
    data: dict[str, Any] = json.loads(json.dumps(record.to_json()))
    return data


def reopen(store: MemoryStore, summary: SummaryConfig | None, **settings: Any) -> AgentSession:
    return make_session(
        ScriptedProvider(), store=store, summary=summary, system_prompt=SYSTEM, **settings
    )


def differences(
    live: Sequence[dict[str, Any]], saved: Sequence[dict[str, Any]]
) -> list[tuple[int, str, Any, Any]]:
    """``(turn, field, live value, saved value)`` wherever two timelines' JSON differ."""
    assert len(saved) == len(live), (len(saved), len(live))
    return [
        (a["turn_index"], name, a.get(name), b.get(name))
        for a, b in zip(live, saved, strict=True)
        for name in sorted({*a, *b})
        if a.get(name) != b.get(name)
    ]


def assert_same(live: Sequence[dict[str, Any]], saved: Sequence[dict[str, Any]]) -> None:
    diffs = differences(live, saved)
    assert not diffs, "(turn, field, live, saved):\n" + "\n".join(map(repr, diffs))


async def assert_saved_as_live(live: AgentSession, store: MemoryStore, **settings: Any) -> None:
    """The store holds exactly the live session's turns and records, field for field."""
    saved = await store.items(live.session_id, TIMELINE_NAMESPACE)
    assert [key for key, _ in saved] == [f"{r.turn_index:09d}" for r in live.timeline]
    raw = [value for _, value in saved]
    assert_same([as_saved(r) for r in live.timeline], raw)
    again = reopen(store, live.bundle.config.summary_config, **settings)
    live_json = [r.to_json() for r in live.timeline]
    assert_same(live_json, [r.to_json() for r in again.timeline])
    assert again.turn_index == live.turn_index
    assert texts(again) == texts(live)


def is_turn_commit(ops: Sequence[StoreOp]) -> bool:
    return any(isinstance(op, AppendMessages) for op in ops)


def timeline_puts(ops: Sequence[StoreOp]) -> list[tuple[str, str]]:
    return [
        (op.key, str(op.value["summary_status"]))
        for op in ops
        if isinstance(op, PutValue) and op.namespace == TIMELINE_NAMESPACE
    ]


class FaultyMemory(InMemoryStore):
    """An in-memory store whose next ``fail_turn_commits`` turn commits raise (nothing applied),
    and whose next turn commit, when ``gate`` is set, waits for ``release`` first."""

    def __init__(self) -> None:
        super().__init__()
        self.fail_turn_commits = 0
        self.gate = False
        self.fail_after_gate = False
        self.entered, self.release = asyncio.Event(), asyncio.Event()
        self.writes: list[tuple[str, str]] = []

    async def commit(self, ops: Sequence[StoreOp]) -> None:
        ops = list(ops)
        if is_turn_commit(ops):
            if self.gate:
                self.gate = False
                self.entered.set()
                await self.release.wait()
                if self.fail_after_gate:
                    raise StoreError("disk full (after the wait)")
            if self.fail_turn_commits:
                self.fail_turn_commits -= 1
                raise StoreError("disk full")
        await super().commit(ops)
        self.writes.extend(timeline_puts(ops))


class RecordingSqlite(SqliteStore):
    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.writes: list[tuple[str, str]] = []

    async def commit(self, ops: Sequence[StoreOp]) -> None:
        ops = list(ops)
        await super().commit(ops)
        self.writes.extend(timeline_puts(ops))


# -- a turn commit that fails ------------------------------------------------------------------


@pytest.mark.parametrize("config", list(CONFIGS))
async def test_a_failed_turn_commit_saves_nothing_and_the_next_turn_works(config: str) -> None:
    store = FaultyMemory()
    hooks = HookExecutor()
    ended: list[int | None] = []
    hooks.register(HookEvent.TURN_END, lambda ctx: ended.append(ctx.turn_index))
    provider = ScriptedProvider()
    summary = CONFIGS[config]
    session = make_session(
        provider, store=store, summary=summary, hooks=hooks, system_prompt=SYSTEM
    )
    await session.submit_turn("zero")
    store.fail_turn_commits = 1
    with pytest.raises(StoreError, match="disk full"):
        await session.submit_turn("lost")
    assert session.turn_index == 1 and ended == [0]
    assert texts(session) == ["zero", "reply to zero"]
    assert [r.turn_index for r in session.timeline] == [0]
    assert [k for k, _ in await store.items("s", TIMELINE_NAMESPACE)] == ["000000000"]
    await assert_saved_as_live(session, store)
    summaries = len(provider.summary_requests)
    await session.submit_turn("one")
    assert ended == [0, 1] and session.turn_index == 2
    assert texts(session) == ["zero", "reply to zero", "one", "reply to one"]
    assert session.timeline[-1].turn_index == 1
    assert session.timeline[-1].summary_status is FINAL[config]
    assert len(provider.summary_requests) == summaries + (config == "due")
    await assert_saved_as_live(session, store)


async def test_a_sqlite_turn_commit_failing_after_its_messages_rolls_them_back(
    tmp_path: Path,
) -> None:
    """The timeline row is written after the turn's messages in the same transaction: a
    failure there must take the messages back out."""
    path = tmp_path / "s.sqlite3"
    store = RecordingSqlite(path)
    session = make_session(ScriptedProvider(), store=store, summary=UNDER, system_prompt=SYSTEM)
    await session.submit_turn("zero")
    with sqlite3.connect(path) as conn:
        conn.execute(
            "CREATE TRIGGER full BEFORE INSERT ON kv WHEN NEW.namespace = 'timeline' "
            "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
        )
    conn.close()
    with pytest.raises(StoreError, match="disk is full"):
        await session.submit_turn("lost")
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM messages").fetchone() == (2,)
        conn.execute("DROP TRIGGER full")
    conn.close()
    assert session.turn_index == 1 and texts(session) == ["zero", "reply to zero"]
    await session.submit_turn("one")
    assert store.writes == [("000000000", "not_needed"), ("000000001", "not_needed")]
    await assert_saved_as_live(session, SqliteStore(path))


# -- a turn-end hook that raises -------------------------------------------------------------


class HookAbort(BaseException):
    """Not an ``Exception``: the hook executor lets it through (as it does a cancellation)."""


@pytest.mark.parametrize("config", list(CONFIGS))
@pytest.mark.parametrize("kind", ["exception", "base_exception"])
async def test_a_raising_turn_end_hook_leaves_the_turn_saved_as_it_is_known(
    config: str, kind: str
) -> None:
    store = FaultyMemory()
    hooks = HookExecutor()
    raised: list[int] = []

    def hook(ctx: HookContext) -> None:
        if ctx.turn_index == 1:
            raised.append(ctx.turn_index)
            raise RuntimeError("hook bug") if kind == "exception" else HookAbort()

    hooks.register(HookEvent.TURN_END, hook)
    provider = ScriptedProvider()
    summary = CONFIGS[config]
    session = make_session(
        provider, store=store, summary=summary, hooks=hooks, system_prompt=SYSTEM
    )
    await session.submit_turn("zero")
    summaries = len(provider.summary_requests)
    if kind == "exception":  # logged and skipped: the turn ends as if nothing happened
        await session.submit_turn("one")
        expected = FINAL[config]
    else:
        with pytest.raises(HookAbort):
            await session.submit_turn("one")
        # The summary step never ran: a due summary stays pending, a settled record is final.
        expected = SummaryStatus.PENDING if config == "due" else FINAL[config]
    assert raised == [1] and session.turn_index == 2
    assert texts(session) == ["zero", "reply to zero", "one", "reply to one"]
    record = session.timeline[-1]
    assert (record.turn_index, record.summary_status) == (1, expected)
    made = 0 if expected is SummaryStatus.PENDING else int(config == "due")
    assert len(provider.summary_requests) == summaries + made
    await assert_saved_as_live(session, store)
    await session.submit_turn("two")
    assert session.turn_index == 3 and session.timeline[-1].summary_status is FINAL[config]
    await assert_saved_as_live(session, store)


@pytest.mark.parametrize("config", list(CONFIGS))
async def test_a_turn_cancelled_in_its_turn_end_hook_is_saved_as_it_is_known(config: str) -> None:
    store = FaultyMemory()
    hooks = HookExecutor()
    entered, never = asyncio.Event(), asyncio.Event()

    async def hook(ctx: HookContext) -> None:
        entered.set()
        await never.wait()

    handle = hooks.register(HookEvent.TURN_END, hook)
    provider = ScriptedProvider()
    session = make_session(
        provider, store=store, summary=CONFIGS[config], hooks=hooks, system_prompt=SYSTEM
    )
    task = asyncio.create_task(session.submit_turn("zero"))
    await asyncio.wait_for(entered.wait(), BOUND)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    expected = SummaryStatus.PENDING if config == "due" else FINAL[config]
    assert session.turn_index == 1 and provider.summary_requests == []
    assert [(r.turn_index, r.summary_status) for r in session.timeline] == [(0, expected)]
    await assert_saved_as_live(session, store)
    hooks.unregister(handle)
    await session.submit_turn("one")
    assert [r.turn_index for r in session.timeline] == [0, 1]
    await assert_saved_as_live(session, store)


# -- a cancellation while the turn's commit is in flight ---------------------------------------


@pytest.mark.parametrize("config", list(CONFIGS))
@pytest.mark.parametrize("outcome", ["saved", "failed"])
async def test_a_turn_cancelled_during_its_commit_is_saved_whole_or_not_at_all(
    config: str, outcome: str
) -> None:
    store = FaultyMemory()
    hooks = HookExecutor()
    ended: list[int | None] = []
    hooks.register(HookEvent.TURN_END, lambda ctx: ended.append(ctx.turn_index))
    provider = ScriptedProvider()
    session = make_session(
        provider, store=store, summary=CONFIGS[config], hooks=hooks, system_prompt=SYSTEM
    )
    store.gate, store.fail_after_gate = True, outcome == "failed"
    task = asyncio.create_task(session.submit_turn("zero"))
    await asyncio.wait_for(store.entered.wait(), BOUND)
    task.cancel()
    for _ in range(STEPS):
        await asyncio.sleep(0)
    task.cancel()  # a second interrupt changes nothing either
    for _ in range(STEPS):
        await asyncio.sleep(0)
    assert not task.done(), "the turn gave up on its commit while the write was running"
    store.release.set()
    with pytest.raises(asyncio.CancelledError):
        await task
    # Cancelled before its turn-end step: no hook, no summary call, whatever the commit did.
    assert ended == [] and provider.summary_requests == []
    if outcome == "saved":
        expected = SummaryStatus.PENDING if config == "due" else FINAL[config]
        assert session.turn_index == 1 and texts(session) == ["zero", "reply to zero"]
        assert [(r.turn_index, r.summary_status) for r in session.timeline] == [(0, expected)]
    else:
        assert session.turn_index == 0 and texts(session) == [] and session.timeline == []
        assert await store.items("s", TIMELINE_NAMESPACE) == []
    await assert_saved_as_live(session, store)
    await session.submit_turn("next")
    assert session.timeline[-1].turn_index == session.turn_index - 1
    assert texts(session)[-2:] == ["next", "reply to next"]
    await assert_saved_as_live(session, store)


# -- every summary status, saved as it is known, over a sliding focused view -------------------


class Backend(ScriptedProvider):
    """The second summary call fails; ``reported=False`` reports no usage, so the watermark is
    the record's own context estimate (``estimated_context_tokens``, made before the commit)."""

    def __init__(self, *, reported: bool) -> None:
        super().__init__(fixed_usage=None if reported else Usage(), summary=self._summary)

    @staticmethod
    def _summary(request: MessageRequest, n: int) -> Any:
        if n == 2:
            return ProviderError("summary backend down")
        return reply(f"summary #{n}", input_tokens=7, output_tokens=3)


S = SummaryStatus
# fmt: off
PLANS: dict[str, tuple[SummaryConfig, list[int], list[SummaryStatus]]] = {
    # The reported watermark: 100 per request message, line at 450, debounce 2. A failed
    # summary counts for the debounce as a made one does: the next try is two turns on.
    "reported": (
        SummaryConfig(max_context_tokens=1000, trigger_token_ratio=0.45, debounce_turns=2),
        [4] * 10,
        [S.NOT_NEEDED, S.NOT_NEEDED, S.FIRED, S.DEBOUNCED, S.FAILED, S.DEBOUNCED, S.FIRED,
         S.DISABLED, S.FIRED, S.DEBOUNCED],
    ),
    # The estimate as watermark: it falls back under the line after a summary.
    "estimated": (
        SummaryConfig(max_context_tokens=400, trigger_token_ratio=0.5, debounce_turns=2),
        [15, 15, 15, 15, 100, 60, 15, 15, 5, 5, 60, 15],
        [S.NOT_NEEDED, S.NOT_NEEDED, S.NOT_NEEDED, S.FIRED, S.DEBOUNCED, S.FAILED, S.DEBOUNCED,
         S.FIRED, S.DISABLED, S.NOT_NEEDED, S.FIRED, S.NOT_NEEDED],
    ),
}
# fmt: on
OFF_TURN = {"reported": 7, "estimated": 8}
"""The turn run with ``configure(summary_config=None)``."""


async def run_plan(
    session: AgentSession, plan: str
) -> tuple[list[int], list[int], list[tuple[int, int]]]:
    """Run the plan's turns; per turn the estimate the turn-end hook saw (before the summary
    step), the one after the turn, and where the focused view started."""
    config, sizes, _ = PLANS[plan]
    at_end: list[int] = []
    after: list[int] = []
    hooks = session.bundle.hook_executor
    assert hooks is not None
    hooks.register(HookEvent.TURN_END, lambda ctx: at_end.append(session.estimate_context_tokens()))
    views: list[tuple[int, int]] = []
    for i, words in enumerate(sizes):
        if i == OFF_TURN[plan]:
            await session.configure(summary_config=None)
        elif i == OFF_TURN[plan] + 1:
            await session.configure(summary_config=config)
        await session.submit_turn(f"question {i}, order ABC-{i:03d} " + "words " * words)
        after.append(session.estimate_context_tokens())
        views.append(next(((s, n) for s, n in session.slot.view_runs() if s > 0), (0, 0)))
    return at_end, after, views


@pytest.mark.parametrize("plan", list(PLANS))
@pytest.mark.parametrize("kind", ["memory", "sqlite"])
@pytest.mark.parametrize("retention", [False, True])
async def test_every_status_is_saved_as_it_is_known(
    tmp_path: Path, plan: str, kind: str, retention: bool
) -> None:
    config, _, statuses = PLANS[plan]
    path = tmp_path / "s.sqlite3"
    store: FaultyMemory | RecordingSqlite = (
        FaultyMemory() if kind == "memory" else RecordingSqlite(path)
    )
    settings: dict[str, Any] = {"slot_config": KEEP_ONE, "track_retention": retention}
    session = make_session(
        Backend(reported=plan == "reported"),
        store=store,
        summary=config,
        hooks=HookExecutor(),
        system_prompt=SYSTEM,
        **settings,
    )
    at_end, after, views = await run_plan(session, plan)
    timeline = session.timeline
    assert [r.summary_status for r in timeline] == statuses
    # The view's start moves: later turns slide the kept window.
    assert len({start for start, _ in views}) >= 3
    for record, before_summary, end in zip(timeline, at_end, after, strict=True):
        where = f"turn {record.turn_index} ({record.summary_status})"
        assert record.estimated_context_tokens == before_summary, where
        if record.summary_status is SummaryStatus.DISABLED:
            assert record.context_tokens_after == 0, where
        else:
            assert record.context_tokens_after == end, where
            assert record.threshold == config.threshold, where
        if record.summary_status is SummaryStatus.FIRED:
            assert end < before_summary and record.summary, where
        else:
            assert end == before_summary and record.summary is None, where
        if record.summary_status is SummaryStatus.FAILED:
            assert "summary backend down" in (record.summary_error or ""), where
    # Saved once, final, unless a summary was due or retention is tracked (it is measured once
    # the turn is stored): then pending first, final after the summary step.
    expected: list[tuple[str, str]] = []
    for record in timeline:
        key = f"{record.turn_index:09d}"
        if retention or record.summary_status in (SummaryStatus.FIRED, SummaryStatus.FAILED):
            expected.append((key, "pending"))
        expected.append((key, record.summary_status.value))
    assert store.writes == expected
    if retention:
        assert all(r.facts_stated > 0 for r in timeline)
    reread = SqliteStore(path) if kind == "sqlite" else store
    await assert_saved_as_live(session, reread, **settings)


# -- streamed turns --------------------------------------------------------------------------


@pytest.mark.parametrize("config", list(CONFIGS))
async def test_a_streamed_turn_is_pending_until_it_is_finalised(config: str) -> None:
    store = FaultyMemory()
    summary = CONFIGS[config]
    session = make_session(ScriptedProvider(), store=store, summary=summary, system_prompt=SYSTEM)
    async with session.stream_turn("streamed") as events:
        async for event in events:
            done = isinstance(event, CycleDoneEvent)
        assert done
        record = session.timeline[-1]
        assert record.summary_status is SummaryStatus.PENDING and record.streamed
        assert record.context_tokens_after == 0 and record.threshold is None
        await assert_saved_as_live(session, store)
    assert record.summary_status is FINAL[config]
    assert store.writes == [("000000000", "pending"), ("000000000", FINAL[config].value)]
    await assert_saved_as_live(session, store)

    # submit_turn_stream without finalize_turn: pending until the next turn finalises it.
    async for _ in session.submit_turn_stream("unfinished"):
        pass
    assert session.timeline[-1].summary_status is SummaryStatus.PENDING
    await assert_saved_as_live(session, store)
    await session.submit_turn("plain")
    assert [r.summary_status for r in session.timeline][1:] == [FINAL[config]] * 2
    assert store.writes[2:] == [
        ("000000001", "pending"),
        ("000000001", FINAL[config].value),
        *([("000000002", "pending")] if config == "due" else []),
        ("000000002", FINAL[config].value),
    ]
    await assert_saved_as_live(session, store)


# -- a cancellation in the summary step (the live record against the saved one) --------------


class HangingSummary(ScriptedProvider):
    def __init__(self) -> None:
        super().__init__()
        self.summary_started, self.never = asyncio.Event(), asyncio.Event()

    async def chat(self, request: MessageRequest) -> Any:
        if is_summary(request):
            self.summary_started.set()
            await self.never.wait()
        return await super().chat(request)


@pytest.mark.parametrize("where", ["summary call", "summary hook"])
async def test_a_turn_cancelled_in_its_summary_step_is_known_as_it_is_saved(where: str) -> None:
    """The live record says what the store holds, wherever the summary step is cut."""
    store = FaultyMemory()
    hooks = HookExecutor()
    hook_entered, never = asyncio.Event(), asyncio.Event()

    async def on_summary(ctx: HookContext) -> None:
        hook_entered.set()
        await never.wait()

    if where == "summary hook":
        provider: ScriptedProvider = ScriptedProvider()
        hooks.register(HookEvent.SUMMARY, on_summary)
        started = hook_entered
    else:
        provider = hanging = HangingSummary()
        started = hanging.summary_started
    summary = SummaryConfig(
        max_context_tokens=100, trigger_token_ratio=0.5, debounce_turns=0, timeout=None
    )
    session = make_session(provider, store=store, summary=summary, hooks=hooks)
    task = asyncio.create_task(session.submit_turn("hello"))
    await asyncio.wait_for(started.wait(), BOUND)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert session.turn_index == 1
    saved = await store.items("s", TIMELINE_NAMESPACE)
    # Cut in the call: no summary, the record as saved before it. Cut in the summary hook: the
    # summary and the final record were saved before the hook ran.
    expected = "pending" if where == "summary call" else "fired"
    assert [value["summary_status"] for _, value in saved] == [expected]
    stored = [TurnRecord.from_json(value).to_json() for _, value in saved]
    assert_same([r.to_json() for r in session.timeline], stored)
