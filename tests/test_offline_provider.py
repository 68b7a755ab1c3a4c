"""OfflineProvider: scripted replies, the echo fallback, extractive summaries, streaming, usage.

The notebooks' travel demo built on it is tested in ``test_demo.py``.
"""

from __future__ import annotations

import asyncio
import json
import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbagent.errors import ConfigurationError
from nbagent.llm.events import (
    MessageEndEvent,
    MessageStartEvent,
    TextDeltaEvent,
    ToolUseEndEvent,
    ToolUseInputDeltaEvent,
    ToolUseStartEvent,
    UsageEvent,
    aaccumulate_stream,
    accumulate_stream,
)
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    ContentBlock,
    ExtensionBlock,
    ImageBlock,
    Message,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers._extractive import extractive_summary, fact_score
from nbagent.llm.providers.offline import (
    OFFLINE_NOTE,
    FunctionProvider,
    OfflineProvider,
    echo_reply,
    names_tool,
    schema_arguments,
    stream_events,
    trailing_tool_results,
)
from nbagent.llm.request import (
    MessageRequest,
    MessageResponse,
    StopReason,
    ToolChoice,
    ToolDefinition,
)
from nbagent.llm.tokens import (
    HeuristicEstimator,
    estimate_block_tokens,
    estimate_messages_tokens,
    estimate_text_tokens,
)

WEATHER = ToolDefinition(
    name="get_weather",
    description="Weather forecast for a city",
    input_schema={
        "type": "object",
        "properties": {"city": {"type": "string"}, "date": {"type": "string"}},
        "required": ["city"],
    },
)
FLIGHTS = ToolDefinition(
    name="search_flights",
    input_schema={
        "type": "object",
        "properties": {
            "origin": {"type": "string"},
            "destination": {"type": "string"},
            "date": {"type": "string"},
        },
        "required": ["origin", "destination"],
    },
)
HOTELS = ToolDefinition(
    name="search_hotels",
    input_schema={
        "type": "object",
        "properties": {"city": {"type": "string"}, "nights": {"type": "integer"}},
    },
)
TRAVEL_TOOLS = [WEATHER, FLIGHTS, HOTELS]


class CharEstimator:
    """One token per character: makes usage arithmetic exact in tests."""

    name = "chars"

    def count_text(self, text: str) -> int:
        return len(text)


def request(*messages: AnyMessage, **kwargs: object) -> MessageRequest:
    return MessageRequest(messages=list(messages), **kwargs)


HI = request(Message.user("hi"))


# --- identity ----------------------------------------------------------------------------------


def test_says_it_is_offline_everywhere() -> None:
    provider = OfflineProvider()
    assert provider.name == "offline"
    assert provider.model == "offline-demo"
    assert repr(provider) == "OfflineProvider(model='offline-demo', offline=True, queued=0)"
    assert isinstance(provider, LlmProvider)


def test_a_model_name_without_offline_gets_the_prefix() -> None:
    assert OfflineProvider(model="gpt-4o").model == "offline-gpt-4o"
    assert OfflineProvider(model="my-Offline-model").model == "my-Offline-model"


async def test_response_model_is_offline_even_if_the_request_names_another() -> None:
    provider = OfflineProvider(["ok"])
    response = await provider.chat(request(Message.user("hi"), model="gpt-4o"))
    assert response.model == "offline-demo"
    provider.enqueue("ok")
    response = await provider.chat(request(Message.user("hi"), model="offline-large"))
    assert response.model == "offline-large"


@pytest.mark.parametrize("kwargs", [{"chunk_size": 0}, {"latency": -1.0}])
def test_bad_settings_fail_at_construction(kwargs: dict[str, float]) -> None:
    with pytest.raises(ConfigurationError):
        OfflineProvider(**kwargs)  # type: ignore[arg-type]


# --- scripted replies --------------------------------------------------------------------------


