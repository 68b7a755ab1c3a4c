"""Memory stores: where sessions keep their message histories and small JSON values.

A store holds two kinds of data per session:

- **message histories**, one per context slot, written append-only: a turn adds its new messages
  at the index where the stored history ends, so a long history is never rewritten;
- **values**: small JSON documents under ``(namespace, key)`` — slot configs, the session state,
  session memory, timeline records.

:meth:`MemoryStore.session_ids` lists the sessions a store holds.

Writes go through :meth:`MemoryStore.commit`, which applies a list of operations in **one
transaction**: a turn's messages, its slot config and the session state land together or not at
all. :class:`InMemoryStore` is for tests and throwaway sessions; :class:`SqliteStore` is the
embedded default that survives a kernel restart; ``PostgresStore`` keeps the same contract in a
module of its own (:mod:`nbagent.agent.postgres_store`: it needs the ``postgres`` extra).

Two operations make a commit safe to repeat and safe against another writer:

- :class:`SwapValue` writes a value only over the version it was computed from (compare and
  swap): a writer holding an older session state gets a conflict instead of undoing a newer one;
- :class:`CommitMark` names a commit: a commit whose mark is stored already applies nothing and
  succeeds, so a store that lost the reply to its COMMIT (the connection dropped after the
  server committed) sends the commit again and learns that it went through, without doubling it.

The module reads top to bottom: the operations, the protocol and what every store shares, then
:class:`InMemoryStore`, then :class:`SqliteStore`.

:class:`SqliteStore` is one SQLite file, WAL journal, one transaction per commit. Without a path
the file is ``.nbagent/nbagent.sqlite3`` under the working directory, created on first use (not
at construction, so building a session in a read-only folder fails only when it writes). Calls
are small and run on the store's own worker thread behind one lock, so the store is safe from a
Jupyter kernel's loop, from nbagent's background loop and from several sessions at once — and a
save never queues behind other work in the loop's default executor (a hung sync tool, a slow
``asyncio.to_thread`` call). The ``schema_version`` table records the layout; a file written by
a newer nbagent is refused with :class:`StoreError` rather than misread. The ``commits`` table
holds the :class:`CommitMark` of recent commits (added to older files when opened; an older
nbagent ignores it).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeAlias, TypeVar, assert_never, runtime_checkable

from pydantic import ValidationError

from nbagent.errors import StoreError
from nbagent.llm.messages import MESSAGE_ADAPTER, AnyMessage

# --- the operations, the protocol, what every store shares ----------------------------------------

JsonValue: TypeAlias = Any
"""Anything :func:`json.dumps` accepts: ``None``, bool, numbers, str, lists and dicts of them."""


@dataclass(frozen=True)
class AppendMessages:
    """Append ``messages`` to a slot's history; the history must hold exactly ``start_index``."""

    session_id: str
    slot_id: str
    start_index: int
    messages: tuple[AnyMessage, ...]


@dataclass(frozen=True)
class PutValue:
    """Set the JSON ``value`` under ``(namespace, key)`` of a session."""

    session_id: str
    namespace: str
    key: str
    value: JsonValue


@dataclass(frozen=True)
class DeleteValue:
    """Remove ``(namespace, key)`` of a session (no error when absent)."""

    session_id: str
    namespace: str
    key: str


@dataclass(frozen=True)
class SwapValue:
    """Set ``value`` under ``(namespace, key)`` only if the stored value's ``"version"`` member
    is ``expected`` (a value that is absent, or has none, counts as version 0); otherwise the
    commit fails with a conflict (:func:`swap_conflict`) and applies nothing.

    The value written should carry ``expected + 1``: the session state is written this way, so a
    writer that read an older state can never overwrite a newer one.
    """

    session_id: str
    namespace: str
    key: str
    value: JsonValue
    expected: int


@dataclass(frozen=True)
class CommitMark:
    """Name the commit ``commit_id`` (unique per write). A commit whose mark the store holds
    already applies nothing and succeeds: it repeats one that went through. Marks are kept
    :data:`MARK_RETENTION` seconds."""

    session_id: str
    commit_id: str


StoreOp: TypeAlias = AppendMessages | PutValue | DeleteValue | SwapValue | CommitMark
"""One write; :meth:`MemoryStore.commit` applies a list of them atomically."""

MARK_RETENTION = 86_400.0
"""Seconds a :class:`CommitMark` is kept: a commit repeated later than this is applied again."""


def stored_version(value: JsonValue) -> int:
    """The ``"version"`` member of a stored value, 0 when there is none (see :class:`SwapValue`)."""
    if isinstance(value, dict):
        version = value.get("version")
        if isinstance(version, int) and not isinstance(version, bool):
            return version
    return 0


def commit_mark(ops: Sequence[StoreOp]) -> CommitMark | None:
    """The commit's mark, if it has one."""
    return next((op for op in ops if isinstance(op, CommitMark)), None)


