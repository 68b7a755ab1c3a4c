"""Memory stores: where sessions keep their message histories and small JSON values.

A store holds two kinds of data per session:

- **message histories**, one per context slot, written append-only: a turn adds its new messages
  at the index where the stored history ends, so a long history is never rewritten;
- **values**: small JSON documents under ``(namespace, key)`` — slot configs, the session state,
  session memory, timeline records.

:meth:`MemoryStore.session_ids` lists the sessions a store holds.

Writes go through :meth:`MemoryStore.commit`, which applies a list of operations in **one
transaction**: a turn's messages, its slot config and the session state land together or not at
all. :class:`InMemoryStore` is for tests and throwaway sessions; :class:`SqliteStore` (see
:mod:`nbagent.agent.sqlite_store`) is the embedded default that survives a kernel restart.

Two operations make a commit safe to repeat and safe against another writer:

- :class:`SwapValue` writes a value only over the version it was computed from (compare and
  swap): a writer holding an older session state gets a conflict instead of undoing a newer one;
- :class:`CommitMark` names a commit: a commit whose mark is stored already applies nothing and
  succeeds, so a store that lost the reply to its COMMIT (the connection dropped after the
  server committed) sends the commit again and learns that it went through, without doubling it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, assert_never, runtime_checkable

from nbagent.errors import StoreError
from nbagent.llm.messages import AnyMessage

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


__all__ = [
    "MARK_RETENTION",
    "AppendMessages",
    "BaseStore",
    "CommitMark",
    "DeleteValue",
    "InMemoryStore",
    "JsonValue",
    "MemoryStore",
    "PutValue",
    "SessionSnapshot",
    "StoreOp",
    "SwapValue",
]
