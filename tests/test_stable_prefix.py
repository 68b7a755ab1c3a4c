"""Cache-aware compaction: between compactions a request repeats the last one's messages byte
for byte, and a new compaction is made only when it frees a worthwhile amount."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbagent.agent.session import AgentSession
from nbagent.llm.compact import HELD_REASON, CompactConfig
from nbagent.llm.cycle import CycleConfig, sent_request
from nbagent.llm.messages import AssistantMessage, Message, TextBlock, ToolUseBlock
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.request import MessageRequest, MessageResponse, StopReason
from nbagent.llm.tokens import estimate_messages_tokens
from nbagent.llm.tools import ToolRegistry, tool
from tests.agent_support import make_session
from tests.conftest import CompactRules

PROMPTS = ["look a", "look b", "look c"] + [f"chat {i}" for i in range(8)] + ["look d", "look e"]


@tool
def lookup(topic: str) -> str:
    """Look a topic up.

    Args:
        topic: What to look up.
    """
    line = "{} note {}: some moderately long text about the subject at hand"
    return "\n".join(line.format(topic, i) for i in range(40))


def answer(request: MessageRequest) -> MessageResponse:
    """Looks up every "look" prompt once, answers everything else in a line."""
    last = request.messages[-1]
    if last.role == "user" and "look" in last.text():
        use = ToolUseBlock(id=f"c{len(request.messages)}", name="lookup", input={"topic": "t"})
        return MessageResponse(
            message=AssistantMessage(content=[TextBlock(text="checking"), use]),
            stop_reason=StopReason.TOOL_USE,
        )
    return MessageResponse(message=Message.assistant("noted " + "x" * 40))


@pytest.fixture(autouse=True)
def fast_decay(compact_rules: CompactRules) -> None:
    compact_rules.decay_every(1)  # every turn ages every result by a step


async def run(
    *, prompt_cache: bool = True, **config: object
) -> tuple[AgentSession, OfflineProvider]:
    settings: dict[str, object] = {
        "context_window": 2600,
        "reserved_tokens": 1000,
        "keep_recent": 2,
        **config,
    }
    provider = OfflineProvider(answer)
    session = make_session(
        provider,
        registry=ToolRegistry([lookup]),
        compact_config=CompactConfig(**settings),  # type: ignore[arg-type]
        cycle_config=CycleConfig(prompt_cache=prompt_cache),
    )
    for prompt in PROMPTS:
        await session.submit_turn(prompt)
    return session, provider


def changes(session: AgentSession, turn: int) -> list[list[int]]:
    return [sorted(r.plan.changes) for r in session.timeline[turn].compaction]


async def test_ordinary_turns_repeat_the_last_compaction_byte_for_byte() -> None:
    session, provider = await run()
    # Turn 2 compacts the two old results; the eight turns after it carry that compaction, as
    # it was, although every result ages a decay step each turn.
    assert changes(session, 2) == [[2, 6]]
    assert all(changes(session, t) == [[2, 6]] for t in range(3, 12))
    firsts = [i for i, r in enumerate(provider.requests) if r.messages[-1].role == "user"]
    for turn in range(3, 12):
        before = provider.requests[firsts[turn] - 1].messages
        now = provider.requests[firsts[turn]].messages
        assert all(a is b for a, b in zip(before, now, strict=False))  # the very same objects
        record = session.timeline[turn]
        previous = estimate_messages_tokens(before)
        assert record.prefix_kept_tokens == previous
        assert record.prefix_kept_share == round(previous / estimate_messages_tokens(now), 4)
    # The carried report says which messages came after its compaction.
    rows = session.timeline[5].compaction[0].records
    assert [r.reason for r in rows[14:]] == [HELD_REASON] * (len(rows) - 14)


async def test_without_prompt_caching_a_decayed_result_changes_an_early_message() -> None:
    session, _ = await run(prompt_cache=False)
    # Today's behaviour: the ordinary turn after the first compaction compacts afresh, and the
    # result that was recent then (index 10) is cut now: the request changes from there on.
    assert changes(session, 3) == [[2, 6, 10]]
    stable, _ = await run()
    assert (
        session.timeline[3].prefix_kept_share < 0.85 < 0.97 < stable.timeline[3].prefix_kept_share
    )  # type: ignore[operator]


async def test_a_compaction_is_made_when_the_carried_request_outgrows_the_budget() -> None:
    session, _ = await run()
    # Turn 12's tool round no longer fits: everything eligible is decided again, at once.
    assert changes(session, 12) == [[2, 6], [2, 6, 10, 30]]
    made = session.timeline[12].compaction[-1]
    assert made.tokens_before - made.tokens_after >= CompactConfig(2600, 1000).worthwhile_tokens


async def test_a_pass_that_frees_too_little_is_held_while_the_request_fits_the_window(
    compact_rules: CompactRules,
) -> None:
    compact_rules.worthwhile(10**6)
    # A window of 4,000 with the same 1,600-token budget: the over-budget request still fits.
    held, _ = await run(context_window=4000, reserved_tokens=2400)
    assert changes(held, 12) == [[2, 6]]  # the pass would free < 10**6 tokens: not made
    share = held.timeline[12].prefix_kept_share
    assert share is not None and share > 0.98
    # Past the context window it is made whatever it frees: the request must fit.
    forced, _ = await run(context_window=1900, reserved_tokens=300)
    assert changes(forced, 12) == [[2, 6], [2, 6, 10, 30]]


def test_a_compaction_is_worthwhile_at_a_tenth_of_the_budget() -> None:
    assert CompactConfig(context_window=10_000, reserved_tokens=2_000).worthwhile_tokens == 800


def test_kept_prefix_ends_at_the_first_changed_message_and_at_a_change_of_tools() -> None:
    a, b, c = Message.user("a " * 40), Message.assistant("b " * 40), Message.user("c " * 40)
    first, _ = sent_request(None, (), [a, b])
    sent, kept = sent_request(first, (), [a, b, c])
    assert (kept.messages, kept.tokens) == (2, estimate_messages_tokens([a, b]))
    assert kept.request_tokens == estimate_messages_tokens([a, b, c])
    _, changed = sent_request(sent, (), [a, Message.assistant("other"), c])
    assert changed.messages == 1
    _, retooled = sent_request(sent, tuple(ToolRegistry([lookup]).definitions()), [a, b, c])
    assert (retooled.messages, retooled.tokens, retooled.share) == (0, 0, 0.0)


@settings(max_examples=80, deadline=None)
@given(
    before=st.lists(st.integers(0, 3), max_size=12),
    after=st.lists(st.integers(0, 3), max_size=12),
    rebuilt=st.booleans(),
)
def test_kept_prefix_is_the_longest_run_of_equal_leading_messages(
    before: list[int], after: list[int], rebuilt: bool
) -> None:
    # Messages from a few texts, some the very same objects, some equal copies (as a rebuilt
    # system prompt is): the kept prefix is what a plain walk from the start finds.
    texts = ["one " * 9, "two " * 7, "three " * 5, "four " * 3]
    pool = [Message.user(t) for t in texts]
    previous = [pool[i] for i in before]
    current = [Message.user(texts[i]) if rebuilt else pool[i] for i in after]
    first, _ = sent_request(None, (), previous)
    sent, kept = sent_request(first, (), current)
    plain = 0
    while plain < min(len(previous), len(current)) and previous[plain] == current[plain]:
        plain += 1
    assert kept.messages == plain
    assert kept.tokens == estimate_messages_tokens(current[:plain])
    assert kept.request_tokens == sent.tokens == estimate_messages_tokens(current)
