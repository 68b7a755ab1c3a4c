"""Store specifics: SQLite's file on disk and persistence across processes; PostgreSQL's
connection errors, masked passwords, event loops and the optional import.

The behaviour every store shares (InMemoryStore, SqliteStore, PostgresStore) is tested once, on
all of them, in ``tests/test_store_contract.py``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
import subprocess
import sys
import textwrap
import traceback
from collections.abc import AsyncIterator
from pathlib import Path

import psycopg
import pytest

from nbagent.agent.memory import SessionMemory
from nbagent.agent.postgres_store import PostgresStore
from nbagent.agent.store import (
    SCHEMA_VERSION,
    AppendMessages,
    InMemoryStore,
    MemoryStore,
    PutValue,
    SqliteStore,
)
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError, StoreError
from nbagent.llm.messages import MESSAGE_ADAPTER, Message
from nbagent.llm.tools import run_sync
from tests.agent_support import ScriptedProvider, make_session
from tests.postgres_server import PostgresServer, free_port, postgres_server  # noqa: F401

BOUND = 30.0
"""Seconds a regression may hang before the test fails; never reached when the code is right."""
CONFLICT = "another session object wrote to the same session"

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(params=["memory", "sqlite"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[MemoryStore]:
    s: MemoryStore = (
        InMemoryStore() if request.param == "memory" else SqliteStore(tmp_path / "s.db")
    )
    yield s
    await s.close()


async def test_session_memory_sync_twins(store: MemoryStore) -> None:
    """Stores that any loop may call (memory, SQLite) serve the twins from an async test too."""
    memory = SessionMemory(store, "s")
    await memory.set("days", 3)
    memory.set_sync("sync", [1])
    assert memory.get_sync("sync") == [1]
    memory.delete_sync("sync")
    assert memory.keys_sync() == ["days"]


# -- SQLite ------------------------------------------------------------------------------------


async def test_sqlite_session_ids_create_no_file(tmp_path: Path) -> None:
    path = tmp_path / "not-yet" / "s.db"
    store = SqliteStore(path)
    assert await store.session_ids() == []
    assert not path.parent.exists()
    await store.put_value("s", "memory", "k", 1)
    assert await store.session_ids() == ["s"]
    await store.close()
    reopened = SqliteStore(path)
    assert await reopened.session_ids() == ["s"]  # read from the file, not the object
    await reopened.close()


async def test_sqlite_default_path_is_created_on_demand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    store = SqliteStore()
    assert store.path == tmp_path / ".nbagent" / "nbagent.sqlite3"
    assert not (tmp_path / ".nbagent").exists()  # nothing written at construction
    await store.put_value("s", "memory", "k", 1)
    assert store.path.exists()
    await store.close()
    with sqlite3.connect(store.path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
    conn.close()


async def test_sqlite_refuses_a_file_that_is_not_a_store(tmp_path: Path) -> None:
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite" * 100)
    store = SqliteStore(path)
    with pytest.raises(StoreError, match="not a usable nbagent store"):
        await store.keys("s", "memory")
    await store.close()


_WRITER = """
import asyncio, sys
from nbagent.agent.store import SqliteStore
from nbagent.agent.summary import SummaryConfig
from tests.agent_support import ScriptedProvider, make_session

async def main() -> None:
    store = SqliteStore(sys.argv[1])
    cfg = SummaryConfig(max_context_tokens=1400, trigger_token_ratio=0.5, debounce_turns=1)
    session = make_session(ScriptedProvider(), summary=cfg, store=store, session_id="kernel")
    for i in range(4):
        await session.submit_turn(f"msg {i}")
    await session.session_memory.set("city", "Kyoto")
    await store.close()

