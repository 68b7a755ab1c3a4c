"""SQLite specifics: the file on disk, its schema, persistence across processes.

The behaviour every store shares (InMemoryStore, SqliteStore, PostgresStore) is tested once, on
all of them, in ``tests/test_store_contract.py``.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from nbagent.agent.memory import SessionMemory
from nbagent.agent.sqlite_store import SCHEMA_VERSION, SqliteStore
from nbagent.agent.store import InMemoryStore, MemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import StoreError
from tests.agent_support import ScriptedProvider, make_session

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
from nbagent.agent.sqlite_store import SqliteStore
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
    assert session.slot.focused.summary_override == "summary #1"
    assert session.slot.focused.summary_upto == 8
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
    # focused view (last two turns and the summary) plus the new prompt.
    await session.submit_turn("msg 4")
    sent = provider.turn_requests[-1].messages
    assert [m.text() for m in sent] == [
        "msg 2",
        "reply to msg 2",
        "msg 3",
        "reply to msg 3",
        "[上下文摘要] summary #1",
        "msg 4",
    ]
    assert await store.count_messages("kernel", "main") == 10
    state = await store.get_value("kernel", "session", "state")
    assert json.loads(json.dumps(state))["turn_index"] == 5
    await store.close()
