"""Settings that left in issue 22 stay usable for one release: passed, they warn (a
``RetiredSettingWarning``) and say what replaced them, and their value takes effect in its new
home; stored or pickled by the previous release, they load quietly to the same settings."""

from __future__ import annotations

import dataclasses
import pickle
import warnings

import pytest

from nbagent.agent._settings import SessionSettings
from nbagent.agent.builder import AgentBuilder
from nbagent.agent.config import AgentConfig
from nbagent.agent.context import ContextSlot, SlotConfig, SlotMode
from nbagent.agent.store import InMemoryStore, PutValue
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError, ReadOnlySlotError, RetiredSettingWarning
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import CycleConfig, LlmCycle
from nbagent.llm.hooks import HookEvent, HookExecutor
from nbagent.llm.messages import Message
from nbagent.llm.providers._anthropic_request import request_body as anthropic_body
from nbagent.llm.providers._openai_request import OpenAIWireOptions, request_body
from nbagent.llm.providers.offline import OfflineProvider
from nbagent.notebook._grid import normalise_grid
from tests.agent_support import make_session

OLD_SUMMARY = {  # dataclasses.asdict(SummaryConfig(max_context_tokens=8000)) before issue 22
    "trigger_token_ratio": 0.75,
    "max_context_tokens": 8000,
    "debounce_turns": 3,
    "summary_model": None,
    "max_tool_result_chars": 500,
    "max_summary_tokens": 1024,
    "watermark": "context",
    "strategy": "full",
    "prompt_language": "auto",
    "fact_ledger": True,
    "fact_ledger_share": 0.1,
    "fact_ledger_chars": None,
    "timeout": 60.0,
    "retries": 1,
}
OLD_COMPACT = {  # dataclasses.asdict(CompactConfig(context_window=9000)) before issue 22
    "context_window": 9000,
    "reserved_tokens": None,
    "keep_recent": 6,
    "compact_thinking": False,
    "decay_every_turns": 4,
    "protect_factual": False,
    "keep_facts": True,
    "stable_prefix": True,
    "min_freed_tokens": None,
}


def test_settings_saved_by_the_previous_release_load_quietly_and_equal() -> None:
    data = {"summary_config": OLD_SUMMARY, "compact_config": OLD_COMPACT}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # not one warning: the user passed none of these
        settings = SessionSettings.from_json(data, where="session 'old'")
    assert settings.summary_config == SummaryConfig(max_context_tokens=8000)
    assert settings.compact_config == CompactConfig(context_window=9000)
    chars = {**OLD_SUMMARY, "fact_ledger_chars": 2000}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loaded = SessionSettings.from_json({"summary_config": chars}, where="x").summary_config
    assert loaded is not None and loaded.fact_ledger == 2000 / 4 / 8000  # chars won, as before
    off = {**OLD_SUMMARY, "fact_ledger": False, "fact_ledger_share": 0.3}
    loaded = SessionSettings.from_json({"summary_config": off}, where="x").summary_config
    assert loaded is not None and loaded.fact_ledger is False


def test_a_retired_name_never_beats_the_new_one_and_chars_beat_the_share() -> None:
    with pytest.warns(DeprecationWarning, match="fact_ledger_share"):
        assert SummaryConfig(fact_ledger=0.3, fact_ledger_share=0.2).fact_ledger == 0.3
    with pytest.warns(DeprecationWarning) as caught:
        both = SummaryConfig(max_context_tokens=8000, fact_ledger_chars=2000, fact_ledger_share=0.1)
    assert ["chars" in str(w.message) for w in caught] == [True, False]
    assert both.fact_ledger == 0.0625
    with pytest.raises(ConfigurationError, match="fact_ledger_chars must be None or an int"):
        SummaryConfig(fact_ledger_chars=-5)  # checked as before, not clamped


def test_the_warning_points_at_the_callers_line_also_through_replace() -> None:
    with pytest.warns(DeprecationWarning) as caught:
        dataclasses.replace(CompactConfig(), keep_facts=False)
    assert [w.filename for w in caught] == [__file__]
    with pytest.warns(DeprecationWarning) as caught:
        AgentConfig(default_slot_id="other")
    assert [w.filename for w in caught] == [__file__]


