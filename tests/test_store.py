"""Memory stores: both implementations, SQLite specifics, persistence across processes."""

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
from nbagent.agent.store import (
    AppendMessages,
    DeleteValue,
    InMemoryStore,
    MemoryStore,
    PutValue,
)
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import StoreError
from nbagent.llm.blocks import (
    ExtensionBlock,
    FileBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
)
from nbagent.llm.messages import AnyMessage, Message, messages_to_json
from tests.agent_support import ScriptedProvider, make_session

REPO = Path(__file__).resolve().parents[1]


def every_kind_of_message() -> list[AnyMessage]:
    return [
        Message.system("You are terse."),
        Message.user("日本語もOK ✓"),
        Message.user_image(data="aGVsbG8=", media_type="image/png", text="what is this?"),
        Message.user([FileBlock(name="a.pdf", file_id="file_1")]),
        Message.assistant(
            [
                ThinkingBlock(text="hmm", signature="sig=="),
                ToolUseBlock(id="c1", name="lookup", input={"q": [1, {"x": None}]}),
            ]
        ),
        Message.tool_result("c1", "42", tool_name="lookup"),
        Message.tool_result("c2", "boom", is_error=True),
        Message.assistant(
            [
                ToolResultBlock(tool_use_id="c3", content=[]),
                ExtensionBlock(data={"type": "redacted_thinking", "data": "…"}),
            ]
        ),
    ]


