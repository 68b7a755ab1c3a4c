"""Bad settings fail at construction with a ConfigurationError that names the field.

Before, many of these were accepted and failed every later turn (a raw pydantic error when the
request was built, a TypeError on comparison, a ``nan`` timeout that never fires).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

from nbagent.agent.context import FocusedConfig
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import CycleConfig
from nbagent.llm.request import ToolChoice
from nbagent.llm.tools import Tool, ToolRegistry

NAN = math.nan


def echo(text: str) -> str:
    """Say ``text`` back."""
    return text


def make_tool(**settings: Any) -> object:
    return Tool(echo, **settings)


BAD: list[tuple[Callable[..., object], dict[str, Any], str]] = [
    (CycleConfig, {"max_tokens": 1.5}, "max_tokens must be a positive integer or None, got 1.5"),
    (CycleConfig, {"max_tokens": NAN}, "max_tokens must be a positive integer or None, got nan"),
    (CycleConfig, {"max_tokens": True}, "max_tokens must be a positive integer or None, got True"),
    (CycleConfig, {"max_tokens": "512"}, "max_tokens must be a positive integer"),
    (CycleConfig, {"thinking_budget": 0.5}, "thinking_budget must be a positive integer or None"),
    (CycleConfig, {"thinking_budget": True}, "thinking_budget must be a positive integer"),
    (CycleConfig, {"stop": ("END", 5)}, "stop must be a tuple of non-empty strings"),
    (CycleConfig, {"stop": ("",)}, "stop must be a tuple of non-empty strings"),
    (CycleConfig, {"stop": 5}, "stop must be a tuple of non-empty strings"),
    (CycleConfig, {"stop": "END"}, "stop must be a tuple of strings, e.g. stop=('END',)"),
    (CycleConfig, {"tool_timeout": NAN}, "tool_timeout must be a finite number of seconds > 0"),
    (CycleConfig, {"tool_timeout": math.inf}, "or None for no limit, got inf"),
    (CycleConfig, {"tool_timeout": -1}, "tool_timeout must be a finite number of seconds > 0"),
    (CycleConfig, {"tool_timeout": True}, "tool_timeout must be a finite number of seconds > 0"),
    (CycleConfig, {"tool_timeout": "60"}, "tool_timeout must be a finite number of seconds > 0"),
    (CycleConfig, {"temperature": "0.5"}, "temperature must be a number in [0, 2] or None"),
    (CycleConfig, {"temperature": NAN}, "temperature must be a number in [0, 2] or None, got nan"),
    (CycleConfig, {"temperature": True}, "temperature must be a number in [0, 2] or None"),
    # Retired settings (issue 22) are still checked as before for the release that takes them.
    (CycleConfig, {"top_p": NAN}, "top_p must be a number in (0, 1] or None, got nan"),
    (CycleConfig, {"top_p": False}, "top_p must be a number in (0, 1] or None, got False"),
    (CycleConfig, {"max_tool_turns": 2.5}, "max_tool_turns must be a positive integer, got 2.5"),
    (CycleConfig, {"max_tool_turns": True}, "max_tool_turns must be a positive integer"),
    (CycleConfig, {"max_tool_turns": None}, "max_tool_turns must be a positive integer"),
    (CycleConfig, {"model": None}, "model must be a string, got None"),
    (CycleConfig, {"tool_choice": "auto"}, "tool_choice must be a ToolChoice"),
    (CycleConfig, {"extra_body": [("a", 1)]}, "extra_body must be a mapping"),
    (CycleConfig, {"metadata": "x"}, "metadata must be a mapping"),
    (make_tool, {"timeout": NAN}, "invalid tool 'echo': timeout must be a finite number of secon"),
    (make_tool, {"timeout": -1.0}, "timeout must be a finite number of seconds > 0"),
    (make_tool, {"timeout": 0}, "timeout must be a finite number of seconds > 0"),
    (make_tool, {"timeout": True}, "timeout must be a finite number of seconds > 0"),
    (make_tool, {"timeout": "5"}, "timeout must be a finite number of seconds > 0"),
    (make_tool, {"name": "say", "timeout": NAN}, "invalid tool 'say': timeout"),
    (ToolRegistry, {"max_result_chars": 500.5}, "max_result_chars must be an integer"),
    (ToolRegistry, {"max_result_chars": True}, "max_result_chars must be an integer"),
    (ToolRegistry, {"include_traceback": "yes"}, "include_traceback must be True or False"),
    (FocusedConfig, {"keep_recent_turns": 1.5}, "keep_recent_turns must be an integer >= 0"),
    (FocusedConfig, {"keep_recent_turns": True}, "keep_recent_turns must be an integer >= 0"),
    (FocusedConfig, {"keep_recent_turns": NAN}, "keep_recent_turns must be an integer >= 0"),
    (FocusedConfig, {"keep_recent_turns": -1}, "keep_recent_turns must be an integer >= 0"),
    (FocusedConfig, {"summary_position": "top"}, "summary_position must be 'end' or 'start'"),
    (FocusedConfig, {"keep_recent": 2}, "unknown setting 'keep_recent'; FocusedConfig takes"),
    (SummaryConfig, {"trigger_token_ratio": NAN}, "trigger_token_ratio must be in (0, 1]"),
    (SummaryConfig, {"trigger_token_ratio": True}, "trigger_token_ratio must be a number"),
    (SummaryConfig, {"max_context_tokens": NAN}, "max_context_tokens must be an integer"),
    (SummaryConfig, {"max_context_tokens": True}, "max_context_tokens must be an integer"),
    (SummaryConfig, {"debounce_turns": 1.5}, "debounce_turns must be an integer >= 0"),
    (SummaryConfig, {"max_tool_result_chars": False}, "max_tool_result_chars must be an integer"),
    (SummaryConfig, {"summary_model": 5}, "summary_model must be a model name or None"),
    (CompactConfig, {"context_window": NAN}, "CompactConfig.context_window must be an int"),
    (CompactConfig, {"keep_recent": True}, "CompactConfig.keep_recent must be an int"),
    (CompactConfig, {"reserved_tokens": 1.5}, "CompactConfig.reserved_tokens must be an int"),
    (CompactConfig, {"compact_thinking": 1}, "CompactConfig.compact_thinking must be True or F"),
]


@pytest.mark.parametrize(
    ("factory", "settings", "message"),
    BAD,
    ids=[f"{getattr(f, '__name__', f)}-{s!r}" for f, s, _ in BAD],
)
def test_bad_settings_fail_at_construction(
    factory: Callable[..., object], settings: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigurationError) as caught:
        factory(**settings)
    assert message in str(caught.value)


def test_cycle_config_reports_every_problem_at_once() -> None:
    with pytest.raises(ConfigurationError) as caught:
        CycleConfig(max_tokens=1.5, temperature=NAN, max_tool_turns=0)
    assert str(caught.value) == (
        "invalid CycleConfig: max_tokens must be a positive integer or None, got 1.5; "
        "temperature must be a number in [0, 2] or None, got nan; "
        "max_tool_turns must be a positive integer, got 0"
    )


def test_good_settings_are_kept() -> None:
    config = CycleConfig(
        model="m",
        max_tokens=1,
        temperature=0,
        stop=["END", "STOP"],  # type: ignore[arg-type]  # a list is taken as the tuple
        thinking_budget=1024,
        max_tool_turns=1,
        tool_timeout=0.5,
        tool_choice=ToolChoice.auto(),
    )
    assert (config.temperature, config.stop) == (0, ("END", "STOP"))
    assert CycleConfig(temperature=2.0, tool_timeout=None).tool_timeout is None
    assert Tool(echo, timeout=0.25).timeout == 0.25
    assert ToolRegistry(max_result_chars=100).max_result_chars == 100
    focused = FocusedConfig(keep_recent_turns=0, summary_position="end")
    assert (focused.keep_recent_turns, focused.summary_position) == (0, "end")
    # Stored configs load as before (they never pass through the constructor's check).
    assert FocusedConfig.model_validate({"keep_recent_turns": 4}).keep_recent_turns == 4
