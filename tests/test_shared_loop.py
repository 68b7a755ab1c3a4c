"""Sessions share one event loop: a session's CPU-heavy step runs off it (issue 22).

Each case makes one heavy step of session A's turn block on a ``threading.Event``; session B's
whole turn, on the same loop, must complete while A's step is still blocked. Then A is let go,
and its turn must come out exactly as an unblocked run of the same turn does. A step that runs
on the loop's own thread does not wait (it would block the loop, and B with it): it says so, and
the case fails on that, with no time for a busy machine to beat.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import nbagent.agent._checkpoint
import nbagent.agent.summary
import nbagent.llm.cycle
import nbagent.llm.providers.offline
from nbagent.agent.builder import AgentBuilder
from nbagent.agent.context import ContextSlot
from nbagent.agent.facts import FactKeeper
from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.llm.compact import CompactConfig
from nbagent.llm.messages import AnyMessage, Message, TextBlock, ToolUseBlock
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.tools import OFF_LOOP_MESSAGES

GIVE_UP = 600.0
"""Seconds a step off the loop waits for its release at most: a guard against a hung suite
only (a passing case releases it as soon as B's turn is done)."""

STEPS: dict[str, tuple[object, str]] = {
    "request view": (AgentSession, "_view"),
    "microcompact plan": (nbagent.llm.cycle, "plan_compaction"),
    "retention count": (FactKeeper, "measure"),
    "summary transcript": (nbagent.agent.summary, "format_messages_as_text"),
    "offline extractive summary": (nbagent.llm.providers.offline, "summary_reply"),
    "fact ledger": (nbagent.agent._checkpoint, "add_ledger"),
}


def history(turns: int) -> list[AnyMessage]:
    """``turns`` finished turns of four messages: a question naming an order, a lookup call,
    its 3 KB JSON result, a reply quoting it."""
    messages: list[AnyMessage] = []
    for i in range(turns):
        order = f"ORD-{1000 + i}"
        rows = [{"line": n, "sku": f"SKU-{i:03d}-{n:02d}", "qty": n % 7 + 1} for n in range(40)]
        result = json.dumps({"order": order, "status": "packed", "lines": rows})
        messages += [
            Message.user(f"Where is order {order}? It was due on 2024-05-{i % 28 + 1:02d}."),
            Message.assistant(
                [
                    TextBlock(text="Looking it up."),
                    ToolUseBlock(id=f"call_{i:04d}", name="lookup", input={"order": order}),
                ]
            ),
            Message.tool_result(f"call_{i:04d}", result, tool_name="lookup"),
            Message.assistant(f"Order {order} is packed: 40 lines, SKU-{i:03d}-00 first."),
        ]
    return messages


async def session(
    session_id: str, messages: Sequence[AnyMessage] = ()
) -> tuple[AgentSession, OfflineProvider]:
    """A session as the magics open one (summaries, microcompact, retention on) over
    ``messages`` stored, on a small window: over :func:`history`, its turn plans a compaction
    and ends in a summary."""
    provider = OfflineProvider()
    store = InMemoryStore()
    if messages:
        await ContextSlot("main", session_id, messages=messages).save(store)
    summary = SummaryConfig(max_context_tokens=8_000, debounce_turns=0)
    bundle = (
        AgentBuilder()
        .provider(provider)
        .store(store)
        .summary_config(summary)
        .compact_config(CompactConfig.beside_summaries(8_000, summary.trigger_token_ratio))
        .track_retention()
        .build()
    )
    return await bundle.open_session(session_id), provider


def outcome(s: AgentSession, provider: OfflineProvider) -> dict[str, Any]:
    """What a turn leaves: the requests sent, the stored messages, the record (its timings
    aside)."""
    timing = {"latency_s", "summary_latency_s"}
    record: TurnRecord = s.timeline[-1]
    return {
        "requests": [r.model_dump(mode="json") for r in provider.requests],
        "stored": [m.model_dump(mode="json") for m in s.slot.messages],
        "record": {k: v for k, v in record.to_json().items() if k not in timing},
    }


def _on_a_loop() -> bool:
    """Whether the calling thread runs an event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


class Blocker:
    """Wraps a step: its first call waits for :attr:`release` (up to :data:`GIVE_UP` seconds)
    before doing its work; later calls go straight through."""

    def __init__(self, step: Callable[..., Any]) -> None:
        self.step = step
        self.entered = threading.Event()
        self.release = threading.Event()
        self.gave_up = False
        self.on_loop = False
        self.returned = False
        self.calls = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        if self.calls > 1:
            return self.step(*args, **kwargs)
        # On the event loop's thread, waiting would hold up the very turn that must go on: say
        # so and go on (a fact, not a time the machine must beat); off it, wait to be released.
        self.on_loop = _on_a_loop()
        self.entered.set()
        if not self.on_loop:
            self.gave_up = not self.release.wait(GIVE_UP)
        try:
            return self.step(*args, **kwargs)
        finally:
            self.returned = True

    def function(self) -> Callable[..., Any]:
        """The wrapper as a plain function: set on a class, it is bound as a method is."""

        def blocked(*args: Any, **kwargs: Any) -> Any:
            return self(*args, **kwargs)

        return blocked


@pytest.mark.parametrize("step", list(STEPS))
async def test_a_heavy_step_of_one_session_does_not_hold_up_another(
    step: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    messages = history(40)
    assert len(messages) > OFF_LOOP_MESSAGES  # the steps that go by size go off the loop
    reference, reference_provider = await session("a", messages)
    await reference.submit_turn("Which orders are still packed?")
    await reference.get_conversation_summary()  # its summary saved
    expected = outcome(reference, reference_provider)
    assert expected["record"]["summary_status"] == SummaryStatus.FIRED.value
    assert expected["record"]["compaction"]  # the plan ran

    owner, name = STEPS[step]
    blocker = Blocker(getattr(owner, name))
    monkeypatch.setattr(owner, name, blocker.function())
    a, a_provider = await session("a", messages)
    b, _ = await session("b")

    a_turn = asyncio.ensure_future(a.submit_turn("Which orders are still packed?"))
    try:
        await asyncio.to_thread(blocker.entered.wait, GIVE_UP)
        reply = await b.submit_turn("Hello there")  # the whole turn, while A's step waits
        assert not blocker.on_loop, f"{step} ran on the loop: it would block the other sessions"
        assert not blocker.gave_up and not blocker.returned, f"{step} blocked the loop"
        assert "Hello there" in reply.text() and b.turn_index == 1
    finally:
        blocker.release.set()
        await a_turn
    await a.get_conversation_summary()
    assert outcome(a, a_provider) == expected
