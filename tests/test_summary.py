"""Phase 16: automatic conversation summaries — the twelve tests of step 16.5 and both
acceptance scenarios of the design notes."""

from __future__ import annotations

import dataclasses
import logging

import pytest

from nbagent.agent.config import AgentConfig
from nbagent.agent.context import FocusedConfig, SlotConfig, SlotMode
from nbagent.agent.summary import (
    DEFAULT_SUMMARY_PROMPT,
    DEFAULT_SUMMARY_PROMPT_EN,
    SummaryConfig,
    format_messages_as_text,
    generate_summary,
)
from nbagent.agent.timeline import SummaryStatus
from nbagent.errors import APIConnectionError
from nbagent.llm.hooks import HookContext, HookEvent, HookExecutor
from nbagent.llm.messages import (
    AudioBlock,
    ImageBlock,
    Message,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolUseBlock,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.request import ResultSemantic
from nbagent.llm.tools import ToolRegistry, tool
from tests.agent_support import ScriptedProvider, fired_turns, make_session

LOW = {"max_context_tokens": 20, "trigger_token_ratio": 0.5}  # threshold 10 tokens


def test_summary_config_defaults() -> None:
    cfg = SummaryConfig()
    assert cfg.trigger_token_ratio == 0.75
    assert cfg.max_context_tokens == 32_000
    assert cfg.summary_prompt == DEFAULT_SUMMARY_PROMPT
    assert "{messages}" in cfg.summary_prompt
    assert cfg.debounce_turns == 3
    assert cfg.summary_model is None
    assert cfg.max_tool_result_chars == 500
    assert (cfg.watermark, cfg.strategy, cfg.prompt_language) == ("context", "full", "auto")
    assert cfg.threshold == 24_000
    # Off unless configured.
    assert AgentConfig().summary_config is None
    # The default prompt follows the language, also through dataclasses.replace.
    assert SummaryConfig(prompt_language="en").summary_prompt == DEFAULT_SUMMARY_PROMPT_EN
    assert "{messages}" in DEFAULT_SUMMARY_PROMPT_EN
    english = dataclasses.replace(cfg, prompt_language="en")
    assert english.summary_prompt == DEFAULT_SUMMARY_PROMPT_EN
    # "auto" asks in the conversation's language: Chinese for a Chinese one (the seed's
    # default), English (which says to answer in the conversation's language) otherwise.
    zh, en = (p.split("{messages}")[0] for p in (DEFAULT_SUMMARY_PROMPT, DEFAULT_SUMMARY_PROMPT_EN))
    assert cfg.render_prompt("User: 帮我订明天去上海的高铁，二等座").startswith(zh)
    assert cfg.render_prompt("User: Book the 9:40 train to Lyon").startswith(en)
    assert cfg.render_prompt("User: Bitte buche den Zug nach Köln um 9:40").startswith(en)
    assert english.render_prompt("User: 帮我订明天去上海的高铁").startswith(en)  # fixed: kept
    assert cfg.language_of("User: 这个 PR 的 CI 挂了") == "zh"


@pytest.mark.parametrize("watermark", ["context", "cumulative"])
async def test_summary_not_generated_below_threshold(watermark: str) -> None:
    provider = ScriptedProvider(fixed_usage=Usage(input_tokens=10, output_tokens=5))
    session = make_session(
        provider,
        summary=SummaryConfig(watermark=watermark, debounce_turns=0),  # type: ignore[arg-type]
    )
    for i in range(5):
        await session.submit_turn(f"msg {i}")
    assert provider.calls == 5
    assert provider.summary_requests == []
    assert [r.summary_status for r in session.timeline] == [SummaryStatus.NOT_NEEDED] * 5
    assert await session.get_conversation_summary() is None
    assert session.slot.summary_override is None
    assert session.summary_cost.total_tokens == 0


async def test_summary_generated_above_threshold() -> None:
    provider = ScriptedProvider(fixed_usage=Usage(input_tokens=10, output_tokens=5))
    cfg = SummaryConfig(**LOW, watermark="cumulative", summary_model="cheap-model")
    session = make_session(provider, summary=cfg)
    for i in range(4):
        await session.submit_turn(f"msg {i}")
    # 15 tokens after the first turn is over the line (10); the debounce (3) holds it until
    # turn_index 3, as in the notes (last_summary_turn starts at 0).
    statuses = [r.summary_status for r in session.timeline]
    assert statuses == [SummaryStatus.DEBOUNCED] * 3 + [SummaryStatus.FIRED]
    assert provider.calls == 5
    (request,) = provider.summary_requests
    assert request.tools == []
    assert request.max_tokens == 1024
    assert request.metadata == {"purpose": "summary"}
    assert request.model == "cheap-model"
    assert request.prompt_cache is False  # no cache write for a prefix nothing repeats
    (prompt,) = request.messages
    # "auto": an English conversation is asked in English
    assert prompt.text().startswith(DEFAULT_SUMMARY_PROMPT_EN.split("{messages}")[0])
    assert "User: msg 3" in prompt.text()
    assert await session.get_conversation_summary() == "summary #1"
    assert session.last_summary_turn == 3
    assert session.turn_index == 4


async def test_summary_debounce_works() -> None:
    provider = ScriptedProvider(fixed_usage=Usage(input_tokens=10, output_tokens=5))
    session = make_session(provider, summary=SummaryConfig(**LOW, watermark="cumulative"))
    for i in range(10):
        await session.submit_turn(f"msg {i}")
    fired = fired_turns(session)
    assert fired == [3, 6, 9]
    # Between two summaries the line stays crossed, and every turn is held by the debounce.
    for record in session.timeline:
        assert record.watermark is not None and record.watermark >= 10
        if record.turn_index not in fired:
            assert record.summary_status is SummaryStatus.DEBOUNCED
    assert len(provider.summary_requests) == 3


@pytest.mark.parametrize("position", ["end", "start"])
async def test_summary_injected_into_focused(position: str) -> None:
    provider = ScriptedProvider()
    slot = SlotConfig(focused=FocusedConfig(summary_position=position))  # type: ignore[arg-type]
    session = make_session(
        provider,
        summary=SummaryConfig(**LOW, debounce_turns=1),
        slot_config=slot,
        system_prompt="You are terse.",
    )
    for i in range(3):
        await session.submit_turn(f"msg {i}")
    assert fired_turns(session) == [1, 2]
    view = session.slot.load_messages()
    summary_message = Message.system("[上下文摘要] summary #2")
    if position == "end":
        assert view[-1] == summary_message
    else:
        assert view[0] == summary_message
    # The stored history is never shortened; the view keeps the last two turns verbatim.
    assert len(session.slot.messages) == 6
    assert [m.text() for m in view if not isinstance(m, SystemMessage)] == [
        "msg 1",
        "reply to msg 1",
        "msg 2",
        "reply to msg 2",
    ]
    # The next request carries the system prompt first and the summary where configured.
    await session.submit_turn("msg 3")
    sent = provider.turn_requests[-1].messages
    assert sent[0] == Message.system("You are terse.")
    assert summary_message in sent
    assert sent.index(summary_message) == (1 if position == "start" else len(sent) - 2)


async def test_summary_written_to_session_memory() -> None:
    session = make_session(ScriptedProvider(), summary=SummaryConfig(**LOW, debounce_turns=0))
    await session.submit_turn("msg 0")
    assert await session.get_session_data("conversation_summary") == "summary #1"
    assert await session.get_conversation_summary() == "summary #1"
    assert await session.session_memory.keys() == ["conversation_summary"]
    await session.submit_turn("msg 1")
    assert await session.get_session_data("conversation_summary") == "summary #2"


async def test_summary_not_injected_in_full_mode() -> None:
    provider = ScriptedProvider()
    session = make_session(
        provider,
        summary=SummaryConfig(**LOW, debounce_turns=0),
        slot_config=SlotConfig(mode=SlotMode.FULL),
    )
    for i in range(3):
        await session.submit_turn(f"msg {i}")
    assert fired_turns(session) == [0, 1, 2]  # a FULL view never shrinks
    assert await session.get_conversation_summary() == "summary #3"
    assert session.slot.summary_override is None
    assert session.slot.summary_upto == 0
    assert session.slot.load_messages() == list(session.slot.messages)
    assert not any(isinstance(m, SystemMessage) for m in provider.turn_requests[-1].messages)


async def test_summary_failure_does_not_block(caplog: pytest.LogCaptureFixture) -> None:
    failing = [True]

    def summary(request: object, n: int) -> object:
        return APIConnectionError("connection refused") if failing[0] else f"summary #{n}"

    provider = ScriptedProvider(summary=summary)  # type: ignore[arg-type]
    session = make_session(provider, summary=SummaryConfig(**LOW, debounce_turns=0))
    with caplog.at_level(logging.ERROR, logger="nbagent.agent.summary"):
        response = await session.submit_turn("msg 0")
    assert response.text() == "reply to msg 0"
    assert session.turn_index == 1
    assert session.timeline[-1].summary_status is SummaryStatus.FAILED
    assert "APIConnectionError" in (session.timeline[-1].summary_error or "")
    # (nbagent's own: an earlier test's loop, closed with a store task still pending, may log
    # "Task was destroyed" from asyncio when that task is collected here)
    errors = [
        r for r in caplog.records if r.levelno == logging.ERROR and r.name.startswith("nbagent")
    ]
    assert errors and "turn=0" in errors[0].getMessage()
    # Nothing changed: no summary anywhere, no summary cost, no debounce started.
    assert await session.get_conversation_summary() is None
    assert session.slot.summary_override is None
    assert session.summary_cost.calls == 0
    assert session.last_summary_turn == 0
    # The next turn tries again and succeeds.
    failing[0] = False
    await session.submit_turn("msg 1")
    assert session.timeline[-1].summary_status is SummaryStatus.FIRED
    # Turn 0 made two attempts (a connection error is retried once).
    assert await session.get_conversation_summary() == "summary #3"


async def test_summary_stream_path() -> None:
    seen: list[tuple[str, int | None]] = []
    hooks = HookExecutor()
    for event in (HookEvent.TURN_START, HookEvent.TURN_END, HookEvent.SUMMARY):

        def record(ctx: HookContext) -> None:
            seen.append((ctx.event.value, ctx.turn_index))

        hooks.register(event, record)
    cfg = SummaryConfig(**LOW, watermark="cumulative", debounce_turns=2)
    provider = ScriptedProvider(fixed_usage=Usage(input_tokens=10, output_tokens=5))
    streamed = make_session(provider, summary=cfg, hooks=hooks)
    texts: list[str] = []
    for i in range(5):
        async for event in streamed.submit_turn_stream(f"msg {i}"):
            if getattr(event, "type", None) == "text_delta":
                texts.append(event.text)  # type: ignore[union-attr]
        # The stream already advanced turn_index; finalize uses the previous one.
        assert streamed.turn_index == i + 1
        record = await streamed.finalize_turn()
        assert record is not None and record.turn_index == i
        assert record.streamed
    assert await streamed.finalize_turn() is None
    assert "".join(texts).startswith("reply to msg 0")
    # Same fire turns as the non-streamed path.
    plain = make_session(
        ScriptedProvider(fixed_usage=Usage(input_tokens=10, output_tokens=5)), summary=cfg
    )
    for i in range(5):
        await plain.submit_turn(f"msg {i}")
    assert fired_turns(streamed) == fired_turns(plain) == [2, 4]
    assert seen[:3] == [("turn_start", 0), ("turn_end", 0), ("turn_start", 1)]
    assert ("summary", 2) in seen
    assert seen.index(("turn_end", 2)) < seen.index(("summary", 2))
    assert await streamed.get_conversation_summary() == "summary #2"


def test_summary_format_messages() -> None:
    messages = [
        Message.system("你是一个翻译助手"),
        Message.user("把这段英文翻译成中文"),
        Message.assistant(
            [
                TextBlock(text="请提供英文文本"),
                ToolUseBlock(id="call_1", name="translate", input={"text": "long JSON"}),
            ]
        ),
        Message.tool_result("call_1", "这是中文翻译" * 100),
        Message.tool_result("call_2", "boom", is_error=True),
        Message.user_image(url="https://example.com/cat.png", text="这是什么？"),
        Message.user([AudioBlock(data="AAAA")]),
        Message.assistant([ThinkingBlock(text="hmm"), TextBlock(text="一只猫")]),
    ]
    text = format_messages_as_text(messages, max_tool_result_chars=5)
    assert text == (
        "System: 你是一个翻译助手\n\n"
        "User: 把这段英文翻译成中文\n\n"
        "Assistant: 请提供英文文本 [Tool: translate]\n\n"
        "Tool Result [call_1]: 这是中文翻\n\n"
        "Tool Error [call_2]: boom\n\n"
        "User: 这是什么？ [image]\n\n"
        "User: [audio]\n\n"
        "Assistant: [thinking] 一只猫"
    )
    assert "long JSON" not in text  # tool arguments are never shown
    # Default cap: 500 characters of a tool result, counted in characters, not bytes.
    assert "Tool Result [call_1]: " + "这是中文翻译" * 83 + "这是" in format_messages_as_text(
        messages
    )
    # Past max_chars the front is cut and the newest messages stay.
    history = [Message.user(f"message {i:03d}") for i in range(100)]
    cut = format_messages_as_text(history, max_chars=100)
    assert len(cut) == 100
    assert cut.endswith("User: message 099")
    assert "message 000" not in cut
    assert len(format_messages_as_text(history)) < 30_000
    assert format_messages_as_text([]) == ""
    assert ImageBlock  # imported for the user_image case above


async def test_summary_skipped_for_empty_messages() -> None:
    provider = OfflineProvider()
    assert await generate_summary(provider, []) == ""
    assert provider.calls == 0
    # With messages it makes exactly one call.
    text = await generate_summary(provider, [Message.user("Kyoto in May, three days.")])
    assert text and provider.calls == 1


@pytest.mark.parametrize("watermark", ["context", "cumulative"])
async def test_summary_not_generated_if_max_context_unreachable(watermark: str) -> None:
    provider = ScriptedProvider()
    cfg = SummaryConfig(max_context_tokens=10**9, debounce_turns=0, watermark=watermark)  # type: ignore[arg-type]
    session = make_session(provider, summary=cfg)
    for i in range(20):
        await session.submit_turn(f"msg {i}")
    assert provider.summary_requests == []
    assert all(r.summary_status is SummaryStatus.NOT_NEEDED for r in session.timeline)
    assert max(r.watermark or 0 for r in session.timeline) < cfg.threshold
    assert await session.get_conversation_summary() is None


# -- acceptance scenarios ---------------------------------------------------------------------


@tool(result_semantic=ResultSemantic.FACTUAL)
def get_weather(city: str) -> str:
    """Current weather of a city.

    Args:
        city: City name.
    """
    return f"{city}: sunny, 24°C"


async def test_acceptance_long_conversation_gets_summarised() -> None:
    provider = OfflineProvider()  # usage from the token estimator, as a real provider reports
    hooks = HookExecutor()
    summaries: list[str] = []
    hooks.register(HookEvent.SUMMARY, lambda ctx: summaries.append(ctx.data["summary"]))
    cfg = SummaryConfig(max_context_tokens=100, trigger_token_ratio=0.5, debounce_turns=2)
    session = make_session(
        provider,
        summary=cfg,
        hooks=hooks,
        registry=ToolRegistry([get_weather]),
        session_id="session-1",
    )
    turns = 0
    while await session.get_session_data("conversation_summary") is None:
        await session.submit_turn(f"msg {turns + 1}: what is the weather in Paris today?")
        turns += 1
        assert turns < 10, "no summary after 10 turns"
    summary = await session.get_session_data("conversation_summary")
    assert summary and summaries == [summary]
    fired = session.timeline[-1]
    assert fired.summary_fired and fired.turn_index == 2  # first turn out of the debounce
    assert fired.watermark is not None and fired.watermark >= 50
    view = session.slot.load_messages()
    # The focused view holds the summary, right after the leading system messages (the
    # default position), before the turns it does not cover.
    shown = Message.system(f"[上下文摘要] {summary}")
    at = view.index(shown)
    assert all(m.role == "system" for m in view[:at]) and view[at + 1].role == "user"
    # Tool calls ran and are part of the stored history.
    assert any(m.role == "tool" for m in session.slot.messages)


async def test_acceptance_no_summary_config_has_zero_impact() -> None:
    provider = OfflineProvider()
    session = make_session(provider, session_id="session-2")
    for i in range(50):
        await session.submit_turn(f"msg {i}")
    assert provider.calls == 50
    assert all("purpose" not in r.metadata for r in provider.requests)
    assert await session.get_conversation_summary() is None
    assert {r.summary_status for r in session.timeline} == {SummaryStatus.DISABLED}
    assert session.summary_cost.calls == 0
    assert session.slot.load_messages() == list(session.slot.messages)
    assert len(session.slot.messages) == 100
