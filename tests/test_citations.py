"""Anthropic citations: kept in the IR, equal streamed and not, sent back, shown escaped."""

from __future__ import annotations

import json
from typing import Any

from nbagent.llm.events import TextDeltaEvent, aaccumulate_stream, accumulate_stream
from nbagent.llm.messages import (
    AssistantMessage,
    Message,
    TextBlock,
    ToolUseBlock,
    messages_from_json,
    messages_to_json,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.providers.anthropic import (
    AnthropicProvider,
    AnthropicStreamTranslator,
    block_from_wire,
)
from nbagent.llm.providers.offline import stream_events
from nbagent.llm.providers.openai import OpenAIWireOptions, request_body
from nbagent.llm.request import MessageRequest, MessageResponse, StopReason
from nbagent.notebook._html import history_html, parts_html, parts_text, reply_parts
from tests.test_notebook_escaping import assert_safe_html
from tests.wire_server import Reply, json_reply, wire_server_fixture  # noqa: F401

KEY = "sk-ant-citations-KEY-0123456789"

GRASS: dict[str, Any] = {
    "type": "char_location",
    "cited_text": "The grass is green. ",
    "document_index": 0,
    "document_title": "Example Document",
    "start_char_index": 0,
    "end_char_index": 20,
}
SKY: dict[str, Any] = {
    "type": "char_location",
    "cited_text": "The sky is blue.",
    "document_index": 0,
    "document_title": "Example Document",
    "start_char_index": 20,
    "end_char_index": 36,
}
PAGE: dict[str, Any] = {
    "type": "page_location",
    "cited_text": "Water boils at 100 °C.",
    "document_index": 1,
    "document_title": "Physics.pdf",
    "start_page_number": 3,
    "end_page_number": 4,
}

# The shape of Anthropic's documented example: uncited text carries `"citations": null`.
ANSWER: dict[str, Any] = {
    "id": "msg_c",
    "type": "message",
    "role": "assistant",
    "model": "claude-test",
    "content": [
        {"type": "text", "text": "According to the document, ", "citations": None},
        {"type": "text", "text": "the grass is green", "citations": [GRASS]},
        {"type": "text", "text": " and ", "citations": None},
        {
            "type": "text",
            "text": "the sky is blue, water boils at 100 °C",
            "citations": [SKY, PAGE],
        },
        {"type": "text", "text": "."},
    ],
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {"input_tokens": 610, "output_tokens": 40},
}

BLOCKS = [
    TextBlock(text="According to the document, "),
    TextBlock(text="the grass is green", citations=[GRASS]),
    TextBlock(text=" and "),
    TextBlock(text="the sky is blue, water boils at 100 °C", citations=[SKY, PAGE]),
    TextBlock(text="."),
]
EXPECTED = MessageResponse(
    message=AssistantMessage(content=BLOCKS),
    stop_reason=StopReason.END_TURN,
    usage=Usage(input_tokens=610, output_tokens=40),
    model="claude-test",
    id="msg_c",
)


def _event(name: str, data: dict[str, Any]) -> bytes:
    return f"event: {name}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


def _delta(index: int, delta: dict[str, Any]) -> bytes:
    return _event(
        "content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}
    )


def _text_block(index: int, text: str, citations: list[dict[str, Any]], start: Any) -> bytes:
    opened = {"type": "text", "text": "", **start}
    out = _event(
        "content_block_start",
        {"type": "content_block_start", "index": index, "content_block": opened},
    )
    half = len(text) // 2
    for part in (text[:half], text[half:]):
        out += _delta(index, {"type": "text_delta", "text": part})
    for citation in citations:
        out += _delta(index, {"type": "citations_delta", "citation": citation})
    return out + _event("content_block_stop", {"type": "content_block_stop", "index": index})


def _stream_bytes() -> bytes:
    head = {
        **ANSWER,
        "content": [],
        "stop_reason": None,
        "usage": {"input_tokens": 610, "output_tokens": 1},
    }
    body = _event("message_start", {"type": "message_start", "message": head})
    # Some starts carry an empty citations list, as the API sends for citation-enabled text.
    starts: list[dict[str, Any]] = [{}, {"citations": []}, {}, {"citations": []}, {}]
    for index, (block, start) in enumerate(zip(ANSWER["content"], starts, strict=True)):
        body += _text_block(index, block["text"], block.get("citations") or [], start)
    body += _event(
        "message_delta",
        {
            "type": "message_delta",
            "delta": {"stop_reason": "end_turn", "stop_sequence": None},
            "usage": {"output_tokens": 40},
        },
    )
    return body + _event("message_stop", {"type": "message_stop"})


def provider(server: Any) -> AnthropicProvider:
    return AnthropicProvider("claude-test", KEY, server.url, max_retries=0, timeout=30.0)


async def test_non_streamed_and_streamed_citations_are_kept_and_equal(wire_server: Any) -> None:
    stream = Reply(headers=[("content-type", "text/event-stream")], body=_stream_bytes())
    server = wire_server(json_reply(ANSWER), stream)
    async with provider(server) as claude:
        plain = await claude.chat(MessageRequest(messages=[Message.user("cite")]))
        events = [
            e async for e in claude.chat_stream(MessageRequest(messages=[Message.user("cite")]))
        ]
    assert plain == EXPECTED
    assert accumulate_stream(events) == plain
    cited = [(e.index, e.citation) for e in events if isinstance(e, TextDeltaEvent) and e.citation]
    assert cited == [(1, GRASS), (3, SKY), (3, PAGE)]


async def test_citations_are_sent_back_to_anthropic_as_received(wire_server: Any) -> None:
    server = wire_server(json_reply(ANSWER), json_reply(ANSWER))
    history = [Message.user("cite"), EXPECTED.message, Message.user("more?")]
    async with provider(server) as claude:
        await claude.chat(MessageRequest(messages=[Message.user("cite")]))
        await claude.chat(MessageRequest(messages=history))
    assert server.requests[1].json["messages"][1] == {
        "role": "assistant",
        "content": [
            {"type": "text", "text": "According to the document, "},
            {"type": "text", "text": "the grass is green", "citations": [GRASS]},
            {"type": "text", "text": " and "},
            {
                "type": "text",
                "text": "the sky is blue, water boils at 100 °C",
                "citations": [SKY, PAGE],
            },
            {"type": "text", "text": "."},
        ],
    }


def test_openai_requests_drop_citations_and_keep_the_text() -> None:
    history = [Message.user("cite"), EXPECTED.message, Message.user("more?")]
    body = request_body(MessageRequest(messages=history), OpenAIWireOptions(model="gpt-test"))
    assert body["messages"][1] == {
        "role": "assistant",
        "content": "According to the document, the grass is green and the sky is blue, "
        "water boils at 100 °C.",
    }
    assert "citations" not in json.dumps(body)


def test_text_without_citations_serialises_and_loads_as_before() -> None:
    old = '[{"role":"assistant","content":[{"type":"text","text":"hi"}]}]'
    loaded = messages_from_json(old)
    assert loaded == [Message.assistant("hi")]
    assert messages_to_json(loaded) == old
    assert TextBlock(text="hi").model_dump() == {"type": "text", "text": "hi"}
    assert TextBlock(text="hi") == TextBlock(text="hi", citations=None)
    assert TextBlock(text="hi") != TextBlock(text="hi", citations=[GRASS])
    assert repr(TextBlock(text="hi")) == "TextBlock(type='text', text='hi')"


def test_citations_round_trip_through_json() -> None:
    message = EXPECTED.message
    text = messages_to_json([message])
    assert json.loads(text)[0]["content"][1] == {
        "type": "text",
        "text": "the grass is green",
        "citations": [GRASS],
    }
    assert messages_from_json(text) == [message]


def test_citations_without_a_type_are_dropped_streamed_and_not() -> None:
    raw = {"type": "text", "text": "x", "citations": [{}, "junk", GRASS]}
    assert block_from_wire(raw) == TextBlock(text="x", citations=[GRASS])
    translator = AnthropicStreamTranslator()
    events = translator.feed(
        {"type": "content_block_start", "index": 0, "content_block": {**raw, "text": ""}}
    )
    events += translator.feed(
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "x"}}
    )
    assert accumulate_stream(events).message.content == [TextBlock(text="x", citations=[GRASS])]


