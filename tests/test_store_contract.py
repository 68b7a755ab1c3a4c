"""The MemoryStore contract, run on every store: InMemoryStore, SqliteStore, PostgresStore.

PostgresStore runs on a real server (``tests/postgres_server.py``), each test on a database of
its own. Races are made deterministic by construction (two store objects appending at the same
start index) or by waiting on the server's own lock table; a timeout only bounds a regression.
Store-specific tests (the SQLite file, the PostgreSQL server: connection errors, masking, event
loops) are in ``tests/test_store.py``.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import pytest

from nbagent.agent.builder import AgentBuilder
from nbagent.agent.memory import SessionMemory
from nbagent.agent.postgres_store import SCHEMA_VERSION, PostgresStore, display_conninfo
from nbagent.agent.session import AgentSession
from nbagent.agent.store import (
    AppendMessages,
    CommitMark,
    DeleteValue,
    InMemoryStore,
    MemoryStore,
    PutValue,
    SqliteStore,
    SwapValue,
)
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus
from nbagent.errors import StoreError
from nbagent.llm.messages import (
    AnyMessage,
    ExtensionBlock,
    FileBlock,
    Message,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
    messages_to_json,
)
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.request import MessageRequest
from nbagent.llm.tools import run_sync
from tests.agent_support import ScriptedProvider
from tests.postgres_server import PostgresServer, postgres_server  # noqa: F401

BOUND = 30.0
"""Seconds a regression may hang before the test fails; never reached when the code is right."""

KINDS = ["memory", "sqlite", "postgres"]
SQL_KINDS = ["sqlite", "postgres"]
CONFLICT = "another session object wrote to the same session"
SUMMARY = SummaryConfig(max_context_tokens=1000, trigger_token_ratio=0.5, debounce_turns=1)


def every_kind_of_message() -> list[AnyMessage]:
    return [
        Message.system("You are terse."),
        Message.user("日本語もOK ✓ \x00 nul, \u202e rtl, 😀, e\u0301"),
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


# -- one backend per store kind ----------------------------------------------------------------


@dataclass
class Backend:
    """Where one test's data lives, and the raw access a test needs to damage it."""

    kind: str
    path: Path | None = None
    url: str | None = None
    shared: InMemoryStore | None = None
    made: list[MemoryStore] = field(default_factory=list)

    def new(self) -> MemoryStore:
        """Another store object on the same data (the in-memory store has only one)."""
        store: MemoryStore
        if self.kind == "memory":
            assert self.shared is not None
            store = self.shared
        elif self.kind == "sqlite":
            store = SqliteStore(self.path)
        else:
            assert self.url is not None
            store = PostgresStore(self.url)
        self.made.append(store)
        return store

    @property
    def location(self) -> str:
        """How the store names itself in messages."""
        if self.kind == "postgres":
            return display_conninfo(self.url or "")
        return {"memory": "the in-memory store", "sqlite": str(self.path)}[self.kind]

    def sql(self, statement: str, params: tuple[Any, ...] = ()) -> int:
        """Run one statement on the store's tables directly and return the rows it changed.

        Written for SQLite (``?`` placeholders, table names ``messages``, ``kv``,
        ``schema_version``); for PostgreSQL the placeholders and the ``nbagent_`` prefix are
        put in.
        """
        if self.kind == "sqlite":
            conn = sqlite3.connect(str(self.path))
            with conn:
                changed = conn.execute(statement, params).rowcount
            conn.close()
            return changed
        assert self.url is not None
        pg = statement.replace("?", "%s")
        for table in ("schema_version", "messages", "kv"):
            pg = pg.replace(f" {table} ", f" nbagent_{table} ")
        with psycopg.connect(self.url, autocommit=True) as conn:
            return conn.execute(pg, params).rowcount

    def damage_value(self, session_id: str, namespace: str, key: str, text: str) -> None:
        if self.kind == "memory":
            assert self.shared is not None
            self.shared._values[(session_id, namespace, key)] = text
            return
        changed = self.sql(
            "UPDATE kv SET value=? WHERE session_id=? AND namespace=? AND key=?",
            (text, session_id, namespace, key),
        )
        assert changed == 1

    async def close(self) -> None:
        for store in self.made:
            await store.close()