def test_an_old_pickle_of_a_slots_config_keeps_its_values() -> None:
    # A CompactConfig pickled before issue 22 carries its nine values in field order.
    old = CompactConfig.__new__(CompactConfig)
    old.__setstate__([9000, 1000, 3, True, 2, False, True, True, None])
    assert old == CompactConfig(
        context_window=9000, reserved_tokens=1000, keep_recent=3, compact_thinking=True
    )
    new = CompactConfig(context_window=5000, protect_factual=True)
    assert pickle.loads(pickle.dumps(new)) == new
    summary = SummaryConfig.__new__(SummaryConfig)
    summary.__setstate__({**OLD_SUMMARY, "fact_ledger_share": 0.05})
    assert summary == SummaryConfig(max_context_tokens=8000, fact_ledger=0.05)
    agent = pickle.loads(pickle.dumps(AgentConfig(compact_config=new)))
    assert agent == AgentConfig(compact_config=new)


def test_a_tuning_grid_takes_the_old_share_under_its_new_name_and_refuses_fixed_rules() -> None:
    with pytest.warns(DeprecationWarning, match="pass the share as fact_ledger"):
        assert normalise_grid({"fact_ledger_share": [0.05, 0.1]}) == {"fact_ledger": [0.05, 0.1]}
    with pytest.raises(ConfigurationError, match=r"retries.*made once more, always"):
        normalise_grid({"retries": [0, 1]})


# -- the second round: probes, read_only, top_p, metadata ----------------------------------------


def test_a_retired_name_warns_a_deprecation_of_its_own_and_the_suite_shows_it() -> None:
    assert issubclass(RetiredSettingWarning, DeprecationWarning)
    with pytest.warns(RetiredSettingWarning, match=r"CycleConfig\.top_p is no longer a setting"):
        CycleConfig(top_p=0.5)
    # The suite's own filters (pyproject) turn every warning into an error but this one: code
    # that passes a retired name still runs, and is shown the warning.
    with warnings.catch_warnings(record=True) as shown:
        assert CycleConfig(top_p=0.5).extra_body == {"top_p": 0.5}
    assert [w.category for w in shown] == [RetiredSettingWarning]


def test_probes_are_what_track_retention_counts_now() -> None:
    with pytest.warns(RetiredSettingWarning, match="pass the probe texts as track_retention"):
        config = AgentConfig(track_retention=True, probes=("QX7Y2B", "vegetarian"))
    assert config == AgentConfig(track_retention=("QX7Y2B", "vegetarian"))
    with pytest.warns(RetiredSettingWarning):
        assert config.probes == ("QX7Y2B", "vegetarian")
    with pytest.warns(RetiredSettingWarning):
        off = AgentConfig(probes=("QX7Y2B",))  # counted only with tracking on, as before
    assert off.track_retention is False
    with pytest.warns(RetiredSettingWarning):
        assert off.probes == () and AgentConfig(track_retention=True).probes == ()
    with pytest.warns(RetiredSettingWarning):  # the new name wins
        assert AgentConfig(track_retention=("a",), probes=("b",)).track_retention == ("a",)
    with pytest.raises(ConfigurationError, match="probes must be a tuple of non-empty texts"):
        AgentConfig(track_retention=True, probes=["QX7Y2B"])  # checked as before
    with pytest.raises(ConfigurationError, match="non-empty tuple of probe texts"):
        AgentConfig(track_retention=())


async def test_a_session_given_the_old_probes_counts_them() -> None:
    with pytest.warns(RetiredSettingWarning):
        config = AgentConfig(track_retention=True, probes=("QX7Y2B", "never said"))
    bundle = AgentBuilder().provider(OfflineProvider()).config(config).build()
    session = bundle.session("probes")
    await session.submit_turn("The hotel ref is QX7Y2B.")
    record = session.timeline[-1]
    assert (record.probes_stated, record.probes_visible, record.probes_missing) == (1, 1, [])