async def test_queue_is_consumed_in_order_then_falls_back_to_the_echo() -> None:
    provider = OfflineProvider(["first", "second"])
    assert provider.pending == 2
    assert (await provider.chat(HI)).text() == "first"
    assert (await provider.chat(HI)).text() == "second"
    assert provider.pending == 0
    fallback = (await provider.chat(HI)).text()
    assert fallback == f'You said: "hi" {OFFLINE_NOTE}'
    assert fallback == echo_reply(HI)[0].text  # type: ignore[union-attr]
    assert provider.calls == 3


async def test_every_reply_form_becomes_a_response() -> None:
    tool = ToolUseBlock(id="t1", name="get_weather", input={"city": "Oslo"})
    given_response = MessageResponse(
        message=AssistantMessage(content=[TextBlock(text="cut")]),
        stop_reason=StopReason.MAX_TOKENS,
        usage=Usage(input_tokens=7, output_tokens=3),
        model="scripted",
        id="resp_1",
    )
    provider = OfflineProvider(
        [
            "plain",
            Message.assistant([TextBlock(text="as message")]),
            [TextBlock(text="blocks"), tool],
            given_response,
        ]
    )
    plain = await provider.chat(HI)
    assert plain.message.content == [TextBlock(text="plain")]
    assert plain.stop_reason is StopReason.END_TURN
    assert (await provider.chat(HI)).message.content == [TextBlock(text="as message")]
    blocks = await provider.chat(HI)
    assert blocks.message.content == [TextBlock(text="blocks"), tool]
    assert blocks.stop_reason is StopReason.TOOL_USE
    # A full response is returned exactly as scripted, its own stop reason and usage included.
    assert await provider.chat(HI) == given_response


async def test_enqueue_appends_after_the_queue() -> None:
    provider = OfflineProvider(["a"])
    provider.enqueue("b", "c")
    texts = [(await provider.chat(HI)).text() for _ in range(3)]
    assert texts == ["a", "b", "c"]


async def test_exceptions_in_the_queue_are_raised_and_the_request_is_still_recorded() -> None:
    boom = RuntimeError("scripted failure")
    provider = OfflineProvider([boom, "after"])
    with pytest.raises(RuntimeError, match="scripted failure") as info:
        await provider.chat(HI)
    assert info.value is boom
    assert provider.requests == [HI]
    assert (await provider.chat(HI)).text() == "after"
    assert provider.calls == 2


async def test_exceptions_are_raised_from_the_stream_too() -> None:
    provider = OfflineProvider([TimeoutError("slow")])
    with pytest.raises(TimeoutError, match="slow"):
        await aaccumulate_stream(provider.chat_stream(HI))


async def test_sync_function_replies_see_the_request() -> None:
    def echo(req: MessageRequest) -> str:
        return "echo: " + req.messages[-1].text()

    provider = OfflineProvider(echo)
    assert (await provider.chat(request(Message.user("ping")))).text() == "echo: ping"
    assert (await provider.chat(request(Message.user("pong")))).text() == "echo: pong"


async def test_async_function_replies_and_queue_precedence() -> None:
    async def answer(req: MessageRequest) -> list[ContentBlock]:
        await asyncio.sleep(0)
        return [TextBlock(text=f"{len(req.messages)} messages")]

    provider = OfflineProvider(answer)
    provider.enqueue("queued first")
    assert (await provider.chat(HI)).text() == "queued first"
    assert (await provider.chat(request(Message.user("a"), Message.user("b")))).text() == (
        "2 messages"
    )


async def test_function_may_raise_and_may_return_an_exception() -> None:
    def fail(req: MessageRequest) -> str:
        raise KeyError("inside")

    with pytest.raises(KeyError):
        await OfflineProvider(fail).chat(HI)
    with pytest.raises(ValueError, match="returned"):
        await OfflineProvider(lambda r: ValueError("returned")).chat(HI)


async def test_function_provider() -> None:
    provider = FunctionProvider(
        lambda r: MessageResponse(message=Message.assistant(r.model or "none"), id="f1")
    )
    assert provider.model == "offline-function"
    assert "offline=True" in repr(provider)
    assert repr(provider).startswith("FunctionProvider(")
    assert await provider.chat(request(Message.user("x"), model="m")) == MessageResponse(
        message=Message.assistant("m"), id="f1"
    )
    with pytest.raises(TypeError):
        FunctionProvider("not callable")  # type: ignore[arg-type]


