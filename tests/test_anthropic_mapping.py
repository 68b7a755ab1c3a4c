"""Anthropic mapping without HTTP: request bodies, responses and the stream translator."""

from __future__ import annotations

import base64
import itertools
import json
import logging
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbagent.errors import (
    ConfigurationError,
    InternalServerError,
    OverloadedError,
    ProtocolError,
    RateLimitError,
    StreamError,
)
from nbagent.llm.events import (
    BlockEvent,
    MessageEndEvent,
    MessageStartEvent,
    StreamEvent,
    TextDeltaEvent,
    ThinkingDeltaEvent,
    ToolUseEndEvent,
    ToolUseInputDeltaEvent,
    ToolUseStartEvent,
    UsageEvent,
    accumulate_stream,
)
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    AudioBlock,
    ExtensionBlock,
    FileBlock,
    ImageBlock,
    Message,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.providers.anthropic import (
    AnthropicStreamTranslator,
    request_body,
    response_from_json,
)
from nbagent.llm.request import (
    MessageRequest,
    MessageResponse,
    StopReason,
    ToolChoice,
    ToolDefinition,
)

Json = dict[str, Any]


def body(*messages: AnyMessage, **fields: Any) -> Json:
    return request_body(
        MessageRequest(messages=list(messages), **fields),
        model="claude-test",
        max_tokens_default=4096,
    )


def text(value: str) -> Json:
    return {"type": "text", "text": value}


def user(*content: Json) -> Json:
    return {"role": "user", "content": list(content)}


def assistant(*content: Json) -> Json:
    return {"role": "assistant", "content": list(content)}


def tool_use(id_: str, name: str = "get_weather", **input_: Any) -> Json:
    return {"type": "tool_use", "id": id_, "name": name, "input": input_}


def tool_result(id_: str, *content: Json, is_error: bool = False) -> Json:
    result: Json = {"type": "tool_result", "tool_use_id": id_, "content": list(content)}
    if is_error:
        result["is_error"] = True
    return result


# --- request bodies ------------------------------------------------------------------------------


def test_minimal_body_has_model_max_tokens_and_messages_only() -> None:
    assert body(Message.user("hi")) == {
        "model": "claude-test",
        "max_tokens": 4096,
        "messages": [user(text("hi"))],
    }


def test_request_model_and_max_tokens_win_over_provider_defaults() -> None:
    assert body(Message.user("hi"), model="claude-other", max_tokens=50) == {
        "model": "claude-other",
        "max_tokens": 50,
        "messages": [user(text("hi"))],
    }


def test_missing_model_is_a_configuration_error() -> None:
    with pytest.raises(ConfigurationError, match="model"):
        request_body(MessageRequest(messages=[Message.user("hi")]))


def test_system_messages_merge_into_one_top_level_text() -> None:
    assert body(
        Message.system("You are terse."),
        Message.user("hi"),
        Message.system("   "),
        Message.assistant("hello"),
        Message.system("[summary] earlier turns"),
        Message.user("go on"),
    ) == {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": "You are terse.\n\n[summary] earlier turns",
        "messages": [user(text("hi")), assistant(text("hello")), user(text("go on"))],
    }


def test_tool_results_open_the_next_user_message_in_tool_use_order() -> None:
    messages = body(
        Message.user("weather in Paris and Rome?"),
        Message.assistant(
            [
                TextBlock(text="Checking."),
                ToolUseBlock(id="a", name="get_weather", input={"city": "Paris"}),
                ToolUseBlock(id="b", name="get_weather", input={"city": "Rome"}),
            ]
        ),
        Message.tool_result("b", "31C"),
        Message.user("and be quick"),
        Message.tool_result("a", "rain", is_error=True),
    )["messages"]
    assert messages == [
        user(text("weather in Paris and Rome?")),
        assistant(text("Checking."), tool_use("a", city="Paris"), tool_use("b", city="Rome")),
        user(
            tool_result("a", text("rain"), is_error=True),
            tool_result("b", text("31C")),
            text("and be quick"),
        ),
    ]