async def test_the_old_read_only_still_makes_a_read_only_slot_and_it_stays_one() -> None:
    store = InMemoryStore()
    session = make_session(OfflineProvider(), store=store, session_id="ref")
    with pytest.warns(RetiredSettingWarning, match="create_slot") as caught:
        config = SlotConfig(read_only=True)
    assert [w.filename for w in caught] == [__file__]
    assert config.mode is SlotMode.FOCUSED  # its fields, repr and stored value are the new ones
    with pytest.warns(RetiredSettingWarning):
        assert config.read_only is True and SlotConfig().read_only is False
    await session.create_slot("reference", config, [Message.user("q"), Message.assistant("a")])
    with pytest.raises(ReadOnlySlotError):
        await session.submit_turn("hi")
    stored = await store.get_value("ref", "slot", "reference")
    assert stored["read_only"] is True and "read_only" not in stored["config"]
    reopened = make_session(OfflineProvider(), store=store, session_id="ref")
    await reopened.open()
    assert reopened.slots["reference"].read_only
    with pytest.raises(ConfigurationError, match=r"SlotConfig\.read_only must be True or False"):
        SlotConfig(read_only="yes")


async def test_a_slot_stored_with_read_only_in_its_config_loads_quietly_as_the_slots_state() -> (
    None
):
    old = {"config": {"mode": "full", "read_only": True}, "summary": None}  # the previous release
    store = InMemoryStore()
    await store.commit([PutValue("s", "slot", "main", old)])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        slot = await ContextSlot.load(store, "s", "main")
    assert slot is not None and slot.read_only and slot.config == SlotConfig(mode=SlotMode.FULL)


def test_top_p_goes_to_the_provider_as_it_did_through_extra_body() -> None:
    with pytest.warns(RetiredSettingWarning, match=r"extra_body=\{'top_p': 0.9\}"):
        config = CycleConfig(temperature=0.2, top_p=0.9, extra_body={"seed": 7})
    assert config == CycleConfig(temperature=0.2, extra_body={"top_p": 0.9, "seed": 7})
    with pytest.warns(RetiredSettingWarning):
        assert config.top_p == 0.9 and CycleConfig().top_p is None
    request = LlmCycle(OfflineProvider(), config, messages=[Message.user("hi")]).build_request()
    before = request.model_copy(update={"top_p": 0.9, "extra_body": {"seed": 7}})
    options = OpenAIWireOptions(model="m")
    assert request_body(request, options) == request_body(before, options)
    assert anthropic_body(request, model="m") == anthropic_body(before, model="m")
    with pytest.warns(RetiredSettingWarning):  # a top_p already in extra_body wins
        assert CycleConfig(top_p=0.5, extra_body={"top_p": 0.7}).extra_body == {"top_p": 0.7}


async def test_request_labels_are_a_cycles_or_a_hooks_not_a_setting() -> None:
    with pytest.warns(RetiredSettingWarning, match="BEFORE_REQUEST hook") as caught:
        config = CycleConfig(metadata={"team": "search"})
    assert [w.filename for w in caught] == [__file__]
    assert config == CycleConfig()
    with pytest.warns(RetiredSettingWarning):
        assert config.metadata == {}
    provider, hooks = OfflineProvider(["ok", "ok"]), HookExecutor()
    hooks.register(HookEvent.BEFORE_REQUEST, lambda ctx: ctx.request.metadata.update(team="x"))
    cycle = LlmCycle(provider, hook_executor=hooks, metadata={"purpose": "probe"})
    await cycle.submit_messages([Message.user("hi")])
    assert provider.requests[-1].metadata == {"purpose": "probe", "team": "x"}


def test_old_pickles_of_the_second_round_load_to_their_new_homes_quietly() -> None:
    agent = AgentConfig.__new__(AgentConfig)
    cycle = CycleConfig.__new__(CycleConfig)
    slot = SlotConfig.__new__(SlotConfig)
    old_slot = SlotConfig(mode=SlotMode.FULL).__getstate__()
    old_slot["__dict__"] = {**old_slot["__dict__"], "read_only": True}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        agent.__setstate__({**AgentConfig().__dict__, "track_retention": True, "probes": ("x",)})
        cycle.__setstate__({**CycleConfig().__dict__, "top_p": 0.5, "metadata": {"a": 1}})
        slot.__setstate__(old_slot)
    assert agent == AgentConfig(track_retention=("x",))
    assert cycle == CycleConfig(extra_body={"top_p": 0.5})
    assert slot.mode is SlotMode.FULL and ContextSlot("r", "s", config=slot).read_only
    for new in (agent, cycle, slot, AgentConfig(slot=slot, cycle=cycle)):
        assert pickle.loads(pickle.dumps(new)) == new
    assert ContextSlot("r", "s", config=pickle.loads(pickle.dumps(slot))).read_only
