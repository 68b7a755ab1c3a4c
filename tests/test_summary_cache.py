"""A summary call that repeats the turn's request reads Anthropic's prompt cache (issue 23).

The session's last request of a turn is written to Anthropic's cache (its last message is
marked). A summary request that sends that conversation again, byte for byte and tools first,
then the turn's reply and the summary instruction, reads it back at a tenth of the price; a
separate prompt carrying the conversation as a transcript is all cache-miss input. These tests
run a real session against a loopback server speaking the Messages API and check the bodies it
received.
"""

from __future__ import annotations

from typing import Any

from nbagent.agent.summary import (
    DEFAULT_SUMMARY_PROMPT,
    DEFAULT_SUMMARY_PROMPT_EN,
    CachedPrefix,
    SummaryConfig,
    prefix_instruction,
)
from nbagent.llm.cycle_config import CycleConfig
from nbagent.llm.messages import Message
from nbagent.llm.providers.anthropic import AnthropicProvider
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.request import MessageRequest, PromptCache
from nbagent.llm.tools import ToolRegistry, tool
from tests.agent_support import make_session
from tests.test_anthropic_mapping import message_json, text, tool_use
from tests.test_cache_usage import anthropic_usage
from tests.wire_server import WireServer, json_reply

KEY = "sk-summary-cache-SECRET-0123456789"
SUMMARY = SummaryConfig(
    max_context_tokens=2_000,
    trigger_token_ratio=0.5,
    debounce_turns=0,
    strategy="incremental",
    prompt_language="en",
)
"""Fires at the end of the first turn: its last request reports 1,580 input tokens."""


@tool
def get_weather(city: str) -> str:
    """Weather of a city."""
    return f"{city}: 18 C, wind 12 km/h"


def unmarked(value: Any) -> Any:
    """``value`` without its ``cache_control`` marks."""
    if isinstance(value, dict):
        return {k: unmarked(v) for k, v in value.items() if k != "cache_control"}
    if isinstance(value, list):
        return [unmarked(v) for v in value]
    return value


def weather_turn(*summary_replies: Any) -> tuple[Any, ...]:
    """A turn of two requests (a tool call, then the answer), then the summary's replies."""
    return (
        json_reply(
            message_json(
                [tool_use("toolu_1", city="Rome")], "tool_use", anthropic_usage(12, 1500, 0, 30)
            )
        ),
        json_reply(message_json([text("Rome: 18 C.")], usage=anthropic_usage(20, 60, 1500, 10))),
        *summary_replies,
    )


SUMMARY_REPLY = json_reply(
    message_json(
        [text("Goal: the weather in Rome. Identifiers and figures: 18 C, wind 12 km/h.")],
        usage=anthropic_usage(24, 20, 1580, 40),
    )
)


async def run_turn(server: WireServer, summary: SummaryConfig = SUMMARY) -> Any:
    provider = AnthropicProvider("claude-test", KEY, server.url, max_retries=0)
    session = make_session(
        provider,
        summary=summary,
        registry=ToolRegistry([get_weather]),
        system_prompt="Be terse.",
    )
    await session.submit_turn("Weather in Rome? I land at 14:40.")
    await provider.aclose()
    return session


async def test_the_summary_request_repeats_the_turns_request_and_reads_its_cache(
    serve: Any,
) -> None:
    server = serve(*weather_turn(SUMMARY_REPLY))
    session = await run_turn(server)

    assert len(server.requests) == 3
    last_turn, summary = server.requests[1].json, server.requests[2].json
    # What Anthropic's cache is keyed on is the same: model, tools (marked alike), system.
    assert summary["model"] == last_turn["model"] == "claude-test"
    assert summary["tools"] == last_turn["tools"]
    assert summary["tools"][-1]["cache_control"] == {"type": "ephemeral"}
    assert summary["system"] == last_turn["system"]
    assert summary.get("tool_choice") == last_turn.get("tool_choice")
    # The turn's messages as sent (marks move from request to request: the content is what
    # the cache compares), and a mark where the turn's cache entry ends, so it is read ...
    assert len(last_turn["messages"]) == 3
    assert unmarked(summary["messages"][:3]) == unmarked(last_turn["messages"])
    assert last_turn["messages"][2]["content"][-1]["cache_control"] == {"type": "ephemeral"}
    assert summary["messages"][2]["content"][-1]["cache_control"] == {"type": "ephemeral"}
    # ... then the reply that ended the turn and the instruction.
    assert summary["messages"][3] == {"role": "assistant", "content": [text("Rome: 18 C.")]}
    instruction = summary["messages"][4]
    assert instruction["role"] == "user"
    words = instruction["content"][0]["text"]
    assert words.startswith("Write a concise summary of the conversation above")
    assert "Do not call any tool" in words and "{messages}" not in words
    assert summary["max_tokens"] == SUMMARY.max_summary_tokens

    record = session.timeline[0]
    assert record.summary_fired
    assert record.summary is not None and record.summary.startswith("Goal: the weather in Rome.")
    # Billed as the server reported it: 1,580 of 1,624 input tokens read from the cache.
    spent = session.summary_cost.total
    assert (spent.input_tokens, spent.cache_read_tokens, spent.cache_write_tokens) == (
        1624,
        1580,
        20,
    )
    assert spent.cache_read_tokens / spent.input_tokens >= 0.8


