"""``AgentSession.configure``: per-session settings, applied from the next turn and saved.

Mixed into :class:`~nbagent.agent.session.AgentSession`; the settings themselves (checking,
JSON form, laying them over a bundle's config) are :class:`~nbagent.agent._settings.
SessionSettings`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from nbagent.agent._settings import UNCHANGED, SessionSettings, Unchanged
from nbagent.agent._state import SessionState
from nbagent.agent._sync import run_sync
from nbagent.agent.config import AgentBundle
from nbagent.agent.store import StoreOp
from nbagent.agent.summary import SummaryConfig
from nbagent.errors import NbAgentError
from nbagent.llm.compact import CompactConfig


class Configurable:
    """See the module docstring; the session provides the attributes declared here."""

    session_id: str
    bundle: AgentBundle
    _state: SessionState
    _active: object | None
    _pending: Any

    async def finalize_turn(self) -> Any:
        raise NotImplementedError

    def _state_op(self, state: SessionState) -> StoreOp:
        raise NotImplementedError

    def _use_settings(self, settings: SessionSettings) -> None:
        """Lay ``settings`` over the bundle's config (``self.bundle`` becomes a new bundle)."""
        if settings.given():
            config = settings.apply(self.bundle.config)
            self.bundle = dataclasses.replace(self.bundle, config=config)

    async def configure(
        self,
        *,
        summary_config: SummaryConfig | Unchanged | None = UNCHANGED,
        compact_config: CompactConfig | Unchanged | None = UNCHANGED,
        system_prompt: str | Unchanged | None = UNCHANGED,
    ) -> None:
        """Change this session's summary, microcompact or system-prompt settings, and save them.

        ``None`` turns a feature off (no summaries, no microcompact, no bundle system prompt;
        an agent's instructions stay); an argument left out keeps its setting. Wrong types and
        empty prompts raise :class:`~nbagent.errors.ConfigurationError` and change nothing.

        The settings apply from the next turn (a streamed turn awaiting ``finalize_turn()`` is
        finalised first, under the settings it ran with) and are saved at once with the session
        state. **Precedence:** when the session is built again from the store, each setting
        saved here wins over the bundle given then; settings never configured follow that
        bundle. :attr:`configured` tells which were saved.

        What a change keeps: the slots' summaries and the debounce count (turns since the last
        summary) carry on, so a summary made before stays in the focused view after summaries
        are turned off, and turning them on again fires no sooner than the debounce allows.
        Microcompact starts afresh after a change of ``compact_config`` or of the system prompt:
        no decision or compacted message made under the old settings is reused.
        """
        changes = SessionSettings(summary_config, compact_config, system_prompt)
        if self._active is not None:
            raise NbAgentError(
                f"a turn is running in session {self.session_id!r}; configure it after the "
                "turn ends"
            )
        if self._pending is not None:
            await self.finalize_turn()
        if not changes.given():
            return
        state = self._state.copy()
        state.settings = {**state.settings, **changes.to_json()}
        await self.bundle.store.commit([self._state_op(state)])
        self._state = state
        self._use_settings(changes)

    def configure_sync(
        self,
        *,
        summary_config: SummaryConfig | Unchanged | None = UNCHANGED,
        compact_config: CompactConfig | Unchanged | None = UNCHANGED,
        system_prompt: str | Unchanged | None = UNCHANGED,
    ) -> None:
        run_sync(
            self.configure(
                summary_config=summary_config,
                compact_config=compact_config,
                system_prompt=system_prompt,
            )
        )

    @property
    def configured(self) -> SessionSettings:
        """The settings saved by :meth:`configure` (``UNCHANGED``: following the bundle)."""
        return SessionSettings.from_json(self._state.settings, where=f"session {self.session_id!r}")


__all__ = ["Configurable"]
