"""A store on a PostgreSQL server, so sessions can be shared by processes and machines.

:class:`PostgresStore` keeps the contract of :class:`~nbagent.agent.sqlite_store.SqliteStore`:
one transaction per commit, append-only histories (an append must start exactly where the stored
history ends, so of two writers on one session exactly one wins and the other gets a
:class:`StoreError`), a session read in one consistent snapshot (a ``REPEATABLE READ`` read-only
transaction), damaged values reported with where they are and what to do, and a versioned
schema (``nbagent_schema_version``; a database written by a newer nbagent is refused). Messages
and values are stored as the exact JSON text nbagent writes, so loading validates them as the
SQLite store does. The tables are prefixed ``nbagent_`` since a server database is often shared
with other applications.

Building a store does no I/O: the schema is checked and the connection pool
(``psycopg_pool.AsyncConnectionPool``) opened on first use. The URL is a libpq one
(``postgresql://user:password@host:5432/dbname`` or ``"host=... dbname=..."``); its password and
query values are masked in the repr, in logs and in every error message.

**One event loop.** psycopg's async connections belong to the event loop that opened them, so a
store is used from one loop: either ``await`` the sessions built on it from your loop, or drive
them only through the ``_sync`` twins (they all run on nbagent's one background loop). A call
from another loop raises :class:`StoreError` rather than hanging. Once the loop a store ran on is
closed (``asyncio.run`` returned), the next call opens a fresh pool on the caller's loop.

Needs ``pip install 'nbagent[postgres]'`` (psycopg 3 and psycopg-pool).
"""

from __future__ import annotations

import asyncio
import logging
import math
import urllib.parse
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, assert_never

try:
    import psycopg
    from psycopg import errors as pg_errors
    from psycopg.conninfo import conninfo_to_dict
    from psycopg_pool import AsyncConnectionPool, PoolTimeout
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "PostgresStore needs psycopg 3 and psycopg-pool: pip install 'nbagent[postgres]'"
    ) from e

from pydantic import ValidationError

from nbagent.agent._sync import run_sync
from nbagent.agent.store import (
    AppendMessages,
    BaseStore,
    DeleteValue,
    JsonValue,
    PutValue,
    SessionSnapshot,
    StoreOp,
    append_conflict,
    dump_value,
    load_value,
)
from nbagent.errors import ConfigurationError, StoreError
from nbagent.llm.messages import MESSAGE_ADAPTER, AnyMessage
from nbagent.llm.providers import display_url

logger = logging.getLogger("nbagent.agent.postgres")

SCHEMA_VERSION = 1
"""The layout this nbagent writes; databases with a higher version are refused."""

TABLES = ("nbagent_schema_version", "nbagent_messages", "nbagent_kv")

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS nbagent_schema_version (version integer NOT NULL)",
    # COLLATE "C": keys sort by code point, as Python's sorted() and SQLite do, whatever the
    # database's own collation is; the primary keys then serve the ORDER BYs.
    """CREATE TABLE IF NOT EXISTS nbagent_messages (
    session_id text COLLATE "C" NOT NULL,
    slot_id    text COLLATE "C" NOT NULL,
    idx        integer NOT NULL,
    data       text NOT NULL,
    PRIMARY KEY (session_id, slot_id, idx)
)""",
    """CREATE TABLE IF NOT EXISTS nbagent_kv (
    session_id text COLLATE "C" NOT NULL,
    namespace  text COLLATE "C" NOT NULL,
    key        text COLLATE "C" NOT NULL,
    value      text NOT NULL,
    PRIMARY KEY (session_id, namespace, key)
)""",
)

_SCHEMA_LOCK = 0x6E62_6167_6E74  # "nbagnt": serialises schema creation across processes

_SECRET_PARAMS = ("password", "sslpassword")


def display_conninfo(conninfo: str) -> str:
    """``conninfo`` fit for messages and reprs: password, user info and query values masked."""
    if "://" in conninfo:
        return display_url(conninfo)
    try:
        params = conninfo_to_dict(conninfo)
    except psycopg.Error:
        return "(an unreadable connection string)"
    return " ".join(f"{k}={'***' if _is_secret(k) else v}" for k, v in params.items())


def _is_secret(param: str) -> bool:
    return param in _SECRET_PARAMS or "key" in param or "password" in param


