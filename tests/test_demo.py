"""The offline travel demo of the notebooks: travel replies, tool calls, names in summaries,
and the provider ``%agent new`` and the notebooks pick."""

from __future__ import annotations

import re

from nbagent.llm.events import aaccumulate_stream
from nbagent.llm.messages import AnyMessage, Message, TextBlock, ToolResultBlock, ToolUseBlock
from nbagent.llm.providers.offline import FunctionProvider, OfflineProvider
from nbagent.llm.providers.openai import OpenAIProvider
from nbagent.llm.request import StopReason, ToolChoice
from nbagent.notebook import demo_provider, travel_demo
from nbagent.notebook.demo import NAMES, travel_reply
from tests.test_offline_provider import FLIGHTS, TRAVEL_TOOLS, request


async def test_demo_tool_round_trip() -> None:
    provider = travel_demo()
    history: list[AnyMessage] = [
        Message.system("You plan trips."),
        Message.user("What's the weather in Tokyo on 2025-05-03? Any hotels there?"),
    ]
    first = await provider.chat(request(*history, tools=TRAVEL_TOOLS))
    assert first.stop_reason is StopReason.TOOL_USE
    uses = [b for b in first.message.content if isinstance(b, ToolUseBlock)]
    assert [u.name for u in uses] == ["get_weather", "search_hotels"]
    assert uses[0].input == {"city": "Tokyo", "date": "2025-05-03"}
    assert uses[1].input == {"city": "Tokyo", "nights": 1}
    assert len({u.id for u in uses}) == 2

    history.append(first.message)
    history += [
        Message.tool_result(uses[0].id, "Sunny, 24°C", tool_name="get_weather"),
        Message.tool_result(uses[1].id, "Hotel Sakura, 120 USD/night", tool_name="search_hotels"),
    ]
    second = await provider.chat(request(*history, tools=TRAVEL_TOOLS))
    assert second.stop_reason is StopReason.END_TURN
    text = second.text()
    assert "get_weather returned: Sunny, 24°C" in text
    assert "search_hotels returned: Hotel Sakura, 120 USD/night" in text
    assert "offline" in text
    assert [r.tools for r in provider.requests] == [TRAVEL_TOOLS, TRAVEL_TOOLS]


async def test_demo_reads_anthropic_style_tool_results_and_errors() -> None:
    use = ToolUseBlock(id="call_9", name="search_flights", input={})
    history: list[AnyMessage] = [
        Message.user("flights please"),
        Message.assistant([use]),
        Message.user([ToolResultBlock(tool_use_id="call_9", content=[], is_error=True)]),
    ]
    text = (await travel_demo().chat(request(*history))).text()
    assert "search_flights failed" in text


async def test_demo_flight_input_uses_origin_and_destination() -> None:
    req = request(Message.user("Find a flight from London to New York on May 3"), tools=[FLIGHTS])
    response = await travel_demo().chat(req)
    (use,) = [b for b in response.message.content if isinstance(b, ToolUseBlock)]
    assert use.input == {"origin": "London", "destination": "New York", "date": "May 3"}


async def test_demo_understands_chinese() -> None:
    req = request(Message.user("明天北京的天气怎么样？"), tools=TRAVEL_TOOLS)
    response = await travel_demo().chat(req)
    (use,) = [b for b in response.message.content if isinstance(b, ToolUseBlock)]
    assert use.name == "get_weather"
    assert use.input == {"city": "北京", "date": "明天"}
    assert response.message.content[0] == TextBlock(text="我来查一下：get_weather。")
    plain = await travel_demo().chat(request(Message.user("你好")))
    assert "离线" in plain.text()


async def test_demo_without_matching_tools_answers_in_text() -> None:
    for req in [
        request(Message.user("What's the weather in Rome?")),
        request(Message.user("Tell me a joke"), tools=TRAVEL_TOOLS),
    ]:
        response = await travel_demo().chat(req)
        assert response.stop_reason is StopReason.END_TURN
        assert "offline travel planner" in response.text()
        assert "offline demo" in response.text()
    empty = await travel_demo().chat(request(Message.system("only a system prompt")))
    assert empty.text().startswith("Hello!")


