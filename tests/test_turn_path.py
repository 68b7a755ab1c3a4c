"""The turn path's incremental bookkeeping gives exactly what recounting everything gives.

Sessions keep running token tallies (per slot and per cycle) and reuse compacted messages
instead of re-estimating and re-analysing the whole history every turn; each shortcut is checked
here against the plain computation it replaces.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbagent.agent.context import ContextSlot, FocusedConfig, Joined, SlotConfig, SlotMode
from nbagent.agent.store import AppendMessages, SqliteStore
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import StoreError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import LlmCycle
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    Message,
    SystemMessage,
    TextBlock,
    ToolUseBlock,
)
from nbagent.llm.pricing import Usage
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.request import MessageRequest, MessageResponse, ResultSemantic, StopReason
from nbagent.llm.tokens import estimate_messages_tokens
from nbagent.llm.tools import ToolRegistry, tool
from tests.agent_support import ScriptedProvider, make_session

SUMMARY_TEXT = "the summary"
MARKER = FocusedConfig().summary_marker

_kinds = st.sampled_from(["user", "assistant", "system", "summary-like", "tool"])


def _message(kind: str, i: int) -> AnyMessage:
    match kind:
        case "user":
            return Message.user(f"question {i} " * (i % 5 + 1))
        case "assistant":
            return Message.assistant(f"answer {i}")
        case "system":
            return Message.system(f"note {i}")
        case "summary-like":  # a stored system message equal to the summary message
            return Message.system(f"{MARKER} {SUMMARY_TEXT}")
        case _:
            return Message.tool_result(f"call_{i}", "result " * (i % 50))


def _request_rule(view: list[AnyMessage], slot: ContextSlot) -> list[AnyMessage]:
    """AgentSession.request_messages' filter under a system prompt, written out plainly."""
    summary = slot.summary_message()
    marker = None if summary is None else summary.content
    return [m for m in view if not isinstance(m, SystemMessage) or m.content == marker]


@settings(max_examples=60, deadline=None)
@given(
    kinds=st.lists(_kinds, max_size=40),
    more=st.lists(_kinds, max_size=10),
    mode=st.sampled_from([SlotMode.FULL, SlotMode.FOCUSED]),
    summarised=st.booleans(),
    upto=st.integers(0, 60),
    later_upto=st.integers(0, 60),
    keep=st.integers(0, 3),
    position=st.sampled_from(["end", "start"]),
)
def test_view_tokens_equal_estimating_the_view(
    kinds: list[str],
    more: list[str],
    mode: SlotMode,
    summarised: bool,
    upto: int,
    later_upto: int,
    keep: int,
    position: str,
) -> None:
    focused = FocusedConfig(keep_recent_turns=keep, summary_position=position)
    slot = ContextSlot("main", "s", config=SlotConfig(mode=mode, focused=focused))
    if summarised:
        slot.set_summary(SUMMARY_TEXT, upto)
    slot.append_messages(
        [Message.system("leading"), *(_message(k, i) for i, k in enumerate(kinds))]
    )

    def check() -> None:
        view = slot.load_messages()
        assert slot.view_tokens() == estimate_messages_tokens(view)
        expected = estimate_messages_tokens(_request_rule(view, slot))
        assert slot.view_tokens(without_system=True) == expected

    check()
    added = [_message(k, 100 + i) for i, k in enumerate(more)]
    # What the view will count once `added` is stored (the view's start may move meanwhile).
    ahead = slot.view_tokens(extra=added), slot.view_tokens(without_system=True, extra=added)
    slot.append_messages(added)  # the tally grows
    assert ahead == (slot.view_tokens(), slot.view_tokens(without_system=True))
    check()
    slot.set_summary(SUMMARY_TEXT, later_upto)  # the view may start earlier or later now
    check()


@given(first=st.lists(st.integers(), max_size=6), second=st.lists(st.integers(), max_size=6))
def test_joined_reads_as_the_concatenation(first: list[int], second: list[int]) -> None:
    joined, plain = Joined(first, second), first + second
    assert len(joined) == len(plain) and list(joined) == plain
    for index in range(-len(plain), len(plain)):
        assert joined[index] == plain[index]
    assert joined[1:-1] == plain[1:-1]
    with pytest.raises(IndexError):
        joined[len(plain)]


async def test_session_estimates_equal_estimating_the_request() -> None:
    provider = ScriptedProvider()
    summary = SummaryConfig(max_context_tokens=1_000, trigger_token_ratio=0.5, debounce_turns=1)
    session = make_session(provider, summary=summary, system_prompt="be brief")
    for i in range(12):
        await session.submit_turn(f"turn {i} " + "words " * 40)
        assert session.estimate_context_tokens() == estimate_messages_tokens(
            session.request_messages()
        )
    assert session.last_summary_turn > 0  # the view was cut by summaries along the way
    # Each turn's first request held exactly what the record says the turn started from.
    firsts = provider.turn_requests
    for record, request in zip(session.timeline[:-1], firsts[1:], strict=False):
        assert estimate_messages_tokens(request.messages[:-1]) == record.context_tokens_after


@tool(result_semantic=ResultSemantic.FACTUAL)
def search(query: str) -> str:
    """Search.

    Args:
        query: What to look for.
    """
    return json.dumps([{"id": f"doc-{i}", "title": f"{query} {i}", "n": i} for i in range(80)])


