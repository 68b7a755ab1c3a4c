"""The IR: constructors, JSON round trips, validation errors that name the field."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from nbagent.llm.messages import (
    MESSAGES_ADAPTER,
    AnyMessage,
    AssistantMessage,
    AudioBlock,
    ContentBlock,
    ExtensionBlock,
    FileBlock,
    ImageBlock,
    Message,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolResultMessage,
    ToolUseBlock,
    UserMessage,
    message_from_dict,
    messages_from_json,
    messages_to_json,
)
from nbagent.llm.pricing import CostTracker, Usage
from nbagent.llm.request import (
    MessageRequest,
    MessageResponse,
    ResultSemantic,
    StopReason,
    ToolChoice,
    ToolDefinition,
)

# --- strategies -------------------------------------------------------------------------------

texts = st.text(max_size=40)
ids = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_", min_size=1, max_size=12)
json_scalars = st.none() | st.booleans() | st.integers(-(10**6), 10**6) | texts
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=8,
)
json_objects = st.dictionaries(texts, json_values, max_size=4)

leaf_blocks: st.SearchStrategy[ContentBlock] = st.one_of(
    st.builds(TextBlock, text=texts),
    st.builds(ImageBlock, url=st.just("https://example.org/cat.png")),
    st.builds(ImageBlock, data=st.just("aGk="), media_type=st.just("image/png")),
    st.builds(AudioBlock, data=st.just("UklGRg=="), format=st.sampled_from(["wav", "mp3"])),
    st.builds(FileBlock, name=texts, file_id=ids),
    st.builds(ToolUseBlock, id=ids, name=ids, input=json_objects),
    st.builds(ThinkingBlock, text=texts, signature=st.none() | ids),
    st.builds(ExtensionBlock, data=json_objects),
)
blocks = st.one_of(
    leaf_blocks,
    st.builds(
        ToolResultBlock,
        tool_use_id=ids,
        content=st.lists(leaf_blocks, max_size=3),
        is_error=st.booleans(),
    ),
)
messages: st.SearchStrategy[AnyMessage] = st.one_of(
    st.builds(SystemMessage, content=texts),
    st.builds(UserMessage, content=st.lists(blocks, max_size=4)),
    st.builds(AssistantMessage, content=st.lists(blocks, max_size=4)),
    st.builds(
        ToolResultMessage,
        tool_call_id=ids,
        content=st.lists(blocks, max_size=3),
        is_error=st.booleans(),
        tool_name=st.none() | ids,
    ),
)


@settings(max_examples=200)
@given(st.lists(messages, max_size=6))
def test_messages_round_trip_through_json(history: list[AnyMessage]) -> None:
    data = messages_to_json(history)
    assert messages_from_json(data) == history
    # And through plain Python objects (what a JSONL transcript line holds).
    assert MESSAGES_ADAPTER.validate_python(json.loads(data)) == history


@settings(max_examples=100)
@given(st.lists(messages, min_size=1, max_size=4), st.sampled_from(list(StopReason)))
def test_request_and_response_round_trip(history: list[AnyMessage], stop: StopReason) -> None:
    request = MessageRequest(
        model="m",
        messages=history,
        tools=[ToolDefinition(name="search", result_semantic=ResultSemantic.FACTUAL)],
        tool_choice=ToolChoice.tool("search"),
        max_tokens=100,
        metadata={"purpose": "summary"},
    )
    assert MessageRequest.model_validate_json(request.model_dump_json()) == request
    assistant = [m for m in history if isinstance(m, AssistantMessage)]
    response = MessageResponse(
        message=assistant[0] if assistant else AssistantMessage(),
        stop_reason=stop,
        usage=Usage(input_tokens=3, output_tokens=4, cache_read_tokens=1),
        model="m",
        id="r1",
    )
    assert MessageResponse.model_validate_json(response.model_dump_json()) == response


def test_constructors_build_the_right_messages() -> None:
    assert Message.system("be brief") == SystemMessage(content="be brief")
    assert Message.user("hi") == UserMessage(content=[TextBlock(text="hi")])
    assert Message.assistant("yo").content == [TextBlock(text="yo")]
    call = ToolUseBlock(id="c1", name="f", input={"x": 1})
    assert Message.assistant([call]).content == [call]
    result = Message.tool_result("c1", "42", is_error=True, tool_name="f")
    assert (result.tool_call_id, result.is_error, result.tool_name) == ("c1", True, "f")
    assert result.content == [TextBlock(text="42")]
    image = Message.user_image(url="https://x/y.png", text="what is it?")
    assert image.content == [TextBlock(text="what is it?"), ImageBlock(url="https://x/y.png")]
    assert Message.user_image(data="aGk=", media_type="image/png").text() == ""


def test_text_joins_only_text_blocks() -> None:
    reply = Message.assistant(
        [
            ThinkingBlock(text="hmm"),
            TextBlock(text="Hello, "),
            ToolUseBlock(id="c", name="f"),
            TextBlock(text="world"),
        ]
    )
    assert reply.text() == "Hello, world"
    assert MessageResponse(message=reply).text() == "Hello, world"
    assert Message.tool_result("c", [TextBlock(text="a"), TextBlock(text="b")]).text() == "ab"


def test_request_has_no_system_field() -> None:
    with pytest.raises(ValidationError, match="system"):
        MessageRequest.model_validate({"model": "m", "messages": [], "system": "x"})


def test_unknown_role_names_the_field() -> None:
    with pytest.raises(ValidationError) as info:
        message_from_dict({"role": "wizard", "content": "x"})
    assert "role" in str(info.value)
    assert "wizard" in str(info.value)


def test_unknown_block_type_names_the_field() -> None:
    with pytest.raises(ValidationError) as info:
        message_from_dict({"role": "user", "content": [{"type": "hologram"}]})
    text = str(info.value)
    assert "user.content.0" in text
    assert "type" in text and "hologram" in text


def test_missing_field_is_named() -> None:
    with pytest.raises(ValidationError, match="tool_call_id"):
        message_from_dict({"role": "tool", "content": []})


def test_image_and_file_need_exactly_one_source() -> None:
    with pytest.raises(ValidationError, match="exactly one of `url` or `data`"):
        ImageBlock()
    with pytest.raises(ValidationError, match="media_type"):
        ImageBlock(data="aGk=")
    with pytest.raises(ValidationError, match="exactly one of `data`"):
        FileBlock(name="a.pdf", data="x", file_id="f")


def test_tool_choice_and_definition_validation() -> None:
    with pytest.raises(ValidationError, match="name"):
        ToolChoice(mode="tool")
    with pytest.raises(ValidationError, match="name"):
        ToolChoice(mode="auto", name="f")
    with pytest.raises(ValidationError, match="name"):
        ToolDefinition(name="has space")
    assert ToolDefinition(name="f").result_semantic is ResultSemantic.MIXED


def test_messages_are_frozen() -> None:
    message = Message.user("hi")
    with pytest.raises(ValidationError):
        message.role = "assistant"  # type: ignore[misc]


def test_usage_adds_up() -> None:
    a = Usage(input_tokens=10, output_tokens=5, cache_read_tokens=2, reasoning_tokens=1)
    b = Usage(input_tokens=1, output_tokens=2, cache_write_tokens=3)
    assert a + b == Usage(
        input_tokens=11,
        output_tokens=7,
        cache_read_tokens=2,
        cache_write_tokens=3,
        reasoning_tokens=1,
    )
    assert (a + b).total_tokens == 18
    tracker = CostTracker()
    tracker.add(a)
    tracker.add(b)
    assert (tracker.calls, tracker.total_tokens, tracker.total.input_tokens) == (2, 18, 11)
    assert "total_tokens=18" in repr(tracker)
    tracker.reset()
    assert (tracker.calls, tracker.total) == (0, Usage())


def test_equality_ignores_the_token_cache() -> None:
    from nbagent.llm.tokens import estimate_message_tokens

    a, b = Message.user("hi"), Message.user("hi")
    estimate_message_tokens(a)
    assert a == b
    assert a != Message.assistant("hi")


def test_model_copy_does_not_share_the_token_cache() -> None:
    from nbagent.llm.tokens import estimate_message_tokens

    original = Message.user("a long question about hotels")
    before = estimate_message_tokens(original)
    changed = original.model_copy(update={"content": [TextBlock(text="hi")]})
    assert changed._token_cache == {}
    assert estimate_message_tokens(changed) < before
    same = original.model_copy()
    assert same._token_cache == original._token_cache
    assert same._token_cache is not original._token_cache
