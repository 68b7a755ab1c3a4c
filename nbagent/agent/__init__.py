"""The agent layer: sessions, context slots, stores, summaries. Knows nothing of notebooks."""

from nbagent.agent._settings import UNCHANGED, SessionSettings, Unchanged
from nbagent.agent._sync import iterate_sync, run_sync, submit_background
from nbagent.agent.builder import AgentBuilder
from nbagent.agent.bundle import AgentBundle
from nbagent.agent.config import Agent, AgentConfig
from nbagent.agent.context import ContextSlot, FocusedConfig, SlotConfig, SlotMode, focused_view
from nbagent.agent.memory import SessionMemory
from nbagent.agent.session import AgentSession
from nbagent.agent.sqlite_store import SqliteStore
from nbagent.agent.store import (
    AppendMessages,
    DeleteValue,
    InMemoryStore,
    MemoryStore,
    PutValue,
    StoreOp,
)
from nbagent.agent.summary import SummaryConfig, format_messages_as_text, generate_summary
from nbagent.agent.timeline import SummaryStatus, TurnRecord

__all__ = [
    "UNCHANGED",
    "Agent",
    "AgentBuilder",
    "AgentBundle",
    "AgentConfig",
    "AgentSession",
    "AppendMessages",
    "ContextSlot",
    "DeleteValue",
    "FocusedConfig",
    "InMemoryStore",
    "MemoryStore",
    "PutValue",
    "SessionMemory",
    "SessionSettings",
    "SlotConfig",
    "SlotMode",
    "SqliteStore",
    "StoreOp",
    "SummaryConfig",
    "SummaryStatus",
    "TurnRecord",
    "Unchanged",
    "focused_view",
    "format_messages_as_text",
    "generate_summary",
    "iterate_sync",
    "run_sync",
    "submit_background",
]