def test_tool_result_blocks_held_in_assistant_history_move_to_the_next_user_turn() -> None:
    messages = body(
        Message.user("q"),
        Message.assistant(
            [
                ToolUseBlock(id="a", name="lookup", input={}),
                ToolResultBlock(tool_use_id="a", content=[TextBlock(text="42")]),
            ]
        ),
        Message.assistant("The answer is 42."),
    )["messages"]
    assert messages == [
        user(text("q")),
        assistant(tool_use("a", "lookup")),
        user(tool_result("a", text("42"))),
        assistant(text("The answer is 42.")),
    ]


def test_orphaned_tool_result_is_sent_as_text() -> None:
    # Compaction cut the assistant turn that asked for it.
    messages = body(Message.tool_result("gone", "old data"), Message.user("next"))["messages"]
    assert messages == [user(text("[tool result gone]\nold data"), text("next"))]


def test_tool_use_without_a_result_gets_an_error_result() -> None:
    messages = body(
        Message.user("q"),
        Message.assistant([ToolUseBlock(id="a", name="lookup", input={"k": 1})]),
        Message.user("never mind"),
    )["messages"]
    assert messages == [
        user(text("q")),
        assistant(tool_use("a", "lookup", k=1)),
        user(
            tool_result("a", text("No result: the tool call was not run."), is_error=True),
            text("never mind"),
        ),
    ]


def test_consecutive_same_role_messages_merge() -> None:
    messages = body(
        Message.user("one"),
        Message.user("two"),
        Message.assistant("three"),
        Message.assistant("four"),
        Message.user("five"),
    )["messages"]
    assert messages == [
        user(text("one"), text("two")),
        assistant(text("three"), text("four")),
        user(text("five")),
    ]


def test_empty_and_whitespace_text_is_dropped_and_empty_turns_vanish() -> None:
    messages = body(
        Message.user([TextBlock(text=""), TextBlock(text="hi"), TextBlock(text=" \n ")]),
        Message.assistant([TextBlock(text="  ")]),
        Message.user("again"),
    )["messages"]
    assert messages == [user(text("hi"), text("again"))]


def test_final_assistant_message_loses_trailing_whitespace_only() -> None:
    messages = body(
        Message.user("q"),
        Message.assistant("keep  "),
        Message.user("q2"),
        Message.assistant([TextBlock(text="Sure:\n  "), TextBlock(text="  \t")]),
    )["messages"]
    assert messages == [
        user(text("q")),
        assistant(text("keep  ")),
        user(text("q2")),
        assistant(text("Sure:")),
    ]


def test_thinking_and_redacted_thinking_round_trip_unchanged() -> None:
    native: list[Json] = [
        {"type": "thinking", "thinking": "Let me think.", "signature": "sig-abc"},
        {"type": "redacted_thinking", "data": "EmwKAhgBEgy"},
        {"type": "text", "text": "Done."},
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"x": [1, 2]}},
    ]
    response = response_from_json(message_json(native, "tool_use"))
    assert response.message.content == [
        ThinkingBlock(text="Let me think.", signature="sig-abc"),
        ExtensionBlock(data={"type": "redacted_thinking", "data": "EmwKAhgBEgy"}),
        TextBlock(text="Done."),
        ToolUseBlock(id="toolu_1", name="f", input={"x": [1, 2]}),
    ]
    sent = body(Message.user("q"), response.message, Message.tool_result("toolu_1", "ok"))
    assert sent["messages"] == [
        user(text("q")),
        assistant(*native),
        user(tool_result("toolu_1", text("ok"))),
    ]


def test_unsigned_thinking_is_not_sent() -> None:
    messages = body(
        Message.user("q"),
        Message.assistant([ThinkingBlock(text="from another provider"), TextBlock(text="a")]),
        Message.user("q2"),
    )["messages"]
    assert messages == [user(text("q")), assistant(text("a")), user(text("q2"))]


