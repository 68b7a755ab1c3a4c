"""Stream events and the one accumulator that turns any event stream into a response.

Providers translate their native stream into these events; :class:`StreamAccumulator` folds them
into exactly the :class:`MessageResponse` a non-streamed call returns. ``index`` is the position of
the content block in the final message, so interleaved blocks (parallel tool calls) stay apart.

Deltas are joined before their text is checked: a surrogate pair split across two deltas (two
JSON escapes in two SSE chunks) becomes its one character, and a lone surrogate becomes U+FFFD,
so the reply can be saved and sent again.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterable, AsyncIterator, Iterable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, assert_never

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from nbagent.errors import StreamError
from nbagent.llm.messages import (
    AssistantMessage,
    ContentBlock,
    TextBlock,
    ThinkingBlock,
    ToolUseBlock,
    parse_tool_arguments,
    valid_unicode,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.request import MessageResponse, StopReason


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MessageStartEvent(_Event):
    type: Literal["message_start"] = "message_start"
    id: str | None = None
    model: str = ""


class TextDeltaEvent(_Event):
    """Reply text; a ``citation`` for the text of the block (Anthropic ``citations_delta``)
    arrives whole in its own delta, in order, and lands in :attr:`TextBlock.citations`."""

    type: Literal["text_delta"] = "text_delta"
    index: int
    text: str = ""
    citation: dict[str, Any] | None = None


class ThinkingDeltaEvent(_Event):
    """Reasoning text; ``signature`` arrives (whole) in its own delta on signing providers."""

    type: Literal["thinking_delta"] = "thinking_delta"
    index: int
    text: str = ""
    signature: str | None = None


class ToolUseStartEvent(_Event):
    type: Literal["tool_use_start"] = "tool_use_start"
    index: int
    id: str
    name: str


class ToolUseInputDeltaEvent(_Event):
    """A fragment of the tool input's JSON text; fragments are joined and parsed at the end."""

    type: Literal["tool_use_input_delta"] = "tool_use_input_delta"
    index: int
    partial_json: str


class ToolUseEndEvent(_Event):
    type: Literal["tool_use_end"] = "tool_use_end"
    index: int


class BlockEvent(_Event):
    """A block that arrives whole (e.g. Anthropic ``redacted_thinking``)."""

    type: Literal["block"] = "block"
    index: int
    block: ContentBlock


class UsageEvent(_Event):
    """A usage update; each field that is set replaces the one before (updates are cumulative)."""

    type: Literal["usage"] = "usage"
    input_tokens: int | None = None
    output_tokens: int | None = None
    cache_read_tokens: int | None = None
    cache_write_tokens: int | None = None
    reasoning_tokens: int | None = None


class MessageEndEvent(_Event):
    type: Literal["message_end"] = "message_end"
    stop_reason: StopReason = StopReason.END_TURN


class ErrorEvent(_Event):
    """An error reported inside the stream; accumulating it raises :class:`StreamError`."""

    type: Literal["error"] = "error"
    error_type: str | None = None
    message: str


StreamEvent = Annotated[
    MessageStartEvent
    | TextDeltaEvent
    | ThinkingDeltaEvent
    | ToolUseStartEvent
    | ToolUseInputDeltaEvent
    | ToolUseEndEvent
    | BlockEvent
    | UsageEvent
    | MessageEndEvent
    | ErrorEvent,
    Field(discriminator="type"),
]

STREAM_EVENT_ADAPTER: TypeAdapter[StreamEvent] = TypeAdapter(StreamEvent)

_USAGE_FIELDS = (
    "input_tokens",
    "output_tokens",
    "cache_read_tokens",
    "cache_write_tokens",
    "reasoning_tokens",
)


@dataclass
class _Slot:
    kind: Literal["text", "thinking", "tool_use", "block"]
    parts: list[str] = field(default_factory=list)
    signature: str | None = None
    citations: list[dict[str, Any]] = field(default_factory=list)
    tool_id: str = ""
    tool_name: str = ""
    block: ContentBlock | None = None


