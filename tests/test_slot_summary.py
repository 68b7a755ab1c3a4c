"""The summary is the slot's state, not a setting (issue 22): ``ContextSlot.set_summary`` /
``clear_summary`` change it, ``FocusedConfig`` refuses it, the store keeps it beside the config
and still reads the shape older versions saved (the summary inside ``focused``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from nbagent.agent.context import (
    ContextSlot,
    FocusedConfig,
    SlotConfig,
    SlotMode,
    SlotSummary,
    focused_view,
)
from nbagent.agent.memory import CONVERSATION_SUMMARY_KEY, MEMORY_NAMESPACE
from nbagent.agent.store import AppendMessages, InMemoryStore, PutValue, StoreOp
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus
from nbagent.errors import ConfigurationError, StoreError
from nbagent.llm.messages import AnyMessage, Message
from nbagent.llm.pricing import Usage
from nbagent.llm.tokens import estimate_messages_tokens
from tests.agent_support import ScriptedProvider, make_session

MOVED = "is the slot's state now, not a setting: call slot.set_summary(text, upto)"
HISTORY: list[AnyMessage] = [
    message
    for i in range(3)
    for message in (Message.user(f"question {i}"), Message.assistant(f"answer {i}"))
]
KEEP_ONE = SlotConfig(focused=FocusedConfig(keep_recent_turns=1))
STORED_CONFIG = {
    "mode": "focused",
    "focused": {
        "keep_recent_turns": 1,
        "summary_marker": "[上下文摘要]",
        "summary_position": "start",
    },
}


def texts(messages: Sequence[AnyMessage]) -> list[str]:
    return [m.text() for m in messages]


# -- the settings ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"summary_override": "x"}, f"invalid FocusedConfig: summary_override {MOVED}"),
        (
            {"summary_upto": 3, "keep_recent_turns": 1},
            f"invalid FocusedConfig: summary_upto {MOVED}",
        ),
        (
            {"summary_override": None, "summary_upto": 0},
            f"invalid FocusedConfig: summary_override {MOVED}; summary_upto {MOVED}",
        ),
        (
            {"keep_recent": 2},
            "invalid FocusedConfig: unknown setting 'keep_recent'; FocusedConfig takes "
            "keep_recent_turns, summary_marker, summary_position",
        ),
    ],
)
def test_focused_config_refuses_the_summary_saying_where_it_went(
    settings: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigurationError) as caught:
        FocusedConfig(**settings)
    assert str(caught.value) == message


def test_focused_config_holds_only_settings() -> None:
    assert list(FocusedConfig.model_fields) == [
        "keep_recent_turns",
        "summary_marker",
        "summary_position",
    ]


# -- the slot's state --------------------------------------------------------------------------


def test_set_summary_shapes_the_view_and_clear_summary_undoes_it() -> None:
    slot = ContextSlot("main", "s", config=KEEP_ONE, messages=HISTORY)
    config = slot.config
    assert (slot.summary, slot.summary_override, slot.summary_upto) == (None, None, 0)
    assert slot.load_messages() == HISTORY and slot.summary_message() is None

    slot.set_summary("They asked twice.", 4)
    assert slot.summary == SlotSummary("They asked twice.", 4)
    assert (slot.summary_override, slot.summary_upto) == ("They asked twice.", 4)
    assert slot.config is config  # the settings did not change
    view = slot.load_messages()
    assert texts(view) == ["[上下文摘要] They asked twice.", "question 2", "answer 2"]
    assert slot.view_tokens() == estimate_messages_tokens(view)
    assert slot.view_runs() == [(-1, 1), (4, 2)]

    slot.clear_summary()
    assert (slot.summary, slot.summary_override, slot.summary_upto) == (None, None, 0)
    assert slot.load_messages() == HISTORY and slot.summary_message() is None
    assert slot.view_tokens() == estimate_messages_tokens(HISTORY)


def test_the_summary_message_follows_the_summary_under_the_same_settings() -> None:
    slot = ContextSlot("main", "s", config=KEEP_ONE, messages=HISTORY)
    slot.set_summary("first", 2)
    first = slot.summary_message()
    assert first is not None and first.content == "[上下文摘要] first"
    assert slot.summary_message() is first  # made once per summary
    slot.set_summary("second", 4)
    second = slot.summary_message()
    assert second is not None and second.content == "[上下文摘要] second"
    assert slot.view_tokens() == estimate_messages_tokens(slot.load_messages())


def test_a_full_slot_keeps_its_summary_unsent_and_takes_no_new_one() -> None:
    slot = ContextSlot("main", "s", config=KEEP_ONE, messages=HISTORY)
    slot.set_summary("kept", 4)
    slot.config = slot.config.model_copy(update={"mode": SlotMode.FULL})
    slot.set_summary("ignored", 6)
    assert slot.summary == SlotSummary("kept", 4)
    assert slot.load_messages() == HISTORY and slot.summary_message() is None
    slot.config = slot.config.model_copy(update={"mode": SlotMode.FOCUSED})
    assert texts(slot.load_messages())[0] == "[上下文摘要] kept"
    slot.config = slot.config.model_copy(update={"mode": SlotMode.FULL})
    slot.clear_summary()
    assert slot.summary is None


@pytest.mark.parametrize(
    ("text", "upto", "message"),
    [
        (
            "s",
            -1,
            "summary upto must be an integer >= 0 (an index into the stored history), got -1",
        ),
        (
            "s",
            True,
            "summary upto must be an integer >= 0 (an index into the stored history), got True",
        ),
        (
            "s",
            "3",
            "summary upto must be an integer >= 0 (an index into the stored history), got '3'",
        ),
        (None, 0, "a summary must be a string, got None"),
    ],
)
def test_set_summary_refuses_what_is_not_a_summary(text: Any, upto: Any, message: str) -> None:
    slot = ContextSlot("main", "s", messages=HISTORY)
    with pytest.raises(ConfigurationError) as caught:
        slot.set_summary(text, upto)
    assert str(caught.value) == message
    assert slot.summary is None


def test_focused_view_takes_the_summary_as_an_argument() -> None:
    config = KEEP_ONE.focused
    assert focused_view(HISTORY, config) == HISTORY
    view = focused_view(HISTORY, config, SlotSummary("They asked twice.", 4))
    slot = ContextSlot("main", "s", config=KEEP_ONE, messages=HISTORY)
    slot.set_summary("They asked twice.", 4)
    assert view == slot.load_messages()
    end = focused_view(
        HISTORY, FocusedConfig(keep_recent_turns=0, summary_position="end"), SlotSummary("S", 2)
    )
    assert texts(end) == ["question 1", "answer 1", "question 2", "answer 2", "[上下文摘要] S"]


# -- persistence -------------------------------------------------------------------------------


async def test_a_slot_is_stored_with_its_summary_beside_its_config() -> None:
    store = InMemoryStore()
    slot = ContextSlot("main", "s", config=KEEP_ONE, messages=HISTORY)
    await slot.save(store)
    stored = {"config": STORED_CONFIG, "summary": None, "read_only": False}
    assert await store.get_value("s", "slot", "main") == stored
    slot.set_summary("They asked twice.", 4)
    await slot.save(store)
    assert await store.get_value("s", "slot", "main") == {
        "config": STORED_CONFIG,
        "summary": {"text": "They asked twice.", "upto": 4},
        "read_only": False,
    }
    loaded = await ContextSlot.load(store, "s", "main")
    assert loaded is not None and loaded.config == KEEP_ONE
    assert loaded.summary == SlotSummary("They asked twice.", 4)
    assert loaded.load_messages() == slot.load_messages()


def _older(mode: str, text: str | None, upto: int) -> dict[str, Any]:
    """A slot value as nbagent saved it before the summary left FocusedConfig."""
    return {
        "mode": mode,
        "focused": {
            "summary_override": text,
            "summary_upto": upto,
            "keep_recent_turns": 1,
            "summary_marker": "[上下文摘要]",
            "summary_position": "start",
        },
        "read_only": False,
    }


async def _older_store(value: dict[str, Any]) -> InMemoryStore:
    store = InMemoryStore()
    await store.commit(
        [AppendMessages("s", "main", 0, tuple(HISTORY)), PutValue("s", "slot", "main", value)]
    )
    return store


async def test_a_slot_stored_in_the_older_shape_loads_with_its_summary() -> None:
    store = await _older_store(_older("focused", "They asked twice.", 4))
    slot = await ContextSlot.load(store, "s", "main")
    assert slot is not None
    assert slot.config == KEEP_ONE
    assert (slot.summary_override, slot.summary_upto) == ("They asked twice.", 4)
    assert texts(slot.load_messages()) == [
        "[上下文摘要] They asked twice.",
        "question 2",
        "answer 2",
    ]
    # A session opens it the same way, and its next save writes the current shape.
    session = make_session(ScriptedProvider(), store=store, session_id="s")
    assert session.slot.summary == SlotSummary("They asked twice.", 4)
    await session.submit_turn("question 3")
    assert await store.get_value("s", "slot", "main") == {
        "config": STORED_CONFIG,
        "summary": {"text": "They asked twice.", "upto": 4},
        "read_only": False,
    }


@pytest.mark.parametrize(
    ("value", "mode", "summary"),
    [
        (_older("focused", None, 0), SlotMode.FOCUSED, None),
        (_older("full", "kept while full", 2), SlotMode.FULL, SlotSummary("kept while full", 2)),
        ({"mode": "full", "read_only": True}, SlotMode.FULL, None),  # no focused settings saved
    ],
)
async def test_older_shapes_without_a_summary_or_in_full_mode_load(
    value: dict[str, Any], mode: SlotMode, summary: SlotSummary | None
) -> None:
    slot = await ContextSlot.load(await _older_store(value), "s", "main")
    assert slot is not None
    assert (slot.config.mode, slot.summary) == (mode, summary)
    assert slot.config.focused == (KEEP_ONE.focused if "focused" in value else FocusedConfig())
    assert slot.read_only is value["read_only"]  # the slot's state now, beside its config


@pytest.mark.parametrize("summary", [{"text": "no upto"}, {"text": "before the start", "upto": -3}])
async def test_a_stored_value_of_neither_shape_is_a_store_error(summary: dict[str, Any]) -> None:
    store = await _older_store({"config": STORED_CONFIG, "summary": summary})
    with pytest.raises(StoreError, match="stored config of slot 'main' in session 's' is invalid"):
        await ContextSlot.load(store, "s", "main")


class FailingStore(InMemoryStore):
    """Refuses every commit while ``failing`` is set (nothing applied)."""

    failing = True

    async def commit(self, ops: Sequence[StoreOp]) -> None:
        if self.failing:
            raise StoreError("disk full")
        await super().commit(ops)


async def test_a_failed_save_leaves_the_slot_summary_as_it_was() -> None:
    store = FailingStore()
    slot = ContextSlot("main", "s", config=KEEP_ONE, messages=HISTORY)
    slot.set_summary("old", 2)
    new = SlotSummary("new", 4)
    ops = slot.save_ops(summary=new)
    value = {"config": STORED_CONFIG, "summary": {"text": "new", "upto": 4}, "read_only": False}
    assert ops[-1] == PutValue("s", "slot", "main", value)
    with pytest.raises(StoreError):
        await store.commit(ops)
    assert slot.summary == SlotSummary("old", 2)  # not applied: the write failed
    store.failing = False
    await store.commit(ops)
    slot.mark_saved(summary=new)
    assert slot.summary == new
    loaded = await ContextSlot.load(store, "s", "main")
    assert loaded is not None and loaded.summary == new


class SummarySaveFails(InMemoryStore):
    """Refuses a summary's save (the commit that writes the conversation summary) once
    ``fail_summaries`` is set."""

    fail_summaries = False

    async def commit(self, ops: Sequence[StoreOp]) -> None:
        summary_save = any(
            isinstance(op, PutValue)
            and (op.namespace, op.key) == (MEMORY_NAMESPACE, CONVERSATION_SUMMARY_KEY)
            for op in ops
        )
        if summary_save and self.fail_summaries:
            raise StoreError("disk full")
        await super().commit(ops)


async def test_a_summary_whose_save_failed_leaves_the_slot_summary_as_it_was() -> None:
    store = SummarySaveFails()
    config = SummaryConfig(
        max_context_tokens=20, trigger_token_ratio=0.5, watermark="cumulative", debounce_turns=0
    )
    provider = ScriptedProvider(fixed_usage=Usage(input_tokens=10, output_tokens=5))
    session = make_session(provider, summary=config, store=store)
    await session.submit_turn("msg 0")
    assert session.slot.summary == SlotSummary("summary #1", 2)
    store.fail_summaries = True
    await session.submit_turn("msg 1")
    assert session.timeline[-1].summary_status is SummaryStatus.FAILED
    assert len(provider.summary_requests) == 2  # made, but not saved
    assert session.slot.summary == SlotSummary("summary #1", 2)
    assert texts(session.slot.load_messages()) == [
        "[上下文摘要] summary #1",
        "msg 0",
        "reply to msg 0",
        "msg 1",
        "reply to msg 1",
    ]
    reopened = make_session(ScriptedProvider(), store=store)
    assert reopened.slot.summary == SlotSummary("summary #1", 2)
