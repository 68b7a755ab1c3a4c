"""AgentBundle: the services sessions run on, and the way to open a session on them.

::

    bundle = AgentBuilder().provider("offline").summary_config(SummaryConfig()).build()
    session = bundle.session("trip")                 # opened: its saved state is read
    session = await bundle.open_session("trip")      # the same, on the running loop
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from nbagent.agent.config import Agent, AgentConfig
from nbagent.agent.session import AgentSession
from nbagent.agent.store import MemoryStore
from nbagent.llm.hooks import HookExecutor
from nbagent.llm.provider import LlmProvider
from nbagent.llm.tools import ToolRegistry


@dataclass(frozen=True)
class AgentBundle:
    """The services a session runs on; built by :class:`~nbagent.agent.builder.AgentBuilder`."""

    provider: LlmProvider
    store: MemoryStore
    config: AgentConfig = field(default_factory=AgentConfig)
    tool_registry: ToolRegistry | None = None
    hook_executor: HookExecutor | None = None

    def with_config(self, config: AgentConfig) -> AgentBundle:
        return dataclasses.replace(self, config=config)

    def session(self, session_id: str, *, agent: Agent | None = None) -> AgentSession:
        """Open session ``session_id`` (its saved state read from the store), ready for turns.

        Works inside a running Jupyter kernel; from async code, ``await open_session(...)``.
        """
        session = AgentSession(session_id, self, agent=agent)
        session.open_sync()
        return session

    async def open_session(self, session_id: str, *, agent: Agent | None = None) -> AgentSession:
        """:meth:`session` on the running loop (for stores bound to it)."""
        session = AgentSession(session_id, self, agent=agent)
        await session.open()
        return session


__all__ = ["AgentBundle"]