def test_images_and_documents() -> None:
    pdf = base64.b64encode(b"%PDF-1.4").decode()
    notes = base64.b64encode("café notes".encode()).decode()
    message = Message.user(
        [
            ImageBlock(data="iVBORw0K", media_type="image/png"),
            ImageBlock(url="https://example.com/cat.jpg"),
            ImageBlock(url="data:image/jpeg;base64,/9j/4AAQ"),
            FileBlock(name="report.pdf", data=pdf, media_type="application/pdf"),
            FileBlock(data=pdf),
            FileBlock(name="notes.txt", data=notes, media_type="text/plain"),
            FileBlock(file_id="file_011"),
        ]
    )
    assert body(message)["messages"] == [
        user(
            {
                "type": "image",
                "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0K"},
            },
            {"type": "image", "source": {"type": "url", "url": "https://example.com/cat.jpg"}},
            {
                "type": "image",
                "source": {"type": "base64", "media_type": "image/jpeg", "data": "/9j/4AAQ"},
            },
            {
                "type": "document",
                "source": {"type": "base64", "media_type": "application/pdf", "data": pdf},
                "title": "report.pdf",
            },
            {
                "type": "document",
                "source": {"type": "base64", "media_type": "application/pdf", "data": pdf},
            },
            {
                "type": "document",
                "source": {"type": "text", "media_type": "text/plain", "data": "café notes"},
                "title": "notes.txt",
            },
            {"type": "document", "source": {"type": "file", "file_id": "file_011"}},
        )
    ]


def test_text_document_with_bad_base64_is_a_configuration_error() -> None:
    with pytest.raises(ConfigurationError, match="base64"):
        body(Message.user([FileBlock(name="n.txt", data="not base64!", media_type="text/plain")]))


def test_audio_is_dropped_with_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="nbagent"):
        messages = body(Message.user([AudioBlock(data="UklGRg=="), TextBlock(text="transcribe")]))
    assert messages["messages"] == [user(text("transcribe"))]
    assert "audio" in caplog.text


def test_tool_result_keeps_images_and_drops_other_parts_with_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    result = Message.tool_result(
        "a",
        [
            TextBlock(text="chart:"),
            ImageBlock(url="https://example.com/c.png"),
            ToolUseBlock(id="x", name="nested", input={}),
        ],
    )
    with caplog.at_level(logging.WARNING, logger="nbagent"):
        messages = body(
            Message.user("q"),
            Message.assistant([ToolUseBlock(id="a", name="plot", input={})]),
            result,
        )["messages"]
    assert messages[-1] == user(
        tool_result(
            "a",
            text("chart:"),
            {"type": "image", "source": {"type": "url", "url": "https://example.com/c.png"}},
        )
    )
    assert "dropped" in caplog.text


def test_empty_tool_result_has_no_content_key() -> None:
    messages = body(
        Message.user("q"),
        Message.assistant([ToolUseBlock(id="a", name="ping", input={})]),
        Message.tool_result("a", ""),
    )["messages"]
    assert messages[-1] == user({"type": "tool_result", "tool_use_id": "a"})


WEATHER = ToolDefinition(
    name="get_weather",
    description="Weather for a city.",
    input_schema={"type": "object", "properties": {"city": {"type": "string"}}},
)


@pytest.mark.parametrize(
    ("choice", "native"),
    [
        (ToolChoice.auto(), {"type": "auto"}),
        (ToolChoice.required(), {"type": "any"}),
        (ToolChoice.tool("get_weather"), {"type": "tool", "name": "get_weather"}),
        (ToolChoice.none(), {"type": "none"}),
    ],
)
def test_tools_and_tool_choice(choice: ToolChoice, native: Json) -> None:
    assert body(Message.user("q"), tools=[WEATHER], tool_choice=choice) == {
        "model": "claude-test",
        "max_tokens": 4096,
        "messages": [user(text("q"))],
        "tools": [
            {
                "name": "get_weather",
                "description": "Weather for a city.",
                "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
            }
        ],
        "tool_choice": native,
    }


def test_tool_choice_without_tools() -> None:
    assert "tool_choice" not in body(Message.user("q"), tool_choice=ToolChoice.none())
    assert "tool_choice" not in body(Message.user("q"), tool_choice=ToolChoice.auto())
    with pytest.raises(ConfigurationError, match="needs tools"):
        body(Message.user("q"), tool_choice=ToolChoice.required())


def test_sampling_fields_extra_body_and_no_metadata() -> None:
    assert body(
        Message.user("q"),
        temperature=0.2,
        top_p=0.9,
        stop=["END"],
        metadata={"purpose": "summary"},
        extra_body={"top_k": 5, "max_tokens": 99},
    ) == {
        "model": "claude-test",
        "max_tokens": 99,
        "messages": [user(text("q"))],
        "temperature": 0.2,
        "top_p": 0.9,
        "stop_sequences": ["END"],
        "top_k": 5,
    }


