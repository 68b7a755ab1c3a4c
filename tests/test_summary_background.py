"""The summary step as a background job: a turn returns once it is saved, without waiting for a
summary model that hangs; the job finishes the summary (or its failure) and the record later,
the next turn and ``close()`` never wait for it forever, and a summary saved after a newer turn
never undoes that turn. Every wait is on an event or the session's own wait; ``BOUND`` only
turns a hang into a failure; nothing is timed."""

from __future__ import annotations

import asyncio
import pickle
from collections import defaultdict
from typing import Any

import pytest

from nbagent.agent._turn import STATE_KEY, STATE_NAMESPACE, TIMELINE_NAMESPACE
from nbagent.agent.memory import CONVERSATION_SUMMARY_KEY, MEMORY_NAMESPACE
from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus
from nbagent.errors import ProviderError
from nbagent.llm.hooks import HookContext, HookEvent, HookExecutor
from nbagent.llm.request import MessageRequest
from tests.agent_support import ScriptedProvider, is_summary, make_session

BOUND = 30.0
DUE = SummaryConfig(max_context_tokens=100, trigger_token_ratio=0.5, debounce_turns=0, timeout=None)
"""A summary is due after every turn, and a summary call has no deadline of its own."""


class GatedSummary(ScriptedProvider):
    """Turns answer at once. Summary call ``n`` (counted from 1) sets ``started[n]``; when ``n``
    is in ``hang`` it waits for ``release[n]`` first (for ever, unless the test sets it), and
    when ``n`` is in ``fail`` it then raises."""

    def __init__(self, hang: set[int] = frozenset(), fail: set[int] = frozenset()) -> None:  # type: ignore[assignment]
        super().__init__()
        self.hang, self.fail = hang, fail
        self.started: defaultdict[int, asyncio.Event] = defaultdict(asyncio.Event)
        self.release: defaultdict[int, asyncio.Event] = defaultdict(asyncio.Event)
        self.summary_calls = 0

    async def chat(self, request: MessageRequest) -> Any:
        if is_summary(request):
            self.summary_calls += 1
            n = self.summary_calls
            self.started[n].set()
            if n in self.hang:
                await self.release[n].wait()
            if n in self.fail:
                raise ProviderError("the summary model broke", provider="offline")
        return await super().chat(request)


def texts(session: AgentSession) -> list[str]:
    return [m.text() for m in session.slot.messages]


async def stored_status(store: InMemoryStore, turn: int) -> str:
    value = await store.get_value("s", TIMELINE_NAMESPACE, f"{turn:09d}")
    assert value is not None
    return str(value["summary_status"])


async def assert_saved_as_live(session: AgentSession, store: InMemoryStore) -> None:
    again = make_session(ScriptedProvider(), store=store, summary=DUE)
    assert [r.to_json() for r in again.timeline] == [r.to_json() for r in session.timeline]
    assert texts(again) == texts(session) and again.turn_index == session.turn_index
    assert again.slot.summary_override == session.slot.summary_override


async def test_a_turn_returns_while_its_summary_hangs() -> None:
    store = InMemoryStore()
    provider = GatedSummary(hang={1})  # the first summary never answers
    session = make_session(provider, store=store, summary=DUE)
    response = await asyncio.wait_for(session.submit_turn("hello"), BOUND)
    # Returned with the summary call still waiting: the turn is saved, its record pending.
    assert provider.started[1].is_set() and not provider.release[1].is_set()
    assert response.text() == "reply to hello" and session.turn_index == 1
    assert session.timeline[-1].summary_status is SummaryStatus.PENDING
    assert await stored_status(store, 0) == "pending"
    assert texts(make_session(ScriptedProvider(), store=store)) == ["hello", "reply to hello"]
    # The next turn waits for it (bounded by SummaryConfig.timeout; None here): the summary
    # shapes the request after it, on a busy machine as on an idle one.
    turns_sent = provider.calls
    following = asyncio.ensure_future(session.submit_turn("again"))
    for _ in range(100):
        await asyncio.sleep(0)
    assert not following.done() and provider.calls == turns_sent
    provider.release[1].set()
    await asyncio.wait_for(following, BOUND)
    assert session.turn_index == 2 and provider.summary_calls >= 1
    assert [r.summary_status for r in session.timeline] == [SummaryStatus.FIRED] * 2
    assert (await session.get_conversation_summary() or "").startswith("summary #2")
    await asyncio.wait_for(session.close(timeout=None), BOUND)
    await assert_saved_as_live(session, store)


async def test_a_slow_summary_is_finished_in_the_background_and_its_record_saved() -> None:
    store = InMemoryStore()
    hooks = HookExecutor()
    summaries: list[tuple[int | None, str]] = []

    def on_summary(ctx: HookContext) -> None:
        summaries.append((ctx.turn_index, str(ctx.data["summary"])))

    hooks.register(HookEvent.SUMMARY, on_summary)
    provider = GatedSummary(hang={1})
    session = make_session(provider, store=store, summary=DUE, hooks=hooks)
    await asyncio.wait_for(session.submit_turn("hello"), BOUND)
    assert session.timeline[-1].summary_status is SummaryStatus.PENDING and summaries == []
    assert session.slot.summary_override is None
    provider.release[1].set()  # the model answers, long after the turn returned
    await asyncio.wait_for(session.close(timeout=None), BOUND)
    record = session.timeline[-1]
    assert record.summary_status is SummaryStatus.FIRED
    assert (record.summary or "").startswith("summary #1") and record.summary_tokens == 10
    assert record.threshold == DUE.threshold and record.watermark is not None
    assert record.context_tokens_after == session.estimate_context_tokens()
    assert summaries == [(0, record.summary)]
    assert session.slot.summary_override == record.summary
    assert session.summary_cost.calls == 1 and session.last_summary_turn == 0
    assert await stored_status(store, 0) == "fired"
    memory = await store.get_value("s", MEMORY_NAMESPACE, CONVERSATION_SUMMARY_KEY)
    assert memory == record.summary
    await assert_saved_as_live(session, store)


