"""Settings that left in issue 22 stay usable for one release: passed, they warn and say what
replaced them; stored or pickled by the previous release, they load quietly to the same
settings."""

from __future__ import annotations

import dataclasses
import pickle
import warnings

import pytest

from nbagent.agent._settings import SessionSettings
from nbagent.agent.config import AgentConfig
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError
from nbagent.llm.compact import CompactConfig
from nbagent.notebook._grid import normalise_grid

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
