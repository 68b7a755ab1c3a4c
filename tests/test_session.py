"""AgentSession: atomic turns, watermark modes, summary strategies, configuration, sync twins,
the timeline, slots and resuming."""

from __future__ import annotations

import asyncio
import json
import math
import signal
import threading
from typing import Any

import pytest

from nbagent.agent.builder import AgentBuilder
from nbagent.agent.config import Agent
from nbagent.agent.context import ContextSlot
from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus
from nbagent.errors import (
    APIConnectionError,
    ConfigurationError,
    NbAgentError,
    ReadOnlySlotError,
    StreamError,
    ToolError,
)
from nbagent.llm import tools as loop_bridge
from nbagent.llm.compact import CompactConfig
from nbagent.llm.messages import (
    AssistantMessage,
    Message,
    TextBlock,
    ToolResultMessage,
    ToolUseBlock,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.request import MessageRequest, MessageResponse, StopReason
from nbagent.llm.tools import ToolRegistry, run_sync
from tests.agent_support import (
    FailingStreamProvider,
    ScriptedProvider,
    fired_turns,
    main_thread_waits_in_run_sync,
    make_session,
    reply,
)

# -- atomic turns -----------------------------------------------------------------------------


def lookup(key: str) -> str:
    """Look a key up.

    Args:
        key: What to look up.
    """
    return f"value of {key}"


def tool_call(call_id: str, name: str = "lookup", **args: Any) -> MessageResponse:
    return MessageResponse(
        message=AssistantMessage(
            content=[TextBlock(text="checking"), ToolUseBlock(id=call_id, name=name, input=args)]
        ),
        stop_reason=StopReason.TOOL_USE,
        usage=Usage(input_tokens=50, output_tokens=5),
    )


async def _snapshot(session: AgentSession) -> tuple[Any, ...]:
    store = session.bundle.store
    return (
        session.slot.messages,
        await store.load_messages(session.session_id, session.slot.id),
        await store.get_value(session.session_id, "session", "state"),
        session.turn_index,
        session.cost_so_far.total_tokens,
        len(session.timeline),
    )


async def test_failed_tool_loop_leaves_history_store_and_turn_index_unchanged() -> None:
    provider = OfflineProvider(
        ["first answer", tool_call("c1", key="k"), APIConnectionError("connection reset")]
    )
    session = make_session(provider, registry=ToolRegistry([lookup]))
    await session.submit_turn("hello")
    before = await _snapshot(session)
    with pytest.raises(APIConnectionError, match="connection reset"):
        await session.submit_turn("look k up")
    assert provider.calls == 3  # the tool round ran, then the second request failed
    assert await _snapshot(session) == before
    assert before[3] == 1 and len(before[0]) == 2
    # The session is usable again and stores exactly the new turn.
    provider.enqueue("third answer")
    await session.submit_turn("again")
    assert [m.text() for m in session.slot.messages] == [
        "hello",
        "first answer",
        "again",
        "third answer",
    ]
    assert session.turn_index == 2


async def test_failed_stream_leaves_history_store_and_turn_index_unchanged() -> None:
    provider = FailingStreamProvider(["ok"])
    session = make_session(provider)
    await session.submit_turn("hello")
    before = await _snapshot(session)
    received: list[Any] = []
    with pytest.raises(StreamError, match="Overloaded"):
        async for event in session.submit_turn_stream("stream please"):
            received.append(event)
    assert any(getattr(e, "text", None) == "partial " for e in received)  # it did stream
    assert await _snapshot(session) == before
    assert await session.finalize_turn() is None


async def test_stream_closed_early_is_discarded() -> None:
    session = make_session(OfflineProvider(["a long streamed answer " * 5, "next"]))
    stream = session.submit_turn_stream("hi")
    await anext(stream)
    await stream.aclose()  # type: ignore[attr-defined]
    assert session.turn_index == 0 and session.slot.messages == ()
    await session.submit_turn("hi again")  # not refused as "already running"
    assert session.turn_index == 1


async def test_read_only_slot_refuses_turns_also_once_reopened() -> None:
    provider, store = OfflineProvider(), InMemoryStore()
    session = make_session(provider, store=store, session_id="s")
    history = [Message.user("q"), Message.assistant("a")]
    await session.create_slot("reference", messages=history, read_only=True)
    with pytest.raises(ReadOnlySlotError, match="read-only"):
        await session.submit_turn("hi")
    assert provider.calls == 0 and session.turn_index == 0
    session.switch_slot("main")
    await session.submit_turn("hi")
    assert session.turn_index == 1
    reopened = make_session(provider, store=store, session_id="s")
    await reopened.open()
    assert reopened.slots["reference"].read_only and not reopened.slots["main"].read_only


async def test_concurrent_turn_is_refused() -> None:
    release = asyncio.Event()

    async def slow(request: object) -> str:
        await release.wait()
        return "slow answer"

    session = make_session(OfflineProvider(slow))
    first = asyncio.create_task(session.submit_turn("one"))
    await asyncio.sleep(0)
    with pytest.raises(NbAgentError, match="already running"):
        await session.submit_turn("two")
    release.set()
    assert (await first).text() == "slow answer"
    assert session.turn_index == 1


async def test_pin_and_configure_wait_for_a_summary_the_turn_is_making() -> None:
    # The summary checkpoint saves a copy of the session state: a pin or a setting saved while
    # it runs would be overwritten by it, so both are refused until the turn has ended.
    entered, release = asyncio.Event(), asyncio.Event()

    async def answer(request: MessageRequest) -> MessageResponse:
        if request.metadata.get("purpose") == "summary":
            entered.set()
            await release.wait()
            return reply("summary #1")
        return reply("ok", input_tokens=500)

    store = InMemoryStore()
    summary = SummaryConfig(max_context_tokens=1_000, trigger_token_ratio=0.5, debounce_turns=1)
    session = make_session(OfflineProvider(answer), summary=summary, store=store)
    await session.submit_turn("hello")  # turn 0 is within the debounce
    turn = asyncio.create_task(session.submit_turn("book gate B12"))
    for _ in range(1_000):  # a few loop steps reach the summary call; no clock involved
        if entered.is_set():
            break
        await asyncio.sleep(0)
    assert entered.is_set()
    with pytest.raises(NbAgentError, match="pin the fact after the turn ends"):
        await session.pin("gate B12")
    with pytest.raises(NbAgentError, match="configure it after the turn ends"):
        await session.configure(summary_config=None)
    release.set()
    await turn
    assert fired_turns(session) == [1]
    await session.pin("gate B12")
    again = make_session(OfflineProvider(answer), summary=summary, store=store)
    await again.open()
    assert [f.text for f in again.facts().pinned] == ["gate B12"]
    assert ((await again.get_conversation_summary()) or "").startswith("summary #1")


# -- watermark modes ---------------------------------------------------------------------------


async def test_watermark_modes_over_40_turns() -> None:
    """100 tokens per request message; threshold 1000 = a 10-message request.

    context: turn t sends 2t+1 messages until the first summary at t=5 (11 messages; the
    debounce of 3 has passed). After a summary at F covering 2F+2 messages, turn t sends the
    uncovered messages plus the summary plus its prompt: 2t - 2F, so the next fires at F+5.
    cumulative: after turn t, 100 * (t+1)^2 tokens were spent; over 1000 from t=3, and it never
    falls back, so a summary fires every debounce_turns=3 turns.
    """
    cfg = SummaryConfig(max_context_tokens=2000, trigger_token_ratio=0.5, debounce_turns=3)
    context = make_session(ScriptedProvider(), summary=cfg)
    cumulative_provider = ScriptedProvider()
    cumulative = make_session(
        cumulative_provider, summary=SummaryConfig(**{**cfg.__dict__, "watermark": "cumulative"})
    )
    for i in range(40):
        await context.submit_turn(f"msg {i}")
        await cumulative.submit_turn(f"msg {i}")
    assert fired_turns(context) == [5, 10, 15, 20, 25, 30, 35]
    assert fired_turns(cumulative) == list(range(3, 40, 3))
    # Under "context" the watermark falls back below the line right after each summary...
    for turn in fired_turns(context):
        after = context.timeline[turn + 1]
        assert after.watermark is not None and after.watermark < cfg.threshold
        assert after.summary_status is SummaryStatus.NOT_NEEDED
    assert [r.watermark for r in context.timeline[:6]] == [100, 300, 500, 700, 900, 1100]
    # ...under "cumulative" it only grows.
    marks = [r.watermark or 0 for r in cumulative.timeline]
    assert marks == sorted(marks) and marks[0] == 100 and marks[3] == 1600
    assert marks == [r.cumulative_tokens for r in cumulative.timeline]
    # Summary calls are counted apart from the turns.
    assert cumulative.cost_so_far.calls == 40
    assert cumulative.summary_cost.calls == 13
    assert cumulative.summary_cost.total_tokens == 13 * 10
    assert len(cumulative_provider.summary_requests) == 13


async def test_incremental_summaries_cost_the_new_turns_only() -> None:
    def run(strategy: str) -> tuple[AgentSession, ScriptedProvider]:
        provider = ScriptedProvider()
        cfg = SummaryConfig(
            max_context_tokens=2000,
            trigger_token_ratio=0.5,
            watermark="cumulative",
            strategy=strategy,  # type: ignore[arg-type]
        )
        return make_session(provider, summary=cfg), provider

    (full, full_p), (incr, incr_p) = run("full"), run("incremental")
    for i in range(30):
        await full.submit_turn(f"msg {i}")
        await incr.submit_turn(f"msg {i}")
    assert fired_turns(full) == fired_turns(incr) == list(range(3, 30, 3))
    template = len(SummaryConfig().render_prompt(""))
    full_sizes = [len(r.messages[0].text()) - template for r in full_p.summary_requests]
    incr_sizes = [len(r.messages[0].text()) - template for r in incr_p.summary_requests]
    # Full grows with the history; incremental stays flat: three new turns and a summary.
    assert full_sizes == sorted(full_sizes) and full_sizes[-1] > 5 * full_sizes[0]
    assert max(incr_sizes[1:]) - min(incr_sizes[1:]) < 20
    assert incr_sizes[-1] * 3 < full_sizes[-1]
    last = incr_p.summary_requests[-1].messages[0].text()
    assert "System: [上下文摘要] summary #8" in last
    assert "msg 24" not in last and "User: msg 25" in last and "User: msg 27" in last
    assert "User: msg 0" in full_p.summary_requests[-1].messages[0].text()
    assert incr.summary_cost.total_tokens == full.summary_cost.total_tokens  # scripted usage


# -- configuration ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"trigger_token_ratio": 0}, r"trigger_token_ratio must be in \(0, 1\]"),
        ({"trigger_token_ratio": 1.5}, r"trigger_token_ratio must be in \(0, 1\]"),
        ({"trigger_token_ratio": math.nan}, "trigger_token_ratio"),
        ({"trigger_token_ratio": "0.5"}, "must be a number"),
        ({"max_context_tokens": 0}, "max_context_tokens must be an integer positive"),
        ({"max_context_tokens": -5}, "context window"),
        ({"max_context_tokens": 1.5}, "max_context_tokens"),
        ({"debounce_turns": -1}, "debounce_turns must be an integer >= 0"),
        ({"max_tool_result_chars": -1}, "max_tool_result_chars"),
        ({"watermark": "tokens"}, "watermark must be 'context' or 'cumulative'"),
        ({"strategy": "smart"}, "strategy must be 'full' or 'incremental'"),
        ({"prompt_language": "fr"}, "prompt_language must be 'auto' or 'zh' or 'en'"),
        ({"summary_model": ""}, "summary_model"),
        ({"summary_prompt": "  "}, "summary_prompt"),
    ],
)
def test_bad_summary_config_fails_at_construction(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        SummaryConfig(**settings)


def test_limits_are_accepted() -> None:
    cfg = SummaryConfig(trigger_token_ratio=1, max_context_tokens=1, debounce_turns=0)
    assert cfg.threshold == 1


def test_custom_prompt_without_placeholder_warns_and_appends() -> None:
    with pytest.warns(UserWarning, match=r"no \{messages\} placeholder"):
        cfg = SummaryConfig(summary_prompt="Summarise this:")
    assert cfg.render_prompt("User: hi") == "Summarise this:\n\nUser: hi"
    braces = SummaryConfig(summary_prompt='Return {"summary": ...} for: {messages}')
    assert braces.render_prompt("T") == 'Return {"summary": ...} for: T'


def test_builder_and_agent_errors() -> None:
    with pytest.raises(ConfigurationError, match=r"call \.provider\(p\)"):
        AgentBuilder().build()
    with pytest.raises(ConfigurationError, match="Agent name"):
        Agent(name=" ")
    bundle = AgentBuilder().provider(OfflineProvider()).store(InMemoryStore()).build()
    with pytest.raises(ConfigurationError, match="session_id"):
        AgentSession("", bundle)
    registry = ToolRegistry([lookup])
    bundle = (
        AgentBuilder()
        .provider(OfflineProvider())
        .tool_registry(registry)
        .store(InMemoryStore())
        .build()
    )
    with pytest.raises(ToolError, match="already registered"):
        AgentSession("s", bundle, agent=Agent(tools=[lookup]))


# -- agent, tools, compaction ------------------------------------------------------------------


async def test_agent_instructions_and_tools() -> None:
    provider = OfflineProvider([tool_call("c1", key="k"), "done"])
    agent = Agent(name="helper", instructions="Use lookup.", tools=[lookup])
    session = make_session(provider, agent=agent, system_prompt="Be terse.")
    await session.submit_turn("find k")
    first = provider.requests[0]
    assert (first.messages[0].role, first.messages[0].text()) == (
        "system",
        "Be terse.\n\nUse lookup.",
    )
    assert [t.name for t in first.tools] == ["lookup"]
    stored = session.slot.messages
    assert [m.role for m in stored] == ["user", "assistant", "tool", "assistant"]
    assert stored[2].text() == "value of k"


async def test_compaction_never_shortens_the_stored_history() -> None:
    big = "x" * 5000

    def fetch(key: str) -> str:
        """Fetch a blob.

        Args:
            key: Blob name.
        """
        return big

    provider = OfflineProvider(
        [tool_call("c1", name="fetch", key="a"), tool_call("c2", name="fetch", key="b"), "done"]
    )
    session = make_session(
        provider,
        registry=ToolRegistry([fetch], max_result_chars=10_000),
        compact_config=CompactConfig(context_window=300, reserved_tokens=0, keep_recent=0),
    )
    await session.submit_turn("fetch two blobs")
    # The third request saw the first blob compacted...
    sent_results = [m for m in provider.requests[2].messages if isinstance(m, ToolResultMessage)]
    assert len(sent_results[0].text()) < 1000
    record = session.timeline[-1]
    assert record.compaction and record.compaction_freed_tokens > 0
    # ...but the store keeps both results whole.
    stored = [m for m in session.slot.messages if isinstance(m, ToolResultMessage)]
    assert [m.text() for m in stored] == [big, big]
    loaded = await session.bundle.store.load_messages("s", "main")
    assert [m.text() for m in loaded if isinstance(m, ToolResultMessage)] == [big, big]


# -- sync twins --------------------------------------------------------------------------------


async def test_sync_twins_work_inside_a_running_loop() -> None:
    asyncio.get_running_loop()  # we are inside a loop, like a Jupyter cell
    session = make_session(ScriptedProvider(), summary=SummaryConfig(max_context_tokens=300))
    response = session.submit_turn_sync("msg 0")
    assert response.text() == "reply to msg 0"
    events = list(session.submit_turn_stream_sync("msg 1"))
    assert events[-1].type == "cycle_done"  # type: ignore[union-attr]
    record = session.finalize_turn_sync()
    assert record is not None and record.turn_index == 1
    session.session_memory.set_sync("k", {"a": [1, 2]})
    assert session.get_session_data_sync("k") == {"a": [1, 2]}
    assert session.get_conversation_summary_sync() is None
    assert session.turn_index == 2


def test_sync_twins_work_without_a_loop() -> None:
    session = make_session(ScriptedProvider())
    assert session.submit_turn_sync("msg 0").text() == "reply to msg 0"
    assert session.turn_index == 1


# -- timeline ----------------------------------------------------------------------------------


async def test_timeline_records_every_turn() -> None:
    provider = ScriptedProvider(fixed_usage=Usage(input_tokens=40, output_tokens=10))
    cfg = SummaryConfig(max_context_tokens=200, trigger_token_ratio=0.5, debounce_turns=2)
    session = make_session(provider, summary=cfg, store=InMemoryStore())
    for i in range(4):
        await session.submit_turn(f"msg {i}")
    timeline = session.timeline
    assert [r.turn_index for r in timeline] == [0, 1, 2, 3]
    assert all(r.reported_context_tokens == 40 for r in timeline)
    assert [r.cumulative_tokens for r in timeline] == [50, 100, 150, 200]
    assert all(r.threshold == 100 for r in timeline)
    assert all(r.estimated_context_tokens > 0 and r.latency_s > 0 for r in timeline)
    # Reported input tokens (40) stay under the line: the context watermark never fires.
    assert {r.summary_status for r in timeline} == {SummaryStatus.NOT_NEEDED}
    assert [r.messages_stored for r in timeline] == [2, 4, 6, 8]
    assert [r.messages_in_view for r in timeline] == [0, 2, 4, 6]
    data = timeline[0].to_json()
    assert json.loads(json.dumps(data))["summary_status"] == "not_needed"


async def test_timeline_marks_fired_summaries_and_their_effect() -> None:
    session = make_session(
        ScriptedProvider(),
        summary=SummaryConfig(max_context_tokens=1400, trigger_token_ratio=0.5, debounce_turns=1),
    )
    for i in range(5):
        await session.submit_turn(f"msg {i}")
    # Turn t sends 2t+1 messages (100 tokens each): 700 at t=3. Then the view keeps the last
    # two turns (4 messages) plus the summary, and the prompt makes 6: 600, under the line.
    statuses = [r.summary_status.value for r in session.timeline]
    assert statuses == ["not_needed"] * 3 + ["fired", "not_needed"]
    assert session.timeline[4].watermark == 600
    fired = session.timeline[3]
    assert fired.summary == "summary #1" and fired.summary_tokens == 10
    assert fired.context_tokens_after < fired.estimated_context_tokens
    assert session.timeline[4].context_tokens_after == session.timeline[4].estimated_context_tokens


# -- resuming ----------------------------------------------------------------------------------


async def test_session_resumes_from_its_store() -> None:
    store = InMemoryStore()
    cfg = SummaryConfig(max_context_tokens=1400, trigger_token_ratio=0.5, debounce_turns=1)
    first = make_session(ScriptedProvider(), summary=cfg, store=store, session_id="trip")
    for i in range(4):
        await first.submit_turn(f"msg {i}")
    await first.session_memory.set("city", "Kyoto")
    again = make_session(ScriptedProvider(), summary=cfg, store=store, session_id="trip")
    assert again.turn_index == 4
    assert again.slot.messages == first.slot.messages
    assert again.slot.config == first.slot.config
    assert again.slot.load_messages() == first.slot.load_messages()
    assert again.last_summary_turn == first.last_summary_turn == 3
    assert again.cost_so_far.total == first.cost_so_far.total
    assert again.cost_so_far.calls == 4
    assert again.summary_cost.total == first.summary_cost.total
    assert [r.to_json() for r in again.timeline] == [r.to_json() for r in first.timeline]
    assert await again.get_session_data("city") == "Kyoto"
    assert await again.get_conversation_summary() == "summary #1"
    await again.submit_turn("msg 4")
    assert again.turn_index == 5 and len(again.slot.messages) == 10
    other = make_session(ScriptedProvider(), store=store, session_id="other")
    assert other.turn_index == 0 and other.slot.messages == ()


async def test_slots_save_and_load() -> None:
    store = InMemoryStore()
    slot = ContextSlot("notes", "s", messages=[Message.user("a"), Message.assistant("b")])
    await slot.save(store)
    slot.append_messages([Message.user("c")])
    await slot.save(store)
    loaded = await ContextSlot.load(store, "s", "notes")
    assert loaded is not None
    assert [m.text() for m in loaded.messages] == ["a", "b", "c"]
    assert await ContextSlot.load(store, "s", "missing") is None
    session = make_session(OfflineProvider(), store=store)
    assert sorted(session.slots) == ["main", "notes"]
    with pytest.raises(ConfigurationError, match="no slot"):
        session.switch_slot("nope")
    with pytest.raises(ConfigurationError, match="exists"):
        await session.create_slot("notes")


async def test_open_reads_the_store_on_the_running_loop() -> None:
    store = InMemoryStore()
    first = make_session(ScriptedProvider(), store=store)
    await first.submit_turn("msg 0")
    bundle = AgentBuilder().provider(ScriptedProvider()).store(store).build()
    again = await bundle.open_session("s")
    assert again.turn_index == 1 and len(again.slot.messages) == 2


# -- streams ----------------------------------------------------------------------------------


async def test_next_turn_finalizes_a_forgotten_stream() -> None:
    cfg = SummaryConfig(max_context_tokens=20, trigger_token_ratio=0.5, debounce_turns=0)
    session = make_session(ScriptedProvider(), summary=cfg)
    async for _ in session.submit_turn_stream("msg 0"):
        pass
    # Saved with its record; the checkpoint waits for finalize_turn.
    assert [(r.turn_index, r.summary_status) for r in session.timeline] == [
        (0, SummaryStatus.PENDING)
    ]
    await session.submit_turn("msg 1")
    assert [r.turn_index for r in session.timeline] == [0, 1]
    assert fired_turns(session) == [0, 1]


async def test_a_new_turn_abandons_an_unfinished_stream() -> None:
    session = make_session(ScriptedProvider())
    stream = session.submit_turn_stream("msg 0")
    await anext(stream)
    await session.submit_turn("msg 1")
    with pytest.raises(NbAgentError, match="abandoned"):
        async for _ in stream:
            pass
    assert [m.text() for m in session.slot.messages] == ["msg 1", "reply to msg 1"]
    assert session.turn_index == 1


async def test_context_watermark_falls_back_to_the_estimate() -> None:
    """A provider that reports no usage: the watermark is the estimate of the next view."""
    provider = OfflineProvider(lambda request: reply("ok"))
    cfg = SummaryConfig(max_context_tokens=40, trigger_token_ratio=0.5, debounce_turns=0)
    session = make_session(provider, summary=cfg)
    for i in range(3):
        await session.submit_turn(f"message {i}")
    for record in session.timeline:
        assert record.reported_context_tokens is None
        assert record.watermark == record.estimated_context_tokens
    first = session.timeline[0]
    assert first.estimated_context_tokens < 20 <= session.timeline[1].estimated_context_tokens
    assert [r.summary_status.value for r in session.timeline[:2]] == ["not_needed", "fired"]


async def test_a_saved_stream_left_open_is_not_abandoned(caplog: pytest.LogCaptureFixture) -> None:
    session = make_session(ScriptedProvider())
    stream = session.submit_turn_stream("msg 0")
    async for event in stream:
        if getattr(event, "type", None) == "cycle_done":
            break  # the consumer stops at the final event without closing the stream
    await session.submit_turn("msg 1")
    assert "abandons" not in caplog.text
    assert session.turn_index == 2 and len(session.slot.messages) == 4
    await stream.aclose()  # type: ignore[attr-defined]


async def interrupt_the_main_thread() -> None:
    """Send the main thread a real SIGINT (as a kernel interrupt does) once it waits in
    ``run_sync``: a real signal wakes the blocked wait, a simulated one won't."""
    async with asyncio.timeout(30):  # a bound for a broken test, not expected to fire
        while not main_thread_waits_in_run_sync():
            await asyncio.sleep(0.001)
    main = threading.main_thread().ident
    assert main is not None
    signal.pthread_kill(main, signal.SIGINT)


def test_an_interrupted_sync_call_waits_for_the_coroutine_to_finish_cancelling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Generous: the wait ends as soon as the coroutine has finished cancelling.
    monkeypatch.setattr(loop_bridge, "CLOSE_GRACE", 30.0)
    events: list[str] = []

    async def slow_to_cancel() -> None:
        never = asyncio.Event()  # only the interrupt's cancel ends the wait
        try:
            await interrupt_the_main_thread()
            await never.wait()
        except asyncio.CancelledError:
            await asyncio.sleep(0.2)  # e.g. a stream closing its HTTP response
            events.append("closed")
            raise

    with pytest.raises(KeyboardInterrupt):
        run_sync(slow_to_cancel())
    assert events == ["closed"]
