"""A store on a PostgreSQL server, so sessions can be shared by processes and machines.

:class:`PostgresStore` keeps :class:`~nbagent.agent.store.SqliteStore`'s contract: one
transaction per commit; append-only histories (an append must start where the stored history
ends, so of two writers on one session exactly one wins, the other gets a :class:`StoreError`); a
session read in one snapshot (``REPEATABLE READ``, read only); damaged values reported with where
and what to do; a versioned schema (a database written by a newer nbagent is refused). Messages
and values are the exact JSON text nbagent writes, validated on load as SQLite's are. Tables are
prefixed ``nbagent_``: a server database is often shared with other applications.

**Lost connections.** A pooled connection is checked before use (its socket, without a round
trip), so one the server dropped while it sat idle (a restart, ``pg_terminate_backend``) is
replaced, not used. A call whose
connection is lost mid-way is made again on a fresh connection, for up to ``timeout`` seconds.
A commit that could be half-known -- the connection dropped after the server committed but
before its reply arrived -- carries a :class:`~nbagent.agent.store.CommitMark` written in the
same transaction: sent again, it finds its mark and applies nothing, so it ends known saved, once
(the mark's insert waits for a transaction of the same mark still in flight on the server).

Building does no I/O: the schema is checked and the pool (``psycopg_pool.AsyncConnectionPool``)
opened on first use. The URL is libpq's (``postgresql://user:password@host:5432/dbname`` or
``"host=... dbname=..."``); its password and query values are masked in the repr, logs and errors.
A password holding a raw ``@``, ``/``, ``?``, ``#``, ``%`` or space is read whole (it is
percent-encoded before libpq reads it), so none of it shows as a host, port or database name.

**One event loop.** psycopg's connections belong to the loop that opened them, so a store is used
from one loop: ``await`` the sessions built on it from your loop, or drive them only through the
``_sync`` twins (which all run on nbagent's background loop). A call from another loop raises
:class:`StoreError` rather than hanging; once the store's loop is closed (``asyncio.run``
returned), the next call opens a fresh pool on the caller's loop.

Needs ``pip install 'nbagent[postgres]'`` (psycopg 3 and psycopg-pool).
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
import select
import urllib.parse
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar, assert_never

from pydantic import ValidationError

from nbagent.agent.store import (
    MARK_RETENTION,
    AppendMessages,
    BaseStore,
    CommitMark,
    DeleteValue,
    JsonValue,
    PutValue,
    SessionSnapshot,
    StoreOp,
    SwapValue,
    append_conflict,
    commit_mark,
    encode_op,
    load_value,
    swap_conflict,
)
from nbagent.errors import ConfigurationError, StoreError
from nbagent.llm.messages import MESSAGE_ADAPTER, AnyMessage
from nbagent.llm.providers import display_url
from nbagent.llm.tools import run_sync

_MISSING: ImportError | None = None
try:
    import psycopg
    from psycopg import errors as pg_errors
    from psycopg.conninfo import conninfo_to_dict
    from psycopg_pool import AsyncConnectionPool, PoolTimeout
except ImportError as e:
    # The class stays importable (``from nbagent.agent import *``, ``hasattr``); making one says
    # what to install.
    _MISSING = e

logger = logging.getLogger("nbagent.agent.postgres")

T = TypeVar("T")

SCHEMA_VERSION = 1
"""The layout this nbagent writes; databases with a higher version are refused. (The commit
marks' table is an addition an older nbagent ignores, not a new layout.)"""

TABLES = ("nbagent_schema_version", "nbagent_messages", "nbagent_kv", "nbagent_commits")

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS nbagent_schema_version (version integer NOT NULL)",
    # COLLATE "C": keys sort by code point, as Python's sorted() and SQLite do, whatever the
    # database's own collation is; the primary keys then serve the ORDER BYs.
    """CREATE TABLE IF NOT EXISTS nbagent_messages (
    session_id text COLLATE "C" NOT NULL, slot_id text COLLATE "C" NOT NULL,
    idx integer NOT NULL, data text NOT NULL, PRIMARY KEY (session_id, slot_id, idx))""",
    """CREATE TABLE IF NOT EXISTS nbagent_kv (
    session_id text COLLATE "C" NOT NULL, namespace text COLLATE "C" NOT NULL,
    key text COLLATE "C" NOT NULL, value text NOT NULL,
    PRIMARY KEY (session_id, namespace, key))""",
    """CREATE TABLE IF NOT EXISTS nbagent_commits (
    session_id text COLLATE "C" NOT NULL, commit_id text COLLATE "C" NOT NULL,
    at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (session_id, commit_id))""",
)