def test_thinking_budget() -> None:
    assert body(Message.user("q"), max_tokens=2048, thinking_budget=1024)["thinking"] == {
        "type": "enabled",
        "budget_tokens": 1024,
    }
    # The provider's default max_tokens (4096) bounds the budget when the request sets none.
    assert body(Message.user("q"), thinking_budget=4095)["thinking"]["budget_tokens"] == 4095


@pytest.mark.parametrize(("budget", "max_tokens"), [(1023, 4096), (2048, 2048), (5000, None)])
def test_thinking_budget_out_of_range_is_a_configuration_error(
    budget: int, max_tokens: int | None
) -> None:
    with pytest.raises(ConfigurationError, match="1024 <= thinking_budget < max_tokens"):
        body(Message.user("q"), max_tokens=max_tokens, thinking_budget=budget)


# --- responses -----------------------------------------------------------------------------------


def message_json(
    content: list[Json], stop_reason: str | None = "end_turn", usage: Json | None = None
) -> Json:
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-test",
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": usage or {"input_tokens": 10, "output_tokens": 5},
    }


def test_response_usage_counts_cached_input() -> None:
    usage = {
        "input_tokens": 100,
        "output_tokens": 50,
        "cache_creation_input_tokens": 20,
        "cache_read_input_tokens": 300,
    }
    response = response_from_json(message_json([text("hi")], usage=usage))
    assert response == MessageResponse(
        message=AssistantMessage(content=[TextBlock(text="hi")]),
        stop_reason=StopReason.END_TURN,
        usage=Usage(
            input_tokens=420, output_tokens=50, cache_read_tokens=300, cache_write_tokens=20
        ),
        model="claude-test",
        id="msg_1",
    )
    assert response.usage.total_tokens == 470


def test_response_usage_with_null_cache_fields() -> None:
    usage = {
        "input_tokens": 7,
        "output_tokens": 3,
        "cache_creation_input_tokens": None,
        "cache_read_input_tokens": None,
    }
    assert response_from_json(message_json([text("hi")], usage=usage)).usage == Usage(
        input_tokens=7, output_tokens=3
    )


@pytest.mark.parametrize(
    ("native", "stop"),
    [
        ("end_turn", StopReason.END_TURN),
        ("max_tokens", StopReason.MAX_TOKENS),
        ("stop_sequence", StopReason.STOP_SEQUENCE),
        ("tool_use", StopReason.TOOL_USE),
        ("pause_turn", StopReason.PAUSE_TURN),
        ("refusal", StopReason.REFUSAL),
        ("model_context_window_exceeded", StopReason.MAX_TOKENS),
        (None, StopReason.END_TURN),
        ("a_reason_from_the_future", StopReason.OTHER),
    ],
)
def test_every_stop_reason(native: str | None, stop: StopReason) -> None:
    assert response_from_json(message_json([text("x")], native)).stop_reason is stop


def test_unknown_response_blocks_are_kept_as_extension_blocks() -> None:
    server_tool = {"type": "server_tool_use", "id": "srv_1", "name": "web_search", "input": {}}
    response = response_from_json(message_json([server_tool, text(""), text("found")]))
    assert response.message.content == [ExtensionBlock(data=server_tool), TextBlock(text="found")]


@pytest.mark.parametrize(
    "data",
    [
        {"id": "x", "content": [{"text": "no type"}]},
        {"id": "x", "content": [], "usage": [377, 12]},
        {"id": 7, "content": []},
    ],
)
def test_malformed_response_is_a_protocol_error(data: dict[str, Any]) -> None:
    with pytest.raises(ProtocolError, match="cannot read"):
        response_from_json(data)


def test_error_object_in_a_200_body_raises_the_typed_error() -> None:
    error = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    with pytest.raises(OverloadedError, match="Overloaded") as info:
        response_from_json(error)
    assert info.value.status_code == 529


# --- the stream translator -----------------------------------------------------------------------


