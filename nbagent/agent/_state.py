"""The persisted bookkeeping of a session: turn counter, summary state and costs.

The state carries a ``version``, one more at every write, and is written with
:class:`~nbagent.agent.store.SwapValue` over the version it was made from (:func:`state_op`): a
writer holding an older state (another session object, a summary computed before a turn) gets a
conflict instead of undoing what was written meanwhile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from nbagent.agent.config import AgentConfig
from nbagent.agent.context import DEFAULT_SLOT_ID, SLOT_NAMESPACE, ContextSlot, SlotSummary
from nbagent.agent.store import SessionSnapshot, SwapValue
from nbagent.agent.timeline import TurnRecord
from nbagent.errors import StoreError
from nbagent.llm.pricing import CostTracker, Usage

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
class SessionState:
    version: int = 0
    """Writes of this state so far (0: never written, or written before versions existed)."""
    turn_index: int = 0
    last_summary_turn: int = 0
    current_slot: str | None = None
    cost: SessionCost = field(default_factory=SessionCost)
    summary_cost: SessionCost = field(default_factory=SessionCost)
    summaries: dict[str, SlotSummary] = field(default_factory=dict)
    """The latest summary made for each slot, in either mode."""
    settings: dict[str, Any] = field(default_factory=dict)
    """The settings given by ``AgentSession.configure``, as JSON (see ``_settings``)."""
    pinned: list[str] = field(default_factory=list)
    """Facts the user pinned (``AgentSession.pin``): always kept in the summary's ledger."""

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "turn_index": self.turn_index,
            "last_summary_turn": self.last_summary_turn,
            "current_slot": self.current_slot,
            "cost": self.cost.to_json(),
            "summary_cost": self.summary_cost.to_json(),
            "summaries": {k: {"text": v.text, "upto": v.upto} for k, v in self.summaries.items()},
            "settings": self.settings,
            "pinned": self.pinned,
        }

    @classmethod
    def from_json(cls, data: Any, *, where: str) -> SessionState:
        if data is None:
            return cls()
        try:
            return cls(
                version=int(data.get("version", 0)),
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
                pinned=[str(p) for p in data.get("pinned") or []],
            )
        except (AttributeError, KeyError, TypeError, ValueError, ValidationError) as e:
            raise StoreError(
                f"stored state of {where} cannot be read ({type(e).__name__}: {e}); it may come "
                "from an incompatible nbagent version. Use a new session id to start afresh."
            ) from e

    def copy(self) -> SessionState:
        return SessionState(
            version=self.version,
            turn_index=self.turn_index,
            last_summary_turn=self.last_summary_turn,
            current_slot=self.current_slot,
            cost=self.cost.copy(),
            summary_cost=self.summary_cost.copy(),
            summaries=dict(self.summaries),
            settings=dict(self.settings),
            pinned=list(self.pinned),
        )

    def successor(self) -> SessionState:
        """A copy to change and write next: one version on."""
        state = self.copy()
        state.version += 1
        return state


def state_op(session_id: str, state: SessionState) -> SwapValue:
    """The write of ``state`` (a :meth:`SessionState.successor`) over the version it follows."""
    return SwapValue(session_id, STATE_NAMESPACE, STATE_KEY, state.to_json(), state.version - 1)


@dataclass
class SavedSession:
    """A session as its store holds it: state, slots (the current one exists), timeline."""

    state: SessionState
    slots: dict[str, ContextSlot]
    current: str
    timeline: list[TurnRecord]
    where: str


def read_session(snapshot: SessionSnapshot, config: AgentConfig, *, where: str) -> SavedSession:
    """What :meth:`AgentSession.open` restores, from one snapshot; ``StoreError`` when damaged."""
    sid = snapshot.session_id
    here = f"session {sid!r}"
    state = SessionState.from_json(snapshot.value(STATE_NAMESPACE, STATE_KEY), where=here)
    slots: dict[str, ContextSlot] = {}
    for slot_id, _ in snapshot.items(SLOT_NAMESPACE):
        slot = ContextSlot.from_snapshot(snapshot, slot_id)
        if slot is not None:
            slots[slot_id] = slot
    current = state.current_slot = state.current_slot or DEFAULT_SLOT_ID
    if current not in slots:
        slots[current] = ContextSlot(current, sid, config=config.slot)
    timeline = [
        TurnRecord.from_json(value, where=f"{here} in {where}")
        for _, value in snapshot.items(TIMELINE_NAMESPACE)
    ]
    return SavedSession(state, slots, current, timeline, here)