async def test_demo_honours_tool_choice() -> None:
    ask = Message.user("What's the weather in Rome?")
    none = await travel_demo().chat(request(ask, tools=TRAVEL_TOOLS, tool_choice=ToolChoice.none()))
    assert none.stop_reason is StopReason.END_TURN
    forced = await travel_demo().chat(
        request(ask, tools=TRAVEL_TOOLS, tool_choice=ToolChoice.tool("search_hotels"))
    )
    assert [b.name for b in forced.message.content if isinstance(b, ToolUseBlock)] == [
        "search_hotels"
    ]
    required = await travel_demo().chat(
        request(Message.user("hello"), tools=TRAVEL_TOOLS, tool_choice=ToolChoice.required())
    )
    assert [b.name for b in required.message.content if isinstance(b, ToolUseBlock)] == [
        "get_weather"
    ]


async def test_demo_is_deterministic_and_ids_differ_between_requests() -> None:
    req = request(Message.user("weather in Paris and flights to Paris"), tools=TRAVEL_TOOLS)
    a = await travel_demo().chat(req)
    b = await travel_demo().chat(req)
    assert a == b
    assert a.id is not None and a.id.startswith("msg_offline_")
    other = await travel_demo().chat(
        request(Message.user("weather in Oslo and flights to Oslo"), tools=TRAVEL_TOOLS)
    )
    ids = {blk.id for r in (a, other) for blk in r.message.content if isinstance(blk, ToolUseBlock)}
    assert len(ids) == 4
    assert all(re.fullmatch(r"toolu_offline_[0-9a-f]{12}_\d", i) for i in ids)


async def test_the_demo_is_an_offline_provider_that_says_so() -> None:
    provider = travel_demo(latency=0.01, chunk_size=3)
    assert isinstance(provider, OfflineProvider) and not isinstance(provider, FunctionProvider)
    assert repr(provider) == "OfflineProvider(model='offline-demo', offline=True, queued=0)"
    assert (provider.latency, provider.chunk_size) == (0.01, 3)
    assert travel_demo(model="tutor").model == "offline-tutor"
    # Scripted replies still come first.
    provider.enqueue("scripted")
    assert (await provider.chat(request(Message.user("weather?")))).text() == "scripted"


async def test_the_demo_answers_as_travel_reply_and_streams_the_same() -> None:
    req = request(Message.user("weather in Lima and hotels"), tools=TRAVEL_TOOLS)
    response = await travel_demo().chat(req)
    assert response.message.content == travel_reply(req)
    assert await aaccumulate_stream(travel_demo().chat_stream(req)) == response


SUMMARY = """Summarise the conversation below.

用户：我们下周三去北京，住在老王家。
助手：好的。
用户：小李也去。
"""


async def test_demo_summaries_count_its_cities_and_familiar_surnames_as_names() -> None:
    req = request(Message.user(SUMMARY), metadata={"purpose": "summary"})
    demo = (await travel_demo().chat(req)).text()
    generic = (await OfflineProvider().chat(req)).text()
    assert demo == "摘要（离线抽取）：\n- 用户：我们下周三去北京，住在老王家。\n- 用户：小李也去。"
    # The generic summariser knows neither list: only the sentence with a date is a fact.
    assert generic == "摘要（离线抽取）：\n- 用户：我们下周三去北京，住在老王家。"
    assert NAMES.search("上海") and NAMES.search("老王") and not NAMES.search("老师")


def test_demo_provider_replaces_the_offline_provider_only() -> None:
    demo = demo_provider("offline")
    assert isinstance(demo, OfflineProvider) and demo.model == "offline-demo"
    tutor = demo_provider("offline:tutor")
    assert isinstance(tutor, OfflineProvider) and tutor.model == "offline-tutor"
    real = demo_provider("openai:gpt-test@http://127.0.0.1:9/v1")
    assert isinstance(real, OpenAIProvider) and real.model == "gpt-test"


async def test_demo_provider_from_the_environment() -> None:
    fallback = demo_provider(environ={})
    named = demo_provider(environ={"NBAGENT_PROVIDER": "offline:tutor"})
    assert isinstance(fallback, OfflineProvider) and isinstance(named, OfflineProvider)
    assert named.model == "offline-tutor"
    hello = request(Message.user("hello"))
    assert "offline travel planner" in (await fallback.chat(hello)).text()
    keyed = demo_provider(
        environ={"OPENAI_API_KEY": "sk-test", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1"}
    )
    assert isinstance(keyed, OpenAIProvider)