def _searching(request: MessageRequest) -> MessageResponse:
    """Calls ``search`` once per user prompt, then answers."""
    if request.messages[-1].role == "tool":
        return MessageResponse(message=Message.assistant("done"), usage=Usage(input_tokens=1))
    use = ToolUseBlock(id=f"c{len(request.messages)}", name="search", input={"query": "kv"})
    return MessageResponse(
        message=AssistantMessage(content=[TextBlock(text="searching"), use]),
        stop_reason=StopReason.TOOL_USE,
    )


async def test_cycle_tally_follows_appends_and_compactions() -> None:
    config = CompactConfig(context_window=3_000, reserved_tokens=1_000, keep_recent=2)
    cycle = LlmCycle(OfflineProvider(_searching), compact_config=config)
    registry = ToolRegistry([search])
    freed = 0
    for i in range(6):
        await cycle.submit_with_tools(f"look {i}", registry)
        assert cycle._request_tokens() == estimate_messages_tokens(cycle.build_request().messages)
        freed += sum(r.freed_tokens for r in cycle.compaction_reports)
    assert freed > 0


async def test_compacted_messages_are_reused_across_turns() -> None:
    provider = OfflineProvider(_searching)
    compact = CompactConfig(context_window=3_550, reserved_tokens=1_000, keep_recent=2)
    session = make_session(provider, registry=ToolRegistry([search]), compact_config=compact)
    for i in range(6):
        await session.submit_turn(f"look {i}")
    stored = {m.tool_call_id: m for m in session.slot.messages if m.role == "tool"}
    # What was stored is the originals: nothing compacted reached the store.
    assert all(len(m.text()) > 2_000 for m in stored.values())
    # A turn's first request sends the compacted objects the request before it sent: the
    # prefix is repeated byte for byte (the provider's cache reads it).
    requests = provider.requests
    firsts = [i for i, r in enumerate(requests) if r.messages[-1].role == "user"]
    before, after = requests[firsts[4] - 1].messages, requests[firsts[4]].messages
    shared = [a for a, b in zip(before, after, strict=False) if a is b and a.role == "tool"]
    compacted = [m for m in shared if m != stored[m.tool_call_id]]
    assert len(compacted) == 3
    assert [r.prefix_kept_share is not None for r in session.timeline] == [False] + [True] * 5
    assert all((r.prefix_kept_share or 0) > 0.99 for r in session.timeline[1:5])
    # Turn 5's first request no longer fits: a compaction decides every result again, and the
    # request repeats only what came before the first result it changed.
    last = session.timeline[5]
    assert last.compaction[-1].plan.changes.keys() == {2, 6, 10, 14, 18}
    previous, now = requests[firsts[5] - 1].messages, requests[firsts[5]].messages
    same = next(i for i, (a, b) in enumerate(zip(previous, now, strict=False)) if a != b)
    assert same <= 6  # an early result changed...
    assert last.prefix_kept_tokens == estimate_messages_tokens(now[:same])  # ...and ended it
    assert last.prefix_kept_share is not None and last.prefix_kept_share < 0.2


async def test_seeded_cycle_counts_only_new_messages() -> None:
    history: list[AnyMessage] = [Message.user("a " * 50), Message.assistant("b " * 50)]
    cycle = LlmCycle(OfflineProvider(["ok"]), messages=history, messages_tokens=12_345)
    assert cycle._request_tokens() == 12_345
    await cycle.submit_with_tools("more")
    new = estimate_messages_tokens(cycle.messages()[2:])
    assert cycle._request_tokens() == 12_345 + new


async def test_sqlite_append_checks_the_end_of_the_history(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3")
    messages = [Message.user(str(i)) for i in range(5)]
    assert await store.count_messages("s", "main") == 0
    await store.commit([AppendMessages("s", "main", 0, tuple(messages))])
    assert await store.count_messages("s", "main") == 5
    assert await store.count_messages("s", "other") == 0
    for wrong in (0, 4, 6):
        try:
            await store.commit([AppendMessages("s", "main", wrong, (messages[0],))])
        except StoreError as e:
            assert f"holds 5 stored messages but the write appends at index {wrong}" in str(e)
        else:
            raise AssertionError(f"an append at {wrong} was accepted")
    await store.commit([AppendMessages("s", "main", 5, (messages[0],))])
    assert len(await store.load_messages("s", "main")) == 6
    await store.close()


async def test_sqlite_load_reads_row_by_row_and_names_a_bad_row(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = SqliteStore(path)
    messages = [Message.user("hi"), Message.assistant("hello"), Message.tool_result("c", "42")]
    await store.commit([AppendMessages("s", "main", 0, tuple(messages))])
    assert await store.load_messages("s", "main") == messages
    await store.close()
    with sqlite3.connect(path) as conn:
        conn.execute('UPDATE messages SET data=\'{"role": "nobody"}\' WHERE idx=1')
    try:
        await store.load_messages("s", "main")
    except StoreError as e:
        assert "stored history of slot 'main' in session 's'" in str(e)
        assert "cannot be read as messages" in str(e)
    else:
        raise AssertionError("a corrupted row was read")
    await store.close()