def translate(native_events: list[Json]) -> list[StreamEvent]:
    translator = AnthropicStreamTranslator()
    out: list[StreamEvent] = []
    for event in native_events:
        out.extend(translator.feed(event))
    return out


def sse_block(lines: str) -> list[Json]:
    """The `data:` payloads of an SSE text, in order."""
    return [json.loads(line[6:]) for line in lines.splitlines() if line.startswith("data: ")]


# The example stream of WIRE.md, byte for byte.
WIRE_EXAMPLE = """\
event: message_start
data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":377,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

event: ping
data: {"type":"ping"}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Checking."}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: content_block_start
data: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"get_weather","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"locati"}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"on\\": \\"Paris\\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":65}}

event: message_stop
data: {"type":"message_stop"}
"""  # noqa: E501


def test_wire_example_stream_translates_event_by_event() -> None:
    assert translate(sse_block(WIRE_EXAMPLE)) == [
        MessageStartEvent(id="msg_1", model="m"),
        UsageEvent(input_tokens=377, output_tokens=1, cache_read_tokens=0, cache_write_tokens=0),
        TextDeltaEvent(index=0, text="Checking."),
        ToolUseStartEvent(index=1, id="toolu_1", name="get_weather"),
        ToolUseInputDeltaEvent(index=1, partial_json='{"locati'),
        ToolUseInputDeltaEvent(index=1, partial_json='on": "Paris"}'),
        ToolUseEndEvent(index=1),
        UsageEvent(input_tokens=377, output_tokens=65, cache_read_tokens=0, cache_write_tokens=0),
        MessageEndEvent(stop_reason=StopReason.TOOL_USE),
    ]


def test_wire_example_stream_accumulates_to_the_non_streamed_response() -> None:
    streamed = accumulate_stream(translate(sse_block(WIRE_EXAMPLE)))
    direct = response_from_json(
        {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "m",
            "content": [text("Checking."), tool_use("toolu_1", location="Paris")],
            "stop_reason": "tool_use",
            "stop_sequence": None,
            "usage": {"input_tokens": 377, "output_tokens": 65},
        }
    )
    assert streamed == direct
    assert streamed.message.content[1] == ToolUseBlock(
        id="toolu_1", name="get_weather", input={"location": "Paris"}
    )


def start(usage: Json | None = None) -> Json:
    message = message_json([], None, usage or {"input_tokens": 10, "output_tokens": 1})
    return {"type": "message_start", "message": message}


def block_start(index: int, block: Json) -> Json:
    return {"type": "content_block_start", "index": index, "content_block": block}


def delta(index: int, **fields: Any) -> Json:
    return {"type": "content_block_delta", "index": index, "delta": fields}


def block_stop(index: int) -> Json:
    return {"type": "content_block_stop", "index": index}


def end(stop_reason: str, usage: Json | None = None) -> list[Json]:
    message_delta = {
        "type": "message_delta",
        "delta": {"stop_reason": stop_reason, "stop_sequence": None},
        "usage": usage or {"output_tokens": 5},
    }
    return [message_delta, {"type": "message_stop"}]


def test_thinking_stream_with_signature() -> None:
    events = [
        start(),
        block_start(0, {"type": "thinking", "thinking": "", "signature": ""}),
        delta(0, type="thinking_delta", thinking="Let me "),
        {"type": "ping"},
        delta(0, type="thinking_delta", thinking="think."),
        delta(0, type="signature_delta", signature="EqQBCkgIARABGAIiQL"),
        block_stop(0),
        block_start(1, {"type": "text", "text": ""}),
        delta(1, type="text_delta", text="42"),
        block_stop(1),
        *end("end_turn"),
    ]
    ir = translate(events)
    assert ir[2:6] == [
        ThinkingDeltaEvent(index=0, text="Let me "),
        ThinkingDeltaEvent(index=0, text="think."),
        ThinkingDeltaEvent(index=0, signature="EqQBCkgIARABGAIiQL"),
        TextDeltaEvent(index=1, text="42"),
    ]
    assert accumulate_stream(ir).message.content == [
        ThinkingBlock(text="Let me think.", signature="EqQBCkgIARABGAIiQL"),
        TextBlock(text="42"),
    ]


