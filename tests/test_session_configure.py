"""AgentSession.configure: checked, applied from the next turn, saved, and kept on resume."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from nbagent.agent._settings import UNCHANGED, SessionSettings
from nbagent.agent.session import AgentSession
from nbagent.agent.store import InMemoryStore, MemoryStore, SqliteStore, StoreOp
from nbagent.agent.summary import DEFAULT_SUMMARY_PROMPT_EN, SummaryConfig
from nbagent.agent.timeline import SummaryStatus
from nbagent.errors import ConfigurationError, NbAgentError, StoreError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import LlmCycle
from nbagent.llm.messages import SystemMessage
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.llm.tools import ToolRegistry
from tests.agent_support import ScriptedProvider, fired_turns, make_session

SUMMARY_A = SummaryConfig(max_context_tokens=50_000, debounce_turns=5)
SUMMARY_B = SummaryConfig(max_context_tokens=1_000, trigger_token_ratio=0.5, debounce_turns=1)
COMPACT_A = CompactConfig(context_window=64_000)
COMPACT_B = CompactConfig(context_window=9_000, reserved_tokens=1_000, keep_recent=3)


def session_on(store: MemoryStore, provider: Any = None, **settings: Any) -> AgentSession:
    return make_session(provider or ScriptedProvider(), store=store, session_id="trip", **settings)


def bundle_a() -> dict[str, Any]:
    return {"summary": SUMMARY_A, "compact_config": COMPACT_A, "system_prompt": "Prompt A."}


async def test_configure_then_resume_keeps_the_settings(tmp_path: Path) -> None:
    path = tmp_path / "trip.db"
    store = SqliteStore(path)
    session = session_on(store, **bundle_a())
    await session.submit_turn("hello")
    await session.configure(
        summary_config=SUMMARY_B, compact_config=COMPACT_B, system_prompt="Prompt B."
    )
    config = session.bundle.config
    assert (config.summary_config, config.compact_config, config.system_prompt) == (
        SUMMARY_B,
        COMPACT_B,
        "Prompt B.",
    )
    await store.close()

    # A new session object on a new store object, built from a bundle with other settings.
    provider = ScriptedProvider()
    resumed = session_on(SqliteStore(path), provider, **bundle_a())
    config = resumed.bundle.config
    assert (config.summary_config, config.compact_config, config.system_prompt) == (
        SUMMARY_B,
        COMPACT_B,
        "Prompt B.",
    )
    assert resumed.configured == SessionSettings(SUMMARY_B, COMPACT_B, "Prompt B.")
    await resumed.submit_turn("again")
    first = provider.turn_requests[-1].messages[0]
    assert isinstance(first, SystemMessage) and first.content == "Prompt B."
    assert resumed.timeline[-1].threshold == SUMMARY_B.threshold
    await resumed.bundle.store.close()


async def test_settings_never_configured_follow_the_bundle() -> None:
    store = InMemoryStore()
    session = session_on(store, **bundle_a())
    await session.configure(compact_config=COMPACT_B)
    assert session.configured == SessionSettings(compact_config=COMPACT_B)
    resumed = session_on(store, summary=SUMMARY_B, system_prompt="Prompt C.")
    config = resumed.bundle.config
    assert config.compact_config == COMPACT_B  # saved: wins over the bundle's (none)
    assert config.summary_config == SUMMARY_B  # never configured: the bundle's
    assert config.system_prompt == "Prompt C."
    # A second configure adds to what was saved.
    await resumed.configure(system_prompt="Prompt D.")
    again = session_on(store)
    assert again.configured == SessionSettings(compact_config=COMPACT_B, system_prompt="Prompt D.")
    assert again.bundle.config.summary_config is None


async def test_none_turns_features_off_and_they_stay_off() -> None:
    store = InMemoryStore()
    session = session_on(store, **bundle_a())
    await session.configure(summary_config=None, compact_config=None, system_prompt=None)
    provider = ScriptedProvider()
    resumed = session_on(store, provider, **bundle_a())
    config = resumed.bundle.config
    assert (config.summary_config, config.compact_config, config.system_prompt) == (
        None,
        None,
        None,
    )
    await resumed.submit_turn("hi")
    assert resumed.timeline[-1].summary_status is SummaryStatus.DISABLED
    assert [m.role for m in provider.turn_requests[-1].messages] == ["user"]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"summary_config": {"max_context_tokens": 10}}, "summary_config must be a SummaryConfig"),
        ({"compact_config": SUMMARY_A}, "compact_config must be a CompactConfig"),
        ({"system_prompt": 42}, "system_prompt must be a string or None, got int"),
        ({"system_prompt": "   "}, "system_prompt is empty"),
    ],
)
async def test_bad_settings_raise_and_change_nothing(
    settings: dict[str, Any], message: str
) -> None:
    store = InMemoryStore()
    session = session_on(store, **bundle_a())
    await session.submit_turn("hello")
    bundle = session.bundle
    saved = await store.get_value("trip", "session", "state")
    with pytest.raises(ConfigurationError, match=message):
        # A valid change given with the bad one is not applied either.
        await session.configure(**{"compact_config": None, **settings})
    assert session.bundle is bundle
    assert await store.get_value("trip", "session", "state") == saved
    assert session.configured == SessionSettings()


async def test_configure_with_nothing_writes_nothing() -> None:
    class Counting(InMemoryStore):
        commits = 0

        async def commit(self, ops: Any) -> None:
            self.commits += 1
            await super().commit(list[StoreOp](ops))

    store = Counting()
    session = session_on(store)
    await session.configure()
    await session.configure(summary_config=UNCHANGED)
    assert store.commits == 0
    await session.configure(summary_config=SUMMARY_B)
    assert store.commits == 1


async def test_configure_waits_for_the_turn_and_finalises_a_saved_stream() -> None:
    session = session_on(InMemoryStore(), summary=SUMMARY_B)
    stream = session.submit_turn_stream("streamed")
    await anext(stream)
    with pytest.raises(NbAgentError, match="a turn is running in session 'trip'"):
        await session.configure(summary_config=None)
    async for _ in stream:
        pass
    # Saved, not finalised yet.
    assert [r.summary_status for r in session.timeline] == [SummaryStatus.PENDING]
    await session.configure(summary_config=None)
    # The streamed turn's checkpoint ran under the settings it ran with.
    assert [r.summary_status for r in session.timeline] == [SummaryStatus.NOT_NEEDED]
    await session.submit_turn("plain")
    assert session.timeline[-1].summary_status is SummaryStatus.DISABLED


def test_configure_sync_inside_and_outside_a_loop() -> None:
    session = session_on(InMemoryStore())
    session.configure_sync(system_prompt="Sync.")
    assert session.system_prompt == "Sync."


async def test_configure_sync_inside_a_running_loop() -> None:
    session = session_on(InMemoryStore())
    session.configure_sync(compact_config=COMPACT_B)
    assert session.bundle.config.compact_config == COMPACT_B


# -- what a change keeps and what it resets ---------------------------------------------------


async def test_summaries_off_and_on_keep_the_summary_and_the_debounce() -> None:
    # 100 tokens per request message: the line (500) is crossed at turn 2 (5 messages sent).
    config = SummaryConfig(max_context_tokens=1_000, trigger_token_ratio=0.5, debounce_turns=2)
    session = session_on(InMemoryStore(), summary=config)
    for i in range(3):
        await session.submit_turn(f"msg {i}")
    assert fired_turns(session) == [2]
    summary = session.slot.summary_message()
    assert summary is not None
    await session.configure(summary_config=None)
    for i in range(3, 5):
        await session.submit_turn(f"msg {i}")
    statuses = [r.summary_status for r in session.timeline[3:]]
    assert statuses == [SummaryStatus.DISABLED] * 2
    assert summary in session.slot.load_messages()  # the summary stays in the view
    # On again with a longer debounce: turn 5 is 3 turns after the summary at turn 2.
    await session.configure(summary_config=dataclasses.replace(config, debounce_turns=4))
    for i in range(5, 7):
        await session.submit_turn(f"msg {i}")
    assert [r.summary_status for r in session.timeline[5:]] == [
        SummaryStatus.DEBOUNCED,
        SummaryStatus.FIRED,
    ]
    assert session.last_summary_turn == 6


def hotels(city: str) -> str:
    """A long, list-like result that microcompact replaces once it is old."""
    return "\n".join(
        f"{city} hotel {i}: a quiet place near the station, breakfast included" for i in range(60)
    )


def memo(session: AgentSession) -> tuple[object, dict[int, object]]:
    """The microcompact memo the next turn's cycle gets."""
    cycle = LlmCycle(OfflineProvider())
    session._equip(cycle, session.slot)
    return cycle.compact_state, cycle.compacted


