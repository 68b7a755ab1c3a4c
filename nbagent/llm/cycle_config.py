"""CycleConfig: the request settings and loop bounds of an :class:`~nbagent.llm.cycle.LlmCycle`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from nbagent.errors import ConfigurationError, Retired, retired_settings
from nbagent.llm._checks import number_in_problem, positive_int_problem, seconds_problem
from nbagent.llm.request import ToolChoice


def _check_metadata(value: object, kwargs: dict[str, Any]) -> None:
    """Checked as before (a mapping); its labels are the cycle's own now, not a setting."""
    if not isinstance(value, Mapping):
        raise ConfigurationError(
            f"invalid CycleConfig: metadata must be a mapping (a dict), got {value!r}; better, "
            "leave it out: label requests in a BEFORE_REQUEST hook"
        )


def _top_p_into_body(value: object, kwargs: dict[str, Any]) -> None:
    """``top_p`` is sent as ``top_p`` by every provider nbagent speaks, so ``extra_body`` sends
    the same request (checked as before; a ``top_p`` already in ``extra_body`` wins)."""
    problem = number_in_problem("top_p", value, 0.0, 1.0, low_open=True)
    if problem is not None:
        raise ConfigurationError(
            f"invalid CycleConfig: {problem}; better, pass it as extra_body={{'top_p': 0.9}}"
        )
    if value is not None:
        body = kwargs.get("extra_body", {})
        if isinstance(body, Mapping):
            kwargs["extra_body"] = {"top_p": value, **body}


@retired_settings(
    {
        "top_p": Retired(
            "temperature is the setting of how widely the model samples (the providers advise "
            "changing it or top_p, not both, and newer Claude models refuse both); a top_p "
            "you still need goes to the provider as it is: CycleConfig(extra_body={'top_p': "
            "0.9}). This value was moved there",
            reads=lambda c: c.extra_body.get("top_p"),
            apply=_top_p_into_body,
        ),
        "metadata": Retired(
            "request labels are no setting of every request: a BEFORE_REQUEST hook labels "
            "the requests it sees (ctx.request.metadata[...] = ...), and LlmCycle(..., "
            "metadata={...}) labels one cycle's; this value was ignored",
            reads=lambda c: {},
            apply=_check_metadata,
        ),
    }
)
@dataclass(frozen=True, kw_only=True)
class CycleConfig:
    """Request settings and loop bounds of an :class:`LlmCycle`; checked at construction.

    ``model`` empty means the provider's default. ``max_tool_turns`` bounds the rounds of tool
    calls in one submit; ``tool_timeout`` (seconds, ``None`` for none) bounds each call unless its
    tool sets its own. ``tool_choice`` is sent only with tools; one that forces a call
    (``required`` or ``tool``) holds for a submit's first request, later rounds send ``auto``.
    """

    model: str = ""
    max_tokens: int | None = None
    temperature: float | None = None
    stop: tuple[str, ...] | None = None
    thinking_budget: int | None = None
    max_tool_turns: int = 10
    tool_timeout: float | None = 60.0
    tool_choice: ToolChoice | None = None
    extra_body: Mapping[str, Any] = field(default_factory=dict)
    prompt_cache: bool = True
    """``False``: requests ask the provider for no cache breakpoints (``MessageRequest.
    prompt_cache``), for one-off calls such as summaries whose prefix nothing repeats."""

    def __post_init__(self) -> None:
        if isinstance(self.stop, list):
            object.__setattr__(self, "stop", tuple(self.stop))
        problems = [p for p in _config_problems(self) if p is not None]
        if problems:
            raise ConfigurationError("invalid CycleConfig: " + "; ".join(problems))


def _config_problems(c: CycleConfig) -> list[str | None]:
    return [
        None if isinstance(c.model, str) else f"model must be a string, got {c.model!r}",
        positive_int_problem("max_tokens", c.max_tokens),
        number_in_problem("temperature", c.temperature, 0.0, 2.0),
        _stop_problem(c.stop),
        positive_int_problem("thinking_budget", c.thinking_budget),
        positive_int_problem("max_tool_turns", c.max_tool_turns, optional=False),
        seconds_problem("tool_timeout", c.tool_timeout),
        None
        if isinstance(c.prompt_cache, bool)
        else f"prompt_cache must be True or False, got {c.prompt_cache!r}",
        None
        if c.tool_choice is None or isinstance(c.tool_choice, ToolChoice)
        else "tool_choice must be a ToolChoice (e.g. ToolChoice.auto()) or None, "
        f"got {c.tool_choice!r}",
        None
        if isinstance(c.extra_body, Mapping)
        else f"extra_body must be a mapping (a dict), got {c.extra_body!r}",
    ]


def _stop_problem(stop: object) -> str | None:
    if stop is None:
        return None
    if isinstance(stop, str):
        return "stop must be a tuple of strings, e.g. stop=('END',), not one string"
    if isinstance(stop, tuple) and all(isinstance(s, str) and s for s in stop):
        return None
    return f"stop must be a tuple of non-empty strings, e.g. stop=('END',), or None, got {stop!r}"


__all__ = ["CycleConfig"]