_SCHEMA_LOCK = 0x6E62_6167_6E74  # "nbagnt": serialises schema creation across processes

RETRY_DELAY = 0.05
"""Seconds before the first new attempt of a call whose connection was lost; doubled after each
failed attempt, up to :data:`RETRY_MAX_DELAY`, within the store's ``timeout``."""
RETRY_MAX_DELAY = 1.0


# -- the connection string: shown masked, its secrets kept to scrub ---------------------------
# A store is built from a URL that may hold a password. Reading it (``conninfo_to_dict``) needs
# no server, so the store checks it when built, and every repr, log line and error shows it only
# through display_conninfo or with secrets_of's values masked.


def display_conninfo(conninfo: str) -> str:
    """``conninfo`` fit for messages and reprs: password, user info and query values masked."""
    if "://" in conninfo:
        return display_url(_normalised_url(conninfo))
    try:
        params = conninfo_to_dict(conninfo)
    except psycopg.Error:
        return "(an unreadable connection string)"
    return " ".join(f"{k}={'***' if _is_secret(k) else v}" for k, v in params.items())


def _is_secret(param: str) -> bool:
    return "password" in param or "key" in param  # password, sslpassword, sslkey, ...


def secrets_of(conninfo: str) -> list[str]:
    """The secret values of ``conninfo`` (raw and URL-quoted), to mask in error texts; a
    :class:`ConfigurationError` when libpq cannot read it (its reason kept, secrets masked)."""
    try:
        params = conninfo_to_dict(_normalised_url(conninfo) if "://" in conninfo else conninfo)
    except psycopg.Error as e:
        # libpq's reason may quote pieces of the password: it is masked with every piece that
        # may be one, and not chained (its text is the unmasked one).
        reason = _scrub_text(str(e).strip(), _longest_first(_secret_pieces(conninfo)))
        raise ConfigurationError(
            f"cannot read the PostgreSQL connection string {display_conninfo(conninfo)!r} "
            f"({reason}). Pass a postgresql://user:password@host:5432/dbname URL or a "
            "'host=... dbname=...' connection string."
        ) from None
    found = {str(v) for k, v in params.items() if _is_secret(k) and v}
    return _longest_first(found | {urllib.parse.quote(s, safe="") for s in found})


def _scrub_text(text: str, secrets: Sequence[str]) -> str:
    """``text`` with every one of ``secrets`` masked (pass the longest first)."""
    for secret in secrets:
        text = text.replace(secret, "***")
    return text


def _longest_first(secrets: set[str]) -> list[str]:
    return sorted((s for s in secrets if s), key=len, reverse=True)


# A URL's host list: host[:port] entries, commas between (IPv6 hosts in brackets).
_HOST = re.compile(r"(?:[\w.~%-]*|\[[0-9A-Fa-f:.%\w]*\])(?::\d*)?")
# key=value pairs of a connection string, the value quoted ('...', backslash escapes) or bare.
_PAIR = re.compile(r"(\w+)\s*=\s*('(?:[^'\\]|\\.)*'?|\S*)")


def _normalised_url(url: str) -> str:
    """``url`` with its user info percent-encoded, read as meant: libpq reads a raw ``@`` in a
    password as the end of the user info and a raw ``/`` as the start of the database, and would
    then show pieces of the password as a host, port or database name in its errors. A ``#``
    after the user info is encoded too (libpq has no fragments; ``urlsplit`` has)."""
    scheme, _, rest = url.partition("://")
    end = _userinfo_end(rest)
    if end is None:
        return f"{scheme}://{rest.replace('#', '%23')}"
    user, colon, password = rest[:end].partition(":")
    info = _quoted(user) + (f":{_quoted(password)}" if colon else "")
    return f"{scheme}://{info}@{rest[end + 1 :].replace('#', '%23')}"


