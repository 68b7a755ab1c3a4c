"""The sessions of one notebook: which are open, which is the default, where they are stored.

The magics keep one :class:`SessionBook`. Sessions persist in a :class:`SqliteStore` (one per
file, shared by the sessions that use it), so ``%agent new --session trip`` after a kernel
restart resumes ``trip`` where it stopped. The default session is the one ``%agent new`` (or
``%agent reset``, or the first ``%%agent`` cell) opened last.
"""

from __future__ import annotations

import logging
import shlex
from dataclasses import dataclass
from pathlib import Path

from nbagent.agent import UNCHANGED, Unchanged, run_sync
from nbagent.agent.builder import AgentBuilder, store_from_url
from nbagent.agent.session import AgentSession
from nbagent.agent.store import DEFAULT_PATH, MemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import CycleConfig
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.providers.registry import KEY_ENV_VARS, PROVIDER_ENV_VAR
from nbagent.llm.tools import Tool, ToolRegistry

logger = logging.getLogger("nbagent.notebook.sessions")

SESSION_PREFIX = "chat-"
"""Generated session ids are ``chat-1``, ``chat-2``, ... (the first free one in the store)."""

OFFLINE_NOTICE = (
    "No provider key found ({vars}): using the offline demo provider. Its replies are canned; "
    "no model or network is used. Set a key and run `%agent new`, or pick one with "
    "`%agent new --provider SPEC` (e.g. openai:gpt-4o-mini)."
).format(vars=", ".join([*KEY_ENV_VARS.values(), PROVIDER_ENV_VAR]))


def provider_label(provider: LlmProvider) -> str:
    """``name:model``: what a user sees of a provider (never a key or a header)."""
    return f"{getattr(provider, 'name', type(provider).__name__)}:{provider.model}"


def is_offline(provider: LlmProvider) -> bool:
    return isinstance(provider, OfflineProvider)


@dataclass(frozen=True)
class StoredSession:
    """One row of ``%agent sessions``."""

    session_id: str
    turns: int
    messages: int
    summarised: bool
    open: bool
    default: bool


def store_location(store: MemoryStore) -> str:
    """Where a store keeps its sessions, for messages (a URL's password masked)."""
    return str(getattr(store, "path", None) or getattr(store, "url", None) or repr(store))


def stored_session_ids(store: MemoryStore) -> list[str]:
    """The session ids saved in ``store`` (none, and no file created, before its first write)."""
    return run_sync(store.session_ids())


def store_path(path: str) -> Path:
    """``path`` with ``~`` / ``~user`` expanded; an unknown user is a clear error."""
    try:
        return Path(path).expanduser()
    except RuntimeError as e:  # pathlib: "Could not determine home directory"
        raise ConfigurationError(
            f"cannot use the store path {path!r}: {e} (no such user, or no home directory). "
            "Give the full path of the SQLite file, e.g. --store /tmp/sessions.sqlite3"
        ) from e


def as_registry(value: object, name: str) -> ToolRegistry:
    """A notebook variable holding a :class:`ToolRegistry`, a tool, or a list of them."""
    if isinstance(value, ToolRegistry):
        return value
    items = [value] if isinstance(value, Tool) or callable(value) else value
    if isinstance(items, list | tuple) and all(isinstance(i, Tool) or callable(i) for i in items):
        return ToolRegistry(items)
    raise ConfigurationError(
        f"--tools {name}: expected a ToolRegistry, a function or a list of functions, got "
        f"{type(value).__name__}"
    )


