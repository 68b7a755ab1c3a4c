"""What a session is built from: the agent, its configuration, and the bundle of services."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Self

from nbagent.agent.context import DEFAULT_SLOT_ID, SlotConfig
from nbagent.agent.store import MemoryStore
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import ConfigurationError, Retired, retired_settings
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import CycleConfig
from nbagent.llm.hooks import HookExecutor
from nbagent.llm.pricing import Pricing
from nbagent.llm.provider import LlmProvider
from nbagent.llm.tokens import TokenEstimator
from nbagent.llm.tools import Tool, ToolRegistry


@dataclass(frozen=True)
class Agent:
    """Who answers: a name, instructions (its system prompt) and its own tools.

    Sessions without one (the default) are a plain assistant that uses only the bundle's
    system prompt and tool registry.
    """

    name: str = "assistant"
    instructions: str | None = None
    tools: Sequence[Tool[..., Any] | Callable[..., Any]] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ConfigurationError(f"Agent name must be a non-empty string, got {self.name!r}")
        object.__setattr__(self, "tools", tuple(self.tools))


def _probes_into_retention(value: object, kwargs: dict[str, Any]) -> None:
    """Probes were counted only with ``track_retention`` on: they become its value then (a
    ``track_retention`` of probes given beside them wins), and stay ignored otherwise."""
    if not isinstance(value, tuple) or not all(isinstance(p, str) and p.strip() for p in value):
        raise ConfigurationError(
            f"probes must be a tuple of non-empty texts, got {value!r}; better, pass them as "
            'track_retention=("QX7Y2B", "vegetarian")'
        )
    if value and kwargs.get("track_retention", False) is True:
        kwargs["track_retention"] = value


@retired_settings(
    {
        "default_slot_id": Retired(
            f"a new session's slot is {DEFAULT_SLOT_ID!r}; open another with "
            "session.create_slot(...) and session.switch_slot(...). This value was ignored",
            reads=lambda c: DEFAULT_SLOT_ID,
        ),
        "calibrate_estimates": Retired(
            "estimates are always scaled by the provider's reported input tokens (a provider "
            "that reports none leaves them as they are); this value was ignored",
            reads=lambda c: True,
        ),
        "probes": Retired(
            "pass the probe texts as track_retention, which also turns the tracking on: "
            'AgentConfig(track_retention=("QX7Y2B", "vegetarian")); with track_retention=True '
            "these probes were moved there, with it off they were ignored (as before)",
            reads=lambda c: c.track_retention if isinstance(c.track_retention, tuple) else (),
            apply=_probes_into_retention,
        ),
    }
)
@dataclass(frozen=True)
class AgentConfig:
    """Settings of the sessions built from one bundle.

    ``summary_config=None`` (the default) turns automatic summaries off: sessions then behave
    exactly as without the feature and make no extra model call. ``cycle`` holds the request
    settings (model, max_tokens, temperature, tool loop bounds). ``slot`` is the config of the
    slot a new session starts with (FOCUSED by default: until a summary exists the focused view
    sends everything, so nothing changes before the first summary).
    """

    summary_config: SummaryConfig | None = None
    system_prompt: str | None = None
    compact_config: CompactConfig | None = None
    cycle: CycleConfig = field(default_factory=CycleConfig)
    slot: SlotConfig = field(default_factory=SlotConfig)
    estimator: TokenEstimator | None = None
    """Counts the context for the watermark and the timeline (``None``: the default estimator).
    Its estimates are corrected by what the provider reports: the ratio of reported to
    estimated input tokens of recent turns on the same provider and model (outliers left out)
    scales microcompact's budget checks and the watermark's estimate
    (``TurnRecord.calibration_*`` show it; see :mod:`nbagent.llm.tokens`)."""
    track_retention: bool | tuple[str, ...] = False
    """Count on every turn how many of the slot's facts the request still showed the model
    (``TurnRecord.facts_*``). Off by default: the first turn after opening a long history
    extracts its facts once (about 0.3 s per 1,000 messages here); the magics turn it on.
    ``True`` counts the extractor's facts; a tuple of **probes** -- texts a person expects the
    model to keep seeing, the facts they rely on listed by hand -- counts those too: each turn's
    record then also says how many of them the conversation has stated so far and how many its
    last request still showed (``TurnRecord.probes_*``), the ground truth beside the
    extractor's reading."""
    pricing: Pricing = field(default_factory=Pricing)
    """The prices turns and summaries are billed at (``TurnRecord.cost_usd``): the shipped
    table, or a :class:`~nbagent.llm.pricing.Pricing` with your own rows."""

    def __post_init__(self) -> None:
        tracked = self.track_retention
        if isinstance(tracked, list):
            object.__setattr__(self, "track_retention", tracked := tuple(tracked))
        if not isinstance(tracked, bool) and not (
            isinstance(tracked, tuple)
            and tracked
            and all(isinstance(p, str) and p.strip() for p in tracked)
        ):
            raise ConfigurationError(
                f"track_retention must be True, False or a non-empty tuple of probe texts (which "
                f'turns it on), got {tracked!r}; e.g. track_retention=("QX7Y2B", "vegetarian")'
            )
        if self.summary_config is not None and not isinstance(self.summary_config, SummaryConfig):
            raise ConfigurationError(
                f"summary_config must be a SummaryConfig or None, got {self.summary_config!r}"
            )
        if not isinstance(self.pricing, Pricing):
            raise ConfigurationError(
                f"pricing must be a Pricing, got {type(self.pricing).__name__}: write "
                "Pricing(overrides={'my-model': ModelPrice(...)}) or leave it out"
            )
        if self.compact_config is not None:
            # One window a session: a reserve that does not fit the summary's window is refused
            # here, not on every turn after it was saved.
            self.compact_config.for_summaries(self.summary_config)


class SessionServices(Protocol):
    """What a session runs on; :class:`~nbagent.agent.bundle.AgentBundle` is the one in use.

    A protocol, so the session module need not import the bundle (which opens sessions).
    """

    @property
    def provider(self) -> LlmProvider: ...

    @property
    def store(self) -> MemoryStore: ...

    @property
    def config(self) -> AgentConfig: ...

    @property
    def tool_registry(self) -> ToolRegistry | None: ...

    @property
    def hook_executor(self) -> HookExecutor | None: ...

    def with_config(self, config: AgentConfig) -> Self:
        """The same services with ``config`` in place of their own."""
        ...


__all__ = ["Agent", "AgentConfig", "SessionServices"]