async def test_requests_are_recorded_as_copies() -> None:
    provider = OfflineProvider(["a", "b"])
    req = request(Message.user("one"))
    await provider.chat(req)
    req.messages.append(Message.user("two"))
    await provider.chat(req)
    assert [len(r.messages) for r in provider.requests] == [1, 2]
    assert provider.requests[1] == req


# --- usage -------------------------------------------------------------------------------------


async def test_usage_comes_from_the_estimator() -> None:
    est = CharEstimator()
    provider = OfflineProvider(["four"], estimator=est)
    req = request(Message.system("be brief"), Message.user("hello"), tools=[WEATHER])
    response = await provider.chat(req)
    schema = json.dumps(
        [WEATHER.model_dump(mode="json", exclude={"result_semantic", "key_fields"})],
        ensure_ascii=False,
        separators=(",", ":"),
    )
    assert response.usage == Usage(
        input_tokens=estimate_messages_tokens(req.messages, est) + len(schema),
        output_tokens=4,
    )
    assert provider.estimate_input_tokens(req) == response.usage.input_tokens


async def test_default_usage_uses_the_heuristic_estimator() -> None:
    reply: list[ContentBlock] = [
        TextBlock(text="Sunny in Rome."),
        ToolUseBlock(id="t", name="x", input={"a": 1}),
    ]
    response = await OfflineProvider([reply]).chat(HI)
    assert response.usage.input_tokens == estimate_messages_tokens(HI.messages)
    est = HeuristicEstimator()
    assert response.usage.output_tokens == sum(estimate_block_tokens(b, est) for b in reply)
    assert response.usage.output_tokens > 0


# --- with nothing scripted: the echo ----------------------------------------------------------


async def test_echo_says_the_message_back_and_that_it_is_offline() -> None:
    long = "word " * 40
    for req, text in [
        (request(Message.user("Tell me a joke"), tools=TRAVEL_TOOLS), 'You said: "Tell me a joke"'),
        (request(Message.user("  two\n lines ")), 'You said: "two lines"'),
        (request(Message.user(long)), f'You said: "{" ".join(long.split())[:80]}…"'),
        (request(Message.system("only a system prompt")), "Nothing was said."),
    ]:
        response = await OfflineProvider().chat(req)
        assert response.stop_reason is StopReason.END_TURN
        assert response.text() == f"{text} {OFFLINE_NOTE}"
    # No travel planner in the core: the demo lives in the notebook layer.
    assert "travel" not in (await OfflineProvider().chat(HI)).text()


async def test_echo_calls_the_tools_the_message_names() -> None:
    req = request(Message.user("Which hotels and flights are there?"), tools=TRAVEL_TOOLS)
    response = await OfflineProvider().chat(req)
    assert response.stop_reason is StopReason.TOOL_USE
    assert response.message.content[0] == TextBlock(text="Calling search_flights, search_hotels.")
    uses = [b for b in response.message.content if isinstance(b, ToolUseBlock)]
    # Required strings get the message; numbers 1; optional strings are left out.
    text = "Which hotels and flights are there?"
    assert [(u.name, u.input) for u in uses] == [
        ("search_flights", {"origin": text, "destination": text}),
        ("search_hotels", {"nights": 1}),
    ]
    assert len({u.id for u in uses}) == 2


@pytest.mark.parametrize(
    ("name", "text", "named"),
    [
        ("hotels", "Which hotels in Paris?", True),
        ("hotels", "A hotel near the station", True),
        ("search_hotels", "Hotels in Rome?", True),
        ("get_weather", "What is the weather?", True),
        ("get_weather", "How do I get there?", False),
        ("searchFlights", "any flights", True),
        ("hotels", "photels", False),
        ("news", "any news", True),
    ],
)
def test_a_tool_is_named_by_its_name_or_last_word(name: str, text: str, named: bool) -> None:
    assert names_tool(ToolDefinition(name=name), text) is named


