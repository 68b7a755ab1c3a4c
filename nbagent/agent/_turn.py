"""The pieces of one turn: its working state and the hook recorder that keeps raw output."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from nbagent.agent.config import Agent, AgentBundle
from nbagent.agent.context import ContextSlot
from nbagent.agent.timeline import TurnRecord
from nbagent.llm.cycle import LlmCycle
from nbagent.llm.hooks import HookContext, HookEvent, HookExecutor
from nbagent.llm.messages import AnyMessage, Message, UserMessage
from nbagent.llm.request import MessageResponse
from nbagent.llm.tools import ToolCallResult, ToolRegistry


class RecordingHooks(HookExecutor):
    """Forwards the cycle's hook events and keeps the turn's raw replies and tool results.

    Microcompact may shorten this turn's tool results inside the cycle before its next request;
    the store keeps the originals, rebuilt from these records.
    """

    def __init__(self, inner: HookExecutor | None) -> None:
        super().__init__()
        self.inner = inner
        self.responses: list[MessageResponse] = []
        self.results: dict[int, list[ToolCallResult]] = {}

    async def emit(self, event: HookEvent, ctx: HookContext) -> None:
        if event is HookEvent.AFTER_RESPONSE and ctx.response is not None:
            self.responses.append(ctx.response)
        elif event is HookEvent.TOOL_RESULT:
            self.results.setdefault(int(ctx.data["round"]), []).append(ctx.data["result"])
        if self.inner is not None:
            await self.inner.emit(event, ctx)

    def turn_messages(self, user: UserMessage) -> list[AnyMessage]:
        messages: list[AnyMessage] = [user]
        for round_no, response in enumerate(self.responses, start=1):
            messages.append(response.message)
            messages.extend(
                Message.tool_result(r.tool_use_id, r.content, r.is_error, tool_name=r.tool_name)
                for r in self.results.get(round_no, [])
            )
        return messages


@dataclass
class Turn:
    index: int
    slot: ContextSlot
    user: UserMessage
    request_messages: list[AnyMessage]
    cycle: LlmCycle
    hooks: RecordingHooks
    token: object
    streamed: bool
    started: float = field(default_factory=time.perf_counter)


@dataclass
class Pending:
    """A streamed turn that is saved and waits for :meth:`AgentSession.finalize_turn`."""

    turn: Turn
    response: MessageResponse
    record: TurnRecord


def session_tools(bundle: AgentBundle, agent: Agent | None) -> ToolRegistry:
    base = bundle.tool_registry
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