async def test_a_failed_background_summary_leaves_history_and_state_untouched() -> None:
    store = InMemoryStore()
    provider = GatedSummary(hang={1}, fail={1})
    session = make_session(provider, store=store, summary=DUE)
    await asyncio.wait_for(session.submit_turn("hello"), BOUND)
    state_before = await store.get_value("s", STATE_NAMESPACE, STATE_KEY)
    provider.release[1].set()
    await asyncio.wait_for(session.close(timeout=None), BOUND)
    record = session.timeline[-1]
    assert record.summary_status is SummaryStatus.FAILED
    assert "the summary model broke" in (record.summary_error or "")
    assert await store.get_value("s", STATE_NAMESPACE, STATE_KEY) == state_before
    assert await session.get_conversation_summary() is None
    assert session.slot.summary_override is None and session.summary_cost.calls == 0
    assert texts(session) == ["hello", "reply to hello"]
    assert await stored_status(store, 0) == "failed"
    await assert_saved_as_live(session, store)


async def test_close_cancels_a_hung_summary_and_the_record_stays_pending() -> None:
    store = InMemoryStore()
    provider = GatedSummary(hang={1})
    session = make_session(provider, store=store, summary=DUE)
    await asyncio.wait_for(session.submit_turn("hello"), BOUND)
    await asyncio.wait_for(session.close(timeout=0), BOUND)
    assert session.timeline[-1].summary_status is SummaryStatus.PENDING
    assert await stored_status(store, 0) == "pending"
    await assert_saved_as_live(session, store)
    # Usable again afterwards: the next turn summarises (call 2 answers at once).
    await asyncio.wait_for(session.submit_turn("again"), BOUND)
    assert [r.summary_status for r in session.timeline] == [
        SummaryStatus.PENDING,
        SummaryStatus.FIRED,
    ]
    await assert_saved_as_live(session, store)


async def test_a_streamed_turn_ends_while_its_summary_hangs() -> None:
    store = InMemoryStore()
    provider = GatedSummary(hang={1})
    session = make_session(provider, store=store, summary=DUE)

    async def stream() -> None:
        async with session.stream_turn("streamed") as events:
            async for _ in events:
                pass

    await asyncio.wait_for(stream(), BOUND)
    assert provider.started[1].is_set() and not provider.release[1].is_set()
    assert session.timeline[-1].summary_status is SummaryStatus.PENDING
    provider.release[1].set()
    assert (await asyncio.wait_for(session.get_conversation_summary(), BOUND) or "").startswith(
        "summary #1"
    )
    assert session.timeline[-1].summary_status is SummaryStatus.FIRED
    await assert_saved_as_live(session, store)


@pytest.mark.parametrize("position", ["before", "while"])
async def test_pins_and_settings_saved_during_a_background_summary_stay(position: str) -> None:
    store = InMemoryStore()
    provider = GatedSummary(hang={1})
    session = make_session(provider, store=store, summary=DUE)
    await asyncio.wait_for(session.submit_turn("the gate is B12"), BOUND)
    if position == "before":
        provider.release[1].set()
        await session.close(timeout=None)
    await session.pin("gate B12")  # the turn has returned: allowed, and kept by the summary
    await session.configure(system_prompt="Be brief.")
    provider.release[1].set()
    await session.close(timeout=None)
    again = make_session(ScriptedProvider(), store=store, summary=DUE)
    assert [f.text for f in again.facts().pinned] == ["gate B12"]
    assert again.system_prompt == "Be brief."
    assert again.timeline[0].summary_status is SummaryStatus.FIRED
    assert again.slot.summary_override is not None


async def test_a_session_whose_summaries_ran_still_pickles() -> None:
    """A tuning grid sends replayed sessions back from worker processes."""
    session = make_session(ScriptedProvider(), summary=DUE)
    await session.submit_turn("hello")
    copy = pickle.loads(pickle.dumps(session))
    assert [r.to_json() for r in copy.timeline] == [r.to_json() for r in session.timeline]
    assert copy.timeline[0].summary_status is SummaryStatus.FIRED


async def test_a_failed_summary_backs_off_for_the_debounce_as_a_made_one_does() -> None:
    """A slow local model that times out is not called again on every turn (each waiting out
    its whole timeout): the failure counts for the debounce, and a summary made clears it."""
    provider = GatedSummary(fail={1, 2})
    every_third = SummaryConfig(
        max_context_tokens=100, trigger_token_ratio=0.5, debounce_turns=3, timeout=None
    )
    session = make_session(provider, summary=every_third)
    statuses: list[SummaryStatus] = []
    calls: list[int] = []
    for turn in range(11):
        await asyncio.wait_for(session.submit_turn(f"msg {turn}"), BOUND)
        statuses.append(session.timeline[-1].summary_status)
        calls.append(provider.summary_calls)
    F, D, X = SummaryStatus.FAILED, SummaryStatus.DEBOUNCED, SummaryStatus.FIRED
    # Turn 3 is the first past the debounce from the start; it fails, so does turn 6; turn 9
    # succeeds, and the debounce counts from it as before.
    assert statuses == [D, D, D, F, D, D, F, D, D, X, D]
    assert calls == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3]
    assert session.last_summary_turn == 9
    await asyncio.wait_for(session.close(timeout=None), BOUND)