def test_schema_arguments_follow_the_schema() -> None:
    tool = ToolDefinition(
        name="t",
        input_schema={
            "type": "object",
            "properties": {
                "q": {"type": "string"},
                "n": {"type": "integer"},
                "flag": {"type": "boolean"},
                "unit": {"type": "string", "enum": ["c", "f"]},
                "note": {"type": "string"},
            },
            "required": ["q", "unit"],
        },
    )
    assert schema_arguments(tool, "x" * 150) == {"q": "x" * 100, "n": 1, "flag": False, "unit": "c"}
    guessed = schema_arguments(tool, "hi", lambda name: "Oslo" if name == "note" else None)
    assert guessed == {"q": "hi", "n": 1, "flag": False, "unit": "c", "note": "Oslo"}


async def test_echo_reports_tool_results_of_both_styles_and_errors() -> None:
    use = ToolUseBlock(id="call_9", name="search_flights", input={})
    other = ToolUseBlock(id="call_8", name="get_weather", input={})
    history: list[AnyMessage] = [
        Message.user("flights and weather please"),
        Message.assistant([use, other]),
        Message.user([ToolResultBlock(tool_use_id="call_9", content=[], is_error=True)]),
        Message.tool_result("call_8", "x" * 300, tool_name="get_weather"),
    ]
    outcomes = trailing_tool_results(history)
    assert [(o.name, o.is_error) for o in outcomes] == [
        ("search_flights", True),
        ("get_weather", False),
    ]
    text = (await OfflineProvider().chat(request(*history))).text()
    assert text == (
        "The tools returned:\n"
        "- search_flights failed: \n"
        f"- get_weather returned: {'x' * 200}…\n"
        f"{OFFLINE_NOTE}"
    )


async def test_echo_honours_tool_choice() -> None:
    ask = Message.user("What's the weather in Rome?")
    none = await OfflineProvider().chat(
        request(ask, tools=TRAVEL_TOOLS, tool_choice=ToolChoice.none())
    )
    assert none.stop_reason is StopReason.END_TURN
    forced = await OfflineProvider().chat(
        request(ask, tools=TRAVEL_TOOLS, tool_choice=ToolChoice.tool("search_hotels"))
    )
    assert [b.name for b in forced.message.content if isinstance(b, ToolUseBlock)] == [
        "search_hotels"
    ]
    required = await OfflineProvider().chat(
        request(Message.user("hello"), tools=TRAVEL_TOOLS, tool_choice=ToolChoice.required())
    )
    assert [b.name for b in required.message.content if isinstance(b, ToolUseBlock)] == [
        "get_weather"
    ]
    unoffered = await OfflineProvider().chat(request(ask))
    assert unoffered.stop_reason is StopReason.END_TURN


async def test_echo_is_deterministic_and_ids_differ_between_requests() -> None:
    req = request(Message.user("weather and flights to Paris"), tools=TRAVEL_TOOLS)
    a = await OfflineProvider().chat(req)
    b = await OfflineProvider().chat(req)
    assert a == b
    assert a.id is not None and a.id.startswith("msg_offline_")
    other = await OfflineProvider().chat(
        request(Message.user("weather and flights to Oslo"), tools=TRAVEL_TOOLS)
    )
    ids = {blk.id for r in (a, other) for blk in r.message.content if isinstance(blk, ToolUseBlock)}
    assert len(ids) == 4
    assert all(re.fullmatch(r"toolu_offline_[0-9a-f]{12}_\d", i) for i in ids)


# --- summaries ---------------------------------------------------------------------------------

EN_TRANSCRIPT = """Summarise the conversation below in a few lines.

User: Hi, I'm planning a trip.
Assistant: Great, where to?
User: Alice and I fly to Paris on May 3, returning May 10.
Assistant: Noted. What is the budget?
User: About 2000 euros. We like museums.
Assistant: The Louvre is a must.
Assistant: Sounds fun.
"""