@pytest.fixture(params=["memory", "sqlite"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[MemoryStore]:
    s: MemoryStore = (
        InMemoryStore() if request.param == "memory" else SqliteStore(tmp_path / "s.db")
    )
    yield s
    await s.close()


async def test_messages_round_trip_and_append(store: MemoryStore) -> None:
    messages = every_kind_of_message()
    await store.append_messages("s1", "main", messages[:3], 0)
    await store.append_messages("s1", "main", messages[3:], 3)
    loaded = await store.load_messages("s1", "main")
    assert messages_to_json(loaded) == messages_to_json(messages)
    assert await store.count_messages("s1", "main") == len(messages)
    assert await store.load_messages("s1", "other") == []
    assert await store.load_messages("s2", "main") == []


async def test_append_at_the_wrong_index_is_refused(store: MemoryStore) -> None:
    await store.append_messages("s", "main", [Message.user("a")], 0)
    with pytest.raises(
        StoreError, match="holds 1 stored messages but the write appends at index 0"
    ):
        await store.append_messages("s", "main", [Message.user("b")], 0)
    with pytest.raises(StoreError, match="appends at index 5"):
        await store.append_messages("s", "main", [Message.user("b")], 5)
    assert [m.text() for m in await store.load_messages("s", "main")] == ["a"]


async def test_values(store: MemoryStore) -> None:
    await store.put_value("s", "memory", "b", {"n": [1, 2.5, None, True], "t": "中文"})
    await store.put_value("s", "memory", "a", "x")
    await store.put_value("s", "other", "c", 1)
    await store.put_value("t", "memory", "z", 1)
    assert await store.get_value("s", "memory", "b") == {"n": [1, 2.5, None, True], "t": "中文"}
    assert await store.keys("s", "memory") == ["a", "b"]
    assert await store.items("s", "other") == [("c", 1)]
    await store.put_value("s", "memory", "a", "y")
    assert await store.get_value("s", "memory", "a") == "y"
    await store.delete_value("s", "memory", "a")
    await store.delete_value("s", "memory", "never-set")
    assert await store.get_value("s", "memory", "a") is None
    assert await store.keys("s", "memory") == ["b"]
    with pytest.raises(StoreError, match="JSON values only"):
        await store.put_value("s", "memory", "bad", object())
    with pytest.raises(StoreError, match="JSON"):
        await store.put_value("s", "memory", "nan", float("nan"))


async def test_commit_is_all_or_nothing(store: MemoryStore) -> None:
    await store.put_value("s", "memory", "keep", 1)
    good = [
        AppendMessages("s", "main", 0, (Message.user("a"),)),
        PutValue("s", "memory", "new", 2),
        DeleteValue("s", "memory", "keep"),
    ]
    with pytest.raises(StoreError):
        await store.commit([*good, PutValue("s", "memory", "bad", {1, 2})])
    with pytest.raises(StoreError):
        await store.commit([*good, AppendMessages("s", "main", 7, (Message.user("b"),))])
    assert await store.load_messages("s", "main") == []
    assert await store.get_value("s", "memory", "keep") == 1
    assert await store.get_value("s", "memory", "new") is None
    await store.commit(good)
    assert await store.count_messages("s", "main") == 1
    assert await store.keys("s", "memory") == ["new"]


async def test_session_memory(store: MemoryStore) -> None:
    memory = SessionMemory(store, "s")
    await memory.set("city", "Kyoto")
    await memory.set("days", 3)
    assert await memory.get("city") == "Kyoto"
    assert await memory.get("missing", "default") == "default"
    assert await memory.keys() == ["city", "days"]
    await memory.delete("city")
    assert await memory.keys() == ["days"]
    assert await SessionMemory(store, "other").keys() == []
    memory.set_sync("sync", [1])
    assert memory.get_sync("sync") == [1]
    memory.delete_sync("sync")
    assert memory.keys_sync() == ["days"]


async def test_session_ids(store: MemoryStore) -> None:
    assert await store.session_ids() == []
    await store.put_value("b", "memory", "k", 1)
    await store.append_messages("c", "main", [Message.user("only messages")], 0)
    await store.commit(
        [
            AppendMessages("a", "main", 0, (Message.user("x"), Message.user("y"))),
            PutValue("a", "slot", "main", {}),
            PutValue("b", "timeline", "000000000", {}),
        ]
    )
    await store.append_messages("d", "main", [], 0)  # nothing written: not a session
    assert await store.session_ids() == ["a", "b", "c"]
    await store.delete_value("b", "memory", "k")
    assert await store.session_ids() == ["a", "b", "c"]  # b still has a timeline record
    await store.delete_value("b", "timeline", "000000000")
    assert await store.session_ids() == ["a", "c"]
    session = make_session(ScriptedProvider(), store=store, session_id="by a session")
    await session.submit_turn("hello")
    assert await store.session_ids() == ["a", "by a session", "c"]


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


async def test_sqlite_refuses_a_newer_schema(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    store = SqliteStore(path)
    await store.put_value("s", "memory", "k", 1)
    await store.close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    conn.close()
    reopened = SqliteStore(path)
    with pytest.raises(StoreError, match=r"newer nbagent \(store schema 2.*Upgrade nbagent"):
        await reopened.get_value("s", "memory", "k")
    await reopened.close()


async def test_sqlite_refuses_a_file_that_is_not_a_store(tmp_path: Path) -> None:
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite" * 100)
    store = SqliteStore(path)
    with pytest.raises(StoreError, match="not a usable nbagent store"):
        await store.keys("s", "memory")
    await store.close()


async def test_sqlite_turns_only_append_message_rows(tmp_path: Path) -> None:
    """Twelve turns with summaries never update or delete a stored message row."""
    store = SqliteStore(tmp_path / "append.db")
    await store.put_value("s", "memory", "init", 1)  # creates the schema
    conn = sqlite3.connect(store.path)
    with conn:
        for op in ("UPDATE", "DELETE"):
            conn.execute(
                f"CREATE TRIGGER no_{op.lower()} BEFORE {op} ON messages "
                f"BEGIN SELECT RAISE(ABORT, 'messages are append-only'); END"
            )
    conn.close()
    cfg = SummaryConfig(max_context_tokens=1000, trigger_token_ratio=0.5, debounce_turns=1)
    session = make_session(ScriptedProvider(), summary=cfg, store=store)
    for i in range(12):
        await session.submit_turn(f"msg {i}")
    assert sum(r.summary_fired for r in session.timeline) >= 3
    assert await store.count_messages("s", "main") == 24
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