def test_redacted_thinking_arrives_whole() -> None:
    redacted = {"type": "redacted_thinking", "data": "EmwKAhgBEgy3va3pzix"}
    events = [start(), block_start(0, redacted), block_stop(0), *end("end_turn")]
    ir = translate(events)
    assert ir[2] == BlockEvent(index=0, block=ExtensionBlock(data=redacted))
    assert accumulate_stream(ir) == response_from_json(
        message_json([redacted], usage={"input_tokens": 10, "output_tokens": 5})
    )


def test_server_tool_block_streams_its_input_into_the_extension_block() -> None:
    events = [
        start(),
        block_start(
            0, {"type": "server_tool_use", "id": "srv_1", "name": "web_search", "input": {}}
        ),
        delta(0, type="input_json_delta", partial_json='{"query": '),
        delta(0, type="input_json_delta", partial_json='"paris"}'),
        block_stop(0),
        *end("end_turn"),
    ]
    final = {
        "type": "server_tool_use",
        "id": "srv_1",
        "name": "web_search",
        "input": {"query": "paris"},
    }
    assert accumulate_stream(translate(events)).message.content == [ExtensionBlock(data=final)]


def test_tool_use_input_given_whole_in_its_start_event_is_kept() -> None:
    started = {"type": "tool_use", "id": "toolu_w", "name": "f", "input": {"a": 1}}
    events = [start(), block_start(0, started), block_stop(0), *end("tool_use")]
    response = accumulate_stream(translate(events))
    assert response.message.content == [ToolUseBlock(id="toolu_w", name="f", input={"a": 1})]


def test_ping_and_unknown_events_are_ignored() -> None:
    translator = AnthropicStreamTranslator()
    assert translator.feed({"type": "ping"}) == []
    assert translator.feed({"type": "brand_new_event", "payload": [1]}) == []
    assert translator.feed(delta(0, type="citations_delta", citation={})) == []


def test_message_delta_usage_is_cumulative_and_may_carry_input_and_cache() -> None:
    events = [
        start({"input_tokens": 10, "output_tokens": 1, "cache_read_input_tokens": 0}),
        block_start(0, {"type": "text", "text": ""}),
        delta(0, type="text_delta", text="hi"),
        block_stop(0),
        *end(
            "end_turn",
            {
                "input_tokens": 12,
                "output_tokens": 40,
                "cache_creation_input_tokens": 3,
                "cache_read_input_tokens": 100,
            },
        ),
    ]
    assert accumulate_stream(translate(events)).usage == Usage(
        input_tokens=115, output_tokens=40, cache_read_tokens=100, cache_write_tokens=3
    )


def test_message_delta_with_only_output_keeps_the_start_input() -> None:
    events = [
        start({"input_tokens": 10, "output_tokens": 1, "cache_read_input_tokens": 90}),
        *end("end_turn", {"output_tokens": 7}),
    ]
    assert accumulate_stream(translate(events)).usage == Usage(
        input_tokens=100, output_tokens=7, cache_read_tokens=90
    )


def test_max_tokens_cutting_a_tool_use_gives_a_clean_response() -> None:
    events = [
        start(),
        block_start(0, {"type": "text", "text": ""}),
        delta(0, type="text_delta", text="Let me check."),
        block_stop(0),
        block_start(1, {"type": "tool_use", "id": "toolu_9", "name": "search", "input": {}}),
        delta(1, type="input_json_delta", partial_json='{"query": "long que'),
        # No content_block_stop: max_tokens hit in the middle of the JSON.
        *end("max_tokens", {"output_tokens": 4096}),
    ]
    ir = translate(events)
    assert ir[-3:] == [
        ToolUseEndEvent(index=1),
        UsageEvent(input_tokens=10, output_tokens=4096, cache_read_tokens=0, cache_write_tokens=0),
        MessageEndEvent(stop_reason=StopReason.MAX_TOKENS),
    ]
    response = accumulate_stream(ir)
    assert response.stop_reason is StopReason.MAX_TOKENS
    assert response.message.content == [
        TextBlock(text="Let me check."),
        ToolUseBlock(
            id="toolu_9", name="search", input={"__nbagent_invalid_json__": '{"query": "long que'}
        ),
    ]


