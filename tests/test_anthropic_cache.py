"""Anthropic prompt-cache breakpoints, as sent: exact JSON bodies on a real loopback server.

The rules under test (``nbagent/llm/providers/_anthropic_cache.py``), in the order they are
applied while fewer than four marks are in the body:

1. the last message (its last block that takes a mark);
2. the system prompt (its last block);
3. the last user message before the last assistant message (the previous request's end);
4. the last tool definition.

Marks the caller put in the body (``extra_body``, native blocks, a top-level ``cache_control``)
count and stay; a mark that would put a shorter TTL before a longer one is left out; thinking
blocks never take one. Usage reports the cache writes and reads, streamed or not.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from pydantic import ValidationError

from nbagent.errors import ConfigurationError
from nbagent.llm.cycle import LlmCycle
from nbagent.llm.events import StreamEvent, UsageEvent, aaccumulate_stream
from nbagent.llm.messages import (
    AnyMessage,
    ExtensionBlock,
    Message,
    TextBlock,
    ThinkingBlock,
    ToolUseBlock,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.providers.anthropic import DEFAULT_PROMPT_CACHE, AnthropicProvider
from nbagent.llm.providers.registry import provider_from_env, provider_from_spec
from nbagent.llm.request import MessageRequest, PromptCache, StopReason, ToolDefinition
from nbagent.llm.tools import ToolRegistry, tool
from tests.wire_server import Reply, WireServer, json_reply

KEY = "sk-ant-cache-SECRET-0123456789"
BETA = "extended-cache-ttl-2025-04-11"
Json = dict[str, Any]
Server = Callable[..., WireServer]

FIVE_MINUTES: Json = {"type": "ephemeral"}
ONE_HOUR: Json = {"type": "ephemeral", "ttl": "1h"}


# --- fixtures ------------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _no_ambient_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_BASE_URL", raising=False)


@pytest.fixture
async def make_provider() -> AsyncIterator[Callable[..., AnthropicProvider]]:
    made: list[AnthropicProvider] = []

    def make(server: WireServer, **options: Any) -> AnthropicProvider:
        options.setdefault("max_retries", 0)
        made.append(AnthropicProvider("claude-test", KEY, server.url, **options))
        return made[-1]

    yield make
    for provider in made:
        await provider.aclose()


# --- wire helpers --------------------------------------------------------------------------------


def text(value: str) -> Json:
    return {"type": "text", "text": value}


def marked(block: Json, control: Json = FIVE_MINUTES) -> Json:
    return {**block, "cache_control": control}


def user(*content: Json) -> Json:
    return {"role": "user", "content": list(content)}


def assistant(*content: Json) -> Json:
    return {"role": "assistant", "content": list(content)}


def reply_json(
    content: list[Json], stop_reason: str = "end_turn", usage: Json | None = None
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


OK = json_reply(reply_json([text("OK.")]))


def ok_replies(n: int) -> list[Reply]:
    return [json_reply(reply_json([text("OK.")])) for _ in range(n)]


def marks_in(body: bytes) -> int:
    return body.count(b'"cache_control"')


# --- a multi-turn conversation with tools and a system prompt ------------------------------------

SYSTEM = "You are a weather bot."
CITY_SCHEMA: Json = {
    "type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"],
}
TOOLS = [
    ToolDefinition(name="get_weather", description="Weather of a city.", input_schema=CITY_SCHEMA),
    ToolDefinition(name="get_time", description="Local time of a city.", input_schema=CITY_SCHEMA),
]
WIRE_TOOLS: list[Json] = [
    {"name": "get_weather", "description": "Weather of a city.", "input_schema": CITY_SCHEMA},
    {"name": "get_time", "description": "Local time of a city.", "input_schema": CITY_SCHEMA},
]
PARIS_CALL = ToolUseBlock(id="toolu_1", name="get_weather", input={"city": "Paris"})
WIRE_PARIS_CALL: Json = {
    "type": "tool_use",
    "id": "toolu_1",
    "name": "get_weather",
    "input": {"city": "Paris"},
}
WIRE_PARIS_RESULT: Json = {
    "type": "tool_result",
    "tool_use_id": "toolu_1",
    "content": [text("Paris: 18 C")],
}


def conversation(first: AnyMessage | None = None, last: AnyMessage | None = None) -> list[Any]:
    """System, then five messages: question, tool call, its result, answer, a new question."""
    return [
        Message.system(SYSTEM),
        first or Message.user("Weather in Paris?"),
        Message.assistant([TextBlock(text="Checking."), PARIS_CALL]),
        Message.tool_result("toolu_1", "Paris: 18 C", tool_name="get_weather"),
        Message.assistant("Sunny, 18 C."),
        last or Message.user("And Rome?"),
    ]


# The same conversation as the API gets it: message 2 is the tool result, message 4 the new
# question; message 3 is the last assistant message, so rule 3 marks message 2.
UNMARKED_MESSAGES: list[Json] = [
    user(text("Weather in Paris?")),
    assistant(text("Checking."), WIRE_PARIS_CALL),
    user(WIRE_PARIS_RESULT),
    assistant(text("Sunny, 18 C.")),
    user(text("And Rome?")),
]
UNMARKED_BODY: Json = {
    "model": "claude-test",
    "max_tokens": 4096,
    "system": SYSTEM,
    "messages": UNMARKED_MESSAGES,
    "tools": WIRE_TOOLS,
}


def default_marked_body(control: Json) -> Json:
    return {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": [marked(text(SYSTEM), control)],  # rule 2
        "messages": [
            user(text("Weather in Paris?")),
            assistant(text("Checking."), WIRE_PARIS_CALL),
            user(marked(WIRE_PARIS_RESULT, control)),  # rule 3
            assistant(text("Sunny, 18 C.")),
            user(marked(text("And Rome?"), control)),  # rule 1
        ],
        "tools": [WIRE_TOOLS[0], marked(WIRE_TOOLS[1], control)],  # rule 4
    }


# --- the four default marks ----------------------------------------------------------------------


async def test_default_marks_the_four_rule_positions(serve: Server, make_provider: Any) -> None:
    server = serve(OK)
    provider = make_provider(server)
    assert provider.prompt_cache == PromptCache(ttl="5m")
    await provider.chat(MessageRequest(messages=conversation(), tools=TOOLS))
    sent = server.requests[0]
    assert (sent.method, sent.path) == ("POST", "/v1/messages")
    assert sent.json == default_marked_body(FIVE_MINUTES)
    assert marks_in(sent.body) == 4
    # The 5-minute TTL is the API's default: left implicit, and no beta header is needed.
    assert b'"ttl"' not in sent.body
    assert "anthropic-beta" not in sent.headers


async def test_streamed_request_gets_the_same_marks(serve: Server, make_provider: Any) -> None:
    events: list[Json] = [
        {
            "type": "message_start",
            "message": {
                **reply_json([]),
                "stop_reason": None,
                "usage": {"input_tokens": 3, "output_tokens": 1},
            },
        },
        {"type": "content_block_start", "index": 0, "content_block": text("")},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "OK"}},
        {"type": "content_block_stop", "index": 0},
        {
            "type": "message_delta",
            "delta": {"stop_reason": "end_turn"},
            "usage": {"output_tokens": 2},
        },
        {"type": "message_stop"},
    ]
    body = b"".join(
        f"event: {e['type']}\ndata: {json.dumps(e, separators=(',', ':'))}\n\n".encode()
        for e in events
    )
    server = serve(Reply(headers=[("content-type", "text/event-stream")], body=body))
    provider = make_provider(server)
    request = MessageRequest(messages=conversation(), tools=TOOLS)
    response = await aaccumulate_stream(provider.chat_stream(request))
    assert response.text() == "OK"
    assert server.requests[0].json == {**default_marked_body(FIVE_MINUTES), "stream": True}


async def test_one_hour_ttl_marks_and_sends_the_beta_header(
    serve: Server, make_provider: Any
) -> None:
    server = serve(OK)
    provider = make_provider(server, prompt_cache=PromptCache(ttl="1h"))
    await provider.chat(MessageRequest(messages=conversation(), tools=TOOLS))
    sent = server.requests[0]
    assert sent.json == default_marked_body(ONE_HOUR)
    assert marks_in(sent.body) == 4
    assert sent.body.count(b'"cache_control":{"type":"ephemeral","ttl":"1h"}') == 4
    assert sent.headers["anthropic-beta"] == BETA
    assert sent.headers["anthropic-version"] == "2023-06-01"
    assert sent.headers["x-api-key"] == KEY


@pytest.mark.parametrize(
    ("provider_cache", "request_cache"),
    [
        pytest.param(None, True, id="provider-prompt_cache-None"),
        pytest.param(DEFAULT_PROMPT_CACHE, False, id="request-prompt_cache-False"),
    ],
)
async def test_either_off_switch_sends_no_cache_control_at_all(
    serve: Server, make_provider: Any, provider_cache: PromptCache | None, request_cache: bool
) -> None:
    server = serve(OK)
    provider = make_provider(server, prompt_cache=provider_cache)
    request = MessageRequest(messages=conversation(), tools=TOOLS, prompt_cache=request_cache)
    await provider.chat(request)
    sent = server.requests[0]
    assert sent.json == UNMARKED_BODY
    assert b"cache_control" not in sent.body
    assert "anthropic-beta" not in sent.headers


async def test_request_off_switch_holds_for_that_request_only(
    serve: Server, make_provider: Any
) -> None:
    server = serve(*ok_replies(2))
    provider = make_provider(server)
    await provider.chat(MessageRequest(messages=conversation(), tools=TOOLS, prompt_cache=False))
    await provider.chat(MessageRequest(messages=conversation(), tools=TOOLS))
    assert server.requests[0].json == UNMARKED_BODY
    assert server.requests[1].json == default_marked_body(FIVE_MINUTES)


async def test_first_turn_marks_its_only_message(serve: Server, make_provider: Any) -> None:
    server = serve(*ok_replies(2))
    provider = make_provider(server)
    await provider.chat(MessageRequest(messages=[Message.user("Weather in Paris?")]))
    await provider.chat(
        MessageRequest(
            messages=[Message.system(SYSTEM), Message.user("Weather in Paris?")], tools=TOOLS
        )
    )
    # Alone: the only message, nothing else to mark.
    assert server.requests[0].json == {
        "model": "claude-test",
        "max_tokens": 4096,
        "messages": [user(marked(text("Weather in Paris?")))],
    }
    assert marks_in(server.requests[0].body) == 1
    # With a system prompt and tools: rules 1, 2 and 4 (no assistant message yet: no rule 3).
    assert server.requests[1].json == {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": [marked(text(SYSTEM))],
        "messages": [user(marked(text("Weather in Paris?")))],
        "tools": [WIRE_TOOLS[0], marked(WIRE_TOOLS[1])],
    }
    assert marks_in(server.requests[1].body) == 3


# --- marks the caller set ------------------------------------------------------------------------

GUIDE: Json = {
    "type": "document",
    "source": {"type": "text", "media_type": "text/plain", "data": "Paris guide."},
    "title": "guide",
}
ATLAS: Json = {
    "type": "document",
    "source": {"type": "text", "media_type": "text/plain", "data": "World atlas."},
    "title": "atlas",
}


def with_doc(doc: Json, question: str) -> AnyMessage:
    """A user message holding a native document block (as received), then a question."""
    return Message.user([ExtensionBlock(data=doc), TextBlock(text=question)])


async def test_a_caller_mark_counts_and_stays(serve: Server, make_provider: Any) -> None:
    server = serve(*ok_replies(2))
    provider = make_provider(server)
    first = with_doc(marked(GUIDE), "Weather in Paris?")
    extra_system = [text("Rules.")]
    request = MessageRequest(
        messages=conversation(first=first),
        tools=TOOLS,
        extra_body={"system": extra_system},
    )
    await provider.chat(request)
    expected = {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": [marked(text("Rules."))],  # rule 2, on the caller's system blocks
        "messages": [
            user(marked(GUIDE), text("Weather in Paris?")),  # the caller's mark, kept
            assistant(text("Checking."), WIRE_PARIS_CALL),
            user(marked(WIRE_PARIS_RESULT)),  # rule 3
            assistant(text("Sunny, 18 C.")),
            user(marked(text("And Rome?"))),  # rule 1
        ],
        "tools": WIRE_TOOLS,  # rule 4 finds the four marks taken
    }
    assert server.requests[0].json == expected
    assert marks_in(server.requests[0].body) == 4
    # The caller's extra_body is copied, never marked in place: sent again, the body is the same.
    assert extra_system == [text("Rules.")]
    assert request.extra_body == {"system": [text("Rules.")]}
    await provider.chat(request)
    assert server.requests[1].body == server.requests[0].body


async def test_four_caller_marks_leave_no_room(serve: Server, make_provider: Any) -> None:
    server = serve(OK)
    provider = make_provider(server)
    system = [marked(text("Rules A.")), marked(text("Rules B."))]
    messages = conversation(
        first=with_doc(marked(GUIDE), "Weather in Paris?"),
        last=with_doc(marked(ATLAS), "And Rome?"),
    )
    await provider.chat(
        MessageRequest(messages=messages, tools=TOOLS, extra_body={"system": system})
    )
    assert server.requests[0].json == {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": [marked(text("Rules A.")), marked(text("Rules B."))],
        "messages": [
            user(marked(GUIDE), text("Weather in Paris?")),
            assistant(text("Checking."), WIRE_PARIS_CALL),
            user(WIRE_PARIS_RESULT),
            assistant(text("Sunny, 18 C.")),
            user(marked(ATLAS), text("And Rome?")),
        ],
        "tools": WIRE_TOOLS,
    }
    assert marks_in(server.requests[0].body) == 4


async def test_a_top_level_mark_counts_and_takes_the_last_message_rule(
    serve: Server, make_provider: Any
) -> None:
    server = serve(OK)
    provider = make_provider(server)
    request = MessageRequest(
        messages=conversation(), tools=TOOLS, extra_body={"cache_control": {"type": "ephemeral"}}
    )
    await provider.chat(request)
    assert server.requests[0].json == {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": [marked(text(SYSTEM))],
        "messages": [
            user(text("Weather in Paris?")),
            assistant(text("Checking."), WIRE_PARIS_CALL),
            user(marked(WIRE_PARIS_RESULT)),
            assistant(text("Sunny, 18 C.")),
            user(text("And Rome?")),  # the top-level mark already caches up to the end
        ],
        "tools": [WIRE_TOOLS[0], marked(WIRE_TOOLS[1])],
        "cache_control": {"type": "ephemeral"},
    }
    assert marks_in(server.requests[0].body) == 4


async def test_a_top_level_mark_takes_one_of_the_four(serve: Server, make_provider: Any) -> None:
    server = serve(OK)
    provider = make_provider(server)
    first = with_doc(marked(GUIDE), "Weather in Paris?")
    request = MessageRequest(
        messages=conversation(first=first),
        tools=TOOLS,
        extra_body={"cache_control": {"type": "ephemeral"}},
    )
    await provider.chat(request)
    # Top-level and document marks (the caller's), system and message 2: the tools get none.
    assert server.requests[0].json == {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": [marked(text(SYSTEM))],
        "messages": [
            user(marked(GUIDE), text("Weather in Paris?")),
            assistant(text("Checking."), WIRE_PARIS_CALL),
            user(marked(WIRE_PARIS_RESULT)),
            assistant(text("Sunny, 18 C.")),
            user(text("And Rome?")),
        ],
        "tools": WIRE_TOOLS,
        "cache_control": {"type": "ephemeral"},
    }
    assert marks_in(server.requests[0].body) == 4


async def test_no_five_minute_mark_before_a_one_hour_top_level_mark(
    serve: Server, make_provider: Any
) -> None:
    server = serve(OK)
    provider = make_provider(server)
    top = {"type": "ephemeral", "ttl": "1h"}
    request = MessageRequest(
        messages=conversation(), tools=TOOLS, extra_body={"cache_control": top}
    )
    await provider.chat(request)
    # The top-level mark sits after everything: no 5m mark may come before it.
    assert server.requests[0].json == {**UNMARKED_BODY, "cache_control": ONE_HOUR}
    assert marks_in(server.requests[0].body) == 1


# --- TTL ordering --------------------------------------------------------------------------------


async def test_no_five_minute_mark_before_a_caller_one_hour_mark(
    serve: Server, make_provider: Any
) -> None:
    server = serve(OK)
    provider = make_provider(server)  # 5-minute marks
    last = with_doc(marked(ATLAS, ONE_HOUR), "And Rome?")
    await provider.chat(MessageRequest(messages=conversation(last=last), tools=TOOLS))
    # The system prompt, message 2 and the tools come before the 1h mark: a 5m mark there would
    # put a shorter-lived entry before a longer one. Only the end of message 4 (after it) is marked.
    assert server.requests[0].json == {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": SYSTEM,
        "messages": [
            user(text("Weather in Paris?")),
            assistant(text("Checking."), WIRE_PARIS_CALL),
            user(WIRE_PARIS_RESULT),
            assistant(text("Sunny, 18 C.")),
            user(marked(ATLAS, ONE_HOUR), marked(text("And Rome?"))),
        ],
        "tools": WIRE_TOOLS,
    }
    assert marks_in(server.requests[0].body) == 2


async def test_no_one_hour_mark_after_a_caller_five_minute_mark(
    serve: Server, make_provider: Any
) -> None:
    server = serve(OK)
    provider = make_provider(server, prompt_cache=PromptCache(ttl="1h"))
    request = MessageRequest(
        messages=conversation(), tools=TOOLS, extra_body={"system": [marked(text("Rules."))]}
    )
    await provider.chat(request)
    # The caller's 5m mark on the system prompt stays; 1h marks after it (messages) would put a
    # longer-lived entry after a shorter one: left out. The tools come before it: marked 1h.
    assert server.requests[0].json == {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": [marked(text("Rules."))],
        "messages": UNMARKED_MESSAGES,
        "tools": [WIRE_TOOLS[0], marked(WIRE_TOOLS[1], ONE_HOUR)],
    }
    assert marks_in(server.requests[0].body) == 2
    assert server.requests[0].headers["anthropic-beta"] == BETA


# --- a tool result and its content ---------------------------------------------------------------


async def test_a_tool_result_and_its_inner_content_count_separately(
    serve: Server, make_provider: Any
) -> None:
    server = serve(OK)
    provider = make_provider(server)
    inner = marked(text("Paris: 18 C"))
    messages = [
        Message.system(SYSTEM),
        Message.user("Weather in Paris?"),
        Message.assistant([PARIS_CALL]),
        Message.tool_result("toolu_1", [ExtensionBlock(data=inner)], tool_name="get_weather"),
    ]
    await provider.chat(MessageRequest(messages=messages, tools=TOOLS))
    result = {"type": "tool_result", "tool_use_id": "toolu_1", "content": [inner]}
    assert server.requests[0].json == {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": [marked(text(SYSTEM))],  # rule 2: mark 3
        "messages": [
            user(marked(text("Weather in Paris?"))),  # rule 3: mark 4
            assistant(WIRE_PARIS_CALL),
            # The caller's mark inside the result (mark 1) and rule 1 on the result (mark 2).
            user(marked(result)),
        ],
        "tools": WIRE_TOOLS,  # rule 4: no room left
    }
    assert marks_in(server.requests[0].body) == 4


# --- thinking ------------------------------------------------------------------------------------

THINKING = ThinkingBlock(text="17 * 23 = 391.", signature="sig_abc")
WIRE_THINKING: Json = {"type": "thinking", "thinking": "17 * 23 = 391.", "signature": "sig_abc"}
REDACTED: Json = {"type": "redacted_thinking", "data": "EqQBCkgIARABGAIiQL"}


async def test_thinking_blocks_take_no_mark(serve: Server, make_provider: Any) -> None:
    server = serve(*ok_replies(2))
    provider = make_provider(server)
    only_thinking = [
        Message.system(SYSTEM),
        Message.user("What is 17 * 23?"),
        Message.assistant([THINKING, ExtensionBlock(data=REDACTED)]),
    ]
    text_then_thinking = [
        Message.system(SYSTEM),
        Message.user("What is 17 * 23?"),
        Message.assistant([TextBlock(text="Let me work it out."), THINKING]),
    ]
    await provider.chat(MessageRequest(messages=only_thinking))
    await provider.chat(MessageRequest(messages=text_then_thinking))
    # The last message holds thinking only: rule 1 finds no block to mark.
    assert server.requests[0].json == {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": [marked(text(SYSTEM))],
        "messages": [
            user(marked(text("What is 17 * 23?"))),  # rule 3
            assistant(WIRE_THINKING, REDACTED),
        ],
    }
    assert marks_in(server.requests[0].body) == 2
    # Rule 1 passes over the thinking to the last block that takes a mark.
    assert server.requests[1].json == {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": [marked(text(SYSTEM))],
        "messages": [
            user(marked(text("What is 17 * 23?"))),
            assistant(marked(text("Let me work it out.")), WIRE_THINKING),
        ],
    }
    assert marks_in(server.requests[1].body) == 3


# --- count_tokens, spec strings, settings --------------------------------------------------------


@pytest.mark.parametrize("ttl", ["5m", "1h"])
async def test_count_tokens_is_sent_unmarked(serve: Server, make_provider: Any, ttl: str) -> None:
    server = serve(json_reply({"input_tokens": 321}))
    provider = make_provider(server, prompt_cache=PromptCache.model_validate({"ttl": ttl}))
    count = await provider.count_tokens(MessageRequest(messages=conversation(), tools=TOOLS))
    assert count == 321
    sent = server.requests[0]
    assert (sent.method, sent.path) == ("POST", "/v1/messages/count_tokens")
    assert sent.json == {
        "model": "claude-test",
        "messages": UNMARKED_MESSAGES,
        "system": SYSTEM,
        "tools": WIRE_TOOLS,
    }
    assert b"cache_control" not in sent.body


async def test_spec_string_gets_the_default_cache(serve: Server) -> None:
    server = serve(*ok_replies(3))
    built = [
        provider_from_spec(
            "anthropic:claude-sonnet-4-5", api_key=KEY, base_url=server.url, max_retries=0
        ),
        provider_from_env({"ANTHROPIC_API_KEY": KEY, "ANTHROPIC_BASE_URL": server.url}),
        provider_from_spec(
            "anthropic:claude-sonnet-4-5",
            api_key=KEY,
            base_url=server.url,
            prompt_cache=PromptCache(ttl="1h"),
        ),
    ]
    providers = [p for p in built if isinstance(p, AnthropicProvider)]
    try:
        assert len(providers) == 3
        from_spec, from_env, one_hour = providers
        assert from_spec.prompt_cache is DEFAULT_PROMPT_CACHE
        assert from_env.prompt_cache is DEFAULT_PROMPT_CACHE
        assert PromptCache(ttl="5m") == DEFAULT_PROMPT_CACHE
        assert one_hour.prompt_cache == PromptCache(ttl="1h")
        messages = [Message.system(SYSTEM), Message.user("Weather in Paris?")]
        for provider in providers:
            await provider.chat(MessageRequest(messages=messages))
    finally:
        for provider in providers:
            await provider.aclose()
    for sent, control in zip(server.requests, [FIVE_MINUTES, FIVE_MINUTES, ONE_HOUR], strict=True):
        assert sent.json == {
            "model": "claude-sonnet-4-5",
            "max_tokens": 4096,
            "system": [marked(text(SYSTEM), control)],
            "messages": [user(marked(text("Weather in Paris?"), control))],
        }
    assert [r.headers.get("anthropic-beta") for r in server.requests] == [None, None, BETA]


@pytest.mark.parametrize(
    "setting",
    [
        pytest.param("5m", id="str-5m"),
        pytest.param("1h", id="str-1h"),
        pytest.param(True, id="True"),
        pytest.param(False, id="False"),
        pytest.param({"ttl": "1h"}, id="dict"),
        pytest.param(300, id="int"),
    ],
)
def test_bad_prompt_cache_settings_are_refused(setting: Any) -> None:
    with pytest.raises(ConfigurationError, match=r"prompt_cache must be PromptCache"):
        AnthropicProvider("claude-test", KEY, "http://127.0.0.1:9", prompt_cache=setting)
    with pytest.raises(ConfigurationError, match=r"prompt_cache must be PromptCache"):
        provider_from_spec("anthropic:claude-sonnet-4-5", api_key=KEY, prompt_cache=setting)


def test_prompt_cache_accepts_only_the_two_ttls() -> None:
    for ttl in ("10m", "5M", "60m", "", "2h"):
        with pytest.raises(ValidationError):
            PromptCache.model_validate({"ttl": ttl})
    with pytest.raises(ValidationError):
        PromptCache.model_validate({"ttl": "5m", "size": 1})
    assert PromptCache().ttl == "5m"
    assert PromptCache(ttl="1h").ttl == "1h"


# --- a real tool round ---------------------------------------------------------------------------


async def test_a_cycle_tool_round_repeats_the_first_request_and_marks_its_end(
    serve: Server, make_provider: Any
) -> None:
    @tool
    def get_weather(city: str) -> str:
        """Weather of a city."""
        return f"{city}: 18 C"

    first_usage = {
        "input_tokens": 12,
        "cache_creation_input_tokens": 1500,
        "cache_read_input_tokens": 0,
        "output_tokens": 30,
    }
    second_usage = {
        "input_tokens": 20,
        "cache_creation_input_tokens": 60,
        "cache_read_input_tokens": 1500,
        "output_tokens": 10,
    }
    call = {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Rome"}}
    server = serve(
        json_reply(reply_json([call], "tool_use", first_usage)),
        json_reply(reply_json([text("Rome: 18 C, sunny.")], usage=second_usage)),
    )
    provider = make_provider(server)
    cycle = LlmCycle(provider, system_prompt="Be terse.")
    response = await cycle.submit_with_tools("Weather in Rome?", ToolRegistry([get_weather]))
    assert response.text() == "Rome: 18 C, sunny."
    assert response.stop_reason is StopReason.END_TURN

    tools = [
        {
            "name": "get_weather",
            "description": "Weather of a city.",
            "input_schema": {
                "additionalProperties": False,
                "properties": {"city": {"type": "string"}},
                "required": ["city"],
                "type": "object",
            },
            "cache_control": FIVE_MINUTES,
        }
    ]
    first, second = server.requests
    assert first.json == {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": [marked(text("Be terse."))],
        "messages": [user(marked(text("Weather in Rome?")))],
        "tools": tools,
    }
    assert second.json == {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": [marked(text("Be terse."))],
        "messages": [
            user(marked(text("Weather in Rome?"))),  # rule 3: where the first request ended
            assistant(call),
            user(
                marked(
                    {
                        "type": "tool_result",
                        "tool_use_id": "toolu_1",
                        "content": [text("Rome: 18 C")],
                    }
                )
            ),  # rule 1: the new end
        ],
        "tools": tools,
    }
    # Byte for byte: the second body is the first with the round's two messages put in before
    # the closing of the message list, so Anthropic reads the first request's entry back.
    head, tail = first.body.split(b'],"tools":')
    assert head.endswith(b'"cache_control":{"type":"ephemeral"}}]}')
    assert second.body.startswith(head + b',{"role":"assistant","content":[{"type":"tool_use"')
    assert second.body.endswith(b'],"tools":' + tail)
    new = second.body[len(head) : len(second.body) - len(tail) - len(b'],"tools":')]
    assert new == (
        b',{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1",'
        b'"name":"get_weather","input":{"city":"Rome"}}]},'
        b'{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1",'
        b'"content":[{"type":"text","text":"Rome: 18 C"}],"cache_control":{"type":"ephemeral"}}]}'
    )
    assert cycle.usage.per_call == (
        Usage(input_tokens=1512, output_tokens=30, cache_write_tokens=1500),
        Usage(input_tokens=1580, output_tokens=10, cache_read_tokens=1500, cache_write_tokens=60),
    )


# --- cache usage in replies ----------------------------------------------------------------------

PLAIN_REPLY = (
    b'{"id":"msg_01","type":"message","role":"assistant","model":"claude-sonnet-4-5",'
    b'"content":[{"type":"text","text":"Sunny."}],"stop_reason":"end_turn","stop_sequence":null,'
    b'"usage":{"input_tokens":21,"cache_creation_input_tokens":188,'
    b'"cache_read_input_tokens":1024,"output_tokens":7}}'
)
CACHED_USAGE = Usage(
    input_tokens=21 + 188 + 1024, output_tokens=7, cache_read_tokens=1024, cache_write_tokens=188
)


def stream_bytes(delta_usage: bytes) -> bytes:
    return (
        b"event: message_start\n"
        b'data: {"type":"message_start","message":{"id":"msg_02","type":"message",'
        b'"role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,'
        b'"stop_sequence":null,"usage":{"input_tokens":21,"cache_creation_input_tokens":188,'
        b'"cache_read_input_tokens":1024,"output_tokens":1}}}\n\n'
        b"event: content_block_start\n"
        b'data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}'
        b"\n\n"
        b"event: ping\n"
        b'data: {"type":"ping"}\n\n'
        b"event: content_block_delta\n"
        b'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta",'
        b'"text":"Sunny."}}\n\n'
        b"event: content_block_stop\n"
        b'data: {"type":"content_block_stop","index":0}\n\n'
        b"event: message_delta\n"
        b'data: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},'
        b'"usage":' + delta_usage + b"}\n\n"
        b"event: message_stop\n"
        b'data: {"type":"message_stop"}\n\n'
    )


async def test_cache_usage_of_a_plain_reply(serve: Server, make_provider: Any) -> None:
    server = serve(Reply(headers=[("content-type", "application/json")], body=PLAIN_REPLY))
    response = await make_provider(server).chat(
        MessageRequest(messages=[Message.user("Weather in Paris?")])
    )
    assert response.text() == "Sunny."
    assert response.usage == CACHED_USAGE
    assert response.usage.input_tokens == 1233


@pytest.mark.parametrize(
    "delta_usage",
    [
        pytest.param(b'{"output_tokens":7}', id="delta-output-only"),
        pytest.param(
            b'{"input_tokens":21,"cache_creation_input_tokens":188,'
            b'"cache_read_input_tokens":1024,"output_tokens":7}',
            id="delta-cumulative",
        ),
    ],
)
async def test_cache_usage_of_a_stream(
    serve: Server, make_provider: Any, delta_usage: bytes
) -> None:
    body = stream_bytes(delta_usage)
    server = serve(Reply(headers=[("content-type", "text/event-stream")], body=body))
    provider = make_provider(server)
    request = MessageRequest(messages=[Message.user("Weather in Paris?")])
    events: list[StreamEvent] = [e async for e in provider.chat_stream(request)]
    usage_events = [e for e in events if isinstance(e, UsageEvent)]
    assert usage_events == [
        UsageEvent(
            input_tokens=1233, output_tokens=1, cache_read_tokens=1024, cache_write_tokens=188
        ),
        UsageEvent(
            input_tokens=1233, output_tokens=7, cache_read_tokens=1024, cache_write_tokens=188
        ),
    ]
    response = await aaccumulate_stream(_replay(events))
    assert response.text() == "Sunny."
    assert response.usage == CACHED_USAGE
    assert server.requests[0].json == {
        "model": "claude-test",
        "max_tokens": 4096,
        "messages": [user(marked(text("Weather in Paris?")))],
        "stream": True,
    }


async def _replay(events: list[StreamEvent]) -> AsyncIterator[StreamEvent]:
    for event in events:
        yield event
