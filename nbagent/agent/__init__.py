"""The agent layer: sessions, context slots, stores, summaries. Knows nothing of notebooks."""

from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

from nbagent.agent._settings import UNCHANGED, SessionSettings, Unchanged
from nbagent.agent._turn import SpendTotals, model_price, spend_totals
from nbagent.agent.builder import AgentBuilder
from nbagent.agent.bundle import AgentBundle
from nbagent.agent.config import Agent, AgentConfig
from nbagent.agent.context import (
    ContextSlot,
    FocusedConfig,
    SlotConfig,
    SlotMode,
    SlotSummary,
    focused_view,
)
from nbagent.agent.memory import SessionMemory
from nbagent.agent.session import AgentSession
from nbagent.agent.store import (
    AppendMessages,
    DeleteValue,
    InMemoryStore,
    MemoryStore,
    PutValue,
    SqliteStore,
    StoreOp,
)
from nbagent.agent.summary import SummaryConfig, format_messages_as_text, generate_summary
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.llm.tools import iterate_sync, run_sync, submit_background

if _TYPE_CHECKING:
    from nbagent.agent.postgres_store import PostgresStore


def __getattr__(name: str) -> _Any:
    # PostgresStore loads on first use, so `import nbagent` needs no psycopg.
    if name == "PostgresStore":
        from nbagent.agent.postgres_store import PostgresStore

        return PostgresStore
    raise AttributeError(f"module 'nbagent.agent' has no attribute {name!r}")


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
    "PostgresStore",
    "PutValue",
    "SessionMemory",
    "SessionSettings",
    "SlotConfig",
    "SlotMode",
    "SlotSummary",
    "SpendTotals",
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
    "model_price",
    "run_sync",
    "spend_totals",
    "submit_background",
]
