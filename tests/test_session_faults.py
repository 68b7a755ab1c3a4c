"""Faults around a turn's save: cancellation mid-commit, overlapping turns, torn reads, hung
summaries, a killed process, damaged stores. Every wait here is on an event; a timeout only
bounds a regression so that it fails instead of hanging."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from nbagent.agent.builder import AgentBuilder
from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore, SessionSnapshot, SqliteStore, StoreOp
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus
from nbagent.errors import ConfigurationError, StoreError
from nbagent.llm.cycle_events import CycleDoneEvent
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.providers.openai import OpenAIProvider
from nbagent.llm.request import MessageRequest
from tests.agent_support import ScriptedProvider, is_summary, make_session

BOUND = 30.0
"""Seconds a regression may hang before the test fails; never reached when the code is right."""

LOW = {"max_context_tokens": 100, "trigger_token_ratio": 0.5, "debounce_turns": 0}


def texts(session: AgentSession) -> list[str]:
    return [m.text() for m in session.slot.messages]


# -- 3.2: a cancellation while the commit runs -----------------------------------------------


class GatedSqlite(SqliteStore):
    """A SQLite store whose next commit waits in its worker thread until ``release`` is set."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.entered, self.release = threading.Event(), threading.Event()
        self.fail = False

    async def commit(self, ops: Sequence[StoreOp]) -> None:
        if self.release.is_set():
            return await super().commit(ops)
        gated = self

        def slow(conn: sqlite3.Connection) -> None:
            gated.entered.set()
            assert gated.release.wait(BOUND), "the test never released the commit"
            if gated.fail:
                raise sqlite3.OperationalError("disk I/O error")
            rows = [(op, _encoded(op)) for op in ops]
            SqliteStore._commit(conn, rows)

        await self._call(slow)


def _encoded(op: StoreOp) -> list[str]:
    from nbagent.agent.store import encode_op

    return encode_op(op)


async def cancel_mid_commit(store: GatedSqlite, session: AgentSession) -> None:
    task = asyncio.create_task(session.submit_turn("first"))
    assert await asyncio.to_thread(store.entered.wait, BOUND)
    task.cancel()
    for _ in range(5):  # let the cancellation reach the turn while the write still runs
        await asyncio.sleep(0)
    assert not task.done(), "the turn gave up on its commit while the write was running"
    store.release.set()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_a_turn_cancelled_while_its_commit_runs_is_saved_and_known(tmp_path: Path) -> None:
    store = GatedSqlite(tmp_path / "s.sqlite3")
    session = make_session(ScriptedProvider(), store=store)
    await cancel_mid_commit(store, session)
    # Saved, and the session knows it: the next turn appends after it, no StoreError.
    assert session.turn_index == 1
    assert texts(session) == ["first", "reply to first"]
    await session.submit_turn("second")
    reopened = make_session(ScriptedProvider(), store=SqliteStore(store.path))
    assert texts(reopened) == ["first", "reply to first", "second", "reply to second"]
    assert [r.turn_index for r in reopened.timeline] == [0, 1]


async def test_a_cancelled_turn_whose_commit_failed_is_not_saved_and_known(
    tmp_path: Path,
) -> None:
    store = GatedSqlite(tmp_path / "s.sqlite3")
    store.fail = True
    session = make_session(ScriptedProvider(), store=store)
    await cancel_mid_commit(store, session)
    assert session.turn_index == 0 and texts(session) == [] and session.timeline == []
    await session.submit_turn("again")
    assert texts(session) == ["again", "reply to again"]
    assert session.turn_index == 1


# -- 3.5: a turn started while a streamed turn is being committed ----------------------------