ZH_TRANSCRIPT = """请用不超过两百字总结下面的对话。

用户：你好，我想去旅行。
助手：好的，想去哪里？
用户：我和张先生下周三去上海出差，预算三千元。
助手：明白了。
用户：我们想住在外滩附近的酒店，住两晚。
助手：没问题，我会帮你查。
用户：2024年10月1日之前要订好。
"""


async def summarise(transcript: str, **kwargs: object) -> MessageResponse:
    req = request(
        Message.system("You summarise."),
        Message.user(transcript),
        metadata={"purpose": "summary"},
        tools=TRAVEL_TOOLS,
        **kwargs,
    )
    return await OfflineProvider().chat(req)


async def test_summary_keeps_names_dates_and_numbers_in_english() -> None:
    response = await summarise(EN_TRANSCRIPT)
    assert response.stop_reason is StopReason.END_TURN
    assert response.text() == (
        "Summary (offline, extractive):\n"
        "- User: Hi, I'm planning a trip.\n"  # what the user tells counts, number or not
        "- User: Alice and I fly to Paris on May 3, returning May 10.\n"
        "- User: About 2000 euros.\n"
        "- User: We like museums.\n"
        "- Assistant: The Louvre is a must."
    )


async def test_summary_keeps_names_dates_and_numbers_in_chinese() -> None:
    response = await summarise(ZH_TRANSCRIPT)
    assert response.text() == (
        "摘要（离线抽取）：\n"
        "- 用户：我和张先生下周三去上海出差，预算三千元。\n"
        "- 用户：我们想住在外滩附近的酒店，住两晚。\n"
        "- 用户：2024年10月1日之前要订好。"
    )


async def test_summary_respects_max_tokens_and_keeps_the_richest_sentences() -> None:
    est = HeuristicEstimator()
    for budget in (1, 5, 12, 20, 40):
        text = (await summarise(EN_TRANSCRIPT, max_tokens=budget)).text()
        assert text
        assert est.count_text(text) <= budget
    text = (await summarise(EN_TRANSCRIPT, max_tokens=30)).text()
    assert "Alice and I fly to Paris on May 3" in text
    assert "Louvre" not in text


def test_summary_of_a_long_transcript_is_bounded() -> None:
    lines = [f"User: Order {i} ships to Berlin on 2024-03-{i % 28 + 1:02d}." for i in range(500)]
    text = extractive_summary("\n".join(lines), max_tokens=100)
    assert estimate_text_tokens(text) <= 100
    assert "Order 0 ships" in text


def test_summary_without_facts_keeps_first_and_last_sentences() -> None:
    text = extractive_summary("we talked. it was nice. then we left.")
    assert text == "Summary (offline, extractive):\n- we talked.\n- then we left."
    assert extractive_summary("") == "Summary (offline, extractive):"


@pytest.mark.parametrize(
    ("sentence", "score"),
    [
        ("Noted.", 0),
        ("we met Alice", 1),
        ("we paid 20 euros", 1),
        ("see you tomorrow", 1),
        ("Alice pays 20 on Friday", 2),  # a sentence-initial word alone is no name
        ("You may go.", 0),
        ("张先生明天到", 2),
        ("预算三千元", 1),
    ],
)
def test_fact_score(sentence: str, score: int) -> None:
    assert fact_score(sentence) == score


def test_a_known_name_counts_at_the_start_of_a_sentence() -> None:
    assert fact_score("Alice pays 20 on Friday", frozenset({"Alice"})) == 3
    assert fact_score("Noted.", frozenset({"Alice"})) == 0


def test_chinese_names_go_by_their_form_and_a_caller_may_add_a_list() -> None:
    # Generic rules: a title after a name, a suffix after a place; no list of cities or surnames.
    assert fact_score("王经理到了") == 1 and fact_score("复旦大学见") == 1
    assert fact_score("我们去北京") == 0
    assert fact_score("我们去北京", extra=re.compile("北京|上海")) == 1
    transcript = "用户：我们去北京。\n用户：好的。"
    header, city, ok = "摘要（离线抽取）：", "- 用户：我们去北京。", "- 用户：好的。"
    # Nothing factual to the generic rules: the first and the last sentence.
    assert extractive_summary(transcript) == "\n".join([header, city, ok])
    assert extractive_summary(transcript, names=re.compile("北京")) == "\n".join([header, city])