def _quoted(text: str) -> str:
    return urllib.parse.quote(urllib.parse.unquote(text), safe="")


def _userinfo_end(rest: str) -> int | None:
    """Where the user info of ``rest`` (the URL after ``scheme://``) ends: its ``@``, or None.

    libpq's reading (the first ``@`` before any ``/``) when what follows it reads as host list
    and database; otherwise the first ``@`` after a user name (no ``/?#`` in it) that is
    followed by a host list and a database name without ``@``.
    """
    first = re.search(r"[@/]", rest)
    libpq = first.start() if first is not None and first[0] == "@" else None
    if _reads_as_hosts(rest if libpq is None else rest[libpq + 1 :]):
        return libpq
    for found in re.finditer("@", rest):
        at = found.start()
        user = rest[:at].partition(":")[0]
        if not re.search(r"[/?#]", user) and _reads_as_hosts(rest[at + 1 :]):
            return at
    return libpq


def _reads_as_hosts(after: str) -> bool:
    """Whether ``after`` (what follows the user info) reads as ``hosts[/dbname][?query]``."""
    hosts = re.split(r"[/?]", after, maxsplit=1)[0]
    tail = after[len(hosts) :]
    path = tail[1:].split("?", 1)[0] if tail.startswith("/") else ""
    return all(_HOST.fullmatch(h) for h in hosts.split(",")) and "@" not in path


def _secret_pieces(conninfo: str) -> set[str]:
    """Every piece of ``conninfo`` that may be (part of) a secret, read without libpq: a URL's
    passwords under every reading of its ``@``s and its secret query values; a connection
    string's secret values and its words outside any ``key=value`` (a password with a space,
    unquoted, leaves one)."""
    found: set[str] = set()
    if "://" in conninfo:
        rest = conninfo.partition("://")[2]
        for at in (m.start() for m in re.finditer("@", rest)):
            _, colon, password = rest[:at].partition(":")
            if colon:
                found |= {password, urllib.parse.unquote(password)}
        query = rest.partition("?")[2]
        for pair in query.split("&"):
            key, _, value = pair.partition("=")
            if _is_secret(key):
                found |= {value, urllib.parse.unquote(value)}
        return found
    outside = _PAIR.sub(" ", conninfo).split()
    found |= set(outside)
    for key, value in _PAIR.findall(conninfo):
        if _is_secret(key):
            found |= {value, value.strip("'"), value.strip("'").replace("\\'", "'")}
    return found