class GatedMemory(InMemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.entered, self.release = asyncio.Event(), asyncio.Event()
        self.gate_next = False

    async def commit(self, ops: Sequence[StoreOp]) -> None:
        if self.gate_next:
            self.gate_next = False
            self.entered.set()
            await self.release.wait()
        await super().commit(ops)


async def test_a_turn_started_during_a_streamed_commit_waits_for_it() -> None:
    store = GatedMemory()
    provider = ScriptedProvider()
    session = make_session(provider, store=store)
    store.gate_next = True

    async def stream() -> None:
        async for event in session.submit_turn_stream("streamed"):
            if isinstance(event, CycleDoneEvent):
                await session.finalize_turn()

    first = asyncio.create_task(stream())
    await asyncio.wait_for(store.entered.wait(), BOUND)
    second = asyncio.create_task(session.submit_turn("plain"))
    for _ in range(5):
        await asyncio.sleep(0)
    assert not second.done() and provider.calls == 1  # waits; no model call yet
    store.release.set()
    await asyncio.wait_for(asyncio.gather(first, second), BOUND)
    assert texts(session) == ["streamed", "reply to streamed", "plain", "reply to plain"]
    # The second model call saw the first turn; each turn has its own index and record.
    assert [m.text() for m in provider.turn_requests[1].messages] == [
        "streamed",
        "reply to streamed",
        "plain",
    ]
    assert [r.turn_index for r in session.timeline] == [0, 1]
    assert session.turn_index == 2
    reopened = make_session(ScriptedProvider(), store=store)
    assert [r.turn_index for r in reopened.timeline] == [0, 1]


# -- 3.6: opening a session reads one snapshot ------------------------------------------------


class CountingStore(InMemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.reads: list[str] = []

    async def load_session(self, session_id: str) -> SessionSnapshot:
        self.reads.append("load_session")
        return await super().load_session(session_id)

    async def get_value(self, *args: Any) -> Any:
        self.reads.append("get_value")
        return await super().get_value(*args)

    async def keys(self, *args: Any) -> list[str]:
        self.reads.append("keys")
        return await super().keys(*args)

    async def items(self, *args: Any) -> list[tuple[str, Any]]:
        self.reads.append("items")
        return await super().items(*args)

    async def load_messages(self, *args: Any) -> list[Any]:
        self.reads.append("load_messages")
        return await super().load_messages(*args)


async def test_opening_a_session_is_one_read() -> None:
    store = CountingStore()
    session = make_session(ScriptedProvider(), store=store)
    await session.submit_turn("one")
    await session.create_slot("notes")
    store.reads.clear()
    await session.bundle.open_session("s")
    assert store.reads == ["load_session"]


def test_a_session_opened_while_another_connection_writes_is_never_torn(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    writer_session = make_session(ScriptedProvider(), store=SqliteStore(path), session_id="w")
    writer_session.submit_turn_sync("turn 0")
    done = threading.Event()

    def write() -> None:
        try:
            for i in range(1, 40):
                writer_session.submit_turn_sync(f"turn {i}")
        finally:
            done.set()

    thread = threading.Thread(target=write)
    thread.start()
    reader_store = SqliteStore(path)  # its own connection, as another process has
    opened = 0
    try:
        while not done.is_set() or opened == 0:
            session = make_session(ScriptedProvider(), store=reader_store, session_id="w")
            turns = session.turn_index
            assert len(session.slot) == 2 * turns
            assert [r.turn_index for r in session.timeline] == list(range(turns))
            opened += 1
    finally:
        thread.join(BOUND)
    assert opened > 0


# -- 3.7 / 3.8: the summary step ------------------------------------------------------------


class HangingSummary(ScriptedProvider):
    """Turns answer at once; a summary call never answers (until the test ends)."""

    def __init__(self) -> None:
        super().__init__()
        self.summary_started = asyncio.Event()
        self.summary_calls = 0
        self.never = asyncio.Event()

    async def chat(self, request: MessageRequest) -> Any:
        if is_summary(request):
            self.summary_calls += 1
            self.summary_started.set()
            await self.never.wait()
        return await super().chat(request)


async def test_a_hung_summary_is_abandoned_at_its_deadline_and_the_turn_goes_on() -> None:
    provider = HangingSummary()
    config = SummaryConfig(**LOW, timeout=0.05)  # type: ignore[arg-type]
    session = make_session(provider, summary=config)
    response = await asyncio.wait_for(session.submit_turn("hello"), BOUND)
    assert response.text() == "reply to hello"
    record = session.timeline[-1]
    assert record.summary_status is SummaryStatus.FAILED
    assert "APITimeoutError" in (record.summary_error or "")
    assert "SummaryConfig.timeout=0.05" in (record.summary_error or "")
    assert provider.summary_calls == 2  # the first attempt and one retry
    assert session.turn_index == 1 and await session.get_conversation_summary() is None


def test_summary_deadline_settings_are_checked() -> None:
    for bad in ({"timeout": 0}, {"timeout": float("nan")}, {"timeout": "60"}):
        with pytest.raises(ConfigurationError, match=next(iter(bad))):
            SummaryConfig(**bad)  # type: ignore[arg-type]
    assert SummaryConfig(timeout=None).timeout is None


async def test_an_interrupt_during_the_summary_keeps_the_turn_and_its_record() -> None:
    store = InMemoryStore()
    provider = HangingSummary()
    session = make_session(provider, store=store, summary=SummaryConfig(**LOW, timeout=None))  # type: ignore[arg-type]
    task = asyncio.create_task(session.submit_turn("hello"))
    await asyncio.wait_for(provider.summary_started.wait(), BOUND)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    reopened = make_session(ScriptedProvider(), store=store)
    assert [m.text() for m in reopened.slot.messages] == ["hello", "reply to hello"]
    assert [(r.turn_index, r.summary_status) for r in reopened.timeline] == [
        (0, SummaryStatus.PENDING)
    ]
    assert session.turn_index == 1
    await session.configure(summary_config=None)
    await session.submit_turn("again")
    assert [r.turn_index for r in session.timeline] == [0, 1]


CHILD = textwrap.dedent(
    """
    import asyncio, sys
    from nbagent.agent.builder import AgentBuilder
    from nbagent.agent.session import AgentSession
    from nbagent.agent.store import SqliteStore
    from nbagent.agent.summary import SummaryConfig
    from nbagent.llm.providers.offline import OfflineProvider
    from nbagent.llm.request import MessageRequest

    class Provider(OfflineProvider):
        async def chat(self, request: MessageRequest):
            if request.metadata.get("purpose") == "summary":
                print("in-summary", flush=True)
                await asyncio.Event().wait()  # killed here
            return await super().chat(request)

    async def main() -> None:
        cfg = SummaryConfig(max_context_tokens=60, trigger_token_ratio=0.5, debounce_turns=0,
                            timeout=None)
        bundle = (AgentBuilder().provider(Provider(["a reply of some words"] * 50))
                  .store(SqliteStore(sys.argv[1])).summary_config(cfg).build())
        session = await bundle.open_session("k")
        for i in range(50):
            await session.submit_turn(f"turn {i} " + "words " * 10)
            print("turn-done", flush=True)

    asyncio.run(main())
    """
)


def test_a_process_killed_in_the_summary_step_keeps_every_saved_turns_record(
    tmp_path: Path,
) -> None:
    path = tmp_path / "k.sqlite3"
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    child = subprocess.Popen(
        [sys.executable, str(script), str(path)], stdout=subprocess.PIPE, text=True, env=env
    )
    done = 0
    try:
        assert child.stdout is not None
        while (line := child.stdout.readline().strip()) == "turn-done":
            done += 1
        assert line == "in-summary", line
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        child.wait(BOUND)
        if child.stdout is not None:
            child.stdout.close()
    session = make_session(OfflineProvider(), store=SqliteStore(path), session_id="k")
    # Every turn saved has its record; the one killed in its summary step says so.
    assert session.turn_index == done + 1 and len(session.slot) == 2 * (done + 1)
    statuses = [(r.turn_index, r.summary_status) for r in session.timeline]
    assert statuses[-1] == (done, SummaryStatus.PENDING)
    assert [index for index, _ in statuses] == list(range(done + 1))


# -- 3.12: damaged store values ----------------------------------------------------------------


def damaged(path: Path, namespace: str, key: str, value: str) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(
            "UPDATE kv SET value=? WHERE session_id='s' AND namespace=? AND key=?",
            (value, namespace, key),
        )
        assert conn.total_changes == 1


@pytest.mark.parametrize(
    ("namespace", "key", "value", "message"),
    [
        ("session", "state", "{not json", "the stored value session/'state' of session 's'"),
        ("timeline", "000000000", "[1, 2]", "a timeline record of session 's'"),
        ("timeline", "000000000", json.dumps({"turn_index": "x"}), "timeline record"),
        ("timeline", "000000000", "nan-garbage", "timeline/'000000000'"),
        ("session", "state", json.dumps("a string"), "stored state of session 's'"),
    ],
)
def test_damaged_store_values_are_store_errors_that_say_where_and_what_to_do(
    tmp_path: Path, namespace: str, key: str, value: str, message: str
) -> None:
    path = tmp_path / "s.sqlite3"
    session = make_session(ScriptedProvider(), store=SqliteStore(path))
    session.submit_turn_sync("hello")
    damaged(path, namespace, key, value)
    with pytest.raises(StoreError, match=message) as caught:
        make_session(ScriptedProvider(), store=SqliteStore(path))
    text = str(caught.value)
    assert "Delete" in text or "new session id" in text or "another session id" in text, text
    if namespace == "timeline" or value.startswith("{not"):
        assert str(path) in text


# -- 3.11 (the builder part): a spec string is a provider -------------------------------------


def test_the_builder_takes_a_spec_string() -> None:
    bundle = AgentBuilder().provider("openai:gpt-4o", api_key="sk-test").store(InMemoryStore())
    provider = bundle.build().provider
    assert isinstance(provider, OpenAIProvider) and provider.model == "gpt-4o"
    assert AgentBuilder().provider("offline").build().provider.name == "offline"
    with pytest.raises(ConfigurationError, match="spec string such as 'openai:gpt-4o-mini'"):
        AgentBuilder().provider(42)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="Unknown provider 'nonsense'"):
        AgentBuilder().provider("nonsense:x")