class PostgresStore(BaseStore):
    """A :class:`~nbagent.agent.store.MemoryStore` on PostgreSQL (psycopg 3, async pool).

    ``min_size`` / ``max_size`` bound the pool's connections; ``timeout`` is how many seconds a
    connection attempt, or a wait for a free pooled connection, may take.
    """

    def __init__(
        self, url: str, *, min_size: int = 1, max_size: int = 4, timeout: float = 30.0
    ) -> None:
        if not isinstance(url, str) or not url.strip():
            raise ConfigurationError(
                "PostgresStore needs a connection URL, e.g. "
                "PostgresStore('postgresql://user:password@localhost:5432/nbagent')."
            )
        self._conninfo = url
        self._secrets = _secrets_of(url)
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
            self._conninfo,
            min_size=self.min_size,
            max_size=self.max_size,
            kwargs={"autocommit": True},
            timeout=self.timeout,
            name="nbagent-store",
            open=False,
        )
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
                cur = await conn.execute(
                    "SELECT count(*) FROM unnest(%s::text[]) AS t(name) "
                    "WHERE to_regclass(t.name) IS NULL",
                    (list(TABLES),),
                )
                missing = await cur.fetchone()
                if missing is not None and missing[0]:  # CREATE needs a privilege reads do not
                    for statement in _SCHEMA:
                        await conn.execute(statement)
                cur = await conn.execute("SELECT MAX(version) FROM nbagent_schema_version")
                row = await cur.fetchone()
                version = row[0] if row else None
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
            async with pool.connection() as conn:
                yield conn
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

    def _scrub(self, error: BaseException | str) -> str:
        """``error``'s text with every secret of the URL masked."""
        text = str(error).strip()
        for secret in self._secrets:
            text = text.replace(secret, "***")
        return text

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
        rows = [(op, _encode(op)) for op in ops]  # serialise before taking a connection
        if not rows:
            return
        async with self._connection() as conn:
            try:
                if len(rows) == 1:  # one statement is a transaction of its own
                    await _check_appends(rows, [await _apply(conn, *rows[0])])
                    return
                # Pipelined: BEGIN and every statement go in one round trip, COMMIT in another.
                async with conn.pipeline() as pipeline, conn.transaction():
                    cursors = [await _apply(conn, op, encoded) for op, encoded in rows]
                    await pipeline.sync()
                    await _check_appends(rows, cursors)
            except pg_errors.UniqueViolation as e:
                # Another writer committed these indices between our check and our insert.
                raise await _conflict_after_race(conn, rows) from e

    # -- reads ------------------------------------------------------------------------------

    async def load_messages(self, session_id: str, slot_id: str) -> list[AnyMessage]:
        async with self._connection() as conn:
            cur = await conn.execute(
                "SELECT data FROM nbagent_messages WHERE session_id=%s AND slot_id=%s ORDER BY idx",
                (session_id, slot_id),
            )
            texts = [data for (data,) in await cur.fetchall()]
        return self._decode_messages(session_id, slot_id, texts)

    async def count_messages(self, session_id: str, slot_id: str) -> int:
        async with self._connection() as conn:
            return await _stored_count(conn, session_id, slot_id)

    async def get_value(self, session_id: str, namespace: str, key: str) -> JsonValue | None:
        async with self._connection() as conn:
            cur = await conn.execute(
                "SELECT value FROM nbagent_kv WHERE session_id=%s AND namespace=%s AND key=%s",
                (session_id, namespace, key),
            )
            row = await cur.fetchone()
        return None if row is None else self._decode(session_id, namespace, key, row[0])

    async def keys(self, session_id: str, namespace: str) -> list[str]:
        async with self._connection() as conn:
            cur = await conn.execute(
                "SELECT key FROM nbagent_kv WHERE session_id=%s AND namespace=%s ORDER BY key",
                (session_id, namespace),
            )
            return [str(r[0]) for r in await cur.fetchall()]

    async def items(self, session_id: str, namespace: str) -> list[tuple[str, JsonValue]]:
        async with self._connection() as conn:
            cur = await conn.execute(
                "SELECT key, value FROM nbagent_kv WHERE session_id=%s AND namespace=%s "
                "ORDER BY key",
                (session_id, namespace),
            )
            rows = await cur.fetchall()
        return [(r[0], self._decode(session_id, namespace, r[0], r[1])) for r in rows]

    async def load_session(self, session_id: str) -> SessionSnapshot:
        """Every value and slot history of the session, read in one snapshot.

        A ``REPEATABLE READ`` transaction sees the database as of its first query: a commit by
        another process lands wholly before or wholly after it.
        """
        # Pipelined: the transaction and both reads go in one round trip.
        async with self._connection() as conn, conn.pipeline(), conn.transaction():
            await conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            values_cur = await conn.execute(
                "SELECT namespace, key, value FROM nbagent_kv WHERE session_id=%s "
                "ORDER BY namespace, key",
                (session_id,),
            )
            messages_cur = await conn.execute(
                "SELECT slot_id, data FROM nbagent_messages WHERE session_id=%s "
                "ORDER BY slot_id, idx",
                (session_id,),
            )
            rows = await values_cur.fetchall()
            raw_messages: dict[str, list[str]] = {}
            for slot_id, data in await messages_cur.fetchall():
                raw_messages.setdefault(slot_id, []).append(data)
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
                raise _unreadable_history(self.url, session_id, slot_id, e) from e
        return messages

    async def session_ids(self) -> list[str]:
        async with self._connection() as conn:
            cur = await conn.execute(
                f"WITH RECURSIVE {_distinct_sessions('m', 'nbagent_messages')}, "
                f"{_distinct_sessions('k', 'nbagent_kv')} "
                "SELECT id FROM m WHERE id IS NOT NULL "
                "UNION SELECT id FROM k WHERE id IS NOT NULL ORDER BY 1"
            )
            return [str(r[0]) for r in await cur.fetchall()]

    def __repr__(self) -> str:
        return f"PostgresStore({self.url!r})"


