"""The provider protocol: the only thing the rest of nbagent knows about a model service."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Protocol, runtime_checkable

from nbagent.llm.events import StreamEvent
from nbagent.llm.request import MessageRequest, MessageResponse


@runtime_checkable
class LlmProvider(Protocol):
    """Translates IR requests to a model service and its answers back to IR.

    ``chat_stream`` is an async generator: breaking out of it, or cancelling the task consuming
    it, closes the underlying HTTP response.
    """

    name: str
    """Short provider name for messages and tables (``openai``, ``anthropic``, ``offline``)."""

    model: str
    """The default model, used when a request leaves ``model`` empty."""

    async def chat(self, request: MessageRequest) -> MessageResponse: ...

    def chat_stream(self, request: MessageRequest) -> AsyncIterator[StreamEvent]: ...