def parse_tool_input(raw: str) -> dict[str, Any]:
    """Parse joined tool-input JSON: ``{}`` when empty; text that is not a JSON object (cut off
    by ``max_tokens``, or malformed) is kept raw, so the tool never runs on made-up defaults
    (see :func:`nbagent.llm.messages.parse_tool_arguments`)."""
    return parse_tool_arguments(raw)


class StreamAccumulator:
    """Folds stream events into the response a non-streamed call would give. Pure: no I/O."""

    def __init__(self) -> None:
        self._id: str | None = None
        self._model = ""
        self._slots: dict[int, _Slot] = {}
        self._usage: dict[str, int] = {}
        self._stop_reason = StopReason.END_TURN

    def add(self, event: StreamEvent) -> None:
        match event:
            case MessageStartEvent():
                self._id = event.id or self._id
                self._model = event.model or self._model
            case TextDeltaEvent():
                slot = self._slot(event.index, "text")
                slot.parts.append(event.text)
                if event.citation is not None:
                    slot.citations.append(event.citation)
            case ThinkingDeltaEvent():
                slot = self._slot(event.index, "thinking")
                slot.parts.append(event.text)
                if event.signature is not None:
                    slot.signature = (slot.signature or "") + event.signature
            case ToolUseStartEvent():
                slot = self._slot(event.index, "tool_use")
                slot.tool_id, slot.tool_name = event.id, event.name
            case ToolUseInputDeltaEvent():
                self._slot(event.index, "tool_use").parts.append(event.partial_json)
            case ToolUseEndEvent():
                pass
            case BlockEvent():
                self._slot(event.index, "block").block = event.block
            case UsageEvent():
                for name in _USAGE_FIELDS:
                    value = getattr(event, name)
                    if value is not None:
                        self._usage[name] = value
            case MessageEndEvent():
                self._stop_reason = event.stop_reason
            case ErrorEvent():
                raise StreamError(event.message, error_type=event.error_type)
            case _:
                assert_never(event)

    def _slot(self, index: int, kind: Literal["text", "thinking", "tool_use", "block"]) -> _Slot:
        slot = self._slots.get(index)
        if slot is None:
            slot = self._slots[index] = _Slot(kind)
        elif slot.kind != kind:
            raise StreamError(f"stream mixes {slot.kind} and {kind} deltas at block index {index}")
        return slot

    def response(self) -> MessageResponse:
        blocks: list[ContentBlock] = []
        for index in sorted(self._slots):
            block = self._finish(self._slots[index])
            if block is not None:
                blocks.append(block)
        return MessageResponse(
            message=AssistantMessage(content=blocks),
            stop_reason=self._stop_reason,
            usage=Usage(**self._usage),
            model=self._model,
            id=self._id,
        )

    @staticmethod
    def _finish(slot: _Slot) -> ContentBlock | None:
        text = valid_unicode("".join(slot.parts))
        match slot.kind:
            case "text":
                # Servers open with an empty delta; the non-streamed reply has no empty block.
                if not text:
                    return None
                return TextBlock(text=text, citations=slot.citations or None)
            case "thinking":
                if not text and slot.signature is None:
                    return None
                return ThinkingBlock(text=text, signature=slot.signature)
            case "tool_use":
                return ToolUseBlock(
                    id=slot.tool_id, name=slot.tool_name, input=parse_tool_input(text)
                )
            case "block":
                return slot.block
            case _:
                assert_never(slot.kind)


def accumulate_stream(events: Iterable[StreamEvent]) -> MessageResponse:
    """Fold an iterable of events into the final response."""
    acc = StreamAccumulator()
    for event in events:
        acc.add(event)
    return acc.response()


async def aaccumulate_stream(events: AsyncIterable[StreamEvent]) -> MessageResponse:
    """Fold an async iterable of events into the final response."""
    acc = StreamAccumulator()
    async for event in events:
        acc.add(event)
    return acc.response()


async def closing_stream(
    events: AsyncIterator[StreamEvent],
) -> AsyncGenerator[StreamEvent, None]:
    """Iterate ``events`` and close it (if it can be closed) however the iteration ends: a
    provider's stream holds an HTTP response until it is closed."""
    try:
        async for event in events:
            yield event
    finally:
        close = getattr(events, "aclose", None)
        if close is not None:
            await close()
