"""AgentBuilder: the chained way to assemble a bundle.

::

    bundle = (
        AgentBuilder()
        .provider("offline")                 # an LlmProvider, or a spec string
        .tool_registry(registry)
        .hook_executor(hooks)
        .summary_config(SummaryConfig(max_context_tokens=8_000))
        .build()
    )
    session = bundle.session("demo")

Building does no I/O. Sessions persist in memory unless ``.store(...)`` names a store, e.g.
``SqliteStore("trips.sqlite3")`` so that they survive a kernel restart.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from nbagent.agent.bundle import AgentBundle
from nbagent.agent.config import AgentConfig
from nbagent.agent.context import SlotConfig
from nbagent.agent.store import InMemoryStore, MemoryStore, SqliteStore
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import CycleConfig
from nbagent.llm.hooks import HookExecutor
from nbagent.llm.pricing import Pricing
from nbagent.llm.provider import LlmProvider
from nbagent.llm.tokens import TokenEstimator
from nbagent.llm.tools import ToolRegistry


def store_from_url(url: str) -> MemoryStore:
    """The store a string names: a PostgreSQL URL, ``"memory"``, or the path of a SQLite file."""
    if url.startswith(("postgresql://", "postgres://")):
        from nbagent.agent.postgres_store import PostgresStore

        return PostgresStore(url)
    if url in ("memory", ":memory:"):
        return InMemoryStore()
    if not url.strip():
        raise ConfigurationError("a store needs a URL or a path, e.g. 'sessions.sqlite3'")
    return SqliteStore(url)


class AgentBuilder:
    """Collects a provider, tools, hooks, a store and settings; :meth:`build` checks them."""

    def __init__(self) -> None:
        self._provider: LlmProvider | None = None
        self._registry: ToolRegistry | None = None
        self._hooks: HookExecutor | None = None
        self._store: MemoryStore | None = None
        self._config = AgentConfig()

    def _set(self, **changes: Any) -> AgentBuilder:
        self._config = dataclasses.replace(self._config, **changes)
        return self

    def provider(self, provider: LlmProvider | str, **kwargs: Any) -> AgentBuilder:
        """The model provider: an object, or a spec string such as ``"openai:gpt-4o-mini"``,
        ``"offline"`` or ``"llamacpp:local@http://127.0.0.1:8080/v1"`` (``kwargs`` go to its
        constructor, e.g. ``api_key=``)."""
        if isinstance(provider, str):
            from nbagent.llm.providers.registry import provider_from_spec

            provider = provider_from_spec(provider, **kwargs)
        elif kwargs:
            raise ConfigurationError(
                "AgentBuilder.provider() takes keyword arguments only with a spec string; "
                "pass them to the provider's constructor instead"
            )
        elif not isinstance(provider, LlmProvider):
            raise ConfigurationError(
                f"AgentBuilder.provider() needs a provider (an object with async chat() and "
                f"chat_stream(), e.g. OfflineProvider()) or a spec string such as "
                f"'openai:gpt-4o-mini', got {type(provider).__name__}"
            )
        self._provider = provider
        return self

    def tool_registry(self, registry: ToolRegistry) -> AgentBuilder:
        self._registry = registry
        return self

    def hook_executor(self, hooks: HookExecutor) -> AgentBuilder:
        self._hooks = hooks
        return self

    def store(self, store: MemoryStore | str) -> AgentBuilder:
        """Where sessions persist (default: an :class:`InMemoryStore`; a
        :class:`~nbagent.agent.store.SqliteStore` outlives the kernel). A string names
        one: ``"postgresql://user:password@host/db"`` (a shared
        :class:`~nbagent.agent.postgres_store.PostgresStore`), ``"memory"``, or a SQLite path."""
        self._store = store_from_url(store) if isinstance(store, str) else store
        return self

    def config(self, config: AgentConfig) -> AgentBuilder:
        """Replace every setting at once (the chained setters below change one each)."""
        self._config = config
        return self

    def system_prompt(self, prompt: str | None) -> AgentBuilder:
        return self._set(system_prompt=prompt)

    def compact_config(self, config: CompactConfig | None) -> AgentBuilder:
        return self._set(compact_config=config)

    def summary_config(self, config: SummaryConfig | None) -> AgentBuilder:
        """Turn automatic summaries on (``None`` turns them off again)."""
        return self._set(summary_config=config)

    def cycle_config(self, config: CycleConfig) -> AgentBuilder:
        """Request settings: model, max_tokens, temperature, tool loop bounds."""
        return self._set(cycle=config)

    def slot_config(self, config: SlotConfig) -> AgentBuilder:
        """The config of the slot new sessions start with."""
        return self._set(slot=config)

    def track_retention(self, on: bool = True, probes: Sequence[str] = ()) -> AgentBuilder:
        """Record per turn which facts the model still sees, and of ``probes`` (texts you rely
        on) how many (``AgentConfig.track_retention``: ``True``, or the probes)."""
        if isinstance(probes, str):
            raise ConfigurationError("probes must be a list of texts, not one string")
        return self._set(track_retention=tuple(probes) if on and probes else on)

    def estimator(self, estimator: TokenEstimator | None) -> AgentBuilder:
        return self._set(estimator=estimator)

    def pricing(self, pricing: Pricing) -> AgentBuilder:
        """The prices USD per turn is computed at (default: the shipped table)."""
        return self._set(pricing=pricing)

    def build(self) -> AgentBundle:
        if self._provider is None:
            raise ConfigurationError(
                "AgentBuilder needs a provider: call .provider(p) first, e.g. with "
                "OfflineProvider() for a demo without a key"
            )
        store = self._store if self._store is not None else InMemoryStore()
        return AgentBundle(
            provider=self._provider,
            store=store,
            config=self._config,
            tool_registry=self._registry,
            hook_executor=self._hooks,
        )

    def __repr__(self) -> str:
        provider = getattr(self._provider, "name", None)
        return f"AgentBuilder(provider={provider!r}, config={self._config!r})"


__all__ = ["AgentBuilder", "store_from_url"]