async def test_a_new_compact_config_or_prompt_starts_microcompact_afresh() -> None:
    small = CompactConfig(context_window=1200, reserved_tokens=200, keep_recent=2)
    session = make_session(OfflineProvider(), registry=ToolRegistry([hotels]), compact_config=small)
    for city in ("Paris", "Rome", "Oslo"):
        await session.submit_turn(f"Hotels in {city}?")
    assert session.timeline[-1].compaction  # compacting on every request now
    state, compacted = memo(session)
    assert compacted  # it kept the messages it compacted, to reuse them
    await session.configure(compact_config=dataclasses.replace(small, keep_recent=3))
    fresh, fresh_compacted = memo(session)
    assert fresh is not state and fresh_compacted == {}
    await session.submit_turn("Hotels in Lima?")
    again, _ = memo(session)
    assert again is fresh  # kept while the settings stay
    await session.configure(system_prompt="You plan trips.")
    assert memo(session)[0] is not fresh
    # Off: the next turn compacts nothing.
    await session.configure(compact_config=None)
    await session.submit_turn("Hotels in Bern?")
    assert session.timeline[-1].compaction == []


# -- how settings are saved --------------------------------------------------------------------


async def test_a_default_prompt_is_not_saved_and_a_custom_one_is() -> None:
    store = InMemoryStore()
    session = session_on(store)
    await session.configure(summary_config=SummaryConfig(prompt_language="en"))
    state = await store.get_value("trip", "session", "state")
    assert "summary_prompt" not in state["settings"]["summary_config"]
    resumed = session_on(store)
    assert resumed.bundle.config.summary_config is not None
    assert resumed.bundle.config.summary_config.summary_prompt == DEFAULT_SUMMARY_PROMPT_EN
    with pytest.warns(UserWarning, match="no \\{messages\\} placeholder"):
        custom = SummaryConfig(summary_prompt="Summarise briefly.")
    await resumed.configure(summary_config=custom)
    # Read back without a second warning (warnings are errors in this suite).
    assert session_on(store).bundle.config.summary_config == custom


async def test_unreadable_saved_settings_are_a_store_error() -> None:
    store = InMemoryStore()
    session = session_on(store)
    await session.submit_turn("hello")
    state = await store.get_value("trip", "session", "state")
    for bad in (
        {"summary_config": {"trigger_token_ratio": 5}},
        {"compact_config": {"window": 10}},
        {"system_prompt": ["a", "list"]},
        {"temperature": 0.2},
    ):
        await store.put_value("trip", "session", "state", {**state, "settings": bad})
        with pytest.raises(StoreError, match="saved settings of session 'trip' cannot be read"):
            session_on(store)
