"""Retention: how many of a slot's facts each request still shows the model."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import chain

from nbagent.agent._turn import Turn
from nbagent.agent.context import ContextSlot
from nbagent.agent.facts import Fact, FactBook, FactKind, message_text
from nbagent.agent.timeline import TurnRecord
from nbagent.llm.facts import found_in, normalize
from nbagent.llm.memo import TextMemo
from nbagent.llm.messages import AnyMessage, SystemMessage
from nbagent.llm.request import ResultSemantic
from nbagent.llm.tools import ToolRegistry


class FactKeeper:
    """One :class:`FactBook` per slot, brought up to date as turns add messages, and the probes
    each slot has stated."""

    def __init__(self) -> None:
        self._books: dict[str, FactBook] = {}
        self._probes: dict[str, tuple[int, set[str]]] = {}

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
        self,
        turn: Turn,
        record: TurnRecord,
        pinned: Sequence[str],
        tools: ToolRegistry,
        probes: Sequence[str] = (),
    ) -> None:
        """Fill the record's fact (and probe) counts from the turn's last request."""
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
        if probes:
            said = self._stated_probes(turn.slot, pinned, probes)
            # Each turn's request and new messages are texts of their own: not for the memo.
            sent = Haystack(_joined(_sent_texts(turn.slot.messages, runs, shown, compacted)))
            lost = [p for p in probes if p in said and not sent.has(normalize(p))]
            record.probes_stated, record.probes_missing = len(said), lost
            record.probes_visible = len(said) - len(lost)

    def _stated_probes(
        self, slot: ContextSlot, pinned: Sequence[str], probes: Sequence[str]
    ) -> set[str]:
        """The probes the slot's stored messages or the pins state, read incrementally."""
        seen, said = self._probes.get(slot.id, (0, set()))
        messages = slot.messages
        if len(messages) < seen:
            seen, said = 0, set()
        new = [message_text(m) for m in messages[seen:] if not isinstance(m, SystemMessage)]
        text = Haystack(_joined([*new, *pinned]))
        said |= {p for p in probes if p not in said and text.has(normalize(p))}
        self._probes[slot.id] = (len(messages), said)
        return said


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
    shown_keys = haystack_of(shown)
    sent: set[int] = set()
    for first, count in runs:
        if first >= 0:
            sent.update(range(first, first + count))
    cut = sent.intersection(compacted)
    whole = sent - cut if cut else sent
    # Every turn asks this of every fact. Set operations in C find the facts a message sent
    # whole states (whichever of its statements it is); only the others are looked for further.
    stated_at = book.keys_stated_at()
    held = set(chain.from_iterable(map(stated_at.__getitem__, whole.intersection(stated_at))))
    statements = book.statements_by_key()
    copies: dict[int, Haystack] = {}
    lost: set[str] = set()
    for fact in facts:
        key = fact.key
        if key in held:
            continue
        stated = statements.get(key) if cut else None
        if stated and _held_in_copy(key, stated, cut, compacted, copies):
            continue
        if not shown_keys.has(key):
            lost.add(key)
    # A sentence of the user's around values is kept while they all are.
    kept = book.kept_by_values(lost)
    missing = [f.text for f in facts if f.key in lost and f.key not in kept]
    return len(facts), len(facts) - len(missing), missing


def _sent_texts(
    messages: Sequence[AnyMessage],
    runs: Sequence[tuple[int, int]],
    shown: Sequence[str],
    compacted: Mapping[int, AnyMessage],
) -> list[str]:
    """The texts a request sent: its system texts, and each stored message it held (its
    compacted copy where it sent one)."""
    texts = list(shown)
    for first, count in runs:
        for i in range(max(first, 0), first + count if first >= 0 else 0):
            if i < len(messages):
                texts.append(message_text(compacted.get(i, messages[i])))
    return texts


def _held_in_copy(
    key: str,
    statements: Sequence[int],
    cut: set[int],
    compacted: Mapping[int, AnyMessage],
    copies: dict[int, Haystack],
) -> bool:
    """Whether one of ``statements`` (stored indices) was sent as a compacted copy (``cut``)
    that still states ``key``."""
    for i in reversed(statements):  # the newest statement is the likeliest still sent
        if i in cut:
            copy = copies.get(i)
            if copy is None:
                copy = copies[i] = haystack_of((message_text(compacted[i]),))
            if copy.has(key):
                return True
    return False


class Haystack:
    """A normalised text that remembers which fact keys :func:`found_in` finds in it: a summary,
    a system prompt or a compacted copy is asked about the same facts turn after turn (and by
    every replay of a tuning grid), and answers each after the first by a dictionary lookup."""

    __slots__ = ("_found", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._found: dict[str, bool] = {}

    def has(self, key: str) -> bool:
        """``found_in(key, self.text)``."""
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = found_in(key, self.text)
        return found


_HAYSTACKS: TextMemo[Haystack] = TextMemo(8_000_000)


def _joined(texts: Iterable[str]) -> str:
    return "\x00".join(normalize(t) for t in texts)


def haystack_of(texts: Iterable[str]) -> Haystack:
    """The :class:`Haystack` of ``texts`` normalised and joined by NUL, the same object while
    the texts are the same (its weight counts the answers it will keep)."""
    joined = _joined(texts)
    found = _HAYSTACKS.get(joined)
    if found is None:
        found = _HAYSTACKS.put(joined, Haystack(joined), 3 * len(joined) + 256)
    return found


def stored_index(runs: Sequence[tuple[int, int]], position: int) -> int | None:
    """The stored index of request ``position`` (``None``: not a stored message)."""
    for first, count in runs:
        if position < count:
            return None if first < 0 else first + position
        position -= count
    return None


__all__ = ["FactKeeper", "Haystack", "haystack_of", "request_retention", "stored_index"]