def test_translator_reports_when_the_message_is_finished() -> None:
    translator = AnthropicStreamTranslator()
    for event in [start(), end("end_turn")[0]]:
        translator.feed(event)
    assert not translator.finished
    translator.feed({"type": "message_stop"})
    assert translator.finished


@pytest.mark.parametrize(
    ("error_type", "cls", "status"),
    [
        ("overloaded_error", OverloadedError, 529),
        ("rate_limit_error", RateLimitError, 429),
        ("api_error", InternalServerError, 500),
    ],
)
def test_stream_error_events_raise_status_errors(
    error_type: str, cls: type[Exception], status: int
) -> None:
    translator = AnthropicStreamTranslator()
    translator.feed(start())
    error = {"type": "error", "error": {"type": error_type, "message": "Server says no"}}
    with pytest.raises(cls, match="Server says no") as info:
        translator.feed(error)
    assert getattr(info.value, "status_code", None) == status
    assert getattr(info.value, "provider", None) == "anthropic"


def test_other_stream_errors_raise_stream_error() -> None:
    error = {"type": "error", "error": {"type": "invalid_request_error", "message": "bad thing"}}
    with pytest.raises(StreamError, match="bad thing") as info:
        AnthropicStreamTranslator().feed(error)
    assert info.value.error_type == "invalid_request_error"
    assert info.value.body == error


# --- stream / non-stream equality, for any content and any fragmentation -------------------------


def native_stream(message: Json, cuts: list[int]) -> list[Json]:
    """The native events a server streams for ``message``, text and JSON cut at ``cuts``."""

    def pieces(value: str) -> list[str]:
        points = sorted({c % (len(value) + 1) for c in cuts} | {0, len(value)})
        return [value[a:b] for a, b in itertools.pairwise(points) if b > a]

    usage = message["usage"]
    head = {**message, "content": [], "stop_reason": None, "usage": {**usage, "output_tokens": 1}}
    events: list[Json] = [{"type": "message_start", "message": head}]
    for index, block in enumerate(message["content"]):
        match block["type"]:
            case "text":
                events.append(block_start(index, {"type": "text", "text": ""}))
                events += [delta(index, type="text_delta", text=p) for p in pieces(block["text"])]
            case "thinking":
                events.append(
                    block_start(index, {"type": "thinking", "thinking": "", "signature": ""})
                )
                events += [
                    delta(index, type="thinking_delta", thinking=p)
                    for p in pieces(block["thinking"])
                ]
                events.append(delta(index, type="signature_delta", signature=block["signature"]))
            case "tool_use":
                events.append(block_start(index, {**block, "input": {}}))
                raw = json.dumps(block["input"])
                events += [
                    delta(index, type="input_json_delta", partial_json=p) for p in pieces(raw)
                ]
            case _:
                events.append(block_start(index, block))
        events.append(block_stop(index))
    return events + end(message["stop_reason"], {"output_tokens": usage["output_tokens"]})


native_blocks = st.one_of(
    st.builds(text, st.text(min_size=1)),
    st.builds(
        lambda t, s: {"type": "thinking", "thinking": t, "signature": s},
        st.text(min_size=1),
        st.text(min_size=1, alphabet="abcdefXYZ0123456789+/="),
    ),
    st.builds(
        lambda i, v: tool_use(f"toolu_{i}", "f", value=v),
        st.integers(0, 99),
        st.one_of(st.text(), st.integers(), st.lists(st.booleans())),
    ),
    st.just({"type": "redacted_thinking", "data": "EmwKAhgB"}),
)


@settings(max_examples=150, deadline=None)
@given(
    content=st.lists(native_blocks, max_size=5),
    stop=st.sampled_from(["end_turn", "tool_use", "max_tokens", "pause_turn", "refusal"]),
    cuts=st.lists(st.integers(0, 400), max_size=6),
    cached=st.integers(0, 1000),
)
def test_any_stream_accumulates_to_its_non_streamed_twin(
    content: list[Json], stop: str, cuts: list[int], cached: int
) -> None:
    usage = {"input_tokens": 11, "output_tokens": 22, "cache_read_input_tokens": cached}
    message = message_json(content, stop, usage)
    assert accumulate_stream(translate(native_stream(message, cuts))) == response_from_json(message)