asyncio.run(main())
"""


async def test_sqlite_session_resumes_in_a_new_process(tmp_path: Path) -> None:
    path = tmp_path / "kernel.db"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_WRITER), str(path)],
        check=True,
        cwd=REPO,
        env=env,
        timeout=120,
    )
    store = SqliteStore(path)
    cfg = SummaryConfig(max_context_tokens=1400, trigger_token_ratio=0.5, debounce_turns=1)
    provider = ScriptedProvider()
    session = make_session(provider, summary=cfg, store=store, session_id="kernel")
    assert session.turn_index == 4
    assert [m.text() for m in session.slot.messages] == [
        text for i in range(4) for text in (f"msg {i}", f"reply to msg {i}")
    ]
    assert session.last_summary_turn == 3
    assert session.slot.summary_override == "summary #1"
    assert session.slot.summary_upto == 8
    assert await session.get_conversation_summary() == "summary #1"
    assert await session.get_session_data("city") == "Kyoto"
    assert session.cost_so_far.calls == 4
    assert session.summary_cost.calls == 1
    assert [r.summary_status.value for r in session.timeline] == [
        "not_needed",
        "not_needed",
        "not_needed",
        "fired",
    ]
    # The resumed session goes on where the other process stopped: its request is the
    # focused view (the summary, then the last two turns) plus the new prompt.
    await session.submit_turn("msg 4")
    sent = provider.turn_requests[-1].messages
    assert [m.text() for m in sent] == [
        "[上下文摘要] summary #1",
        "msg 2",
        "reply to msg 2",
        "msg 3",
        "reply to msg 3",
        "msg 4",
    ]
    assert await store.count_messages("kernel", "main") == 10
    state = await store.get_value("kernel", "session", "state")
    assert json.loads(json.dumps(state))["turn_index"] == 5
    await store.close()


# -- PostgreSQL ------------------------------------------------------------------------


@pytest.fixture
async def pg(postgres_server: PostgresServer) -> AsyncIterator[PostgresStore]:  # noqa: F811
    store = PostgresStore(postgres_server.new_database())
    yield store
    await store.close()


@pytest.mark.parametrize("with_value", [False, True], ids=["append alone", "append and value"])
async def test_postgres_a_writer_between_check_and_insert_gets_the_conflict(
    pg: PostgresStore, with_value: bool
) -> None:
    """The other writer's insert is not committed when ours checks MAX(idx), so our insert
    meets the primary key: that unique violation is the same conflict, and nothing is written.
    (A commit of one op is one statement; of several, one pipelined transaction.)"""
    await pg.put_value("s", "memory", "init", 1)
    url = pg._conninfo
    holder = await psycopg.AsyncConnection.connect(url)  # a transaction held open
    watcher = await psycopg.AsyncConnection.connect(url, autocommit=True)
    try:
        data = MESSAGE_ADAPTER.dump_json(Message.user("theirs")).decode()
        await holder.execute("INSERT INTO nbagent_messages VALUES ('s', 'main', 0, %s)", (data,))
        ops = [AppendMessages("s", "main", 0, (Message.user("mine"),))]
        ops += [PutValue("s", "memory", "mine", 1)] if with_value else []
        mine = asyncio.create_task(pg.commit(ops))
        async with asyncio.timeout(BOUND):
            while True:  # until our insert waits on the holder's row
                cur = await watcher.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
                row = await cur.fetchone()
                assert not mine.done(), mine
                if row is not None and row[0] > 0:
                    break
                await asyncio.sleep(0.01)
        await holder.commit()
        with pytest.raises(StoreError, match=f"holds 1 stored messages .* index 0: {CONFLICT}"):
            await mine
    finally:
        await holder.close()
        await watcher.close()
    assert [m.text() for m in await pg.load_messages("s", "main")] == ["theirs"]
    assert await pg.get_value("s", "memory", "mine") is None


async def test_postgres_building_does_no_io_and_a_dead_server_is_a_clear_error() -> None:
    url = f"postgresql://nbagent:s3cret-pw@127.0.0.1:{free_port()}/nbagent"
    store = PostgresStore(url, timeout=5)  # nothing listens there: building still works
    assert repr(store) == f"PostgresStore('postgresql://***@127.0.0.1:{url.split(':')[3]}')"
    with pytest.raises(StoreError, match="cannot connect to the session store at") as caught:
        await store.session_ids()
    assert "Check that the server runs" in str(caught.value)
    assert "s3cret-pw" not in "".join(traceback.format_exception(caught.value))
    await store.close()


async def test_postgres_the_password_never_shows(
    postgres_server: PostgresServer,  # noqa: F811
    caplog: pytest.LogCaptureFixture,
) -> None:
    url = postgres_server.new_database()
    password = url.split("@")[0].rsplit(":", 1)[1]
    caplog.set_level(logging.DEBUG)
    store = PostgresStore(url)
    await store.put_value("s", "memory", "k", 1)
    wrong = PostgresStore(url.replace(password, "wrong-" + password), timeout=5)
    with pytest.raises(StoreError, match="password authentication failed") as caught:
        await wrong.get_value("s", "memory", "k")
    kv = f"host=127.0.0.1 port=1 dbname=x user=nbagent password={password} sslpassword=zz"
    shown = [
        repr(store),
        str(store.url),
        repr(wrong),
        repr(PostgresStore(kv)),
        repr(PostgresStore(f"{url}?sslmode=disable&password={password}")),
        "".join(traceback.format_exception(caught.value)),
        caplog.text,
    ]
    for text in shown:
        assert password not in text, text
    masked = repr(PostgresStore(kv))
    assert "password=*** " in masked and "sslpassword=***" in masked and "port=1" in masked
    await store.close()
    await wrong.close()


def test_postgres_settings_are_checked_at_construction() -> None:
    for bad in ("", "postgresql://u:pw@host:notaport/db?x", "host=a password"):
        with pytest.raises(ConfigurationError) as caught:
            PostgresStore(bad)
        assert "pw" not in str(caught.value).replace("password", "")
    for settings in ({"min_size": 5, "max_size": 2}, {"max_size": 0}, {"timeout": 0}):
        with pytest.raises(ConfigurationError):
            PostgresStore("postgresql://localhost/db", **settings)


async def test_postgres_use_from_another_loop_is_a_store_error_not_a_hang(
    pg: PostgresStore,
) -> None:
    await pg.put_value("s", "memory", "k", 1)  # the pool now lives on this test's loop
    with pytest.raises(StoreError, match=r"in use on another event loop.*_sync twins"):
        await asyncio.to_thread(run_sync, pg.get_value("s", "memory", "k"))
    with pytest.raises(StoreError, match="another event loop"):
        await asyncio.to_thread(run_sync, pg.close())
    assert await pg.get_value("s", "memory", "k") == 1  # still fine on its own loop


def test_postgres_a_store_outlives_the_loop_it_ran_on(
    postgres_server: PostgresServer,  # noqa: F811
) -> None:
    store = PostgresStore(postgres_server.new_database())
    asyncio.run(store.put_value("s", "memory", "k", 1))
    assert asyncio.run(store.get_value("s", "memory", "k")) == 1  # a new loop, a new pool

    async def last() -> list[str]:
        try:
            return await store.session_ids()
        finally:
            await store.close()

    assert asyncio.run(last()) == ["s"]


def test_postgres_store_is_exported_lazily() -> None:
    code = (
        "import sys, nbagent, nbagent.agent; print('psycopg' in sys.modules); "
        "print(nbagent.agent.PostgresStore.__module__); print('psycopg' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "nbagent.agent.postgres_store", "True"]
    import nbagent
    import nbagent.agent

    assert nbagent.agent.PostgresStore is PostgresStore
    # A store with an extra lives in the agent layer, not at the root (issue 22).
    assert "PostgresStore" in nbagent.agent.__all__ and "PostgresStore" not in nbagent.__all__


def test_two_stores_opening_a_new_file_at_once_both_open(tmp_path: Path) -> None:
    """The switch to WAL on a new file answers "database is locked" at once to the loser of a
    race (16 of 100 tries failed before the store retried it)."""
    import threading

    from nbagent.agent.store import SqliteStore

    for attempt in range(30):
        path = tmp_path / f"race-{attempt}.sqlite3"
        stores = [SqliteStore(path), SqliteStore(path)]
        barrier = threading.Barrier(2)
        errors: list[BaseException] = []

        def open_one(
            store: SqliteStore, barrier: threading.Barrier, errors: list[BaseException]
        ) -> None:
            barrier.wait()
            try:
                store._run(lambda conn: conn.execute("SELECT 1").fetchone())
            except BaseException as e:  # collected, asserted below
                errors.append(e)

        threads = [threading.Thread(target=open_one, args=(s, barrier, errors)) for s in stores]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for store in stores:
            store.close_sync()
        assert errors == []