async def _close_with_loop(pool: AsyncConnectionPool[Any]) -> None:
    """Close ``pool`` when this task is cancelled, as ``asyncio.run`` cancels every task at its
    end: psycopg's pool tasks outlive a cancellation, so an unclosed pool would keep the loop
    from ever finishing."""
    try:
        await asyncio.get_running_loop().create_future()
    finally:
        await pool.close()


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


async def _apply(
    conn: psycopg.AsyncConnection[Any], op: StoreOp, encoded: list[str]
) -> psycopg.AsyncCursor[Any]:
    match op:
        case AppendMessages():
            params = {
                "session": op.session_id,
                "slot": op.slot_id,
                "start": op.start_index,
                "data": encoded,
            }
            return await conn.execute(_APPEND, params)
        case PutValue():
            return await conn.execute(
                "INSERT INTO nbagent_kv (session_id, namespace, key, value) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (session_id, namespace, key) "
                "DO UPDATE SET value = EXCLUDED.value",
                (op.session_id, op.namespace, op.key, encoded[0]),
            )
        case DeleteValue():
            return await conn.execute(
                "DELETE FROM nbagent_kv WHERE session_id=%s AND namespace=%s AND key=%s",
                (op.session_id, op.namespace, op.key),
            )
        case _:
            assert_never(op)


async def _check_appends(
    rows: list[tuple[StoreOp, list[str]]], cursors: list[psycopg.AsyncCursor[Any]]
) -> None:
    """Raise the conflict for the first append that did not start where its history ended."""
    for (op, _), cur in zip(rows, cursors, strict=True):
        if isinstance(op, AppendMessages):
            row = await cur.fetchone()
            stored = int(row[0]) if row is not None else 0
            if stored != op.start_index:
                raise append_conflict(op, stored)


async def _conflict_after_race(
    conn: psycopg.AsyncConnection[Any], rows: list[tuple[StoreOp, list[str]]]
) -> StoreError:
    """The conflict of the append another writer overtook, read after the rollback."""
    appends = [op for op, _ in rows if isinstance(op, AppendMessages)]
    for op in appends:
        stored = await _stored_count(conn, op.session_id, op.slot_id)
        if stored != op.start_index:
            return append_conflict(op, stored)
    return append_conflict(
        appends[0], await _stored_count(conn, appends[0].session_id, appends[0].slot_id)
    )


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
    cur = await conn.execute(
        "SELECT MAX(idx) FROM nbagent_messages WHERE session_id=%s AND slot_id=%s",
        (session_id, slot_id),
    )
    row = await cur.fetchone()
    return 0 if row is None or row[0] is None else int(row[0]) + 1


def _encode(op: StoreOp) -> list[str]:
    match op:
        case AppendMessages():
            return [MESSAGE_ADAPTER.dump_json(m).decode() for m in op.messages]
        case PutValue():
            return [dump_value(op.value, where=f"{op.namespace}/{op.key!r}")]
        case DeleteValue():
            return []
        case _:
            assert_never(op)


def _secrets_of(conninfo: str) -> list[str]:
    """The secret values of ``conninfo`` (raw and URL-quoted), to mask in error texts."""
    try:
        params = conninfo_to_dict(conninfo)
    except psycopg.Error:
        # libpq's parse error quotes pieces of the string, which may hold the password.
        raise ConfigurationError(
            f"cannot read the PostgreSQL connection URL {display_url(conninfo)!r}: pass a "
            "postgresql://user:password@host:5432/dbname URL or a 'host=... dbname=...' "
            "connection string."
        ) from None
    found = {str(v) for k, v in params.items() if _is_secret(k) and v}
    found |= {urllib.parse.quote(s, safe="") for s in found}
    return sorted(found, key=len, reverse=True)


def _check_pool_settings(min_size: int, max_size: int, timeout: float) -> None:
    sizes_ok = all(isinstance(n, int) and not isinstance(n, bool) for n in (min_size, max_size))
    if not sizes_ok or min_size < 0 or max_size < 1 or max_size < min_size:
        raise ConfigurationError(
            f"PostgresStore pool sizes must be integers with 0 <= min_size <= max_size and "
            f"max_size >= 1, e.g. min_size=1, max_size=4; got {min_size!r}, {max_size!r}."
        )
    number = isinstance(timeout, int | float) and not isinstance(timeout, bool)
    if not number or not math.isfinite(timeout) or timeout <= 0:
        raise ConfigurationError(
            f"timeout must be a positive number of seconds, e.g. timeout=30.0; got {timeout!r}."
        )


def _unreadable_history(
    where: str, session_id: str, slot_id: str, e: ValidationError
) -> StoreError:
    return StoreError(
        f"stored history of slot {slot_id!r} in session {session_id!r} in {where} cannot be "
        f"read as messages ({e.error_count()} errors, first: {e.errors()[0]['msg']}). It may come "
        "from an incompatible nbagent version: upgrade nbagent, or open another session id."
    )


__all__ = ["SCHEMA_VERSION", "PostgresStore", "display_conninfo"]