async def test_offline_streams_keep_citations() -> None:
    assert await aaccumulate_stream(_aiter(stream_events(EXPECTED, chunk_size=4))) == EXPECTED


async def _aiter(items: list[Any]) -> Any:
    for item in items:
        yield item


# --- the notebook display ----------------------------------------------------------------------


def test_a_stored_reply_lists_its_sources_once() -> None:
    parts = reply_parts([EXPECTED.message])
    html = parts_html(parts, show_tools=True, streaming=False)
    assert html.endswith(
        '<div class="nbagent-sources" style="color:#777;font-size:85%;margin-top:4px">Sources'
        '<ol style="margin:2px 0;padding-left:1.6em">'
        "<li>“The grass is green.” — <em>Example Document</em></li>"
        "<li>“The sky is blue.” — <em>Example Document</em></li>"
        "<li>“Water boils at 100 °C.” — <em>Physics.pdf</em></li>"
        "</ol></div></div>"
    )
    assert parts_text(parts, show_tools=True).endswith(
        "Sources:\n"
        "1. “The grass is green.” — Example Document\n"
        "2. “The sky is blue.” — Example Document\n"
        "3. “Water boils at 100 °C.” — Physics.pdf"
    )
    # Cited twice, listed once; a reply without citations has no Sources at all.
    twice = reply_parts([EXPECTED.message, EXPECTED.message])
    assert parts_html(twice, show_tools=True, streaming=False).count("<li>") == 3
    plain = reply_parts([Message.assistant("no sources")])
    assert "Sources" not in parts_html(plain, show_tools=True, streaming=False)
    assert "Sources" not in parts_text(plain, show_tools=True)


HOSTILE = {
    "type": "web_search_result_location",
    "cited_text": "<script>alert(1)</script> & <img src=x onerror=alert(2)>",
    "title": '"><a href="javascript:alert(3)">click</a>',
    "url": "javascript:alert(4)",
    "encrypted_index": "x",
}


def test_hostile_citation_text_is_escaped() -> None:
    reply = Message.assistant(
        [
            TextBlock(text="**bold** claim", citations=[HOSTILE]),
            ToolUseBlock(id="t1", name="search", input={"q": "<b>"}),
        ]
    )
    messages = [Message.user("q"), reply]
    outputs = [
        parts_html(reply_parts([reply]), show_tools=True, streaming=False),
        parts_html(reply_parts([reply]), show_tools=False, streaming=True),
        history_html(messages, [True, True], show_tools=True),
    ]
    for html in outputs[::2]:
        assert_safe_html(html)
        assert (
            "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(2)&gt;" in html
        )
        assert "&quot;&gt;&lt;a href=&quot;javascript:alert(3)&quot;&gt;click&lt;/a&gt;" in html
    assert_safe_html(outputs[1])
    text = parts_text(reply_parts([reply]), show_tools=False)
    assert text.endswith(f"1. “{HOSTILE['cited_text']}” — {HOSTILE['title']}")
