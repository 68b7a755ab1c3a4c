"""Summaries inline: the current one with what it covers, and the ones before it.

Everything is read from the session's records: the summary texts and their turns from the
timeline's fired records, what a summary covers from the record's ``messages_stored`` (a summary
covers the stored history up to the end of the turn it was made at), its call cost from the
record's ``summary_tokens``, and its size as the estimate of the summary message the focused view
sends (marker included). All summary text is escaped before it reaches HTML or Markdown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nbagent.agent.context import ContextSlot
from nbagent.agent.session import AgentSession
from nbagent.agent.timeline import TurnRecord
from nbagent.llm.tokens import estimate_message_tokens
from nbagent.notebook._html import escape_html, escape_markdown, markdown_to_safe_html, preview
from nbagent.notebook._records import fired_records, message_turns, summary_message_for


def _turn_range(session: AgentSession, slot: ContextSlot, upto: int) -> tuple[int, int] | None:
    """The first and last turn of stored messages ``0 .. upto - 1``."""
    turns = [t for t in message_turns(session, slot)[:upto] if t is not None]
    return (turns[0], turns[-1]) if turns else None


def _view_tokens(session: AgentSession, slot: ContextSlot, text: str) -> int:
    """The estimate of the message the focused view sends for summary ``text``."""
    message = summary_message_for(slot, text)
    return estimate_message_tokens(message, session.bundle.config.estimator)


@dataclass(frozen=True)
class SummaryCard:
    """One summary: its text, when it was made, what it covers and its size.

    ``upto``: the summary covers stored messages ``0 .. upto - 1``; ``turns``: the first and last
    turn of those messages; ``tokens``: the estimate of the summary message the view sends;
    ``call_tokens``: input + output tokens of the summary call.
    """

    text: str
    turn_index: int | None = None
    upto: int | None = None
    turns: tuple[int, int] | None = None
    tokens: int | None = None
    call_tokens: int | None = None
    slot_id: str | None = None

    @classmethod
    def from_record(cls, session: AgentSession, record: TurnRecord) -> SummaryCard:
        """The card of the summary ``record`` (a fired timeline record) made."""
        if record.summary is None:
            raise ValueError(f"turn {record.turn_index} made no summary")
        slot = session.slots.get(record.slot_id, session.slot)
        return cls(
            text=record.summary,
            turn_index=record.turn_index,
            upto=record.messages_stored,
            turns=_turn_range(session, slot, record.messages_stored),
            tokens=_view_tokens(session, slot, record.summary),
            call_tokens=record.summary_tokens,
            slot_id=record.slot_id,
        )

    def facts(self) -> list[str]:
        """The card's figures as short phrases (plain text, no model text in them)."""
        facts: list[str] = []
        if self.turn_index is not None:
            facts.append(f"made after turn {self.turn_index}")
        if self.upto is not None:
            covers = f"covers messages 0–{self.upto - 1}" if self.upto else "covers no message"
            if self.turns is not None:
                covers += f" (turns {self.turns[0]}–{self.turns[1]})"
            facts.append(covers)
        if self.tokens is not None:
            facts.append(f"~{self.tokens:,} tokens in the context")
        if self.call_tokens is not None:
            facts.append(f"summary call {self.call_tokens:,} tokens")
        return facts

    def _title(self) -> str:
        return "Summary" if self.turn_index is None else f"Summary (turn {self.turn_index})"

    def _repr_markdown_(self) -> str:
        facts = escape_markdown(" · ".join(self.facts()))
        return f"**{self._title()}** — {facts}\n\n{escape_markdown(self.text)}\n"

    def _repr_html_(self) -> str:
        facts = escape_html(" · ".join(self.facts()))
        return (
            '<div class="nbagent-summary" style="border-left:3px solid #e0a800;'
            'padding:4px 10px;margin:6px 0">'
            f"<div><strong>{escape_html(self._title())}</strong>"
            f' <span style="color:#777">{facts}</span></div>'
            f"{markdown_to_safe_html(self.text)}</div>"
        )

    def __repr__(self) -> str:
        return f"SummaryCard({'; '.join(self.facts()) or 'no record'}: {preview(self.text, 60)!r})"


@dataclass(frozen=True)
class SummaryView:
    """The current summary of a session's slot and the earlier ones (collapsed in HTML)."""

    session_id: str
    current: SummaryCard | None
    previous: list[SummaryCard] = field(default_factory=list)

    @classmethod
    def from_session(cls, session: AgentSession) -> SummaryView:
        """The current slot's summary (as its focused view sends it) and the earlier ones.

        Without a timeline record (a summary set by hand with ``slot.set_summary``), the card
        shows the slot's summary and what it covers, without a turn or call cost. Nothing is
        displayed: a notebook shows the view it is given (the last line of a cell, ``display``).
        """
        slot = session.slot
        cards = [SummaryCard.from_record(session, r) for r in fired_records(session, slot.id)]
        text = slot.summary_override
        current: SummaryCard | None = cards[-1] if cards else None
        if text is not None and (current is None or current.text != text):
            upto = slot.summary_upto
            current = SummaryCard(
                text=text,
                upto=upto,
                turns=_turn_range(session, slot, upto),
                tokens=_view_tokens(session, slot, text),
                slot_id=slot.id,
            )
            return cls(session.session_id, current, cards)
        return cls(session.session_id, current, cards[:-1])

    def _repr_markdown_(self) -> str:
        if self.current is None:
            return f"_No summary yet in session {escape_markdown(self.session_id)}._\n"
        parts = [self.current._repr_markdown_()]
        if self.previous:
            parts.append(f"\n_{len(self.previous)} earlier summaries:_\n")
            parts.extend(card._repr_markdown_() for card in reversed(self.previous))
        return "\n".join(parts)

    def _repr_html_(self) -> str:
        if self.current is None:
            return f"<p><em>No summary yet in session {escape_html(self.session_id)}.</em></p>"
        parts = [self.current._repr_html_()]
        if self.previous:
            inner = "".join(card._repr_html_() for card in reversed(self.previous))
            parts.append(
                f"<details><summary>{len(self.previous)} earlier summaries</summary>"
                f"{inner}</details>"
            )
        return "".join(parts)

    def __repr__(self) -> str:
        if self.current is None:
            return f"SummaryView(session={self.session_id!r}, no summary yet)"
        return (
            f"SummaryView(session={self.session_id!r}, current={self.current!r}, "
            f"previous={len(self.previous)})"
        )


__all__ = ["SummaryCard", "SummaryView"]
