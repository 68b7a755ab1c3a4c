"""PostgresStore under the faults a shared server meets in the wild, each made for real: the
reply to a COMMIT lost after the server committed, a request lost before the server read it
(a loopback TCP proxy that cuts the connection at a chosen message), backends killed with
``pg_terminate_backend``, the server restarted, and passwords that libpq would misread. The
goal run drives two writers over 200 turns with five restarts.

The server is this module's own (:func:`running_server`): restarting it must not cut other
modules' connections. Every wait is on an event or a counted step; ``BOUND`` only turns a hang
into a failure.
"""

from __future__ import annotations

import asyncio
import logging
import os
import traceback
import urllib.parse
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass

import psycopg
import pytest

from nbagent.agent.builder import AgentBuilder
from nbagent.agent.postgres_store import PostgresStore
from nbagent.agent.session import AgentSession
from nbagent.agent.store import AppendMessages, CommitMark, PutValue
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus
from nbagent.errors import ConfigurationError, StoreError
from nbagent.llm.messages import MESSAGE_ADAPTER, Message
from nbagent.llm.providers.offline import OfflineProvider
from tests.agent_support import ScriptedProvider
from tests.postgres_server import PostgresServer, free_port, running_server

BOUND = 60.0
CONFLICT = "another session object wrote to the same session"

COMMIT_REPLY = b"C\x00\x00\x00\x0bCOMMIT\x00"
"""The server's CommandComplete for a COMMIT: sent only once the transaction committed."""
APPEND_REQUEST = b"INSERT INTO nbagent_messages"
"""In the client's request that carries a turn's append (sent as text on a fresh connection)."""


@pytest.fixture(scope="module")
def own_server() -> Iterator[PostgresServer]:
    if os.environ.get("NBAGENT_POSTGRES_URL", "").strip():
        pytest.skip("these tests restart the server: they need one this run starts")
    with running_server() as server:
        yield server


# -- a proxy that cuts a connection at a chosen message ------------------------------------------


@dataclass
class Cut:
    """Cut the connection when ``direction`` ("reply": server to client, "request": client to
    server) carries ``pattern``; the chunk holding it is not forwarded."""

    direction: str
    pattern: bytes


class CutProxy:
    """A loopback TCP proxy in front of the server; :meth:`arm` cuts the next connection that
    carries a pattern (once), as a dropped network would: both sockets closed, nothing more
    forwarded."""

    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.cut: Cut | None = None
        self.cuts: list[Cut] = []
        self.port = 0
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = int(self._server.sockets[0].getsockname()[1])

    def url(self, url: str) -> str:
        parts = urllib.parse.urlsplit(url)
        netloc = parts.netloc.rsplit("@", 1)[0] + f"@127.0.0.1:{self.port}"
        return urllib.parse.urlunsplit(parts._replace(netloc=netloc))

    def arm(self, direction: str, pattern: bytes) -> None:
        self.cut = Cut(direction, pattern)

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        server_r, server_w = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        self._writers |= {client_w, server_w}
        both = (client_w, server_w)
        await asyncio.gather(
            self._pump(client_r, server_w, "request", both),
            self._pump(server_r, client_w, "reply", both),
        )

    async def _pump(
        self,
        source: asyncio.StreamReader,
        sink: asyncio.StreamWriter,
        direction: str,
        both: tuple[asyncio.StreamWriter, asyncio.StreamWriter],
    ) -> None:
        try:
            while data := await source.read(65536):
                cut = self.cut
                if cut is not None and cut.direction == direction and cut.pattern in data:
                    self.cut = None
                    self.cuts.append(cut)
                    break
                sink.write(data)
                await sink.drain()
        except ConnectionError:
            pass
        for writer in both:
            writer.close()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            for writer in self._writers:
                writer.close()
            await self._server.wait_closed()


@pytest.fixture
async def proxy(own_server: PostgresServer) -> AsyncIterator[CutProxy]:
    port = urllib.parse.urlsplit(own_server.admin_url).port
    assert port is not None
    made = CutProxy(port)
    await made.start()
    yield made
    await made.close()