class SessionBook:
    """Open sessions by id, the default one, and the stores they live in."""

    def __init__(self) -> None:
        self.sessions: dict[str, AgentSession] = {}
        self.default_id: str | None = None
        self.offline_notice_shown = False
        self._stores: dict[str, MemoryStore] = {}

    def store(self, path: str | None) -> MemoryStore:
        """The store of ``path``: a SQLite file (``None`` or ``""``: ``.nbagent/`` under the
        working directory), or a ``postgresql://`` URL shared with other kernels."""
        if path and path.startswith(("postgresql://", "postgres://")):
            key = path
        else:
            key = str((store_path(path) if path else Path.cwd() / DEFAULT_PATH).resolve())
        store = self._stores.get(key)
        if store is None:
            store = self._stores[key] = store_from_url(key)
        return store

    def get(self, session_id: str | None = None) -> AgentSession:
        """The open session ``session_id`` (default: the default one)."""
        wanted = session_id or self.default_id
        if wanted is None:
            raise ConfigurationError(
                "no agent session yet: run `%agent new` or a `%%agent` cell first"
            )
        session = self.sessions.get(wanted)
        if session is None:
            known = ", ".join(sorted(self.sessions)) or "none"
            raise ConfigurationError(
                f"no open session {wanted!r} (open: {known}); open it with "
                f"`%agent new --session {shlex.quote(wanted)}`"
            )
        return session

    def fresh_id(self, store: MemoryStore) -> str:
        taken = set(self.sessions) | set(stored_session_ids(store))
        n = 1
        while f"{SESSION_PREFIX}{n}" in taken:
            n += 1
        return f"{SESSION_PREFIX}{n}"

    def open(
        self,
        *,
        provider: LlmProvider,
        store: MemoryStore,
        session_id: str | None = None,
        model: str | None = None,
        system: str | None = None,
        summary: SummaryConfig | None = None,
        tools: ToolRegistry | None = None,
        compact: CompactConfig | None = None,
        make_default: bool = True,
    ) -> AgentSession:
        """Open (resume when stored) ``session_id``, or a fresh one.

        It becomes the default session when ``make_default`` is set or there is none yet.
        """
        builder = AgentBuilder().provider(provider).store(store).summary_config(summary)
        builder = builder.track_retention()  # notebooks show it: %agent facts, the timeline
        builder = builder.compact_config(compact)
        if model:
            builder = builder.cycle_config(CycleConfig(model=model))
        if system:
            builder = builder.system_prompt(system)
        if tools is not None:
            builder = builder.tool_registry(tools)
        session = builder.build().session(session_id or self.fresh_id(store))
        self.sessions[session.session_id] = session
        if make_default or self.default_id is None:
            self.default_id = session.session_id
        return session

    def reset(self, session_id: str | None = None) -> tuple[AgentSession, AgentSession]:
        """A fresh session with the settings of ``session_id``'s; returns ``(old, new)``.

        What ``%agent config`` gave the old session is saved for the new one too, so it
        survives a restart.
        """
        old = self.get(session_id)
        store = old.bundle.store
        new = AgentSession(self.fresh_id(store), old.bundle).open_sync()
        saved = old.configured
        new.configure_sync(
            summary_config=saved.summary_config,
            compact_config=saved.compact_config,
            system_prompt=saved.system_prompt,
        )
        # The slot's mode and view settings are settings too (`%agent config --mode`); its
        # summary belongs to the old conversation (the new slot has none).
        new.slot.config = new.slot.config.model_copy(
            update={"mode": old.slot.config.mode, "focused": old.slot.focused}
        )
        save_slot(new)
        self.sessions[new.session_id] = new
        self.default_id = new.session_id
        return old, new

    def listing(self, store: MemoryStore) -> list[StoredSession]:
        """The sessions stored in ``store`` and those open on it, by id."""
        open_here = {sid: s for sid, s in self.sessions.items() if s.bundle.store is store}
        rows: list[StoredSession] = []
        for sid in sorted(set(stored_session_ids(store)) | set(open_here)):
            session = open_here.get(sid)
            if session is None:
                session = (
                    AgentBuilder().provider(OfflineProvider()).store(store).build().session(sid)
                )
            rows.append(
                StoredSession(
                    session_id=sid,
                    turns=session.turn_index,
                    messages=len(session.slot),
                    summarised=session.slot.summary_override is not None,
                    open=sid in open_here,
                    default=sid == self.default_id,
                )
            )
        return rows

    def configure(
        self,
        session: AgentSession,
        *,
        summary: SummaryConfig | Unchanged | None = UNCHANGED,
        compact: CompactConfig | Unchanged | None = UNCHANGED,
    ) -> None:
        """Give ``session`` new summary and microcompact settings (``None``: off), saved with
        it so ``%agent new --session ID`` resumes it with them (see
        :meth:`AgentSession.configure`)."""
        session.configure_sync(summary_config=summary, compact_config=compact)

    def close(self) -> None:
        """Forget every session, close their providers' connections and the stores."""
        providers = {id(s.bundle.provider): s.bundle.provider for s in self.sessions.values()}
        for provider in providers.values():
            aclose = getattr(provider, "aclose", None)
            if aclose is None:
                continue
            try:
                run_sync(aclose())
            except Exception as e:  # closing is best effort; the kernel goes on
                logger.warning("closing provider %s failed: %s", provider_label(provider), e)
        self.sessions.clear()
        self.default_id = None
        for store in self._stores.values():
            try:
                run_sync(store.close())
            except Exception as e:  # best effort, as above
                logger.warning("closing store %s failed: %s", store_location(store), e)
        self._stores.clear()


def save_slot(session: AgentSession) -> None:
    """Write the current slot's config now (a mode change survives a restart)."""
    run_sync(session.slot.save(session.bundle.store))


__all__ = [
    "OFFLINE_NOTICE",
    "SessionBook",
    "StoredSession",
    "as_registry",
    "is_offline",
    "provider_label",
    "save_slot",
    "stored_session_ids",
]
