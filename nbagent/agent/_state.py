"""The persisted bookkeeping of a session: turn counter, summary state and costs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from nbagent.errors import StoreError
from nbagent.llm.usage import CostTracker, Usage

STATE_NAMESPACE = "session"
STATE_KEY = "state"
TIMELINE_NAMESPACE = "timeline"


class SessionCost(CostTracker):
    """A cost tracker that can absorb another tracker and be saved and restored."""

    def merge(self, other: CostTracker) -> None:
        """Add every call of ``other`` (its total and its call count)."""
        self._total = self._total + other.total
        self._calls += other.calls

    def to_json(self) -> dict[str, Any]:
        return {"usage": self._total.model_dump(), "calls": self._calls}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> SessionCost:
        tracker = cls()
        if data:
            tracker._total = Usage.model_validate(data.get("usage", {}))
            tracker._calls = int(data.get("calls", 0))
        return tracker

    def copy(self) -> SessionCost:
        return SessionCost.from_json(self.to_json())


@dataclass
class SlotSummary:
    """The latest summary made for a slot and how many stored messages it covers."""

    text: str
    upto: int


@dataclass
class SessionState:
    turn_index: int = 0
    last_summary_turn: int = 0
    current_slot: str | None = None
    cost: SessionCost = field(default_factory=SessionCost)
    summary_cost: SessionCost = field(default_factory=SessionCost)
    summaries: dict[str, SlotSummary] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    """The settings given by ``AgentSession.configure``, as JSON (see ``_settings``)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "turn_index": self.turn_index,
            "last_summary_turn": self.last_summary_turn,
            "current_slot": self.current_slot,
            "cost": self.cost.to_json(),
            "summary_cost": self.summary_cost.to_json(),
            "summaries": {k: {"text": v.text, "upto": v.upto} for k, v in self.summaries.items()},
            "settings": self.settings,
        }

    @classmethod
    def from_json(cls, data: Any, *, where: str) -> SessionState:
        if data is None:
            return cls()
        try:
            return cls(
                turn_index=int(data["turn_index"]),
                last_summary_turn=int(data["last_summary_turn"]),
                current_slot=data.get("current_slot"),
                cost=SessionCost.from_json(data.get("cost")),
                summary_cost=SessionCost.from_json(data.get("summary_cost")),
                summaries={
                    k: SlotSummary(text=str(v["text"]), upto=int(v["upto"]))
                    for k, v in (data.get("summaries") or {}).items()
                },
                settings=dict(data.get("settings") or {}),
            )
        except (KeyError, TypeError, ValueError, ValidationError) as e:
            raise StoreError(
                f"stored state of {where} cannot be read ({type(e).__name__}: {e}); it may come "
                "from an incompatible nbagent version. Use a new session id to start afresh."
            ) from e

    def copy(self) -> SessionState:
        return SessionState(
            turn_index=self.turn_index,
            last_summary_turn=self.last_summary_turn,
            current_slot=self.current_slot,
            cost=self.cost.copy(),
            summary_cost=self.summary_cost.copy(),
            summaries=dict(self.summaries),
            settings=dict(self.settings),
        )
