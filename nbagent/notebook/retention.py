"""What the model still sees of the conversation's facts: one row per fact.

::

    retention_table(session)       # fact, kind, turn, role, visible, where, lost_since
    check_probes(session, [Probe("Which flight?", "CA1234")])

``where`` is ``kept tail`` (a message of the view states it), ``summary prose`` (the model's
summary says it), ``ledger`` (the summary's key-facts section keeps it), ``system prompt`` or
``lost``; ``lost_since`` is the first turn of the trailing run of turns whose request no longer
showed it (from the timeline records, so it survives a restart).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nbagent.agent.facts import Fact, normalize
from nbagent.agent.ledger import split_ledger
from nbagent.agent.session import AgentSession
from nbagent.llm.messages import SystemMessage

if TYPE_CHECKING:
    import pandas as pd

RETENTION_COLUMNS = ("fact", "kind", "turn", "role", "visible", "where", "lost_since")


def fact_places(session: AgentSession) -> list[tuple[Fact, str]]:
    """Each fact of the current slot and where the next request shows it (``lost``: nowhere)."""
    slot = session.slot
    book = session.facts(slot)
    runs = slot.view_runs()
    summary = slot.summary_message()
    prose, ledger = split_ledger(summary.content) if summary is not None else ("", "")
    prompt = normalize(session.system_prompt or "")
    prose_key, ledger_key = normalize(prose), normalize(ledger)
    places = []
    for fact in book.facts():
        in_view = any(
            first <= i < first + count
            for i in book.statements(fact.key)
            for first, count in runs
            if first >= 0
        )
        if in_view:
            where = "kept tail"
        elif fact.key in prose_key:
            where = "summary prose"
        elif fact.key in ledger_key:
            where = "ledger"
        elif fact.key in prompt:
            where = "system prompt"
        else:
            where = "lost"
        places.append((fact, where))
    return places


def _lost_since(session: AgentSession, text: str) -> int | None:
    since = None
    for record in reversed(session.timeline):
        if text not in record.facts_missing:
            break
        since = record.turn_index
    return since


def retention_table(session: AgentSession) -> pd.DataFrame:
    """One row per fact of the current slot (see the module docstring)."""
    import pandas as pd

    rows = [
        {
            "fact": fact.text,
            "kind": fact.kind.value,
            "turn": fact.turn,
            "role": fact.role,
            "visible": where != "lost",
            "where": where,
            "lost_since": _lost_since(session, fact.text) if where == "lost" else None,
        }
        for fact, where in fact_places(session)
    ]
    return pd.DataFrame(rows, columns=list(RETENTION_COLUMNS))


@dataclass(frozen=True)
class Probe:
    """A question about the conversation and the text its answer must contain."""

    question: str
    expected: str


@dataclass(frozen=True)
class ProbeResult:
    probe: Probe
    in_view: bool
    """Whether the expected text is in what the next request sends (normalised)."""


def check_probes(session: AgentSession, probes: Sequence[Probe]) -> list[ProbeResult]:
    """Deterministic: is each probe's expected text in the next request the model is sent?"""
    texts = []
    for message in session.request_messages():
        texts.append(message.content if isinstance(message, SystemMessage) else message.text())
    haystack = normalize("\n".join(texts))
    return [ProbeResult(p, normalize(p.expected) in haystack) for p in probes]


__all__ = [
    "RETENTION_COLUMNS",
    "Probe",
    "ProbeResult",
    "check_probes",
    "fact_places",
    "retention_table",
]
