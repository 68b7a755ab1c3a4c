"""LlmCycle: request building, the tool loop, streaming, hooks, errors, compaction."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator
from contextlib import aclosing
from typing import Any

import pytest

from nbagent.errors import ConfigurationError, RateLimitError, StreamError, TurnLimitExceededError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import CycleConfig, LlmCycle
from nbagent.llm.cycle_events import (
    CompactionEvent,
    CycleDoneEvent,
    CycleEvent,
    ToolCallEvent,
    ToolResultEvent,
)
from nbagent.llm.events import (
    MessageEndEvent,
    MessageStartEvent,
    StreamEvent,
    TextDeltaEvent,
    ToolUseEndEvent,
    ToolUseInputDeltaEvent,
    ToolUseStartEvent,
    UsageEvent,
    accumulate_stream,
)
from nbagent.llm.hooks import HookContext, HookEvent, HookExecutor
from nbagent.llm.messages import (
    AnyMessage,
    ContentBlock,
    Message,
    TextBlock,
    ThinkingBlock,
    ToolUseBlock,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.request import (
    MessageRequest,
    MessageResponse,
    ResultSemantic,
    StopReason,
    ToolChoice,
)
from nbagent.llm.tools import ToolErrorKind, ToolRegistry, tool


@tool(result_semantic=ResultSemantic.FACTUAL)
async def get_weather(city: str) -> str:
    """Weather of a city.

    Args:
        city: City name.
    """
    await asyncio.sleep(0)
    return f"{city}: sunny"


@tool
def add(a: int, b: int) -> int:
    return a + b


@tool
def explode() -> str:
    raise KeyError("missing")


def use(id: str, name: str, **input: Any) -> ToolUseBlock:
    return ToolUseBlock(id=id, name=name, input=input)


def registry() -> ToolRegistry:
    return ToolRegistry([get_weather, add, explode])


class EventsProvider:
    """Streams scripted event lists, one per call, and records whether each stream was closed."""

    name = "events"
    model = "events-model"

    def __init__(self, *rounds: list[StreamEvent]) -> None:
        self.rounds = deque(rounds)
        self.opened = 0
        self.closed = 0

    async def chat(self, request: MessageRequest) -> MessageResponse:
        return accumulate_stream(self.rounds.popleft())

    async def chat_stream(self, request: MessageRequest) -> AsyncIterator[StreamEvent]:
        events = self.rounds.popleft()
        self.opened += 1
        try:
            for event in events:
                await asyncio.sleep(0)
                yield event
        finally:
            self.closed += 1


def test_test_providers_satisfy_the_protocol() -> None:
    assert isinstance(EventsProvider(), LlmProvider)
    assert isinstance(OfflineProvider(), LlmProvider)


# --- configuration and requests ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"max_tokens": 0}, "max_tokens"),
        ({"temperature": 2.5}, "temperature"),
        ({"top_p": 0.0}, "top_p"),
        ({"max_tool_turns": 0}, "max_tool_turns"),
        ({"tool_timeout": 0}, "tool_timeout"),
        ({"thinking_budget": -1}, "thinking_budget"),
        ({"stop": "END"}, "stop"),
    ],
)
def test_cycle_config_rejects_bad_values(kwargs: dict[str, Any], field: str) -> None:
    with pytest.raises(ConfigurationError, match=f"invalid CycleConfig: {field}"):
        CycleConfig(**kwargs)


A = Message.system("A")
B = Message.system("B")
B1 = Message.system("B1")
B2 = Message.system("B2")
HI = Message.user("hi")
HELLO = Message.assistant("hello")


@pytest.mark.parametrize(
    ("system_prompt", "history", "sent"),
    [
        (None, [HI, HELLO], [HI, HELLO]),
        (None, [B, HI, HELLO], [B, HI, HELLO]),
        ("A", [HI, HELLO], [A, HI, HELLO]),
        ("A", [B, HI, HELLO], [A, HI, HELLO]),
        ("A", [B1, HI, B2, HELLO], [A, HI, HELLO]),
    ],
    ids=["none-none", "none-B", "A-none", "A-B", "A-B1-B2"],
)
def test_build_request_system_prompt_rules(
    system_prompt: str | None, history: list[AnyMessage], sent: list[AnyMessage]
) -> None:
    cycle = LlmCycle(OfflineProvider(), system_prompt=system_prompt, messages=history)
    request = cycle.build_request()
    assert request.messages == sent
    assert cycle.messages() == history


def test_build_request_carries_config_and_tools() -> None:
    config = CycleConfig(
        model="m1",
        max_tokens=99,
        temperature=0.3,
        stop=("END",),
        tool_choice=ToolChoice.required(),
        extra_body={"seed": 1},
    )
    cycle = LlmCycle(OfflineProvider(), config, messages=[HI])
    with_tools = cycle.build_request(registry().definitions())
    assert (with_tools.model, with_tools.max_tokens, with_tools.temperature) == ("m1", 99, 0.3)
    assert with_tools.stop == ["END"] and with_tools.extra_body == {"seed": 1}
    assert [t.name for t in with_tools.tools] == ["get_weather", "add", "explode"]
    assert with_tools.tool_choice == ToolChoice.required()
    without = cycle.build_request()
    assert without.tools == [] and without.tool_choice is None


@pytest.mark.parametrize("forced", [ToolChoice.required(), ToolChoice.tool("add")])
async def test_a_forced_tool_choice_holds_for_the_first_round_only(forced: ToolChoice) -> None:
    provider = OfflineProvider([[use("t1", "add", a=1, b=2)], [use("t2", "add", a=3, b=4)], "7"])
    cycle = LlmCycle(provider, CycleConfig(tool_choice=forced))
    response = await cycle.submit_with_tools("add things", registry())
    assert response.text() == "7"
    assert [r.tool_choice for r in provider.requests] == [
        forced,
        ToolChoice.auto(),
        ToolChoice.auto(),
    ]
    assert cycle.build_request(registry().definitions()).tool_choice == forced


# --- one call ----------------------------------------------------------------------------------


async def test_submit_messages_one_call_no_tools() -> None:
    provider = OfflineProvider(["the answer"])
    cycle = LlmCycle(provider, system_prompt="S", messages=[HI, HELLO])
    response = await cycle.submit_messages([Message.user("q")])
    assert response.text() == "the answer"
    assert cycle.messages() == [HI, HELLO, Message.user("q"), Message.assistant("the answer")]
    (request,) = provider.requests
    assert request.tools == [] and request.messages[0] == Message.system("S")
    assert cycle.usage.calls == 1 and cycle.usage.total == response.usage


# --- the tool loop -----------------------------------------------------------------------------


async def test_tool_loop_messages_usage_and_requests() -> None:
    provider = OfflineProvider(
        [
            [
                TextBlock(text="checking"),
                use("t1", "get_weather", city="Paris"),
                use("t2", "add", a=2, b=3),
            ],
            "Paris is sunny; 2+3=5",
        ]
    )
    cycle = LlmCycle(provider, CycleConfig(model="offline-x"), system_prompt="Be terse.")
    response = await cycle.submit_with_tools("weather and sum?", registry())

    assert response.text() == "Paris is sunny; 2+3=5"
    assert response.stop_reason is StopReason.END_TURN
    first_reply = Message.assistant(
        [
            TextBlock(text="checking"),
            use("t1", "get_weather", city="Paris"),
            use("t2", "add", a=2, b=3),
        ]
    )
    assert cycle.messages() == [
        Message.user("weather and sum?"),
        first_reply,
        Message.tool_result("t1", "Paris: sunny", tool_name="get_weather"),
        Message.tool_result("t2", "5", tool_name="add"),
        Message.assistant("Paris is sunny; 2+3=5"),
    ]
    assert len(provider.requests) == 2
    assert provider.requests[1].messages == [Message.system("Be terse."), *cycle.messages()[:4]]
    assert all(r.tools == registry().definitions() for r in provider.requests)
    assert cycle.usage.calls == 2
    assert cycle.usage.total.output_tokens > 0
    assert cycle.usage.total.input_tokens == sum(
        provider.estimate_input_tokens(r) for r in provider.requests
    )


async def test_parallel_calls_run_concurrently() -> None:
    barrier = asyncio.Barrier(3)

    @tool
    async def meet(n: int) -> int:
        # Run one after another, the first call would wait here until its timeout.
        await barrier.wait()
        return n

    provider = OfflineProvider([[use(f"m{n}", "meet", n=n) for n in range(3)], "done"])
    cycle = LlmCycle(provider, CycleConfig(tool_timeout=30.0))
    await cycle.submit_with_tools("go", ToolRegistry([meet]))
    results = cycle.messages()[2:5]
    assert [m.text() for m in results] == ["0", "1", "2"]
    assert not any(m.is_error for m in results)  # type: ignore[union-attr]


async def test_failing_calls_come_back_as_errors_and_the_loop_goes_on() -> None:
    never = asyncio.Event()  # hang ends only by timing out

    # Its own timeout: the cycle's (generous) one leaves the sync tools time to run in a thread.
    @tool(timeout=0.05)
    async def hang() -> str:
        await never.wait()
        return "never"

    reg = registry()
    reg.register(hang)
    provider = OfflineProvider(
        [
            [
                use("u1", "no_such_tool"),
                use("u2", "add", a="x"),
                use("u3", "explode"),
                use("u4", "hang"),
            ],
            "sorry, those failed",
        ]
    )
    cycle = LlmCycle(provider, CycleConfig(tool_timeout=30.0))
    response = await cycle.submit_with_tools("try things", reg)
    assert response.text() == "sorry, those failed"
    results = cycle.messages()[2:6]
    assert [(m.tool_call_id, m.is_error) for m in results] == [  # type: ignore[union-attr]
        ("u1", True),
        ("u2", True),
        ("u3", True),
        ("u4", True),
    ]
    texts = [m.text() for m in results]
    assert texts[0].startswith("Unknown tool 'no_such_tool'. Available tools: add, explode,")
    assert texts[1].splitlines()[1:3] == [
        "- a: Input should be a valid integer, unable to parse string as an integer (got 'x')",
        "- b: Field required",
    ]
    assert texts[2] == "Tool 'explode' raised KeyError: 'missing'"
    assert texts[3].startswith("Tool 'hang' timed out after 0.05 s")
    # The model saw every error in its next request.
    assert provider.requests[1].messages[2:6] == results


def _tool_round(call_id: str, name: str, raw_json: str) -> list[StreamEvent]:
    return [
        MessageStartEvent(id="r1", model="events-model"),
        ToolUseStartEvent(index=0, id=call_id, name=name),
        ToolUseInputDeltaEvent(index=0, partial_json=raw_json),
        ToolUseEndEvent(index=0),
        UsageEvent(input_tokens=10, output_tokens=5),
        MessageEndEvent(stop_reason=StopReason.TOOL_USE),
    ]


def _text_round(text: str) -> list[StreamEvent]:
    return [
        MessageStartEvent(id="r2", model="events-model"),
        TextDeltaEvent(index=0, text=text),
        UsageEvent(input_tokens=20, output_tokens=2),
        MessageEndEvent(stop_reason=StopReason.END_TURN),
    ]


@pytest.mark.parametrize("stream", [False, True])
async def test_bad_json_tool_input_is_an_error_result_and_the_tool_does_not_run(
    stream: bool,
) -> None:
    provider = EventsProvider(_tool_round("j1", "get_weather", '{"city": "Par'), _text_round("ok"))
    cycle = LlmCycle(provider)
    if stream:
        async with aclosing(cycle.submit_stream("x", registry())) as events:
            _ = [e async for e in events]
    else:
        await cycle.submit_with_tools("x", registry())
    result = cycle.messages()[2]
    assert result == Message.tool_result(
        "j1",
        "Invalid arguments for tool 'get_weather': the arguments are not valid JSON "
        "(Unterminated string starting at: line 1 column 10). The tool was not run. Received "
        '(13 characters): \'{"city": "Par\'. Send the arguments again as one complete JSON '
        "object.",
        is_error=True,
        tool_name="get_weather",
    )
    assert cycle.usage.total == Usage(input_tokens=30, output_tokens=7)


async def test_turn_limit_raises_with_transcript() -> None:
    counter = iter(range(100))

    def always_tools(request: MessageRequest) -> list[ContentBlock]:
        return [use(f"c{next(counter)}", "add", a=1, b=1)]

    provider = OfflineProvider(always_tools)
    hooks = HookExecutor()
    errors: list[BaseException | None] = []
    hooks.register(HookEvent.ERROR, lambda ctx: errors.append(ctx.error))
    cycle = LlmCycle(provider, CycleConfig(max_tool_turns=2), hook_executor=hooks)
    with pytest.raises(TurnLimitExceededError, match="max_tool_turns=2") as info:
        await cycle.submit_with_tools("loop forever", registry())

    assert provider.calls == 3
    round_1 = [
        Message.assistant([use("c0", "add", a=1, b=1)]),
        Message.tool_result("c0", "2", tool_name="add"),
    ]
    round_2 = [
        Message.assistant([use("c1", "add", a=1, b=1)]),
        Message.tool_result("c1", "2", tool_name="add"),
    ]
    asked = Message.assistant([use("c2", "add", a=1, b=1)])
    assert cycle.messages() == [Message.user("loop forever"), *round_1, *round_2]
    assert info.value.messages == [*cycle.messages(), asked]
    assert errors == [info.value]
    assert cycle.usage.calls == 3


async def test_tool_use_without_tool_use_stop_reason_is_not_run() -> None:
    cut = MessageResponse(
        message=Message.assistant([use("t1", "add", a=1, b=2)]), stop_reason=StopReason.MAX_TOKENS
    )
    provider = OfflineProvider([cut])
    cycle = LlmCycle(provider)
    response = await cycle.submit_with_tools("x", registry())
    assert response == cut
    assert provider.calls == 1 and len(cycle.messages()) == 2


async def test_tools_asked_without_registry_get_unknown_tool_results() -> None:
    provider = OfflineProvider([[use("t1", "add", a=1, b=2)], "fine"])
    cycle = LlmCycle(provider)
    await cycle.submit_with_tools("x")
    assert cycle.messages()[2].text() == "Unknown tool 'add'. Available tools: none."
    assert provider.requests[0].tools == []


# --- streaming ---------------------------------------------------------------------------------


def _script() -> list[Any]:
    return [
        [
            ThinkingBlock(text="I should look it up", signature="sig-1"),
            TextBlock(text="Let me check both cities."),
            use("w1", "get_weather", city="Paris"),
            use("w2", "get_weather", city="Rome"),
        ],
        [use("a1", "add", a=20, b=1), use("x1", "explode")],
        "Paris and Rome are sunny; it is 21 degrees.",
    ]


async def test_stream_and_non_stream_end_with_equal_messages() -> None:
    plain = LlmCycle(OfflineProvider(_script()), system_prompt="S")
    streamed = LlmCycle(OfflineProvider(_script(), chunk_size=3), system_prompt="S")
    response = await plain.submit_with_tools("Weather in Paris and Rome?", registry())

    events: list[CycleEvent] = []
    async with aclosing(streamed.submit_stream("Weather in Paris and Rome?", registry())) as it:
        async for event in it:
            events.append(event)

    assert streamed.messages() == plain.messages()
    assert len(plain.messages()) == 8
    assert streamed.usage.total == plain.usage.total
    done = events[-1]
    assert isinstance(done, CycleDoneEvent) and done.response == response
    assert sum(isinstance(e, CycleDoneEvent) for e in events) == 1
    calls = [(e.round, e.call.id) for e in events if isinstance(e, ToolCallEvent)]
    assert calls == [(1, "w1"), (1, "w2"), (2, "a1"), (2, "x1")]
    results = [e.result for e in events if isinstance(e, ToolResultEvent)]
    assert [(r.tool_use_id, r.content, r.error_kind) for r in results] == [
        ("w1", "Paris: sunny", None),
        ("w2", "Rome: sunny", None),
        ("a1", "21", None),
        ("x1", "Tool 'explode' raised KeyError: 'missing'", ToolErrorKind.EXCEPTION),
    ]
    # The text reached the consumer in deltas, before the tool events of its round.
    deltas = [e for e in events if isinstance(e, TextDeltaEvent)]
    assert len(deltas) > 3
    first_call = next(i for i, e in enumerate(events) if isinstance(e, ToolCallEvent))
    assert "".join(e.text for e in events[:first_call] if isinstance(e, TextDeltaEvent)) == (
        "Let me check both cities."
    )


async def test_closing_the_stream_early_closes_the_provider_stream() -> None:
    provider = EventsProvider(_text_round("a long answer"))
    cycle = LlmCycle(provider, messages=[HI, HELLO])
    stream = cycle.submit_stream("q", registry())
    first = await anext(stream)
    assert isinstance(first, MessageStartEvent)
    assert (provider.opened, provider.closed) == (1, 0)
    await stream.aclose()
    assert provider.closed == 1
    assert cycle.messages() == [HI, HELLO, Message.user("q")]
    assert cycle.usage.calls == 0


async def test_closing_mid_round_keeps_only_finished_rounds() -> None:
    cycle = LlmCycle(OfflineProvider(_script()))
    async with aclosing(cycle.submit_stream("go", registry())) as stream:
        calls = 0
        async for event in stream:
            if isinstance(event, ToolCallEvent):
                calls += 1
                if event.round == 2:
                    break
    assert calls == 3
    assert len(cycle.messages()) == 4  # prompt + round 1 (reply and its two results)
    assert cycle.messages()[-1].text() == "Rome: sunny"


async def test_error_event_in_stream_raises_and_leaves_messages() -> None:
    from nbagent.llm.events import ErrorEvent

    broken: list[StreamEvent] = [
        MessageStartEvent(id="e"),
        TextDeltaEvent(index=0, text="par"),
        ErrorEvent(message="overloaded", error_type="overloaded_error"),
    ]
    provider = EventsProvider(_tool_round("j1", "add", '{"a": 1, "b": 2}'), broken)
    cycle = LlmCycle(provider)
    seen: list[CycleEvent] = []
    with pytest.raises(StreamError, match="overloaded"):
        async for event in cycle.submit_stream("x", registry()):
            seen.append(event)
    assert provider.closed == 2
    assert [m.role for m in cycle.messages()] == ["user", "assistant", "tool"]
    assert isinstance(seen[-1], TextDeltaEvent) and seen[-1].text == "par"


# --- errors and hooks --------------------------------------------------------------------------


async def test_provider_error_propagates_after_error_hook_and_keeps_finished_rounds() -> None:
    error = RateLimitError("slow down", status_code=429)
    provider = OfflineProvider([[use("t1", "add", a=1, b=1)], error])
    hooks = HookExecutor()
    seen: list[tuple[HookEvent, BaseException | None, MessageRequest | None]] = []
    hooks.register(HookEvent.ERROR, lambda ctx: seen.append((ctx.event, ctx.error, ctx.request)))
    cycle = LlmCycle(provider, hook_executor=hooks, messages=[HI, HELLO])
    with pytest.raises(RateLimitError) as info:
        await cycle.submit_with_tools("q", registry())
    assert info.value is error
    assert seen == [(HookEvent.ERROR, error, provider.requests[1])]
    assert cycle.messages() == [
        HI,
        HELLO,
        Message.user("q"),
        Message.assistant([use("t1", "add", a=1, b=1)]),
        Message.tool_result("t1", "2", tool_name="add"),
    ]
    assert cycle.usage.calls == 1


def _recorder(hooks: HookExecutor) -> list[HookContext]:
    seen: list[HookContext] = []
    for event in HookEvent:
        hooks.register(event, seen.append)
    return seen


async def test_hooks_fire_in_order_with_context() -> None:
    hooks = HookExecutor()
    seen = _recorder(hooks)
    provider = OfflineProvider([[use("t1", "add", a=4, b=5)], "nine"])
    cycle = LlmCycle(provider, hook_executor=hooks, turn_index=3)
    response = await cycle.submit_with_tools("sum", registry())

    assert [c.event for c in seen] == [
        HookEvent.BEFORE_REQUEST,
        HookEvent.AFTER_RESPONSE,
        HookEvent.TOOL_CALL,
        HookEvent.TOOL_RESULT,
        HookEvent.BEFORE_REQUEST,
        HookEvent.AFTER_RESPONSE,
    ]
    assert all(c.turn_index == 3 for c in seen)
    before_1, after_1, call, result, before_2, after_2 = seen
    assert before_1.request == provider.requests[0] and before_1.response is None
    assert before_1.attempt == 1 and after_1.attempt == 1
    assert after_1.request == provider.requests[0]
    assert after_1.response is not None and after_1.response.stop_reason is StopReason.TOOL_USE
    assert call.data == {"call": use("t1", "add", a=4, b=5), "round": 1}
    assert result.data["call"] == use("t1", "add", a=4, b=5)
    assert result.data["result"].content == "9" and result.data["round"] == 1
    assert before_2.request == provider.requests[1]
    assert after_2.response == response
    assert all(c.error is None for c in seen)


async def test_turn_index_change_flows_into_next_contexts() -> None:
    hooks = HookExecutor()
    seen = _recorder(hooks)
    cycle = LlmCycle(OfflineProvider(["a", "b"]), hook_executor=hooks, turn_index=0)
    await cycle.submit_with_tools("one")
    cycle.turn_index = 1
    await cycle.submit_with_tools("two")
    assert [c.turn_index for c in seen] == [0, 0, 1, 1]


@pytest.mark.parametrize("kind", ["sync", "async"])
async def test_raising_hooks_do_not_break_the_turn(kind: str) -> None:
    def bad_sync(ctx: HookContext) -> None:
        raise RuntimeError("hook bug")

    async def bad_async(ctx: HookContext) -> None:
        raise RuntimeError("hook bug")

    hooks = HookExecutor()
    for event in HookEvent:
        hooks.register(event, bad_sync if kind == "sync" else bad_async)
    seen = _recorder(hooks)
    cycle = LlmCycle(OfflineProvider([[use("t1", "add", a=1, b=2)], "three"]), hook_executor=hooks)
    response = await cycle.submit_with_tools("sum", registry())
    assert response.text() == "three"
    assert len(cycle.messages()) == 4
    assert len(seen) == 6  # the hooks after the failing one still ran


# --- native views ------------------------------------------------------------------------------


async def test_native_message_views() -> None:
    provider = OfflineProvider([[TextBlock(text="on it"), use("t1", "add", a=1, b=2)], "3"])
    cycle = LlmCycle(provider, messages=[Message.system("sys")])
    await cycle.submit_with_tools("1+2?", registry())

    openai = cycle.messages_openai()
    assert openai[0] == {"role": "system", "content": "sys"}
    assert openai[1] == {"role": "user", "content": "1+2?"}
    assert openai[2]["role"] == "assistant" and openai[2]["content"] == "on it"
    assert openai[2]["tool_calls"] == [
        {
            "id": "t1",
            "type": "function",
            "function": {"name": "add", "arguments": '{"a": 1, "b": 2}'},
        }
    ]
    assert openai[3] == {"role": "tool", "tool_call_id": "t1", "content": "3"}
    assert openai[4] == {"role": "assistant", "content": "3"}

    anthropic = cycle.messages_anthropic()
    assert [m["role"] for m in anthropic] == ["user", "assistant", "user", "assistant"]
    assert anthropic[1]["content"][1] == {
        "type": "tool_use",
        "id": "t1",
        "name": "add",
        "input": {"a": 1, "b": 2},
    }
    assert anthropic[2]["content"][0]["type"] == "tool_result"
    assert anthropic[2]["content"][0]["tool_use_id"] == "t1"


# --- compaction --------------------------------------------------------------------------------

BIG = " ".join(f"word{i} status ok" for i in range(600))


@tool(result_semantic=ResultSemantic.ACTION)
def send_email(to: str) -> str:
    return BIG


def _history_with_old_result() -> list[AnyMessage]:
    return [
        Message.user("send it"),
        Message.assistant([use("old", "send_email", to="a")]),
        Message.tool_result("old", BIG, tool_name="send_email"),
        Message.assistant("sent"),
    ]


def _compacting_cycle(provider: OfflineProvider, hooks: HookExecutor) -> LlmCycle:
    config = CompactConfig(context_window=1000, reserved_tokens=100, keep_recent=2)
    return LlmCycle(
        provider, hook_executor=hooks, compact_config=config, messages=_history_with_old_result()
    )


@pytest.mark.parametrize("stream", [False, True])
async def test_compaction_after_prompt_and_after_each_round(stream: bool) -> None:
    hooks = HookExecutor()
    seen = _recorder(hooks)
    provider = OfflineProvider([[use("new", "send_email", to="b")], "done"])
    cycle = _compacting_cycle(provider, hooks)
    events: list[CycleEvent] = []
    if stream:
        async with aclosing(cycle.submit_stream("again", ToolRegistry([send_email]))) as it:
            events = [e async for e in it]
    else:
        await cycle.submit_with_tools("again", ToolRegistry([send_email]))

    assert [c.event for c in seen] == [
        HookEvent.COMPACTION,  # after the prompt
        HookEvent.BEFORE_REQUEST,
        HookEvent.AFTER_RESPONSE,
        HookEvent.TOOL_CALL,
        HookEvent.TOOL_RESULT,
        HookEvent.COMPACTION,  # after the round of results
        HookEvent.BEFORE_REQUEST,
        HookEvent.AFTER_RESPONSE,
    ]
    first, second = (c.data["report"] for c in seen if c.event is HookEvent.COMPACTION)
    assert cycle.compaction_reports == [first, second]
    assert cycle.last_compaction is cycle.compaction_reports[-1]
    assert seen[0].data["freed_tokens"] == first.freed_tokens > 0
    # After the prompt: the old action result was replaced and the request saw the pruned text.
    assert len(first.messages) == 5 and first.messages[2].text() == "[pruned]"
    assert provider.requests[0].messages[2].text() == "[pruned]"
    # After the round: the new result is among the newest keep_recent messages and stays whole;
    # the old one is pruned again in the second request, which is a view of the history.
    assert len(second.messages) == 7 and second.messages[6].text() == BIG
    assert second.messages[2].text() == "[pruned]" == provider.requests[1].messages[2].text()
    assert second.freed_tokens == first.freed_tokens
    # The history itself is never rewritten: the cycle holds every message as it was made.
    original = _history_with_old_result()[2]
    assert cycle.messages()[2] == original and original.text() != "[pruned]"
    assert [m.text() for m in cycle.messages()][3:] == [
        "sent",
        "again",
        "",
        BIG,
        "done",
    ]
    if stream:
        compactions = [e for e in events if isinstance(e, CompactionEvent)]
        assert [e.report for e in compactions] == [first, second]


async def test_no_compaction_while_the_history_fits() -> None:
    hooks = HookExecutor()
    seen = _recorder(hooks)
    config = CompactConfig(context_window=100_000, reserved_tokens=1000, keep_recent=0)
    cycle = LlmCycle(
        OfflineProvider(["ok"]),
        hook_executor=hooks,
        compact_config=config,
        messages=_history_with_old_result(),
    )
    await cycle.submit_with_tools("again", ToolRegistry([send_email]))
    assert HookEvent.COMPACTION not in [c.event for c in seen]
    assert cycle.messages()[2].text() == BIG and cycle.last_compaction is None


async def test_cancelling_during_tools_keeps_only_finished_rounds() -> None:
    started = asyncio.Event()
    never = asyncio.Event()  # hang ends only by the cancel

    @tool
    async def hang() -> str:
        started.set()
        await never.wait()
        return "never"

    cycle = LlmCycle(OfflineProvider([[use("h1", "hang")], "never reached"]), messages=[HI, HELLO])
    task = asyncio.create_task(cycle.submit_with_tools("q", ToolRegistry([hang])))
    await asyncio.wait_for(started.wait(), 30.0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert cycle.messages() == [HI, HELLO, Message.user("q")]
    assert cycle.usage.calls == 1
