"""The session timeline: one record per turn, for tables, the watermark chart and tuning.

A record is saved as JSON by the turn it describes (:meth:`TurnRecord.to_json`) and read back
on resume (:meth:`TurnRecord.from_json`), its microcompact reports included in the compact form
of :mod:`nbagent.agent._compaction_json`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from nbagent.agent._compaction_json import decode_reports, encode_reports


class SummaryStatus(StrEnum):
    """What the summary checkpoint did at the end of a turn."""

    DISABLED = "disabled"
    """No ``SummaryConfig``: the checkpoint does nothing."""
    NOT_NEEDED = "not_needed"
    """The watermark stayed below the trigger line."""
    DEBOUNCED = "debounced"
    """Over the line, but fewer than ``debounce_turns`` turns since the last summary."""
    FIRED = "fired"
    """A summary was made and stored."""
    EMPTY = "empty"
    """Over the line with an empty history: nothing to summarise, no call made."""
    FAILED = "failed"
    """The summary call failed; it was logged and nothing changed."""


@dataclass
class TurnRecord:
    """One turn, as the checkpoint saw it.

    ``estimated_context_tokens`` is the estimate of the context the next turn sends (the
    slot's ``load_messages()`` plus the system prompt) before any summary of this turn;
    ``reported_context_tokens`` the input tokens the provider reported for the turn's last
    request (``None`` when it reported none); ``watermark`` the value compared with
    ``threshold`` under the configured mode; ``context_tokens_after`` the estimate after the
    summary (equal to the estimate when none fired).
    """

    turn_index: int
    slot_id: str
    estimated_context_tokens: int
    reported_context_tokens: int | None
    cumulative_tokens: int
    watermark: int | None = None
    threshold: float | None = None
    summary_status: SummaryStatus = SummaryStatus.DISABLED
    summary: str | None = None
    summary_error: str | None = None
    summary_tokens: int = 0
    context_tokens_after: int = 0
    messages_in_view: int = 0
    messages_stored: int = 0
    compaction: list[Any] = field(default_factory=list)
    """The turn's microcompact reports (``CompactReport``), oldest first.

    A record read back from a store holds reports rebuilt from their saved rows: totals and
    records (what the compaction and token tables read), no ``messages``; a run over
    :data:`~nbagent.agent._compaction_json.KEPT_ROWS_LIMIT` messages comes back with its totals
    only (see there)."""
    compaction_freed_tokens: int = 0
    latency_s: float = 0.0
    """Wall time of the model part of the turn (requests and tools)."""
    summary_latency_s: float = 0.0
    streamed: bool = False

    @property
    def summary_fired(self) -> bool:
        return self.summary_status is SummaryStatus.FIRED

    def to_json(self, *, compaction: bool = True) -> dict[str, Any]:
        """The record as JSON data, as the session saves it.

        ``compaction_runs`` counts the reports; ``compaction`` holds them in compact form
        (leave it out with ``compaction=False`` when only the scalar fields are wanted).
        """
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "compaction"}
        data["summary_status"] = self.summary_status.value
        data["compaction_runs"] = len(self.compaction)
        if compaction:
            data["compaction"] = encode_reports(self.compaction)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TurnRecord:
        """A record read back from a store, its compaction reports rebuilt from their rows.

        Records saved before reports were kept come back without reports.
        """
        names = {f.name for f in fields(cls)} - {"compaction"}
        values = {k: v for k, v in data.items() if k in names}
        values["summary_status"] = SummaryStatus(values.get("summary_status", "disabled"))
        where = f"turn {values.get('turn_index')}"
        values["compaction"] = decode_reports(data.get("compaction"), where)
        return cls(**values)


__all__ = ["SummaryStatus", "TurnRecord"]
