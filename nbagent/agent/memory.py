"""Session memory: a per-session key/value store of JSON values on the session's MemoryStore.

The summary checkpoint writes the latest summary under :data:`CONVERSATION_SUMMARY_KEY`; pick
other keys for your own data.
"""

from __future__ import annotations

from nbagent.agent.store import JsonValue, MemoryStore
from nbagent.llm.tools import run_sync

MEMORY_NAMESPACE = "memory"
CONVERSATION_SUMMARY_KEY = "conversation_summary"
"""Where the summary checkpoint keeps the latest summary (overwritten at every summary)."""


class SessionMemory:
    """JSON values of one session: ``await memory.set("k", {"a": 1})``; ``x_sync`` twins too."""

    def __init__(self, store: MemoryStore, session_id: str) -> None:
        self.store = store
        self.session_id = session_id

    async def set(self, key: str, value: JsonValue) -> None:
        """Store ``value`` (any JSON value) under ``key``, replacing what was there."""
        await self.store.put_value(self.session_id, MEMORY_NAMESPACE, key, value)

    async def get(self, key: str, default: JsonValue = None) -> JsonValue:
        """The value under ``key``, or ``default`` when the key is absent."""
        value = await self.store.get_value(self.session_id, MEMORY_NAMESPACE, key)
        return default if value is None else value

    async def delete(self, key: str) -> None:
        """Remove ``key`` (no error when absent)."""
        await self.store.delete_value(self.session_id, MEMORY_NAMESPACE, key)

    async def keys(self) -> list[str]:
        """The keys set in this session, sorted."""
        return await self.store.keys(self.session_id, MEMORY_NAMESPACE)

    def set_sync(self, key: str, value: JsonValue) -> None:
        run_sync(self.set(key, value))

    def get_sync(self, key: str, default: JsonValue = None) -> JsonValue:
        return run_sync(self.get(key, default))

    def delete_sync(self, key: str) -> None:
        run_sync(self.delete(key))

    def keys_sync(self) -> list[str]:
        return run_sync(self.keys())

    def __repr__(self) -> str:
        return f"SessionMemory(session_id={self.session_id!r}, store={self.store!r})"


__all__ = ["CONVERSATION_SUMMARY_KEY", "MEMORY_NAMESPACE", "SessionMemory"]