async def test_a_summary_model_of_its_own_gets_the_separate_prompt(serve: Any) -> None:
    server = serve(*weather_turn(SUMMARY_REPLY))
    cheap = SummaryConfig(**{**vars(SUMMARY), "summary_model": "claude-haiku-test"})
    await run_turn(server, cheap)

    summary = server.requests[2].json
    assert summary["model"] == "claude-haiku-test"
    assert "tools" not in summary
    (prompt,) = summary["messages"]
    words = (
        prompt["content"] if isinstance(prompt["content"], str) else prompt["content"][0]["text"]
    )
    assert words.startswith("Write a concise summary of the conversation below")
    assert "User: Weather in Rome? I land at 14:40." in words
    assert "cache_control" not in str(summary)  # nothing would read it again


async def test_a_summary_reply_that_calls_a_tool_falls_back_to_the_separate_prompt(
    serve: Any,
) -> None:
    called = json_reply(
        message_json([tool_use("toolu_9", city="Rome")], "tool_use", anthropic_usage(5, 0, 1580, 9))
    )
    server = serve(*weather_turn(called, SUMMARY_REPLY))
    session = await run_turn(server)

    assert len(server.requests) == 4
    assert "tools" in server.requests[2].json and "tools" not in server.requests[3].json
    assert session.timeline[0].summary_fired
    # Both calls were answered, so both are billed.
    assert session.summary_cost.total.output_tokens == 9 + 40


async def test_a_request_the_server_refuses_falls_back_to_the_separate_prompt(
    serve: Any,
) -> None:
    too_long = json_reply(
        {
            "type": "error",
            "error": {"type": "invalid_request_error", "message": "prompt is too long"},
        },
        status=400,
    )
    server = serve(*weather_turn(too_long, SUMMARY_REPLY))
    session = await run_turn(server)

    assert len(server.requests) == 4
    assert session.timeline[0].summary_fired
    assert "tools" not in server.requests[3].json


def prefix(sent_at: float = 0.0, **config: Any) -> CachedPrefix:
    return CachedPrefix(
        (Message.system("Be terse."), Message.user("hi"), Message.assistant("hello")),
        (),
        CycleConfig(**config),
        sent_at,
    )


def test_a_prefix_is_used_only_while_its_cache_entry_is_warm() -> None:
    five = AnthropicProvider("claude-test", KEY)
    hour = AnthropicProvider("claude-test", KEY, prompt_cache=PromptCache(ttl="1h"))
    uncached = AnthropicProvider("claude-test", KEY, prompt_cache=None)
    config = SummaryConfig()
    assert prefix().usable(five, config, now=239.0)
    assert not prefix().usable(five, config, now=241.0)  # 80% of the 5-minute TTL has gone
    assert prefix().usable(hour, config, now=2_000.0)
    assert not prefix().usable(uncached, config, now=1.0)
    assert not prefix().usable(OfflineProvider(), config, now=1.0)  # no cache to read
    assert not prefix(prompt_cache=False).usable(five, config, now=1.0)
    assert not prefix(thinking_budget=2_000).usable(five, config, now=1.0)
    other = SummaryConfig(summary_model="claude-other")
    assert not prefix().usable(five, other, now=1.0)
    same = SummaryConfig(summary_model="claude-test")
    assert prefix().usable(five, same, now=1.0)  # the turn's own model, named
    assert not prefix(model="claude-x").usable(five, same, now=1.0)


def test_the_instruction_follows_the_prompt_and_its_language() -> None:
    zh = prefix_instruction(SummaryConfig(summary_prompt=DEFAULT_SUMMARY_PROMPT), "zh")
    assert zh.startswith("请为上面的对话写一份简洁的摘要")
    assert "{messages}" not in zh and zh.endswith("不要调用任何工具，只写摘要。")
    en = prefix_instruction(SummaryConfig(summary_prompt=DEFAULT_SUMMARY_PROMPT_EN), "en")
    assert en.startswith("Write a concise summary of the conversation above")
    custom = SummaryConfig(summary_prompt="Bullet points of {messages}, no more than 5.")
    assert prefix_instruction(custom, "en") == (
        "Bullet points of (the conversation above), no more than 5."
    )


async def test_the_offline_summariser_reads_the_conversation_before_the_instruction() -> None:
    request = MessageRequest(
        messages=[
            Message.system("Be terse."),
            Message.user("Book seat 22C on flight LH 1842 on 14 March."),
            Message.assistant("Booked seat 22C."),
            Message.user(prefix_instruction(SummaryConfig(), "en")),
        ],
        max_tokens=200,
        metadata={"purpose": "summary", "summary_of": "conversation"},
    )
    reply = (await OfflineProvider().chat(request)).text()
    assert "22C" in reply and "LH 1842" in reply
    assert "concise summary" not in reply  # the instruction is not part of what is summarised