@dataclass(frozen=True)
class SessionSnapshot:
    """Everything a store holds for one session, as of one moment.

    ``values`` maps a namespace to its ``{key: value}``; ``messages`` maps a slot id to its
    stored history. Opening a session reads this once, so a writer in another process can never
    leave it with the state of one commit and the messages of the next.
    """

    session_id: str
    values: dict[str, dict[str, JsonValue]]
    messages: dict[str, list[AnyMessage]]

    def value(self, namespace: str, key: str) -> JsonValue | None:
        return self.values.get(namespace, {}).get(key)

    def items(self, namespace: str) -> list[tuple[str, JsonValue]]:
        """The ``(key, value)`` pairs of a namespace, sorted by key."""
        return sorted(self.values.get(namespace, {}).items())

    def history(self, slot_id: str) -> list[AnyMessage]:
        return list(self.messages.get(slot_id, []))


@runtime_checkable
class MemoryStore(Protocol):
    """An async key/value and message store shared by the sessions of a bundle."""

    async def commit(self, ops: Sequence[StoreOp]) -> None:
        """Apply ``ops`` in one transaction; raise :class:`StoreError` and apply none on failure
        (an append not at the history's end, a :class:`SwapValue` over a moved version). A
        commit whose :class:`CommitMark` is stored already applies nothing and returns."""
        ...

    async def load_messages(self, session_id: str, slot_id: str) -> list[AnyMessage]:
        """The stored history of a slot, oldest first (empty when unknown)."""
        ...

    async def count_messages(self, session_id: str, slot_id: str) -> int: ...

    async def get_value(self, session_id: str, namespace: str, key: str) -> JsonValue | None:
        """The stored value, or ``None`` when absent."""
        ...

    async def keys(self, session_id: str, namespace: str) -> list[str]:
        """The keys of a namespace, sorted."""
        ...

    async def items(self, session_id: str, namespace: str) -> list[tuple[str, JsonValue]]:
        """The ``(key, value)`` pairs of a namespace, sorted by key."""
        ...

    async def session_ids(self) -> list[str]:
        """Every session id with stored messages or values, sorted."""
        ...

    async def load_session(self, session_id: str) -> SessionSnapshot:
        """Every value and slot history of a session, read in one consistent snapshot."""
        ...

    async def append_messages(
        self, session_id: str, slot_id: str, messages: Sequence[AnyMessage], start_index: int
    ) -> None: ...

    async def put_value(
        self, session_id: str, namespace: str, key: str, value: JsonValue
    ) -> None: ...

    async def delete_value(self, session_id: str, namespace: str, key: str) -> None: ...

    async def close(self) -> None: ...


class BaseStore:
    """Single-operation writes expressed through :meth:`commit`; concrete stores subclass this."""

    async def commit(self, ops: Sequence[StoreOp]) -> None:
        raise NotImplementedError

    async def append_messages(
        self, session_id: str, slot_id: str, messages: Sequence[AnyMessage], start_index: int
    ) -> None:
        await self.commit([AppendMessages(session_id, slot_id, start_index, tuple(messages))])

    async def put_value(self, session_id: str, namespace: str, key: str, value: JsonValue) -> None:
        await self.commit([PutValue(session_id, namespace, key, value)])

    async def delete_value(self, session_id: str, namespace: str, key: str) -> None:
        await self.commit([DeleteValue(session_id, namespace, key)])

    async def close(self) -> None:
        return None


def dump_value(value: JsonValue, *, where: str) -> str:
    """Serialise a value, saying which key refused when it is not JSON."""
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as e:
        raise StoreError(
            f"cannot store {where}: {e}. Store JSON values only (str, numbers, bool, None, "
            "lists and dicts of them); convert other objects first, e.g. with model_dump()."
        ) from e


def load_value(text: str, *, where: str, location: str) -> JsonValue:
    """Parse a stored value; damage becomes a :class:`StoreError` that says where and what to do."""
    try:
        return json.loads(text)
    except (TypeError, ValueError) as e:
        raise StoreError(
            f"the stored value {where} in {location} is damaged (not JSON: {e}). Delete that "
            "value (for a session's state: start a new session id), or move the store aside and "
            "start afresh."
        ) from e


RELOAD_HINT = (
    "Build the session again to reload it, or submit the turn again: the session reloads the "
    "stored state before its next turn."
)


def append_conflict(op: AppendMessages, stored: int) -> StoreError:
    return StoreError(
        f"slot {op.slot_id!r} of session {op.session_id!r} holds {stored} stored messages but "
        f"the write appends at index {op.start_index}: another session object wrote to the same "
        f"session. {RELOAD_HINT}"
    )


def swap_conflict(op: SwapValue, stored: int | None = None) -> StoreError:
    found = "" if stored is None else f" (version {stored})"
    return StoreError(
        f"{op.namespace}/{op.key!r} of session {op.session_id!r} changed{found} since this "
        f"writer read version {op.expected}: another session object wrote to the same "
        f"session. {RELOAD_HINT}"
    )


# --- InMemoryStore --------------------------------------------------------------------------------