def session_on(store: PostgresStore, provider: object = None, **settings: object) -> AgentSession:
    builder = AgentBuilder().provider(provider or ScriptedProvider()).store(store)
    for name, value in settings.items():
        builder = getattr(builder, name)(value)
    return AgentSession("s", builder.build())


def stored_texts(url: str, session_id: str = "s") -> list[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT data FROM nbagent_messages WHERE session_id = %s ORDER BY slot_id, idx",
            (session_id,),
        ).fetchall()
    return [MESSAGE_ADAPTER.validate_json(r[0]).text() for r in rows]


def database_of(url: str) -> str:
    return urllib.parse.urlsplit(url).path.lstrip("/")


# -- 1. the reply to a COMMIT is lost ------------------------------------------------------------


async def test_a_turn_whose_commit_reply_is_lost_is_saved_once_and_known(
    own_server: PostgresServer, proxy: CutProxy, caplog: pytest.LogCaptureFixture
) -> None:
    url = own_server.new_database("lost_reply")
    store = PostgresStore(proxy.url(url), timeout=BOUND)
    session = session_on(store)
    await session.submit_turn("zero")
    proxy.arm("reply", COMMIT_REPLY)
    with caplog.at_level(logging.WARNING, logger="nbagent.agent.postgres"):
        await asyncio.wait_for(session.submit_turn("one"), BOUND)
    # The server committed (it sent COMMIT's reply) and the client never read it; the commit
    # sent again found its mark: saved once, and the session knows it.
    assert [c.direction for c in proxy.cuts] == ["reply"]
    assert "connection was lost" in caplog.text
    assert stored_texts(url) == ["zero", "reply to zero", "one", "reply to one"]
    assert session.turn_index == 2 and [r.turn_index for r in session.timeline] == [0, 1]
    await session.submit_turn("two")  # appends after it: no conflict with itself
    reopened = session_on(PostgresStore(url))
    await reopened.open()
    assert reopened.turn_index == 3 and len(reopened.slot) == 6
    await reopened.bundle.store.close()
    await store.close()


async def test_a_commit_repeated_with_its_mark_applies_nothing(own_server: PostgresServer) -> None:
    store = PostgresStore(own_server.new_database("repeat"))
    ops = [
        AppendMessages("s", "main", 0, (Message.user("once"),)),
        PutValue("s", "memory", "k", 1),
        CommitMark("s", "the-turn"),
    ]
    await store.commit(ops)
    await store.commit(ops)  # a retry after a lost reply: no conflict, nothing doubled
    assert [m.text() for m in await store.load_messages("s", "main")] == ["once"]
    await store.close()


async def test_a_commit_cut_before_the_server_read_it_is_sent_again_once(
    own_server: PostgresServer, proxy: CutProxy
) -> None:
    url = own_server.new_database("lost_request")
    store = PostgresStore(proxy.url(url), timeout=BOUND)
    session = session_on(store)
    await session.open()
    proxy.arm("request", APPEND_REQUEST)
    await asyncio.wait_for(session.submit_turn("zero"), BOUND)
    assert [c.direction for c in proxy.cuts] == ["request"]
    assert stored_texts(url) == ["zero", "reply to zero"]
    assert session.turn_index == 1
    await store.close()


# -- 2. a stale pool: idle connections the server dropped ----------------------------------------


async def test_turns_after_pg_terminate_backend_are_saved(
    own_server: PostgresServer, caplog: pytest.LogCaptureFixture
) -> None:
    url = own_server.new_database("terminated")
    store = PostgresStore(url, min_size=2, max_size=2, timeout=BOUND)
    session = session_on(store)
    await session.submit_turn("zero")
    with caplog.at_level(logging.WARNING, logger="nbagent.agent.postgres"):
        for i in range(1, 4):  # the pool's idle connections are killed before each turn
            assert own_server.terminate_backends(database_of(url)) >= 1
            await asyncio.wait_for(session.submit_turn(f"turn {i}"), BOUND)
    assert stored_texts(url)[::2] == ["zero", "turn 1", "turn 2", "turn 3"]
    assert len(stored_texts(url)) == 8
    # Checked out healthy: no killed connection was used (no statement had to be sent again).
    assert "connection was lost" not in caplog.text
    await store.close()


