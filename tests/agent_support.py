"""Scripted providers and builders shared by the agent-layer tests."""

from __future__ import annotations

import sys
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from typing import Any

from nbagent.agent.builder import AgentBuilder
from nbagent.agent.config import Agent
from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore, MemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.llm.events import (
    ErrorEvent,
    MessageStartEvent,
    StreamEvent,
    TextDeltaEvent,
)
from nbagent.llm.hooks import HookExecutor
from nbagent.llm.messages import AssistantMessage, TextBlock, UserMessage
from nbagent.llm.pricing import Usage
from nbagent.llm.providers.offline import OfflineProvider, Reply
from nbagent.llm.request import MessageRequest, MessageResponse
from nbagent.llm.tools import ToolRegistry, run_sync

TOKENS_PER_MESSAGE = 100


def is_summary(request: MessageRequest) -> bool:
    return request.metadata.get("purpose") == "summary"


def reply(text: str, input_tokens: int = 0, output_tokens: int = 0) -> MessageResponse:
    return MessageResponse(
        message=AssistantMessage(content=[TextBlock(text=text)]),
        usage=Usage(input_tokens=input_tokens, output_tokens=output_tokens),
    )


class ScriptedProvider(OfflineProvider):
    """Turn replies ``reply to <prompt>``, input tokens = 100 per request message, no output.

    Summary requests get ``summary #n`` (and count apart in ``summary_requests``). A sized
    context makes fire turns computable by hand.
    """

    def __init__(
        self,
        *,
        fixed_usage: Usage | None = None,
        summary: Callable[[MessageRequest, int], Reply] | None = None,
    ) -> None:
        self.fixed_usage = fixed_usage
        self.summary_fn = summary
        self.summary_requests: list[MessageRequest] = []
        self.turn_requests: list[MessageRequest] = []
        super().__init__(self._answer)

    def _answer(self, request: MessageRequest) -> Reply:
        if is_summary(request):
            self.summary_requests.append(request)
            n = len(self.summary_requests)
            if self.summary_fn is not None:
                return self.summary_fn(request, n)
            return reply(f"summary #{n}", input_tokens=7, output_tokens=3)
        self.turn_requests.append(request)
        last = request.messages[-1]
        prompt = last.text() if isinstance(last, UserMessage) else "?"
        usage = self.fixed_usage or Usage(input_tokens=TOKENS_PER_MESSAGE * len(request.messages))
        return reply(f"reply to {prompt}", usage.input_tokens, usage.output_tokens)


class FailingStreamProvider(OfflineProvider):
    """Streams a few text deltas and then an in-stream error; ``chat`` works normally."""

    async def chat_stream(self, request: MessageRequest) -> AsyncIterator[StreamEvent]:
        self.calls += 1
        yield MessageStartEvent(id="msg_1", model=self.model)
        yield TextDeltaEvent(index=0, text="partial ")
        yield TextDeltaEvent(index=0, text="output")
        yield ErrorEvent(error_type="overloaded_error", message="Overloaded")


def make_session(
    provider: Any,
    *,
    summary: SummaryConfig | None = None,
    store: MemoryStore | None = None,
    session_id: str = "s",
    hooks: HookExecutor | None = None,
    registry: ToolRegistry | None = None,
    agent: Agent | None = None,
    **builder_settings: Any,
) -> AgentSession:
    builder = AgentBuilder().provider(provider).store(store or InMemoryStore())
    if summary is not None:
        builder = builder.summary_config(summary)
    if hooks is not None:
        builder = builder.hook_executor(hooks)
    if registry is not None:
        builder = builder.tool_registry(registry)
    for name, value in builder_settings.items():
        builder = getattr(builder, name)(value)
    return builder.build().session(session_id, agent=agent)


def fired_turns(session: AgentSession) -> list[int]:
    return [r.turn_index for r in session.timeline if r.summary_fired]


def main_thread_waits_in_run_sync() -> bool:
    """Whether the main thread is inside ``run_sync``'s wait for its coroutine (in its ``try``):
    an interrupt sent while it still starts the coroutine would escape before that wait."""
    frame = sys._current_frames().get(threading.main_thread().ident or 0)
    while frame is not None:
        caller = frame.f_back
        if frame.f_code is Future.result.__code__ and caller and caller.f_code is run_sync.__code__:
            return True
        frame = caller
    return False
