"""The embedded default store: one SQLite file, WAL journal, one transaction per commit.

Without a path the file is ``.nbagent/nbagent.sqlite3`` under the working directory, created on
first use (not at construction, so building a session in a read-only folder fails only when it
writes). Calls are small and run on the store's own worker thread behind one lock, so the store
is safe from a Jupyter kernel's loop, from nbagent's background loop and from several sessions at
once — and a save never queues behind other work in the loop's default executor (a hung sync
tool, a slow ``asyncio.to_thread`` call).

The ``schema_version`` table records the layout; a file written by a newer nbagent is refused
with :class:`StoreError` rather than misread. The ``commits`` table holds the
:class:`~nbagent.agent.store.CommitMark` of recent commits (added to older files when opened;
an older nbagent ignores it).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
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
    dump_value,
    load_value,
    stored_version,
    swap_conflict,
)
from nbagent.errors import StoreError
from nbagent.llm.messages import MESSAGE_ADAPTER, AnyMessage

SCHEMA_VERSION = 1
"""The layout this nbagent writes; files with a higher version are refused."""

DEFAULT_PATH = Path(".nbagent") / "nbagent.sqlite3"

PREPARE_PATIENCE = 10.0
"""Seconds a store waits for another connection that is setting up the same new file."""

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
    """CREATE TABLE IF NOT EXISTS messages (
    session_id TEXT NOT NULL,
    slot_id    TEXT NOT NULL,
    idx        INTEGER NOT NULL,
    data       TEXT NOT NULL,
    PRIMARY KEY (session_id, slot_id, idx)
) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS kv (
    session_id TEXT NOT NULL,
    namespace  TEXT NOT NULL,
    key        TEXT NOT NULL,
    value      TEXT NOT NULL,
    PRIMARY KEY (session_id, namespace, key)
) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS commits (
    session_id TEXT NOT NULL,
    commit_id  TEXT NOT NULL,
    at         REAL NOT NULL,
    PRIMARY KEY (session_id, commit_id)
) WITHOUT ROWID""",
)

T = TypeVar("T")


class SqliteStore(BaseStore):
    """A :class:`~nbagent.agent.store.MemoryStore` in one SQLite file (WAL, atomic commits)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else Path.cwd() / DEFAULT_PATH
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None

    # -- connection -------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # isolation_level=None: transactions are explicit (BEGIN IMMEDIATE ... COMMIT).
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as e:
            raise StoreError(
                f"cannot open the session store at {self.path}: {e}. Pass a writable path, "
                "e.g. SqliteStore('/tmp/nbagent.sqlite3'), or use InMemoryStore()."
            ) from e
        try:
            self._prepare_retrying(conn)
        except BaseException:
            conn.close()
            raise
        self._conn = conn
        return conn

    def _prepare_retrying(self, conn: sqlite3.Connection) -> None:
        """:meth:`_prepare`, again while another connection holds the new file's first lock.

        Two stores opening a new file at once race for the switch to WAL, which SQLite answers
        with "database is locked" at once rather than through the busy timeout.
        """
        deadline = time.monotonic() + PREPARE_PATIENCE
        while True:
            try:
                return self._prepare(conn)
            except StoreError as e:
                locked = isinstance(e.__cause__, sqlite3.OperationalError) and "locked" in str(
                    e.__cause__
                )
                if not locked or time.monotonic() > deadline:
                    raise
            time.sleep(0.02)

    def _prepare(self, conn: sqlite3.Connection) -> None:
        """WAL mode, then create or check the schema (one transaction)."""
        try:
            conn.execute("PRAGMA busy_timeout=5000")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("BEGIN IMMEDIATE")
            for statement in _SCHEMA:
                conn.execute(statement)
            row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
            version = row[0] if row else None
            if version is None:
                conn.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            conn.execute("COMMIT")
        except sqlite3.Error as e:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise StoreError(
                f"{self.path} is not a usable nbagent store ({e}). Move it aside or pass "
                "another path."
            ) from e
        if version is not None and version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer nbagent (store schema {version}; this "
                f"version reads up to {SCHEMA_VERSION}). Upgrade nbagent, or pass another path."
            )

    def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            conn = self._connect()
            try:
                return fn(conn)
            except sqlite3.Error as e:
                raise StoreError(
                    f"session store {self.path} failed: {e}. If another process holds it "
                    "locked, wait and retry; if the file is damaged, move it aside."
                ) from e

    async def _call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._worker(), self._run, fn)

    def _worker(self) -> ThreadPoolExecutor:
        # One thread: the lock serialises the calls anyway. Made on first use, so a store
        # that is never used starts no thread.
        with self._lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="nbagent-sqlite")
            return self._executor

    async def close(self) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._worker(), self.close_sync)

    def close_sync(self) -> None:
        """Close the connection; the next call opens it again."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    # -- writes -----------------------------------------------------------------------------

    async def commit(self, ops: Sequence[StoreOp]) -> None:
        rows = [(op, _encode(op)) for op in ops]  # serialise before taking the write lock
        await self._call(lambda conn: self._commit(conn, rows))

    @staticmethod
    def _commit(conn: sqlite3.Connection, rows: list[tuple[StoreOp, list[str]]]) -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            mark = commit_mark([op for op, _ in rows])
            if mark is not None and _marked(conn, mark):
                conn.execute("ROLLBACK")  # a repeat of a commit that went through
                return
            for op, encoded in rows:
                _apply(conn, op, encoded)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    # -- reads ------------------------------------------------------------------------------

    async def load_messages(self, session_id: str, slot_id: str) -> list[AnyMessage]:
        def read(conn: sqlite3.Connection) -> list[AnyMessage]:
            # Row by row: each row's JSON is dropped once parsed, so a long history never sits
            # in memory twice (as text and as messages) - it halves the peak of a load.
            rows = conn.execute(
                "SELECT data FROM messages WHERE session_id=? AND slot_id=? ORDER BY idx",
                (session_id, slot_id),
            )
            return [MESSAGE_ADAPTER.validate_json(data) for (data,) in rows]

        try:
            return await self._call(read)
        except ValidationError as e:
            raise _unreadable_history(self.path, session_id, slot_id, e) from e

    async def count_messages(self, session_id: str, slot_id: str) -> int:
        return await self._call(lambda conn: _stored_count(conn, session_id, slot_id))

    async def get_value(self, session_id: str, namespace: str, key: str) -> JsonValue | None:
        row = await self._call(
            lambda conn: conn.execute(
                "SELECT value FROM kv WHERE session_id=? AND namespace=? AND key=?",
                (session_id, namespace, key),
            ).fetchone()
        )
        return None if row is None else self._decode(session_id, namespace, key, row[0])

    async def keys(self, session_id: str, namespace: str) -> list[str]:
        rows = await self._call(
            lambda conn: conn.execute(
                "SELECT key FROM kv WHERE session_id=? AND namespace=? ORDER BY key",
                (session_id, namespace),
            ).fetchall()
        )
        return [r[0] for r in rows]

    async def items(self, session_id: str, namespace: str) -> list[tuple[str, JsonValue]]:
        rows = await self._call(
            lambda conn: conn.execute(
                "SELECT key, value FROM kv WHERE session_id=? AND namespace=? ORDER BY key",
                (session_id, namespace),
            ).fetchall()
        )
        return [(r[0], self._decode(session_id, namespace, r[0], r[1])) for r in rows]

    async def load_session(self, session_id: str) -> SessionSnapshot:
        """Every value and slot history of the session, read in one transaction.

        In WAL mode a read transaction sees the file as of its first read: a commit by another
        process lands wholly before or wholly after it.
        """
        if self._conn is None and not self.path.exists():
            return SessionSnapshot(session_id, {}, {})

        def read(conn: sqlite3.Connection) -> tuple[list[Any], dict[str, list[AnyMessage]]]:
            conn.execute("BEGIN")
            try:
                values = conn.execute(
                    "SELECT namespace, key, value FROM kv WHERE session_id=? "
                    "ORDER BY namespace, key",
                    (session_id,),
                ).fetchall()
                messages: dict[str, list[AnyMessage]] = {}
                # Parsed row by row: a long history never sits in memory twice (text, messages).
                for slot_id, data in conn.execute(
                    "SELECT slot_id, data FROM messages WHERE session_id=? ORDER BY slot_id, idx",
                    (session_id,),
                ):
                    try:
                        message = MESSAGE_ADAPTER.validate_json(data)
                    except ValidationError as e:
                        raise _unreadable_history(self.path, session_id, slot_id, e) from e
                    messages.setdefault(slot_id, []).append(message)
            finally:
                conn.execute("COMMIT")
            return values, messages

        rows, messages = await self._call(read)
        values: dict[str, dict[str, JsonValue]] = {}
        for namespace, key, text in rows:
            values.setdefault(namespace, {})[key] = self._decode(session_id, namespace, key, text)
        return SessionSnapshot(session_id, values, messages)

    def _decode(self, session_id: str, namespace: str, key: str, text: str) -> JsonValue:
        where = f"{namespace}/{key!r} of session {session_id!r}"
        return load_value(text, where=where, location=str(self.path))

    async def session_ids(self) -> list[str]:
        """The sessions in the file (none, and no file created, when it does not exist yet)."""
        if self._conn is None and not self.path.exists():
            return []

        def read(conn: sqlite3.Connection) -> list[str]:
            ids = {*_distinct_sessions(conn, "kv"), *_distinct_sessions(conn, "messages")}
            return sorted(ids)

        return await self._call(read)

    def __repr__(self) -> str:
        return f"SqliteStore({str(self.path)!r})"


def _distinct_sessions(conn: sqlite3.Connection, table: str) -> list[str]:
    """The distinct ``session_id`` values of ``table``, one primary-key seek per session.

    ``SELECT DISTINCT`` would read every row, and the message rows hold the messages.
    """
    rows = conn.execute(
        f"""WITH RECURSIVE ids(id) AS (
            SELECT MIN(session_id) FROM {table}
            UNION ALL
            SELECT (SELECT MIN(session_id) FROM {table} WHERE session_id > ids.id)
            FROM ids WHERE ids.id IS NOT NULL
        ) SELECT id FROM ids WHERE id IS NOT NULL"""
    ).fetchall()
    return [str(row[0]) for row in rows]


def _stored_count(conn: sqlite3.Connection, session_id: str, slot_id: str) -> int:
    """How many messages a slot holds: one past its last index.

    Appends are checked to start where the history ends, so indices run 0..n-1 without gaps.
    ``MAX`` seeks the end of the primary key; ``COUNT(*)`` would read every row, and the rows hold
    the messages themselves (a 10,000-message history is megabytes of pages) on every append.
    """
    row = conn.execute(
        "SELECT MAX(idx) FROM messages WHERE session_id=? AND slot_id=?", (session_id, slot_id)
    ).fetchone()
    return 0 if row[0] is None else int(row[0]) + 1


def _apply(conn: sqlite3.Connection, op: StoreOp, encoded: list[str]) -> None:
    """One op of a commit, inside its transaction."""
    match op:
        case AppendMessages():
            stored = _stored_count(conn, op.session_id, op.slot_id)
            if stored != op.start_index:
                raise append_conflict(op, stored)
            conn.executemany(
                "INSERT INTO messages (session_id, slot_id, idx, data) VALUES (?, ?, ?, ?)",
                [
                    (op.session_id, op.slot_id, op.start_index + i, data)
                    for i, data in enumerate(encoded)
                ],
            )
        case PutValue() | SwapValue():
            if isinstance(op, SwapValue):
                row = conn.execute(
                    "SELECT value FROM kv WHERE session_id=? AND namespace=? AND key=?",
                    (op.session_id, op.namespace, op.key),
                ).fetchone()
                stored = 0 if row is None else stored_version(_parsed(row[0]))
                if stored != op.expected:
                    raise swap_conflict(op, stored)
            conn.execute(
                "INSERT OR REPLACE INTO kv (session_id, namespace, key, value) VALUES (?, ?, ?, ?)",
                (op.session_id, op.namespace, op.key, encoded[0]),
            )
        case DeleteValue():
            conn.execute(
                "DELETE FROM kv WHERE session_id=? AND namespace=? AND key=?",
                (op.session_id, op.namespace, op.key),
            )
        case CommitMark():
            now = time.time()
            conn.execute(
                "DELETE FROM commits WHERE session_id=? AND at < ?",
                (op.session_id, now - MARK_RETENTION),
            )
            conn.execute(
                "INSERT INTO commits (session_id, commit_id, at) VALUES (?, ?, ?)",
                (op.session_id, op.commit_id, now),
            )
        case _:
            assert_never(op)


def _marked(conn: sqlite3.Connection, mark: CommitMark) -> bool:
    query = "SELECT 1 FROM commits WHERE session_id=? AND commit_id=?"
    return conn.execute(query, (mark.session_id, mark.commit_id)).fetchone() is not None


def _parsed(text: str) -> JsonValue:
    """A stored value for its version only: damaged text has none (the load reports it)."""
    try:
        return json.loads(text)
    except ValueError:
        return None


def _encode(op: StoreOp) -> list[str]:
    match op:
        case AppendMessages():
            return [MESSAGE_ADAPTER.dump_json(m).decode() for m in op.messages]
        case PutValue() | SwapValue():
            return [dump_value(op.value, where=f"{op.namespace}/{op.key!r}")]
        case DeleteValue() | CommitMark():
            return []
        case _:
            assert_never(op)


def _unreadable_history(
    path: Path, session_id: str, slot_id: str, e: ValidationError
) -> StoreError:
    return StoreError(
        f"stored history of slot {slot_id!r} in session {session_id!r} in {path} cannot be "
        f"read as messages ({e.error_count()} errors, first: {e.errors()[0]['msg']}). It may come "
        "from an incompatible nbagent version: upgrade nbagent, or open another session id."
    )


__all__ = ["DEFAULT_PATH", "SCHEMA_VERSION", "SqliteStore"]