class PostgresStore(BaseStore):
    """A :class:`~nbagent.agent.store.MemoryStore` on PostgreSQL (psycopg 3, async pool).

    ``min_size`` / ``max_size`` bound the pool's connections; ``timeout`` is how many seconds a
    connection attempt, a wait for a free pooled connection, or the new attempts of a call whose
    connection was lost, may take.
    """

    def __init__(
        self, url: str, *, min_size: int = 1, max_size: int = 4, timeout: float = 30.0
    ) -> None:
        if _MISSING is not None:
            raise ConfigurationError(
                "PostgresStore needs psycopg 3 and psycopg-pool: pip install 'nbagent[postgres]'"
            ) from _MISSING
        if not isinstance(url, str) or not url.strip():
            raise ConfigurationError(
                "PostgresStore needs a URL, e.g. 'postgresql://user:password@host:5432/nbagent'."
            )
        self._conninfo = _normalised_url(url) if "://" in url else url
        self._secrets = secrets_of(url)
        self.url = display_conninfo(url)
        _check_pool_settings(min_size, max_size, timeout)
        self.min_size, self.max_size, self.timeout = min_size, max_size, float(timeout)
        self._pool: AsyncConnectionPool[Any] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._opening: asyncio.Lock | None = None
        self._guard: asyncio.Task[None] | None = None

    # -- connection -------------------------------------------------------------------------

    async def _ready(self) -> AsyncConnectionPool[Any]:
        """The pool, opened (schema checked) on first use on the running loop."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._bind(loop)
        if self._pool is None:
            assert self._opening is not None
            async with self._opening:
                if self._pool is None:
                    self._pool = await self._open()
        return self._pool

    def _bind(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._loop is not None and not self._loop.is_closed():
            raise self._other_loop()
        # First use, or the loop the pool ran on is closed: its connections went with it.
        self._loop, self._pool, self._opening = loop, None, asyncio.Lock()

    def _other_loop(self) -> StoreError:
        return StoreError(
            f"{self!r} is in use on another event loop (psycopg's connections belong to the loop "
            "that opened them). Use one store from one loop: await the sessions built on it from "
            "your loop, or drive them only through the _sync twins, not both; or build a "
            "PostgresStore per loop."
        )

    async def _open(self) -> AsyncConnectionPool[Any]:
        try:
            conn = await psycopg.AsyncConnection.connect(
                self._conninfo, autocommit=True, connect_timeout=max(1, math.ceil(self.timeout))
            )
        except psycopg.Error as e:
            raise StoreError(
                f"cannot connect to the session store at {self.url}: {self._scrub(e)}. Check "
                "that the server runs and that the URL's host, port, database, user and password "
                "are right."
            ) from e
        try:
            await self._prepare(conn)
        finally:
            await conn.close()
        pool: AsyncConnectionPool[Any] = AsyncConnectionPool(
            self._conninfo, min_size=self.min_size, max_size=self.max_size, timeout=self.timeout,
            kwargs={"autocommit": True}, name="nbagent-store", open=False,
        )  # fmt: skip
        await pool.open()
        self._guard = asyncio.get_running_loop().create_task(
            _close_with_loop(pool), name="nbagent-postgres-store-guard"
        )
        logger.debug("opened a pool of up to %d connections to %s", self.max_size, self.url)
        return pool

    async def _prepare(self, conn: psycopg.AsyncConnection[Any]) -> None:
        """Create or check the schema (one transaction, one process at a time)."""
        try:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
                missing = "SELECT bool_or(to_regclass(t) IS NULL) FROM unnest(%s::text[]) AS t"
                row = await (await conn.execute(missing, (list(TABLES),))).fetchone()
                if row is not None and row[0]:  # CREATE needs a privilege that reads do not
                    for statement in _SCHEMA:
                        await conn.execute(statement)
                cur = await conn.execute("SELECT MAX(version) FROM nbagent_schema_version")
                version = (await cur.fetchone() or (None,))[0]
                if version is None:
                    await conn.execute(
                        "INSERT INTO nbagent_schema_version (version) VALUES (%s)",
                        (SCHEMA_VERSION,),
                    )
        except psycopg.Error as e:
            raise StoreError(
                f"{self.url} is not a usable nbagent store ({self._scrub(e)}). Check the user "
                "may create tables there (or that an nbagent already did), or pass another "
                "database."
            ) from e
        if version is not None and version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.url} was written by a newer nbagent (store schema {version}; this "
                f"version reads up to {SCHEMA_VERSION}). Upgrade nbagent, or pass another "
                "database."
            )

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        pool = await self._ready()
        try:
            conn = await _checkout(pool)
            try:
                yield conn
            finally:
                await pool.putconn(conn)
        except PoolTimeout as e:
            raise StoreError(
                f"no connection to the session store at {self.url} within {self.timeout:g} s "
                f"({self._scrub(e)}). The server may be down or every pooled connection busy: "
                "check the server, or build the store with a larger max_size."
            ) from e
        except psycopg.Error as e:
            raise StoreError(
                f"session store {self.url} failed: {self._scrub(e)}. If the server restarted or "
                "the connection dropped, retry; if a table is damaged, restore it or pass "
                "another database."
            ) from e

    async def _run(self, work: Callable[[psycopg.AsyncConnection[Any]], Awaitable[T]]) -> T:
        """``work`` on a pooled connection; on a fresh one again while the connection is lost
        under it (:func:`_connection_lost`), for up to ``timeout`` seconds in all."""
        await self._ready()  # a first connection that fails is not lost: it is not retried
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self.timeout
        delay = RETRY_DELAY
        while True:
            try:
                async with self._connection() as conn:
                    return await work(conn)
            except StoreError as e:
                if not _connection_lost(e.__cause__) or loop.time() + delay > give_up:
                    raise
                logger.warning(
                    "session store %s: the connection was lost (%s); trying again",
                    self.url,
                    self._scrub(e.__cause__ or e),
                )
            await asyncio.sleep(delay)
            delay = min(2 * delay, RETRY_MAX_DELAY)

    def _scrub(self, error: BaseException | str) -> str:
        """``error``'s text with every secret of the URL masked."""
        return _scrub_text(str(error).strip(), self._secrets)

    async def close(self) -> None:
        """Close the pool; the next call opens it again (on the loop it is made from)."""
        pool, loop = self._pool, self._loop
        if pool is not None and loop is not None and not loop.is_closed():
            if loop is not asyncio.get_running_loop():
                raise self._other_loop()
            await pool.close()
        if self._guard is not None:
            self._guard.cancel()
        self._pool = self._loop = self._opening = self._guard = None

    def close_sync(self) -> None:
        """:meth:`close` for a store driven through the ``_sync`` twins (nbagent's loop)."""
        run_sync(self.close())

    # -- writes -----------------------------------------------------------------------------

    async def commit(self, ops: Sequence[StoreOp]) -> None:
        """Apply ``ops`` in one transaction; made again on a fresh connection if the connection
        is lost, which is safe: a commit that appends or swaps carries a mark (the caller's
        :class:`CommitMark`, or one made here), so a repeat of one that went through applies
        nothing."""
        mark = commit_mark(ops)
        rows: list[tuple[StoreOp, list[str]]] = [
            (op, encode_op(op)) for op in ops if not isinstance(op, CommitMark)
        ]
        if not rows:
            return
        if mark is None and any(isinstance(op, AppendMessages | SwapValue) for op, _ in rows):
            mark = CommitMark(rows[0][0].session_id, uuid.uuid4().hex)
        await self._run(lambda conn: _commit_on(conn, rows, mark))

    # -- reads ------------------------------------------------------------------------------

    async def _rows(self, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read (a statement of its own: autocommit)."""

        async def read(conn: psycopg.AsyncConnection[Any]) -> list[tuple[Any, ...]]:
            return await (await conn.execute(query, params)).fetchall()

        return await self._run(read)

    async def load_messages(self, session_id: str, slot_id: str) -> list[AnyMessage]:
        rows = await self._rows(
            "SELECT data FROM nbagent_messages WHERE session_id=%s AND slot_id=%s ORDER BY idx",
            (session_id, slot_id),
        )
        return self._decode_messages(session_id, slot_id, [data for (data,) in rows])

    async def count_messages(self, session_id: str, slot_id: str) -> int:
        return await self._run(lambda conn: _stored_count(conn, session_id, slot_id))

    async def get_value(self, session_id: str, namespace: str, key: str) -> JsonValue | None:
        rows = await self._rows(
            "SELECT value FROM nbagent_kv WHERE session_id=%s AND namespace=%s AND key=%s",
            (session_id, namespace, key),
        )
        return self._decode(session_id, namespace, key, rows[0][0]) if rows else None

    async def keys(self, session_id: str, namespace: str) -> list[str]:
        query = "SELECT key FROM nbagent_kv WHERE session_id=%s AND namespace=%s ORDER BY key"
        return [str(r[0]) for r in await self._rows(query, (session_id, namespace))]

    async def items(self, session_id: str, namespace: str) -> list[tuple[str, JsonValue]]:
        query = (
            "SELECT key, value FROM nbagent_kv WHERE session_id=%s AND namespace=%s ORDER BY key"
        )
        rows = await self._rows(query, (session_id, namespace))
        return [(key, self._decode(session_id, namespace, key, text)) for key, text in rows]

    async def load_session(self, session_id: str) -> SessionSnapshot:
        """Every value and slot history of the session, read in one snapshot.

        A ``REPEATABLE READ`` transaction sees the database as of its first query: a commit by
        another process lands wholly before or wholly after it.
        """
        rows, raw_messages = await self._run(lambda conn: _read_session(conn, session_id))
        values: dict[str, dict[str, JsonValue]] = {}
        for namespace, key, text in rows:
            values.setdefault(namespace, {})[key] = self._decode(session_id, namespace, key, text)
        messages = {
            slot_id: self._decode_messages(session_id, slot_id, texts)
            for slot_id, texts in raw_messages.items()
        }
        return SessionSnapshot(session_id, values, messages)

    def _decode(self, session_id: str, namespace: str, key: str, text: str) -> JsonValue:
        where = f"{namespace}/{key!r} of session {session_id!r}"
        return load_value(text, where=where, location=self.url)

    def _decode_messages(self, session_id: str, slot_id: str, texts: list[str]) -> list[AnyMessage]:
        messages: list[AnyMessage] = []
        texts.reverse()
        while texts:
            data = texts.pop()  # dropped once parsed: a long history never sits in memory twice
            try:
                messages.append(MESSAGE_ADAPTER.validate_json(data))
            except ValidationError as e:
                raise StoreError(
                    f"stored history of slot {slot_id!r} in session {session_id!r} in {self.url} "
                    f"cannot be read as messages ({e.error_count()} errors, first: "
                    f"{e.errors()[0]['msg']}). It may come from an incompatible nbagent version: "
                    "upgrade nbagent, or open another session id."
                ) from e
        return messages

    async def session_ids(self) -> list[str]:
        rows = await self._rows(
            f"WITH RECURSIVE {_distinct_sessions('m', 'nbagent_messages')}, "
            f"{_distinct_sessions('k', 'nbagent_kv')} "
            "SELECT id FROM m WHERE id IS NOT NULL UNION SELECT id FROM k WHERE id IS NOT NULL "
            "ORDER BY 1"
        )
        return [str(r[0]) for r in rows]

    def __repr__(self) -> str:
        return f"PostgresStore({self.url!r})"


async def _close_with_loop(pool: AsyncConnectionPool[Any]) -> None:
    """Close ``pool`` when this task is cancelled, as ``asyncio.run`` cancels every task at its
    end: psycopg's pool tasks outlive a cancellation, so an unclosed pool would keep the loop
    from ever finishing."""
    try:
        await asyncio.get_running_loop().create_future()
    except asyncio.CancelledError:
        await pool.close()
        raise
    # Collected with its loop already closed (GeneratorExit): nothing can be awaited then, and
    # trying raised an unraisable error at a random later point of the program.


_APPEND = (
    # The check and the insert in one statement: rows go in only when the stored history ends
    # at start; the stored length comes back either way. A writer that committed the same
    # indices meanwhile makes the insert fail on the primary key instead.
    "WITH stored AS (SELECT COALESCE(MAX(idx) + 1, 0) AS n FROM nbagent_messages "
    "WHERE session_id = %(session)s AND slot_id = %(slot)s), "
    "added AS (INSERT INTO nbagent_messages (session_id, slot_id, idx, data) "
    "SELECT %(session)s, %(slot)s, %(start)s + t.pos - 1, t.data "
    "FROM stored, unnest(%(data)s::text[]) WITH ORDINALITY AS t(data, pos) "
    "WHERE stored.n = %(start)s) "
    "SELECT n FROM stored"
)


# A stored value's "version" member, 0 when it has none (see SwapValue).
_VERSION = (
    "COALESCE(CASE WHEN jsonb_typeof(nbagent_kv.value::jsonb -> 'version') = 'number' "
    "THEN (nbagent_kv.value::jsonb ->> 'version')::numeric END, 0)"
)
# A swap is one statement, so the row lock orders two writers: the second re-reads the version
# the first wrote and matches nothing. Over no row (version 0), the two inserts meet on the
# primary key and the second takes the ON CONFLICT path, where the version is the first's.
_SWAP_FIRST = (
    "INSERT INTO nbagent_kv (session_id, namespace, key, value) "
    "VALUES (%(session)s, %(namespace)s, %(key)s, %(value)s) "
    "ON CONFLICT (session_id, namespace, key) DO UPDATE SET value = EXCLUDED.value "
    f"WHERE {_VERSION} = 0 RETURNING 1"
)
_SWAP = (
    "UPDATE nbagent_kv SET value = %(value)s WHERE session_id = %(session)s "
    f"AND namespace = %(namespace)s AND key = %(key)s AND {_VERSION} = %(expected)s RETURNING 1"
)
# The mark's insert waits for a transaction still in flight with the same mark (the one whose
# reply was lost), then finds it committed (nothing returned: a repeat) or rolled back.
_MARK = (
    "INSERT INTO nbagent_commits (session_id, commit_id) VALUES (%s, %s) "
    "ON CONFLICT DO NOTHING RETURNING 1"
)
_PRUNE = (
    "DELETE FROM nbagent_commits WHERE session_id = %s AND at < now() - make_interval(secs => %s)"
)


async def _checkout(pool: AsyncConnectionPool[Any]) -> psycopg.AsyncConnection[Any]:
    """A pooled connection the server has not dropped while it sat idle.

    A server that closes a connection (a restart, ``pg_terminate_backend``, a crash) leaves its
    socket readable -- a goodbye message or the end of the stream -- where an idle connection's
    socket has nothing to read. That is checked without a round trip (psycopg_pool's own
    ``check`` costs one per use, and a second of back-off after each failure); a dropped one is
    closed, so the pool replaces it, and the next is taken. A connection lost silently (the
    network) fails at its first statement instead, and :meth:`PostgresStore._run` retries.
    """
    while True:
        conn: psycopg.AsyncConnection[Any] = await pool.getconn()
        if not (conn.closed or conn.broken or _readable(conn.pgconn.socket)):
            return conn
        await conn.close()
        await pool.putconn(conn)


def _readable(fd: int) -> bool:
    try:
        return bool(select.select([fd], [], [], 0)[0])
    except (OSError, ValueError):  # a closed descriptor
        return True


def _connection_lost(error: BaseException | None) -> bool:
    """Whether ``error`` means the connection went away under a call (the server restarted or
    terminated the backend, the network dropped), so the call may be made again on another:
    a libpq-side failure, a connection exception (08) or an operator intervention (57P). A
    pool timeout has waited for a connection already."""
    if not isinstance(error, psycopg.OperationalError) or isinstance(error, PoolTimeout):
        return False
    state = error.sqlstate
    return state is None or state.startswith(("08", "57P"))


async def _commit_on(
    conn: psycopg.AsyncConnection[Any],
    rows: list[tuple[StoreOp, list[str]]],
    mark: CommitMark | None,
) -> None:
    """One attempt of :meth:`PostgresStore.commit` on ``conn``."""
    if mark is None:  # one idempotent op: a statement of its own, safe to send twice
        for op, encoded in rows:
            await _apply(conn, op, encoded)
        return
    try:
        # Pipelined: BEGIN and every statement go in one round trip, COMMIT in another.
        async with conn.pipeline() as pipeline, conn.transaction():
            marked = await conn.execute(_MARK, (mark.session_id, mark.commit_id))
            await conn.execute(_PRUNE, (mark.session_id, MARK_RETENTION))
            cursors = [await _apply(conn, op, encoded) for op, encoded in rows]
            await pipeline.sync()
            if await marked.fetchone() is None:
                raise psycopg.Rollback()  # a repeat of a commit that went through
            await _check_results(rows, cursors)
    except pg_errors.UniqueViolation as e:
        # Another writer committed these indices between our check and our insert.
        query = "SELECT 1 FROM nbagent_commits WHERE session_id = %s AND commit_id = %s"
        cur = await conn.execute(query, (mark.session_id, mark.commit_id))
        if await cur.fetchone() is None:
            raise await _conflict_after_race(conn, rows) from e


async def _apply(
    conn: psycopg.AsyncConnection[Any], op: StoreOp, encoded: list[str]
) -> psycopg.AsyncCursor[Any]:
    match op:
        case AppendMessages():
            where = {"session": op.session_id, "slot": op.slot_id, "start": op.start_index}
            return await conn.execute(_APPEND, {**where, "data": encoded})
        case PutValue():
            return await conn.execute(
                "INSERT INTO nbagent_kv (session_id, namespace, key, value) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (session_id, namespace, key) "
                "DO UPDATE SET value = EXCLUDED.value",
                (op.session_id, op.namespace, op.key, encoded[0]),
            )
        case SwapValue():
            params: dict[str, Any] = {"session": op.session_id, "namespace": op.namespace}
            params |= {"key": op.key, "value": encoded[0], "expected": op.expected}
            return await conn.execute(_SWAP_FIRST if op.expected == 0 else _SWAP, params)
        case DeleteValue():
            query = "DELETE FROM nbagent_kv WHERE session_id=%s AND namespace=%s AND key=%s"
            return await conn.execute(query, (op.session_id, op.namespace, op.key))
        case CommitMark():
            raise AssertionError("a commit's mark is written by _commit_on")  # pragma: no cover
        case _:
            assert_never(op)


async def _check_results(
    rows: list[tuple[StoreOp, list[str]]], cursors: list[psycopg.AsyncCursor[Any]]
) -> None:
    """Raise the conflict of the first append that did not start where its history ended, or
    of the first swap whose version had moved on."""
    for (op, _), cur in zip(rows, cursors, strict=True):
        if isinstance(op, AppendMessages):
            row = await cur.fetchone()
            stored = int(row[0]) if row is not None else 0
            if stored != op.start_index:
                raise append_conflict(op, stored)
        elif isinstance(op, SwapValue) and await cur.fetchone() is None:
            raise swap_conflict(op)


async def _conflict_after_race(
    conn: psycopg.AsyncConnection[Any], rows: list[tuple[StoreOp, list[str]]]
) -> StoreError:
    """The conflict of the append another writer overtook, read after the rollback."""
    appends = [op for op, _ in rows if isinstance(op, AppendMessages)]
    for op in appends:
        stored = await _stored_count(conn, op.session_id, op.slot_id)
        if stored != op.start_index or op is appends[-1]:
            return append_conflict(op, stored)
    raise AssertionError("a unique violation without an append")  # pragma: no cover


async def _read_session(
    conn: psycopg.AsyncConnection[Any], session_id: str
) -> tuple[list[tuple[Any, ...]], dict[str, list[str]]]:
    """A session's value rows and message texts, read in one snapshot (``REPEATABLE READ``);
    pipelined: the transaction and both reads go in one round trip."""
    async with conn.pipeline(), conn.transaction():
        await conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        values_cur = await conn.execute(
            "SELECT namespace, key, value FROM nbagent_kv WHERE session_id=%s "
            "ORDER BY namespace, key",
            (session_id,),
        )
        messages_cur = await conn.execute(
            "SELECT slot_id, data FROM nbagent_messages WHERE session_id=%s ORDER BY slot_id, idx",
            (session_id,),
        )
        rows = await values_cur.fetchall()
        raw_messages: dict[str, list[str]] = {}
        for slot_id, data in await messages_cur.fetchall():
            raw_messages.setdefault(slot_id, []).append(data)
    return rows, raw_messages


def _distinct_sessions(name: str, table: str) -> str:
    """A recursive CTE ``name(id)`` of the distinct session ids of ``table``, one index seek
    per session (``SELECT DISTINCT`` would read every row, and the message rows hold the
    messages)."""
    return (
        f"{name}(id) AS (SELECT MIN(session_id) FROM {table} UNION ALL "
        f"SELECT (SELECT MIN(session_id) FROM {table} WHERE session_id > {name}.id) "
        f"FROM {name} WHERE {name}.id IS NOT NULL)"
    )


async def _stored_count(conn: psycopg.AsyncConnection[Any], session_id: str, slot_id: str) -> int:
    """How many messages a slot holds: one past its last index (``MAX`` seeks the end of the
    primary key; appends start where the history ends, so indices run 0..n-1 without gaps)."""
    query = "SELECT MAX(idx) FROM nbagent_messages WHERE session_id=%s AND slot_id=%s"
    row = await (await conn.execute(query, (session_id, slot_id))).fetchone()
    return 0 if row is None or row[0] is None else int(row[0]) + 1


def _check_pool_settings(min_size: int, max_size: int, timeout: float) -> None:
    sizes = [n for n in (min_size, max_size) if isinstance(n, int) and not isinstance(n, bool)]
    if len(sizes) < 2 or not 0 <= min_size <= max_size or max_size < 1:
        raise ConfigurationError(
            "PostgresStore pool sizes must be integers, 0 <= min_size <= max_size, max_size >= 1 "
            f"(e.g. min_size=1, max_size=4); got {min_size!r}, {max_size!r}."
        )
    number = isinstance(timeout, int | float) and not isinstance(timeout, bool)
    if not number or not (timeout > 0 and math.isfinite(timeout)):
        raise ConfigurationError(f"timeout must be positive seconds, e.g. 30.0; got {timeout!r}.")


__all__ = ["SCHEMA_VERSION", "PostgresStore", "display_conninfo"]
