"""One accumulator folds any event stream into the response a non-streamed call gives."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from nbagent.errors import StreamError
from nbagent.llm.events import (
    STREAM_EVENT_ADAPTER,
    BlockEvent,
    ErrorEvent,
    MessageEndEvent,
    MessageStartEvent,
    StreamAccumulator,
    StreamEvent,
    TextDeltaEvent,
    ThinkingDeltaEvent,
    ToolUseEndEvent,
    ToolUseInputDeltaEvent,
    ToolUseStartEvent,
    UsageEvent,
    aaccumulate_stream,
    accumulate_stream,
    parse_tool_input,
)
from nbagent.llm.messages import (
    AssistantMessage,
    ExtensionBlock,
    TextBlock,
    ThinkingBlock,
    ToolUseBlock,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.request import MessageResponse, StopReason


def test_text_stream_with_empty_opening_delta() -> None:
    events: list[StreamEvent] = [
        MessageStartEvent(id="c1", model="m"),
        TextDeltaEvent(index=0, text=""),
        TextDeltaEvent(index=0, text="Hel"),
        TextDeltaEvent(index=0, text="lo"),
        UsageEvent(input_tokens=12, output_tokens=2),
        MessageEndEvent(stop_reason=StopReason.END_TURN),
    ]
    assert accumulate_stream(events) == MessageResponse(
        message=AssistantMessage(content=[TextBlock(text="Hello")]),
        stop_reason=StopReason.END_TURN,
        usage=Usage(input_tokens=12, output_tokens=2),
        model="m",
        id="c1",
    )


def test_thinking_then_text_with_signature() -> None:
    events: list[StreamEvent] = [
        MessageStartEvent(id="m1", model="claude"),
        ThinkingDeltaEvent(index=0, text="Let me "),
        ThinkingDeltaEvent(index=0, text="think."),
        ThinkingDeltaEvent(index=0, signature="sig-abc"),
        TextDeltaEvent(index=1, text="42"),
        MessageEndEvent(),
    ]
    response = accumulate_stream(events)
    assert response.message.content == [
        ThinkingBlock(text="Let me think.", signature="sig-abc"),
        TextBlock(text="42"),
    ]


def test_parallel_tool_uses_with_fragmented_interleaved_json() -> None:
    events: list[StreamEvent] = [
        MessageStartEvent(id="c2", model="m"),
        TextDeltaEvent(index=0, text="Checking both."),
        ToolUseStartEvent(index=1, id="call_a", name="get_weather"),
        ToolUseStartEvent(index=2, id="call_b", name="get_time"),
        ToolUseInputDeltaEvent(index=1, partial_json=""),
        ToolUseInputDeltaEvent(index=1, partial_json='{"ci'),
        ToolUseInputDeltaEvent(index=2, partial_json='{"tz": "Europe/'),
        ToolUseInputDeltaEvent(index=1, partial_json='ty": "Paris"}'),
        ToolUseInputDeltaEvent(index=2, partial_json='Paris"}'),
        ToolUseEndEvent(index=2),
        ToolUseEndEvent(index=1),
        UsageEvent(input_tokens=149),
        UsageEvent(output_tokens=60, reasoning_tokens=4),
        MessageEndEvent(stop_reason=StopReason.TOOL_USE),
    ]
    response = accumulate_stream(events)
    assert response.message.content == [
        TextBlock(text="Checking both."),
        ToolUseBlock(id="call_a", name="get_weather", input={"city": "Paris"}),
        ToolUseBlock(id="call_b", name="get_time", input={"tz": "Europe/Paris"}),
    ]
    assert response.stop_reason is StopReason.TOOL_USE
    assert response.usage == Usage(input_tokens=149, output_tokens=60, reasoning_tokens=4)


def test_usage_updates_replace_field_by_field() -> None:
    # Anthropic: message_start carries input and output=1; message_delta the cumulative output.
    events: list[StreamEvent] = [
        UsageEvent(input_tokens=377, output_tokens=1, cache_read_tokens=5),
        UsageEvent(output_tokens=65),
    ]
    assert accumulate_stream(events).usage == Usage(
        input_tokens=377, output_tokens=65, cache_read_tokens=5
    )


def test_tool_use_cut_by_max_tokens_keeps_the_cut_input_raw() -> None:
    events: list[StreamEvent] = [
        ToolUseStartEvent(index=0, id="t1", name="write"),
        ToolUseInputDeltaEvent(index=0, partial_json='{"text": "unfinis'),
        MessageEndEvent(stop_reason=StopReason.MAX_TOKENS),
    ]
    response = accumulate_stream(events)
    raw = {"__nbagent_invalid_json__": '{"text": "unfinis'}
    assert response.message.content == [ToolUseBlock(id="t1", name="write", input=raw)]
    assert response.stop_reason is StopReason.MAX_TOKENS


def test_whole_blocks_keep_their_position() -> None:
    redacted = ExtensionBlock(data={"type": "redacted_thinking", "data": "xyz"})
    events: list[StreamEvent] = [
        BlockEvent(index=0, block=redacted),
        TextDeltaEvent(index=1, text="ok"),
    ]
    assert accumulate_stream(events).message.content == [redacted, TextBlock(text="ok")]


def test_error_event_raises_stream_error() -> None:
    acc = StreamAccumulator()
    acc.add(TextDeltaEvent(index=0, text="partial"))
    with pytest.raises(StreamError, match="Overloaded") as info:
        acc.add(ErrorEvent(error_type="overloaded_error", message="Overloaded"))
    assert info.value.error_type == "overloaded_error"


def test_mixing_kinds_at_one_index_is_a_stream_error() -> None:
    with pytest.raises(StreamError, match="index 0"):
        accumulate_stream(
            [TextDeltaEvent(index=0, text="a"), ToolUseInputDeltaEvent(index=0, partial_json="{")]
        )


def test_parse_tool_input() -> None:
    assert parse_tool_input("") == {}
    assert parse_tool_input('{"a": [1, 2]}') == {"a": [1, 2]}
    # Unreadable input is kept raw (never {} defaults); the tool registry refuses to run it.
    assert parse_tool_input('{"a": ') == {"__nbagent_invalid_json__": '{"a": '}
    assert parse_tool_input("[1, 2]") == {"__nbagent_invalid_json__": "[1, 2]"}


async def test_async_accumulation_matches_sync() -> None:
    events: list[StreamEvent] = [
        MessageStartEvent(id="x", model="m"),
        TextDeltaEvent(index=0, text="a"),
        ToolUseStartEvent(index=1, id="c", name="f"),
        ToolUseInputDeltaEvent(index=1, partial_json='{"k": 1}'),
        MessageEndEvent(stop_reason=StopReason.TOOL_USE),
    ]

    async def agen() -> AsyncIterator[StreamEvent]:
        for event in events:
            yield event

    assert await aaccumulate_stream(agen()) == accumulate_stream(events)


def test_events_round_trip_through_json() -> None:
    event = ToolUseInputDeltaEvent(index=3, partial_json='{"a"')
    assert STREAM_EVENT_ADAPTER.validate_json(STREAM_EVENT_ADAPTER.dump_json(event)) == event