async def test_turns_after_a_server_restart_are_saved(
    own_server: PostgresServer, caplog: pytest.LogCaptureFixture
) -> None:
    url = own_server.new_database("restarted")
    store = PostgresStore(url, min_size=2, max_size=3, timeout=BOUND)
    session = session_on(store)
    await session.submit_turn("zero")
    await asyncio.to_thread(own_server.restart)  # every pooled connection is dead now
    with caplog.at_level(logging.WARNING, logger="nbagent.agent.postgres"):
        await asyncio.wait_for(session.submit_turn("one"), BOUND)
    assert await store.count_messages("s", "main") == 4
    assert session.turn_index == 2
    assert "connection was lost" not in caplog.text
    await store.close()


async def test_a_connection_dropped_in_a_read_is_read_again(
    own_server: PostgresServer, proxy: CutProxy
) -> None:
    url = own_server.new_database("lost_read")
    store = PostgresStore(proxy.url(url), timeout=BOUND)
    await store.put_value("s", "memory", "k", "v")
    proxy.arm("request", b"SELECT value FROM nbagent_kv")
    assert await asyncio.wait_for(store.get_value("s", "memory", "k"), BOUND) == "v"
    assert [c.direction for c in proxy.cuts] == ["request"]
    await store.close()


# -- 4. secrets ----------------------------------------------------------------------------------

PIECES = ("hashpiece", "queryxpiece", "atsignpiece", "slashpiece", "spacepiece", "pctpiece")
PASSWORD = "hashpiece#queryxpiece?atsignpiece@slashpiece/spacepiece pctpiece%zz"
"""A password with a raw ``#``, ``?``, ``@``, ``/``, space and stray ``%``: each piece between
them must stay hidden too (libpq would read some as a host, a port or a database)."""


