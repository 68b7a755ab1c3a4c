"""A store on a PostgreSQL server, so sessions can be shared by processes and machines.

:class:`PostgresStore` keeps :class:`~nbagent.agent.sqlite_store.SqliteStore`'s contract: one
transaction per commit; append-only histories (an append must start where the stored history
ends, so of two writers on one session exactly one wins, the other gets a :class:`StoreError`); a
session read in one snapshot (``REPEATABLE READ``, read only); damaged values reported with where
and what to do; a versioned schema (a database written by a newer nbagent is refused). Messages
and values are the exact JSON text nbagent writes, validated on load as SQLite's are. Tables are
prefixed ``nbagent_``: a server database is often shared with other applications.

Building does no I/O: the schema is checked and the pool (``psycopg_pool.AsyncConnectionPool``)
opened on first use. The URL is libpq's (``postgresql://user:password@host:5432/dbname`` or
``"host=... dbname=..."``); its password and query values are masked in the repr, logs and errors.

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
import urllib.parse
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, assert_never

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

_MISSING: ImportError | None = None
try:
    import psycopg
    from psycopg import errors as pg_errors
    from psycopg.conninfo import conninfo_to_dict
    from psycopg_pool import AsyncConnectionPool, PoolTimeout
except ImportError as e:
    # The class stays importable (``from nbagent import *``, ``hasattr``); making one says what
    # to install.
    _MISSING = e

logger = logging.getLogger("nbagent.agent.postgres")

SCHEMA_VERSION = 1
"""The layout this nbagent writes; databases with a higher version are refused."""

TABLES = ("nbagent_schema_version", "nbagent_messages", "nbagent_kv")

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
)

_SCHEMA_LOCK = 0x6E62_6167_6E74  # "nbagnt": serialises schema creation across processes


# -- the connection string: shown masked, its secrets kept to scrub ---------------------------
# A store is built from a URL that may hold a password. Reading it (``conninfo_to_dict``) needs
# no server, so the store checks it when built, and every repr, log line and error shows it only
# through display_conninfo or with secrets_of's values masked.


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
    return "password" in param or "key" in param  # password, sslpassword, sslkey, ...


def secrets_of(conninfo: str) -> list[str]:
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


class PostgresStore(BaseStore):
    """A :class:`~nbagent.agent.store.MemoryStore` on PostgreSQL (psycopg 3, async pool).

    ``min_size`` / ``max_size`` bound the pool's connections; ``timeout`` is how many seconds a
    connection attempt, or a wait for a free pooled connection, may take.
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
        self._conninfo = url
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

    async def _rows(self, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read (a statement of its own: autocommit)."""
        async with self._connection() as conn:
            cur = await conn.execute(query, params)
            return await cur.fetchall()

    async def load_messages(self, session_id: str, slot_id: str) -> list[AnyMessage]:
        rows = await self._rows(
            "SELECT data FROM nbagent_messages WHERE session_id=%s AND slot_id=%s ORDER BY idx",
            (session_id, slot_id),
        )
        return self._decode_messages(session_id, slot_id, [data for (data,) in rows])

    async def count_messages(self, session_id: str, slot_id: str) -> int:
        async with self._connection() as conn:
            return await _stored_count(conn, session_id, slot_id)

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
        case DeleteValue():
            query = "DELETE FROM nbagent_kv WHERE session_id=%s AND namespace=%s AND key=%s"
            return await conn.execute(query, (op.session_id, op.namespace, op.key))
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
        if stored != op.start_index or op is appends[-1]:
            return append_conflict(op, stored)
    raise AssertionError("a unique violation without an append")  # pragma: no cover


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
