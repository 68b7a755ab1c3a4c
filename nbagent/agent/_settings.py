"""Per-session settings given by :meth:`AgentSession.configure`: checked, saved, restored.

Three settings of a bundle's :class:`~nbagent.agent.config.AgentConfig` can be changed for one
session: ``summary_config``, ``compact_config`` and ``system_prompt``. Those a session was given
are saved in its state as JSON (``{"summary_config": {...} | null, ...}``; a name is present only
when it was configured) and laid over the bundle's config whenever the session is built again.
"""

from __future__ import annotations

import dataclasses
import warnings
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

from nbagent.agent.config import AgentConfig
from nbagent.agent.summary import DEFAULT_SUMMARY_PROMPT, DEFAULT_SUMMARY_PROMPT_EN, SummaryConfig
from nbagent.errors import ConfigurationError, StoreError, current_settings
from nbagent.llm.compact import CompactConfig
from nbagent.llm.messages import valid_unicode


class Unchanged(Enum):
    """The type of :data:`UNCHANGED`."""

    UNCHANGED = "unchanged"

    def __repr__(self) -> str:
        return "UNCHANGED"


UNCHANGED: Literal[Unchanged.UNCHANGED] = Unchanged.UNCHANGED
"""The default of :meth:`AgentSession.configure`'s arguments: keep the current setting."""

SETTING_NAMES = ("summary_config", "compact_config", "system_prompt")

_DEFAULT_PROMPTS = (DEFAULT_SUMMARY_PROMPT, DEFAULT_SUMMARY_PROMPT_EN)


@dataclass(frozen=True)
class SessionSettings:
    """Settings given to one session; ``UNCHANGED`` where it follows its bundle."""

    summary_config: SummaryConfig | Unchanged | None = UNCHANGED
    compact_config: CompactConfig | Unchanged | None = UNCHANGED
    system_prompt: str | Unchanged | None = UNCHANGED

    def __post_init__(self) -> None:
        summary, compact, prompt = self.summary_config, self.compact_config, self.system_prompt
        if not (summary is None or isinstance(summary, SummaryConfig | Unchanged)):
            raise ConfigurationError(
                "summary_config must be a SummaryConfig (e.g. SummaryConfig("
                "max_context_tokens=32_000)) or None to turn summaries off, got "
                f"{type(summary).__name__}"
            )
        if not (compact is None or isinstance(compact, CompactConfig | Unchanged)):
            raise ConfigurationError(
                "compact_config must be a CompactConfig (e.g. CompactConfig("
                "context_window=128_000)) or None to turn microcompact off, got "
                f"{type(compact).__name__}"
            )
        if prompt is not UNCHANGED and prompt is not None:
            if not isinstance(prompt, str):
                raise ConfigurationError(
                    f"system_prompt must be a string or None, got {type(prompt).__name__}"
                )
            if not prompt.strip():
                raise ConfigurationError(
                    "system_prompt is empty: pass the prompt text, or None for no system prompt"
                )
            # A lone surrogate (pasted from a bad decode) cannot be encoded to send or save.
            object.__setattr__(self, "system_prompt", valid_unicode(prompt))

    def given(self) -> dict[str, Any]:
        """The settings that are not ``UNCHANGED``, by name."""
        values = {name: getattr(self, name) for name in SETTING_NAMES}
        return {name: value for name, value in values.items() if value is not UNCHANGED}

    def to_json(self) -> dict[str, Any]:
        """JSON of the given settings (a default summary prompt is left out: it follows
        ``prompt_language``)."""
        data: dict[str, Any] = {}
        for name, value in self.given().items():
            match value:
                case SummaryConfig():
                    fields = dataclasses.asdict(value)
                    if value.summary_prompt in _DEFAULT_PROMPTS:
                        del fields["summary_prompt"]
                    data[name] = fields
                case CompactConfig():
                    data[name] = dataclasses.asdict(value)
                case _:
                    data[name] = value
        return data

    @classmethod
    def from_json(cls, data: Any, *, where: str) -> SessionSettings:
        """Settings saved by :meth:`to_json`; :class:`StoreError` when they cannot be read."""
        if not data:
            return cls()
        try:
            values: dict[str, Any] = {}
            for name, value in dict(data).items():
                if name not in SETTING_NAMES:
                    raise ValueError(f"unknown setting {name!r}")
                if value is None or name == "system_prompt":
                    values[name] = value
                elif name == "summary_config":
                    # The user was warned about a prompt without {messages} when making it.
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore", UserWarning)
                        values[name] = SummaryConfig(**current_settings(SummaryConfig, value))
                else:
                    values[name] = CompactConfig(**current_settings(CompactConfig, value))
            return cls(**values)
        except (TypeError, ValueError) as e:  # ConfigurationError is a ValueError
            raise StoreError(
                f"saved settings of {where} cannot be read ({type(e).__name__}: {e}); they may "
                "come from an incompatible nbagent version. Use a new session id to start "
                "afresh."
            ) from e

    def apply(self, config: AgentConfig) -> AgentConfig:
        """``config`` with the given settings in place of its own."""
        given = self.given()
        return dataclasses.replace(config, **given) if given else config


__all__ = ["SETTING_NAMES", "UNCHANGED", "SessionSettings", "Unchanged"]