async def test_a_password_with_reserved_characters_never_shows(
    own_server: PostgresServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    own_server.new_role("secretive", PASSWORD)
    admin = urllib.parse.urlsplit(own_server.new_database("secrets", owner="secretive"))
    host_db = f"127.0.0.1:{admin.port}{admin.path}"
    raw_url = f"postgresql://secretive:{PASSWORD}@{host_db}"
    store = PostgresStore(raw_url, timeout=5)
    shown = [repr(store), store.url]
    await store.put_value("s", "memory", "k", 1)  # read as meant: it logs in
    assert await store.get_value("s", "memory", "k") == 1
    await store.close()
    made: list[BaseException] = []
    wrong = PostgresStore(f"postgresql://secretive:{PASSWORD}x@{host_db}", timeout=5)
    down = PostgresStore(f"postgresql://secretive:{PASSWORD}@127.0.0.1:{free_port()}/x", timeout=5)
    for failing in (wrong, down):
        with pytest.raises(StoreError) as caught:
            await failing.session_ids()
        made.append(caught.value)
        shown.append(repr(failing))
        await failing.close()
    assert "password authentication failed" in str(made[0])
    unreadable = [
        f"host=127.0.0.1 password={PASSWORD.replace(' ', ' stray=')} dbname=x",  # bad word
        f"host=127.0.0.1 password={PASSWORD} dbname=x",  # a space, unquoted
        f"postgresql://u:pw@{host_db}?password={PASSWORD.replace('?', '=')}&x",
    ]
    for conninfo in unreadable:
        with pytest.raises(ConfigurationError) as config_error:
            PostgresStore(conninfo)
        made.append(config_error.value)
        assert "cannot read the PostgreSQL connection string" in str(config_error.value)
    shown += ["".join(traceback.format_exception(e)) for e in made]
    shown.append(caplog.text)
    for text in shown:
        for piece in PIECES:
            assert piece not in text, (piece, text)


# -- 5. the goal: two writers, 200 turns, five restarts -------------------------------------------


GOAL_TURNS = 200
GOAL_RESTARTS = (30, 70, 110, 150, 185)
"""After how many acknowledged turns the server is restarted (while the other writer works)."""
GOAL_SUMMARY = SummaryConfig(
    max_context_tokens=2_000, trigger_token_ratio=0.5, debounce_turns=3, watermark="context"
)


async def test_two_writers_over_200_turns_and_five_restarts_lose_tear_and_double_nothing(
    own_server: PostgresServer, proxy: CutProxy, caplog: pytest.LogCaptureFixture
) -> None:
    """Two session objects on one session id, each on a store of its own (as two processes),
    each through a proxy of its own. Whenever 30, 70, 110, 150 and 185 turns are acknowledged,
    the writer that got there restarts the server (the other keeps going) and then has the
    reply to its next COMMIT cut. A turn that meets the other writer's is refused (known not
    saved) and submitted again."""
    caplog.set_level(logging.WARNING, logger="nbagent.agent.postgres")
    url = own_server.new_database("goal")
    second = CutProxy(proxy.upstream_port)
    await second.start()
    proxies = [proxy, second]
    stores = [PostgresStore(p.url(url), timeout=BOUND) for p in proxies]
    sessions = [
        session_on(store, OfflineProvider(), summary_config=GOAL_SUMMARY) for store in stores
    ]
    acknowledged: list[str] = []
    conflicts = [0, 0]
    restarts: list[int] = []
    armed = 0

    async def write(w: int) -> None:
        nonlocal armed
        session = sessions[w]
        for n in range(GOAL_TURNS // 2):
            prompt = f"writer {w} says {n}: the depot code is D-{w}{n:03d} and the gate is G{n}"
            while True:
                try:
                    await session.submit_turn(prompt)
                    break
                except StoreError as e:  # the other writer got there first: not saved
                    assert CONFLICT in str(e), e
                    conflicts[w] += 1
            acknowledged.append(prompt)
            if len(acknowledged) in GOAL_RESTARTS and len(acknowledged) not in restarts:
                restarts.append(len(acknowledged))
                await asyncio.to_thread(own_server.restart)  # the other writer goes on
                if n + 1 < GOAL_TURNS // 2:  # this writer commits again: cut that reply
                    proxies[w].arm("reply", COMMIT_REPLY)
                    armed += 1

    await asyncio.wait_for(asyncio.gather(write(0), write(1)), 10 * BOUND)
    for session in sessions:
        await session.close(timeout=None)
    assert restarts == list(GOAL_RESTARTS)
    assert sum(len(p.cuts) for p in proxies) == armed >= 4
    await second.close()

    check = session_on(PostgresStore(url), OfflineProvider(), summary_config=GOAL_SUMMARY)
    await check.open()
    history = list(check.slot.messages)
    prompts = [m.text() for m in history[::2]]
    # Nothing lost or doubled: every acknowledged turn once, and nothing else.
    assert len(history) == 2 * GOAL_TURNS
    assert sorted(prompts) == sorted(acknowledged) and len(set(prompts)) == GOAL_TURNS
    # Nothing torn: each prompt is a user message followed by its own reply.
    for user, answer in zip(history[::2], history[1::2], strict=True):
        assert user.role == "user" and answer.role == "assistant"
        assert user.text() in answer.text()
    # Each writer's turns in its own order.
    for w in (0, 1):
        mine = [p for p in prompts if p.startswith(f"writer {w} ")]
        assert mine == [p for p in acknowledged if p.startswith(f"writer {w} ")]
    # The state counts every turn once: no summary saved over an older state undid one.
    assert check.turn_index == GOAL_TURNS and check.cost_so_far.calls == GOAL_TURNS
    records = check.timeline
    assert [r.turn_index for r in records] == list(range(GOAL_TURNS))
    assert [r.messages_stored for r in records] == [2 * (i + 1) for i in range(GOAL_TURNS)]
    statuses = {r.summary_status for r in records}
    assert SummaryStatus.PENDING not in statuses
    fired = [r for r in records if r.summary_status is SummaryStatus.FIRED]
    assert len(fired) >= 10 and all(r.summary for r in fired)
    assert check.last_summary_turn == max(r.turn_index for r in fired)
    latest = check.slot.summary_override
    assert latest is not None and await check.get_conversation_summary() == latest
    retried = caplog.text.count("connection was lost")
    print(
        f"goal run: {GOAL_TURNS} turns, {len(restarts)} restarts, {armed} COMMIT replies cut, "
        f"{retried} calls retried, conflicts {conflicts}, {len(fired)} summaries"
    )
    await check.bundle.store.close()
    for store in stores:
        await store.close()
