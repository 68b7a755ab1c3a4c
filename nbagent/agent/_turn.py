"""The pieces of one turn: its working state, and where each request message is stored."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from nbagent.agent.config import Agent, SessionServices
from nbagent.agent.context import ContextSlot
from nbagent.agent.timeline import TurnRecord
from nbagent.llm.cycle import LlmCycle
from nbagent.llm.messages import AnyMessage, UserMessage
from nbagent.llm.request import MessageResponse
from nbagent.llm.tools import ToolRegistry


@dataclass
class Turn:
    index: int
    slot: ContextSlot
    user: UserMessage
    request_messages: list[AnyMessage]
    """What the turn sent before its user message (system prompt, the slot's view)."""
    view_runs: list[tuple[int, int]]
    """Where ``request_messages`` are stored: ``(first index, count)`` runs, ``-1`` for messages
    that are not stored (the system prompt, the summary)."""
    cycle: LlmCycle
    token: object
    streamed: bool
    started: float = field(default_factory=time.perf_counter)

    def new_messages(self) -> list[AnyMessage]:
        """The turn's own messages: its prompt, replies and tool results, uncompacted."""
        return self.cycle.messages()[len(self.request_messages) :]


@dataclass
class Pending:
    """A streamed turn that is saved and waits for :meth:`AgentSession.finalize_turn`."""

    turn: Turn
    response: MessageResponse
    record: TurnRecord


def index_runs(indices: Sequence[int]) -> list[tuple[int, int]]:
    """Stored indices (``-1``: not stored) as ``(first, count)`` runs of consecutive ones."""
    runs: list[tuple[int, int]] = []
    for value in indices:
        if runs:
            first, count = runs[-1]
            if (first < 0 and value < 0) or (first >= 0 and value == first + count):
                runs[-1] = (first, count + 1)
                continue
        runs.append((value, 1))
    return runs


def join_runs(*parts: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Runs one after the other, merged where one continues the last."""
    runs: list[tuple[int, int]] = []
    for first, count in (run for part in parts for run in part):
        if not count:
            continue
        if runs:
            last, length = runs[-1]
            if (last < 0 and first < 0) or (last >= 0 and first == last + length):
                runs[-1] = (last, length + count)
                continue
        runs.append((first, count))
    return runs


def session_tools(services: SessionServices, agent: Agent | None) -> ToolRegistry:
    base = services.tool_registry
    if agent is None or not agent.tools:
        return base if base is not None else ToolRegistry()
    if base is None:
        return ToolRegistry(agent.tools)
    registry = ToolRegistry(
        list(base), max_result_chars=base.max_result_chars, include_traceback=base.include_traceback
    )
    for tool in agent.tools:
        registry.register(tool)
    return registry