async def test_summary_is_deterministic_and_usage_counts_it() -> None:
    a = await summarise(ZH_TRANSCRIPT)
    b = await summarise(ZH_TRANSCRIPT)
    assert a == b
    assert a.usage.output_tokens == estimate_text_tokens(a.text())


# --- streaming ---------------------------------------------------------------------------------


async def test_stream_event_sequence() -> None:
    reply: list[ContentBlock] = [
        TextBlock(text="Checking now."),
        ToolUseBlock(id="t1", name="w", input={"c": "Oslo"}),
    ]
    provider = OfflineProvider([reply], chunk_size=5)
    events = [e async for e in provider.chat_stream(HI)]
    assert isinstance(events[0], MessageStartEvent)
    assert events[0].model == "offline-demo"
    assert [e.text for e in events if isinstance(e, TextDeltaEvent)] == ["Check", "ing n", "ow."]
    assert [type(e) for e in events[4:]] == [
        ToolUseStartEvent,
        ToolUseInputDeltaEvent,
        ToolUseInputDeltaEvent,
        ToolUseInputDeltaEvent,
        ToolUseEndEvent,
        UsageEvent,
        MessageEndEvent,
    ]
    fragments = "".join(e.partial_json for e in events if isinstance(e, ToolUseInputDeltaEvent))
    assert json.loads(fragments) == {"c": "Oslo"}
    assert events[-1] == MessageEndEvent(stop_reason=StopReason.TOOL_USE)


ODD_REPLIES: list[list[ContentBlock]] = [
    [TextBlock(text="")],
    [ThinkingBlock(text="hmm", signature="sig=="), TextBlock(text="done")],
    [ThinkingBlock(text="", signature=None), ThinkingBlock(text="", signature="only-sig")],
    [ImageBlock(url="https://example.org/a.png"), ExtensionBlock(data={"type": "redacted"})],
    [ToolUseBlock(id="a", name="n", input={})],
    [ToolUseBlock(id="b", name="n", input={"nested": {"list": [1, 2.5, None, "ü"]}})],
    [ToolUseBlock(id="c", name="n", input={"t": (1, 2)})],  # a tuple does not survive JSON
    [ToolResultBlock(tool_use_id="x", content=[TextBlock(text="r")])],
]


@pytest.mark.parametrize("reply", ODD_REPLIES)
async def test_stream_equals_chat_for_every_block_kind(reply: list[ContentBlock]) -> None:
    streamed = OfflineProvider([reply], chunk_size=2)
    plain = OfflineProvider([reply])
    assert await aaccumulate_stream(streamed.chat_stream(HI)) == await plain.chat(HI)


async def test_stream_equals_chat_for_the_echo_and_summaries() -> None:
    requests = [
        request(Message.user("weather in Lima and hotels"), tools=TRAVEL_TOOLS),
        request(Message.user("你好")),
        request(Message.user(ZH_TRANSCRIPT), metadata={"purpose": "summary"}),
    ]
    for req in requests:
        streamed = await aaccumulate_stream(OfflineProvider().chat_stream(req))
        assert streamed == await OfflineProvider().chat(req)
        assert streamed.id is not None and streamed.usage.input_tokens > 0


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=80), chunk=st.integers(min_value=1, max_value=20))
def test_stream_round_trips_any_text(text: str, chunk: int) -> None:
    response = MessageResponse(
        message=Message.assistant(text), id="r", usage=Usage(output_tokens=1)
    )
    assert accumulate_stream(stream_events(response, chunk)) == response


async def test_latency_paces_the_deltas() -> None:
    provider = OfflineProvider(["x" * 10], chunk_size=2, latency=0.01)
    start = time.perf_counter()
    events = [e async for e in provider.chat_stream(HI)]
    elapsed = time.perf_counter() - start
    assert sum(isinstance(e, TextDeltaEvent) for e in events) == 5
    assert elapsed >= 0.045