def make_backend(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> Backend:
    if kind == "memory":
        return Backend(kind, shared=InMemoryStore())
    if kind == "sqlite":
        return Backend(kind, path=tmp_path / "store.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres_server")  # started on demand
    return Backend(kind, url=server.new_database())


@pytest.fixture(params=KINDS)
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def backend(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[Backend]:
    made = make_backend(kind, tmp_path, request)
    yield made
    await made.close()  # on the test's loop, which the stores ran on


@pytest.fixture
async def store(backend: Backend) -> MemoryStore:
    return backend.new()


async def open_session(
    store: MemoryStore, session_id: str = "s", provider: Any = None, **settings: Any
) -> AgentSession:
    """A session opened on the running loop (a PostgresStore stays on the loop it ran on)."""
    builder = AgentBuilder().provider(provider or ScriptedProvider()).store(store)
    for name, value in settings.items():
        builder = getattr(builder, name)(value)
    return await builder.build().open_session(session_id)


def texts(messages: list[AnyMessage]) -> list[str]:
    return [m.text() for m in messages]


# -- messages ------------------------------------------------------------------------------------


async def test_messages_round_trip_and_append(store: MemoryStore) -> None:
    messages = every_kind_of_message()
    await store.append_messages("s1", "main", messages[:3], 0)
    await store.append_messages("s1", "main", messages[3:], 3)
    loaded = await store.load_messages("s1", "main")
    assert messages_to_json(loaded) == messages_to_json(messages)
    assert await store.count_messages("s1", "main") == len(messages)
    assert await store.load_messages("s1", "other") == []
    assert await store.load_messages("s2", "main") == []
    assert await store.count_messages("s2", "main") == 0


async def test_append_at_the_wrong_index_is_a_conflict_and_writes_nothing(
    store: MemoryStore,
) -> None:
    await store.append_messages("s", "main", [Message.user("a")], 0)
    for start in (0, 5):
        with pytest.raises(StoreError, match=f"holds 1 stored messages.* at index {start}") as e:
            await store.commit(
                [
                    PutValue("s", "memory", "with the append", 1),
                    AppendMessages("s", "main", start, (Message.user("b"),)),
                ]
            )
        assert CONFLICT in str(e.value) and "Build the session again" in str(e.value)
    assert texts(await store.load_messages("s", "main")) == ["a"]
    assert await store.get_value("s", "memory", "with the append") is None
    await store.append_messages("s", "other slot", [Message.user("x")], 0)  # slots apart
    await store.append_messages("s", "main", [Message.user("b")], 1)
    assert texts(await store.load_messages("s", "main")) == ["a", "b"]


# -- values --------------------------------------------------------------------------------------


VALUES: list[Any] = [
    {"z": 1, "a": [1, 2.5, -0.0, 10**20, None, True], "中文": {"😀": "e\u0301 \x00 \u202e"}},
    "日本語 ✓",
    "",
    0.1,
    [],
    {},
    None,
    False,
]


async def test_values_round_trip_exactly(store: MemoryStore) -> None:
    for i, value in enumerate(VALUES):
        await store.put_value("s", "memory", f"k{i}", value)
    for i, value in enumerate(VALUES):
        got = await store.get_value("s", "memory", f"k{i}")
        assert got == value and json.dumps(got) == json.dumps(value)  # key order kept too
    await store.put_value("séance 🎩", "名前空間", "ключ", "yes")
    assert await store.get_value("séance 🎩", "名前空間", "ключ") == "yes"
    assert await store.get_value("s", "memory", "absent") is None
    await store.put_value("s", "memory", "k0", "overwritten")
    assert await store.get_value("s", "memory", "k0") == "overwritten"


async def test_keys_and_items_are_sorted_by_code_point(store: MemoryStore) -> None:
    names = ["b", "a", "B", "é", "中", "😀", "a10", "a9", "_", " ", "Z"]
    for n in names:
        await store.put_value("s", "ns", n, n.upper())
    await store.put_value("s", "other", "zz", 0)
    await store.put_value("t", "ns", "aa", 0)
    assert await store.keys("s", "ns") == sorted(names)
    assert await store.items("s", "ns") == [(n, n.upper()) for n in sorted(names)]
    assert await store.keys("s", "nothing") == [] and await store.items("s", "nothing") == []


async def test_delete_removes_and_an_absent_key_is_fine(store: MemoryStore) -> None:
    await store.put_value("s", "memory", "a", 1)
    await store.put_value("s", "memory", "b", 2)
    await store.delete_value("s", "memory", "a")
    await store.delete_value("s", "memory", "never-set")
    await store.delete_value("nobody", "memory", "a")
    assert await store.get_value("s", "memory", "a") is None
    assert await store.keys("s", "memory") == ["b"]


async def test_values_that_are_not_json_are_refused_before_anything_is_written(
    store: MemoryStore,
) -> None:
    for bad in (object(), float("nan"), {1, 2}, float("inf")):
        with pytest.raises(StoreError, match=r"cannot store memory/'bad'.*JSON values only"):
            await store.commit(
                [PutValue("s", "memory", "fine", 1), PutValue("s", "memory", "bad", bad)]
            )
    assert await store.session_ids() == []


async def test_commit_is_all_or_nothing(store: MemoryStore) -> None:
    await store.put_value("s", "memory", "keep", 1)
    good = [
        AppendMessages("s", "main", 0, (Message.user("a"),)),
        PutValue("s", "memory", "new", 2),
        DeleteValue("s", "memory", "keep"),
    ]
    for bad in (PutValue("s", "memory", "bad", {1, 2}), AppendMessages("s", "main", 7, ())):
        with pytest.raises(StoreError):
            await store.commit([*good, bad])
    # A conflict in the middle: the append before it and the writes after it are undone too.
    with pytest.raises(StoreError, match=CONFLICT):
        await store.commit(
            [good[0], AppendMessages("s", "main", 0, (Message.user("x"),)), *good[1:]]
        )
    assert await store.load_messages("s", "main") == []
    assert await store.get_value("s", "memory", "keep") == 1
    assert await store.get_value("s", "memory", "new") is None
    await store.commit(good)
    await store.commit([])
    assert await store.count_messages("s", "main") == 1
    assert await store.keys("s", "memory") == ["new"]


async def test_session_memory_on_the_store(store: MemoryStore) -> None:
    memory = SessionMemory(store, "s")
    await memory.set("city", "Kyoto")
    await memory.set("days", 3)
    assert await memory.get("city") == "Kyoto"
    assert await memory.get("missing", "default") == "default"
    assert await memory.keys() == ["city", "days"]
    await memory.delete("city")
    assert await memory.keys() == ["days"]
    assert await SessionMemory(store, "other").keys() == []


# -- sessions ------------------------------------------------------------------------------------


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
    session = await open_session(store, "by a session")
    await session.submit_turn("hello")
    assert await store.session_ids() == ["a", "by a session", "c"]


async def test_load_session_holds_everything_of_one_session(store: MemoryStore) -> None:
    await store.commit(
        [
            AppendMessages("s", "main", 0, tuple(every_kind_of_message())),
            AppendMessages("s", "notes", 0, (Message.user("n"),)),
            PutValue("s", "memory", "b", [1]),
            PutValue("s", "memory", "a", {"x": "中"}),
            PutValue("s", "slot", "main", {}),
            PutValue("other", "memory", "a", "not mine"),
            AppendMessages("other", "main", 0, (Message.user("not mine"),)),
        ]
    )
    snapshot = await store.load_session("s")
    assert snapshot.session_id == "s"
    assert snapshot.values == {"memory": {"a": {"x": "中"}, "b": [1]}, "slot": {"main": {}}}
    assert snapshot.items("memory") == await store.items("s", "memory")
    assert set(snapshot.messages) == {"main", "notes"}
    for slot in ("main", "notes"):
        assert messages_to_json(snapshot.history(slot)) == messages_to_json(
            await store.load_messages("s", slot)
        )
    empty = await store.load_session("nobody")
    assert empty.values == {} and empty.messages == {}


async def test_load_session_is_never_torn_by_a_concurrent_writer(backend: Backend) -> None:
    """Each commit appends a message and sets ``n`` to the new length: every snapshot agrees."""
    writer, reader = backend.new(), backend.new()
    commits = 25
    assert await writer.session_ids() == await reader.session_ids() == []  # opened in turn

    async def write() -> None:
        for i in range(commits):
            await writer.commit(
                [
                    AppendMessages("s", "main", i, (Message.user(f"m{i}"),)),
                    PutValue("s", "memory", "n", i + 1),
                ]
            )
            await asyncio.sleep(0)

    task = asyncio.create_task(write())
    while not task.done():
        snapshot = await reader.load_session("s")
        n = snapshot.value("memory", "n") or 0
        assert len(snapshot.history("main")) == n
        assert texts(snapshot.history("main")) == [f"m{i}" for i in range(n)]
        await asyncio.sleep(0)  # the in-memory store never yields by itself
    await task
    final = await reader.load_session("s")
    assert final.value("memory", "n") == commits == len(final.history("main"))


async def test_a_damaged_value_is_a_store_error_that_says_where_and_what_to_do(
    backend: Backend,
) -> None:
    store = backend.new()
    await store.put_value("s", "memory", "k", {"fine": True})
    await store.put_value("s", "memory", "other", 1)
    backend.damage_value("s", "memory", "k", "{not json")
    where = f"the stored value memory/'k' of session 's' in {backend.location} is damaged"
    reads = (
        store.get_value("s", "memory", "k"),
        store.items("s", "memory"),
        store.load_session("s"),
    )
    for read in reads:
        with pytest.raises(StoreError, match="not JSON") as caught:
            await read
        assert where in str(caught.value) and "Delete that value" in str(caught.value)
    assert await store.get_value("s", "memory", "other") == 1  # the rest stays readable
    assert await store.keys("s", "memory") == ["k", "other"]
    await store.put_value("s", "memory", "k", "repaired")
    assert await store.get_value("s", "memory", "k") == "repaired"


@pytest.mark.parametrize("kind", SQL_KINDS)
async def test_a_damaged_message_row_is_a_store_error(backend: Backend) -> None:
    store = backend.new()
    await store.append_messages("s", "main", [Message.user("a"), Message.user("b")], 0)
    backend.sql("UPDATE messages SET data=? WHERE session_id='s' AND idx=1", ('{"role": "alien"}',))
    for read in (store.load_messages("s", "main"), store.load_session("s")):
        with pytest.raises(StoreError, match=r"slot 'main' in session 's'.*cannot be read"):
            await read
    assert await store.count_messages("s", "main") == 2


# -- two writers ---------------------------------------------------------------------------------


async def test_two_session_objects_on_one_session_one_wins_and_nothing_is_lost(
    backend: Backend,
) -> None:
    first = await open_session(backend.new(), "shared")
    second = await open_session(backend.new(), "shared")
    await first.submit_turn("from first")
    with pytest.raises(StoreError, match=CONFLICT) as caught:
        await second.submit_turn("from second")
    assert "Build the session again" in str(caught.value)
    assert second.turn_index == 0 and second.timeline == []  # its turn is not half-saved
    second = await open_session(backend.new(), "shared")  # what the error says to do
    assert texts(second.slot.messages) == ["from first", "reply to from first"]
    await second.submit_turn("from second")
    check = await open_session(backend.new(), "shared")
    assert texts(check.slot.messages) == [
        "from first",
        "reply to from first",
        "from second",
        "reply to from second",
    ]
    assert [r.turn_index for r in check.timeline] == [0, 1] and check.turn_index == 2


async def test_two_writers_racing_at_one_index_exactly_one_wins(backend: Backend) -> None:
    a, b = backend.new(), backend.new()
    # Opened one after the other: the race under test is the commits'. (Two SqliteStores
    # opening a new file at the same moment can fail with "database is locked".)
    assert await a.count_messages("s", "main") == await b.count_messages("s", "main") == 0
    for round_ in range(8):
        start = 2 * round_
        outcomes = await asyncio.wait_for(
            asyncio.gather(
                *(
                    store.commit(
                        [
                            AppendMessages(
                                "s", "main", start, (Message.user(f"{who}{round_}"),) * 2
                            ),
                            PutValue("s", "memory", f"{who}{round_}", round_),
                        ]
                    )
                    for who, store in (("a", a), ("b", b))
                ),
                return_exceptions=True,
            ),
            BOUND,
        )
        errors = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(errors) == 1 and isinstance(errors[0], StoreError), outcomes
        assert CONFLICT in str(errors[0]) and f"holds {start + 2} stored messages" in str(errors[0])
        winner = "a" if outcomes[0] is None else "b"
        loser = "b" if winner == "a" else "a"
        assert await b.get_value("s", "memory", f"{winner}{round_}") == round_
        assert await a.get_value("s", "memory", f"{loser}{round_}") is None
    history = texts(await a.load_messages("s", "main"))
    assert len(history) == 16 and await b.count_messages("s", "main") == 16
    assert all(history[i] == history[i + 1] for i in range(0, 16, 2))  # no torn pair


async def test_a_repeated_commit_of_one_mark_applies_nothing(store: MemoryStore) -> None:
    """A store that lost the reply to a commit sends it again with its mark: no conflict, no
    second copy; a new mark is a new commit."""
    ops = [
        AppendMessages("s", "main", 0, (Message.user("once"),)),
        PutValue("s", "memory", "k", 1),
        CommitMark("s", "turn-0"),
    ]
    await store.commit(ops)
    await store.commit(ops)
    assert texts(await store.load_messages("s", "main")) == ["once"]
    with pytest.raises(StoreError, match=CONFLICT):
        await store.commit([*ops[:2], CommitMark("s", "turn-0-again")])
    await store.commit([CommitMark("other", "turn-0"), PutValue("other", "memory", "k", 2)])
    assert await store.get_value("other", "memory", "k") == 2  # marks are per session


async def test_a_swap_writes_only_over_the_version_it_was_made_from(store: MemoryStore) -> None:
    await store.commit([SwapValue("s", "session", "state", {"version": 1, "n": "a"}, 0)])
    with pytest.raises(StoreError, match=f"changed.*read version 0: {CONFLICT}"):
        await store.commit(  # a writer that read no state: nothing applied, the append neither
            [
                AppendMessages("s", "main", 0, (Message.user("x"),)),
                SwapValue("s", "session", "state", {"version": 1, "n": "b"}, 0),
            ]
        )
    assert await store.count_messages("s", "main") == 0
    await store.commit([SwapValue("s", "session", "state", {"version": 2, "n": "c"}, 1)])
    with pytest.raises(StoreError, match=CONFLICT):
        await store.commit([SwapValue("s", "session", "state", {"version": 2, "n": "d"}, 1)])
    assert await store.get_value("s", "session", "state") == {"version": 2, "n": "c"}
    await store.put_value("t", "session", "state", {"n": "written before versions"})
    await store.commit([SwapValue("t", "session", "state", {"version": 1}, 0)])  # counts as 0
    assert await store.get_value("t", "session", "state") == {"version": 1}


async def test_two_swaps_racing_over_one_version_exactly_one_wins(backend: Backend) -> None:
    a, b = backend.new(), backend.new()
    assert await a.session_ids() == await b.session_ids() == []
    for version in range(6):
        outcomes = await asyncio.wait_for(
            asyncio.gather(
                *(
                    s.commit(
                        [
                            SwapValue("s", "session", "state", {"version": version + 1}, version),
                            PutValue("s", "memory", f"{who}{version}", 1),
                        ]
                    )
                    for who, s in (("a", a), ("b", b))
                ),
                return_exceptions=True,
            ),
            BOUND,
        )
        errors = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(errors) == 1 and CONFLICT in str(errors[0]), outcomes
    assert await a.get_value("s", "session", "state") == {"version": 6}
    assert len(await b.keys("s", "memory")) == 6  # the loser's other writes undone with it


class GatedSummaryProvider(ScriptedProvider):
    """The first summary call waits for ``release`` (``started`` set when it begins)."""

    def __init__(self) -> None:
        super().__init__()
        self.started, self.release = asyncio.Event(), asyncio.Event()
        self.summary_calls = 0

    async def chat(self, request: MessageRequest) -> Any:
        if request.metadata.get("purpose") == "summary":
            self.summary_calls += 1
            if self.summary_calls == 1:
                self.started.set()
                await self.release.wait()
        return await super().chat(request)


async def test_a_summary_saved_by_one_writer_keeps_the_turn_another_committed_meanwhile(
    backend: Backend,
) -> None:
    """Writer A's summary of turn 0 is saved after writer B committed turn 1 on the same
    session: it is written over B's state (turn counter, costs, B's record kept), and A reloads
    before its next turn, which then follows B's."""
    due = SummaryConfig(max_context_tokens=100, trigger_token_ratio=0.5, debounce_turns=0)
    gated = GatedSummaryProvider()
    a = await open_session(backend.new(), "shared", gated, summary_config=due)
    turn_a = asyncio.create_task(a.submit_turn("a zero"))
    await asyncio.wait_for(gated.started.wait(), BOUND)  # A's turn is saved; its summary waits
    b = await open_session(backend.new(), "shared", summary_config=SUMMARY)
    await b.submit_turn("b one")
    gated.release.set()
    await asyncio.wait_for(turn_a, BOUND)
    await asyncio.wait_for(a.close(timeout=None), BOUND)
    assert a.timeline[0].summary_status is SummaryStatus.FIRED
    check = await open_session(backend.new(), "shared")
    assert texts(check.slot.messages) == ["a zero", "reply to a zero", "b one", "reply to b one"]
    assert check.turn_index == 2 and check.cost_so_far.calls == 2
    assert [r.turn_index for r in check.timeline] == [0, 1]
    assert check.timeline[0].summary_status is SummaryStatus.FIRED
    assert check.summary_cost.calls == 1 and check.last_summary_turn == 0
    summary = a.timeline[0].summary
    assert check.slot.summary_override == summary and check.slot.summary_upto == 2
    assert await check.get_conversation_summary() == summary
    await a.submit_turn("a two")  # reloaded first: no conflict, after B's turn
    final = await open_session(backend.new(), "shared")
    assert texts(final.slot.messages)[4:] == ["a two", "reply to a two"]
    assert final.turn_index == 3 and final.cost_so_far.calls == 3


async def test_a_writer_whose_turn_lost_the_race_reloads_and_goes_on(backend: Backend) -> None:
    first = await open_session(backend.new(), "shared")
    second = await open_session(backend.new(), "shared")
    await first.submit_turn("from first")
    with pytest.raises(StoreError, match=CONFLICT):
        await second.submit_turn("from second")
    await second.submit_turn("from second")  # the same object: it reloaded the session first
    assert second.turn_index == 2
    assert texts(second.slot.messages)[::2] == ["from first", "from second"]
    with pytest.raises(StoreError, match=CONFLICT):
        await first.pin("a fact")  # a state write over an older version is refused too
    await first.pin("a fact")
    check = await open_session(backend.new(), "shared")
    assert check.turn_index == 2 and [f.text for f in check.facts().pinned] == ["a fact"]


# -- reopening -----------------------------------------------------------------------------------


def test_reopening_a_session_after_turns_gives_the_same_messages_and_timeline(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Through the sync twins, as a notebook does: every store call runs on nbagent's loop."""
    backend = make_backend(kind, tmp_path, request)
    try:

        def build(store: MemoryStore) -> AgentSession:
            builder = AgentBuilder().provider(OfflineProvider()).store(store)
            return builder.summary_config(SUMMARY).build().session("x")

        session = build(backend.new())
        for i in range(6):
            session.submit_turn_sync(f"turn {i}: the depot code is D-{i}04 " + "words " * 40)
        session.session_memory.set_sync("city", "Kyoto")
        assert any(r.summary_fired for r in session.timeline)
        reopened = build(backend.new())
        assert messages_to_json(list(reopened.slot.messages)) == messages_to_json(
            list(session.slot.messages)
        )
        assert [r.to_json() for r in reopened.timeline] == [r.to_json() for r in session.timeline]
        assert reopened.turn_index == session.turn_index == 6
        assert reopened.slot.summary_override == session.slot.summary_override
        assert reopened.cost_so_far.calls == session.cost_so_far.calls
        assert reopened.session_memory.get_sync("city") == "Kyoto"
        reopened.submit_turn_sync("one more")
        assert build(backend.new()).turn_index == 7
    finally:
        run_sync(backend.close())


@pytest.mark.parametrize("kind", SQL_KINDS)
async def test_turns_only_append_message_rows(backend: Backend) -> None:
    """Twelve turns with summaries never update or delete a stored message row."""
    store = backend.new()
    await store.put_value("s", "memory", "init", 1)  # creates the schema
    if backend.kind == "sqlite":
        for op in ("UPDATE", "DELETE"):
            backend.sql(
                f"CREATE TRIGGER no_{op.lower()} BEFORE {op} ON messages "
                "BEGIN SELECT RAISE(ABORT, 'messages are append-only'); END"
            )
    else:
        backend.sql(
            "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'messages are append-only'; END $$"
        )
        backend.sql(
            "CREATE TRIGGER append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON nbagent_messages "
            "FOR EACH STATEMENT EXECUTE FUNCTION refuse()"
        )
    session = await open_session(store, summary_config=SUMMARY)
    for i in range(12):
        await session.submit_turn(f"msg {i}")
    assert sum(r.summary_fired for r in session.timeline) >= 3
    assert await store.count_messages("s", "main") == 24


@pytest.mark.parametrize("kind", SQL_KINDS)
async def test_a_store_written_by_a_newer_nbagent_is_refused(backend: Backend) -> None:
    store = backend.new()
    await store.put_value("s", "memory", "k", 1)
    backend.sql("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    with pytest.raises(StoreError, match=r"newer nbagent \(store schema 2.*Upgrade nbagent"):
        await backend.new().get_value("s", "memory", "k")
