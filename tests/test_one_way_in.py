"""The redesign's promises: one way in, constructors without I/O, one streaming shape, and
compaction as a view of the request recorded by position."""

from __future__ import annotations

from pathlib import Path

import pytest

from nbagent import AgentBuilder, AgentSession, SummaryConfig
from nbagent.agent.store import InMemoryStore, SqliteStore
from nbagent.agent.timeline import SummaryStatus
from nbagent.llm import HookEvent, HookExecutor
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle_events import CycleDoneEvent
from nbagent.llm.messages import Message
from nbagent.llm.providers.offline import OfflineProvider
from tests.agent_support import ScriptedProvider

LOW = SummaryConfig(max_context_tokens=100, trigger_token_ratio=0.5, debounce_turns=0)


def test_three_names_and_no_placeholder_run_a_turn_with_summaries() -> None:
    session = AgentBuilder().provider(ScriptedProvider()).summary_config(LOW).build().session("t")
    session.submit_turn_sync("hello")
    assert [m.text() for m in session.slot.messages[:2]] == ["hello", "reply to hello"]
    assert session.timeline[-1].summary_status is SummaryStatus.FIRED


def test_building_and_constructing_read_and_write_nothing(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "s.sqlite3"
    bundle = AgentBuilder().provider("offline").store(SqliteStore(path)).build()
    session = AgentSession("trip", bundle)
    assert not path.parent.exists()  # no file, no folder: nothing was read or written
    assert "not opened" in repr(session)
    assert session.turn_index == 0  # the first property that needs the state opens it
    assert path.exists() is False  # reading an absent store creates nothing either
    session.submit_turn_sync("hi")
    assert path.exists()
    again = bundle.session("trip")
    assert again.turn_index == 1 and len(again.slot) == 2


def test_the_library_default_store_is_in_memory() -> None:
    bundle = AgentBuilder().provider("offline").build()
    assert isinstance(bundle.store, InMemoryStore)


def test_the_persona_is_a_keyword_and_the_old_placeholder_is_refused() -> None:
    bundle = AgentBuilder().provider("offline").build()
    with pytest.raises(TypeError, match="positional arguments"):
        AgentSession(None, "trip", bundle)  # type: ignore[arg-type, misc]
    with pytest.raises(ValueError, match=r"AgentSession\('trip', bundle, agent=\.\.\.\)"):
        AgentSession(None, bundle)  # type: ignore[arg-type]


async def test_leaving_the_stream_block_ends_the_turn() -> None:
    hooks = HookExecutor()
    seen: list[HookEvent] = []
    for event in (HookEvent.TURN_END, HookEvent.SUMMARY):
        hooks.register(event, lambda ctx: seen.append(ctx.event))
    bundle = AgentBuilder().provider(ScriptedProvider()).summary_config(LOW).hook_executor(hooks)
    session = await bundle.build().open_session("s")
    async with session.stream_turn("hello") as events:
        kinds = [type(e).__name__ async for e in events]
        assert seen == []  # saved, not ended yet
    assert kinds[-1] == CycleDoneEvent.__name__
    assert seen == [HookEvent.TURN_END, HookEvent.SUMMARY]
    assert session.timeline[-1].summary_status is SummaryStatus.FIRED
    assert session.turn_index == 1


async def test_leaving_the_stream_block_early_discards_the_turn() -> None:
    provider = OfflineProvider(["a long reply in several words", "the second reply"])
    session = await AgentBuilder().provider(provider).build().open_session("s")
    async with session.stream_turn("hello") as events:
        async for _ in events:
            break
    assert session.turn_index == 0 and len(session.slot) == 0 and session.timeline == []
    await session.submit_turn("again")
    assert [m.text() for m in session.slot.messages] == ["again", "the second reply"]


async def test_an_error_in_the_stream_block_discards_an_unfinished_turn() -> None:
    session = (
        await AgentBuilder().provider(OfflineProvider(["one two three"])).build().open_session("s")
    )
    with pytest.raises(ZeroDivisionError):
        async with session.stream_turn("hello") as events:
            async for _ in events:
                _ = 1 / 0
    assert session.turn_index == 0 and len(session.slot) == 0


def big_result_turns(session: AgentSession, count: int) -> None:
    from nbagent.llm.messages import ToolUseBlock

    for i in range(count):
        session.slot.append_messages(
            [
                Message.user(f"q{i}"),
                Message.assistant([ToolUseBlock(id=f"c{i}", name="search", input={})]),
                Message.tool_result(f"c{i}", "x" * 3000, tool_name="search"),
                Message.assistant(f"answer {i}"),
            ]
        )


async def test_compaction_never_reaches_the_store_and_records_say_where_each_message_is() -> None:
    compact = CompactConfig(context_window=300, reserved_tokens=50, keep_recent=2)
    provider = ScriptedProvider()
    bundle = (
        AgentBuilder()
        .provider(provider)
        .system_prompt("Be brief.")
        .compact_config(compact)
        .store(InMemoryStore())
        .build()
    )
    session = await bundle.open_session("s")
    big_result_turns(session, 3)
    await session.submit_turn("next")
    record = session.timeline[-1]
    assert record.compaction and record.compaction_freed_tokens > 0
    # The request was compacted; the store holds every original, whole.
    sent = provider.turn_requests[-1].messages
    assert any(m.text() == "[pruned]" for m in sent)
    reopened = await bundle.open_session("s")
    assert all(m.text() != "[pruned]" for m in reopened.slot.messages)
    assert [m.text() for m in reopened.slot.messages][2] == "x" * 3000
    # Position 0 is the system prompt; then stored 0..12 (the view) and 12..13 (this turn).
    positions = record.positions()
    assert positions == [None, *range(0, 14)]
    assert record.request_positions == [(-1, 1), (0, 14)]
    assert reopened.timeline[-1].request_positions == [(-1, 1), (0, 14)]
    changed = [
        (positions[row.index], report.messages[row.index].text())
        for report in record.compaction
        for row in report.records
        if row.action.name != "Skip"
    ]
    assert changed and all(text == "[pruned]" for _, text in changed)
    # Each changed position is an old tool result, found in the store by the record alone.
    assert {reopened.slot.messages[i].text() for i, _ in changed if i is not None} == {"x" * 3000}