class InMemoryStore(BaseStore):
    """A store in a dict: for tests and sessions that need not outlive the process.

    Values are kept as JSON text, so a read never returns an object a caller could mutate.
    """

    def __init__(self) -> None:
        self._messages: dict[tuple[str, str], list[AnyMessage]] = {}
        self._values: dict[tuple[str, str, str], str] = {}
        self._marks: dict[tuple[str, str], float] = {}

    async def commit(self, ops: Sequence[StoreOp]) -> None:
        mark = commit_mark(ops)
        if mark is not None and (mark.session_id, mark.commit_id) in self._marks:
            return  # a repeat of a commit that went through
        # Validate and serialise everything first, so a bad op leaves the store untouched.
        staged_lengths: dict[tuple[str, str], int] = {}
        puts: list[tuple[StoreOp, str | None]] = []
        for op in ops:
            match op:
                case AppendMessages():
                    slot = (op.session_id, op.slot_id)
                    length = staged_lengths.get(slot, len(self._messages.get(slot, [])))
                    if op.start_index != length:
                        raise append_conflict(op, length)
                    staged_lengths[slot] = length + len(op.messages)
                    puts.append((op, None))
                case PutValue() | SwapValue():
                    where = f"{op.namespace}/{op.key!r}"
                    if isinstance(op, SwapValue):
                        stored = self._version(op.session_id, op.namespace, op.key)
                        if stored != op.expected:
                            raise swap_conflict(op, stored)
                    puts.append((op, dump_value(op.value, where=where)))
                case DeleteValue() | CommitMark():
                    puts.append((op, None))
                case _:
                    assert_never(op)
        now = time.monotonic()
        for op, text in puts:
            match op:
                case AppendMessages():
                    self._messages.setdefault((op.session_id, op.slot_id), []).extend(op.messages)
                case PutValue() | SwapValue():
                    assert text is not None
                    self._values[(op.session_id, op.namespace, op.key)] = text
                case DeleteValue():
                    self._values.pop((op.session_id, op.namespace, op.key), None)
                case CommitMark():
                    self._marks[(op.session_id, op.commit_id)] = now
                case _:
                    assert_never(op)
        if len(self._marks) > 1024:  # now and then, not at every commit
            self._marks = {k: at for k, at in self._marks.items() if now - at < MARK_RETENTION}

    def _version(self, session_id: str, namespace: str, key: str) -> int:
        text = self._values.get((session_id, namespace, key))
        if text is None:
            return 0
        return stored_version(self._load(session_id, namespace, key, text))

    async def load_messages(self, session_id: str, slot_id: str) -> list[AnyMessage]:
        return list(self._messages.get((session_id, slot_id), []))

    async def count_messages(self, session_id: str, slot_id: str) -> int:
        return len(self._messages.get((session_id, slot_id), []))

    async def get_value(self, session_id: str, namespace: str, key: str) -> JsonValue | None:
        text = self._values.get((session_id, namespace, key))
        return None if text is None else self._load(session_id, namespace, key, text)

    @staticmethod
    def _load(session_id: str, namespace: str, key: str, text: str) -> JsonValue:
        where = f"{namespace}/{key!r} of session {session_id!r}"
        return load_value(text, where=where, location="the in-memory store")

    async def keys(self, session_id: str, namespace: str) -> list[str]:
        return sorted(k for s, n, k in self._values if s == session_id and n == namespace)

    async def items(self, session_id: str, namespace: str) -> list[tuple[str, JsonValue]]:
        values = self._values
        return [
            (key, self._load(session_id, namespace, key, values[(session_id, namespace, key)]))
            for key in await self.keys(session_id, namespace)
        ]

    async def load_session(self, session_id: str) -> SessionSnapshot:
        # No await between the reads: nothing can commit in between.
        values: dict[str, dict[str, JsonValue]] = {}
        for (sid, namespace, key), text in sorted(self._values.items()):
            if sid == session_id:
                values.setdefault(namespace, {})[key] = self._load(sid, namespace, key, text)
        messages = {
            slot: list(history)
            for (sid, slot), history in self._messages.items()
            if sid == session_id and history
        }
        return SessionSnapshot(session_id, values, messages)

    async def session_ids(self) -> list[str]:
        return self._session_ids()

    def _session_ids(self) -> list[str]:
        with_messages = {s for (s, _), messages in self._messages.items() if messages}
        return sorted(with_messages | {s for s, _, _ in self._values})

    def __repr__(self) -> str:
        return f"InMemoryStore(sessions={len(self._session_ids())})"


# --- SqliteStore: the embedded default ------------------------------------------------------------

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
        rows = [(op, encode_op(op)) for op in ops]  # serialise before taking the write lock
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


def encode_op(op: StoreOp) -> list[str]:
    """The JSON texts a store writes for ``op``: a message each, or the value (SQLite and
    PostgreSQL store the same texts)."""
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


__all__ = [
    "DEFAULT_PATH",
    "MARK_RETENTION",
    "SCHEMA_VERSION",
    "AppendMessages",
    "BaseStore",
    "CommitMark",
    "DeleteValue",
    "InMemoryStore",
    "JsonValue",
    "MemoryStore",
    "PutValue",
    "SessionSnapshot",
    "SqliteStore",
    "StoreOp",
    "SwapValue",
]
