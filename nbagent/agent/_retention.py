"""Retention: how many of a slot's facts each request still shows the model."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from nbagent.agent._turn import Turn
from nbagent.agent.context import ContextSlot
from nbagent.agent.facts import Fact, FactBook, FactKind, found_in, message_text, normalize
from nbagent.agent.timeline import TurnRecord
from nbagent.llm.messages import AnyMessage, SystemMessage
from nbagent.llm.request import ResultSemantic
from nbagent.llm.tools import ToolRegistry


class FactKeeper:
    """One :class:`FactBook` per slot, brought up to date as turns add messages."""

    def __init__(self) -> None:
        self._books: dict[str, FactBook] = {}

    def book(self, slot: ContextSlot, pinned: Sequence[str], tools: ToolRegistry) -> FactBook:
        book = self._books.get(slot.id)
        if book is None:
            book = self._books[slot.id] = FactBook()
        definitions = tools.definitions()
        actions = frozenset(
            d.name for d in definitions if d.result_semantic is ResultSemantic.ACTION
        )
        book.update(slot.messages, actions, {d.name: d.key_fields for d in definitions})
        book.pinned = [Fact(text, FactKind.PINNED) for text in pinned]
        return book

    def measure(
        self, turn: Turn, record: TurnRecord, pinned: Sequence[str], tools: ToolRegistry
    ) -> None:
        """Fill the record's fact counts from the turn's last request."""
        runs, compacted = record.request_positions, {}
        for report in turn.cycle.compaction_reports[-1:]:
            for position in report.plan.changes:
                stored = stored_index(runs, position)
                if stored is not None:
                    compacted[stored] = report.messages[position]
        shown = [m.content for m in turn.request_messages if isinstance(m, SystemMessage)]
        book = self.book(turn.slot, pinned, tools)
        stated, visible, missing = request_retention(book, runs, shown, compacted)
        record.facts_stated, record.facts_visible, record.facts_missing = stated, visible, missing


def request_retention(
    book: FactBook,
    runs: Sequence[tuple[int, int]],
    shown: Sequence[str],
    compacted: Mapping[int, AnyMessage],
) -> tuple[int, int, list[str]]:
    """``(stated, visible, missing texts)`` of a request: a fact is visible when a message the
    request holds states it (uncompacted, or its compacted copy still does) or when one of the
    ``shown`` texts (the summary, the system prompt) contains it.

    ``runs`` are the request's stored-index runs; ``compacted`` maps a stored index to the copy
    the request sent instead of it.
    """
    facts = book.facts()
    shown_keys = "\x00".join(normalize(text) for text in shown)
    missing: list[str] = []
    for fact in facts:
        if found_in(fact.key, shown_keys) or any(
            _in_runs(i, runs)
            and (i not in compacted or found_in(fact.key, _key_text(compacted[i])))
            for i in book.statements(fact.key)
        ):
            continue
        missing.append(fact.text)
    return len(facts), len(facts) - len(missing), missing


def _in_runs(index: int, runs: Sequence[tuple[int, int]]) -> bool:
    return any(first <= index < first + count for first, count in runs if first >= 0)


def _key_text(message: AnyMessage) -> str:
    return normalize(message_text(message))


def stored_index(runs: Sequence[tuple[int, int]], position: int) -> int | None:
    """The stored index of request ``position`` (``None``: not a stored message)."""
    for first, count in runs:
        if position < count:
            return None if first < 0 else first + position
        position -= count
    return None


__all__ = ["FactKeeper", "request_retention", "stored_index"]
