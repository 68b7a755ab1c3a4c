"""The facts of a session's history: the fact book, and the extractor it uses.

::

    facts = extract_facts(Message.user("My booking is QX7Y2B, flight CA1234 at 07:45 on 3月14日"))
    [(f.kind, f.text) for f in facts]
    # [('code', 'QX7Y2B'), ('flight', 'CA1234'), ('time', '07:45'), ('date', '3月14日')]

The extractor itself (kinds, normalisation, :func:`found_in`) is pure text work and lives in
:mod:`nbagent.llm.facts`, where microcompact uses it too; its names are re-exported here.
:class:`FactBook` follows one slot's stored history: each fact once, where it was stated, and
the values of the fields a tool declares as key.

Retention counts a slot's facts: how many of them each request still shows the model.
:class:`FactKeeper` keeps one :class:`FactBook` per slot, brought up to date as turns add
messages, and fills each turn's record (:func:`request_retention`: a fact is visible when a
message the request holds states it, or a text it shows, such as the summary, contains it).
The module reads top to bottom: tool-field facts, the fact book, then retention.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain

from nbagent.agent._tool_fields import key_field_values
from nbagent.agent._turn import Turn
from nbagent.agent.context import ContextSlot
from nbagent.agent.timeline import TurnRecord
from nbagent.llm.facts import (
    IDENTIFIER_KINDS,
    LISTING_FACTS,
    Fact,
    FactKind,
    distinctive,
    extract_facts,
    extract_text_facts,
    facts_note,
    facts_of,
    found_in,
    keyed_facts,
    message_text,
    normalize,
    visible_facts,
)
from nbagent.llm.memo import TextMemo
from nbagent.llm.messages import (
    AnyMessage,
    SystemMessage,
    ToolResultBlock,
    ToolResultMessage,
    UserMessage,
)
from nbagent.llm.request import ResultSemantic
from nbagent.llm.statements import (
    UPDATE_REACH,
    ValueContext,
    content_words,
    framed,
    framing,
    is_constraint,
    is_correction,
    is_statement,
    replaced_by,
    restates,
    rule_tail,
    says_now,
    split_sentences,
    topic_words,
    update_strength,
    value_contexts,
)
from nbagent.llm.tools import ToolRegistry


def tool_field_facts(
    message: ToolResultMessage,
    fields: Sequence[str],
    *,
    turn: int | None = None,
    index: int | None = None,
) -> list[Fact]:
    """The ``TOOL_FIELD`` facts of a tool result: the values of its tool's key ``fields``."""
    values = key_field_values(message_text(message), fields)
    facts = [Fact(value, FactKind.TOOL_FIELD, turn, index, "tool") for value in values]
    return [f for f in facts if f.key]


_CORRECTION_REACH = 3
"""Turns back a correction cue may reach for the value it replaces when no word of its
sentence ties it to one ("Actually, 15:30." right after "Call me at 14:00")."""


@dataclass(frozen=True)
class _Said:
    """One sentence of the user's, with its named values (:func:`value_contexts`)."""

    index: int
    turn: int | None
    contexts: list[ValueContext]
    sentence: str
    facts: tuple[tuple[str, str], ...]
    """``(text, key)`` of the facts the extractor found in it."""

    @functools.cached_property
    def words(self) -> frozenset[str]:
        """Its :func:`content_words`, read only when a later sentence is compared with it."""
        return content_words(self.sentence)

    def key_of(self, value: str) -> str:
        """The key of the extracted fact holding ``value`` ("140.000" of "140.000 EUR"), else
        the value's own."""
        return next((key for text, key in self.facts if value in text), normalize(value))


def _changed(old: ValueContext | None, new: ValueContext) -> bool:
    """Whether ``new`` gives the value named like ``old`` another value. "3 kids" is no "2
    cats": a word after each that differs names two things."""
    if old is None or normalize(old.value) == normalize(new.value):
        return False
    return old.after == new.after or "" in (old.after, new.after)


_QUESTION_END = re.compile(r"[?？]\s*$")
_RESTATED_CHARS = 400
_RESTATED_VALUES = 6
"""A sentence longer, or naming more values, is a listing (a pasted table, a log line): its
values are items, and a later listing's are other items, not their corrections."""


class FactBook:
    """The facts of one slot's stored history, each found once: a turn extracts only from the
    messages it added. Knows every message that states a fact, so whether the model still sees
    it is a lookup in the view's runs, not a scan of the view.

    **What counts** (what a person relies on, not what the text happens to hold):

    - everything the user states: facts, their constraint and decision sentences whole
      (``CONSTRAINT`` facts, :mod:`nbagent.llm.statements`), and every other sentence that
      tells something (``SAID``: not a question or a bare "ok"), whole, because what it tells
      may be of no kind the extractor knows;
    - what tools return: every fact of a short result; of a listing (more than
      :data:`LISTING_FACTS` facts) its :func:`~nbagent.llm.facts.distinctive` ones (the one
      exit code of a log) and those the conversation names again; all of an ``action_tools``
      result (booking confirmations) and the values of the ``key_fields`` a tool declares,
      whatever their number;
    - an assistant's own value only once a user or a tool states it too: a number the model
      made up is not a fact to keep.

    **Corrections:** a user sentence that restates an earlier one with another value
    ("Budget cap is $300" … "Budget cap is $750"), or says so ("actually, move it to 15:30",
    "改成周四"), replaces the earlier value; one announcing an update of what an earlier
    sentence was about, in other words ("From now on, report all times in Pacific time" after
    "Report all times in UTC"), replaces that sentence and its values of the kinds it gives.
    :meth:`facts` lists the newest only (and none of the user's sentences that state a
    replaced value), :meth:`replaced` says what each old value gave way to.
    """

    def __init__(self) -> None:
        self.pinned: list[Fact] = []
        self._reset()

    def _reset(self) -> None:
        self._first: dict[str, Fact] = {}
        self._pending: dict[str, Fact] = {}
        self._statements: dict[str, list[int]] = {}
        self._keys_at: dict[int, tuple[str, ...]] = {}
        self._replaced: dict[str, str] = {}
        self._sentence_values: dict[str, tuple[str, ...]] = {}
        """The value keys each of the user's kept sentences states: a sentence holding a
        replaced value is stale itself."""
        self._topics: dict[str, frozenset[str]] = {}
        self._frames: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
        """By frame, the keys and values of the newest earlier message's sentence."""
        self._contexts: dict[tuple[str, str], _Said] = {}
        """By the word naming a value and the value's shape, the newest earlier user sentence
        holding such a value ("warmup 2000"): what a value restated in other words replaces."""
        self._spoken: list[tuple[int, str, str, tuple[str, ...]]] = []
        """``(index, sentence, its key, its value keys)`` of each of the user's sentences the
        book keeps whole: what a later sentence may replace in other words."""
        self._amended: dict[str, tuple[Fact, Fact]] = {}
        """Values of no kind the extractor knows ("warmup 2000 steps") that a later sentence
        restated ("warmup 1500 steps"), by the old one's key: the summary shown is amended."""
        self._tails: dict[str, str] = {}
        """By its key, each rule joined to the sentence before it ("Never exceed without
        explicit approval."), and that sentence's key: the rule is a fact of its own once the
        sentence it came with is replaced."""
        self._seen = 0
        self._turn: int | None = None

    def update(
        self,
        messages: Sequence[AnyMessage],
        action_tools: frozenset[str] = frozenset(),
        key_fields: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        if len(messages) < self._seen:  # a different history: start again
            self._reset()
        for index in range(self._seen, len(messages)):
            message = messages[index]
            if isinstance(message, SystemMessage):
                continue
            if isinstance(message, UserMessage) and any(
                not isinstance(b, ToolResultBlock) for b in message.content
            ):
                self._turn = 0 if self._turn is None else self._turn + 1
            found: dict[str, None] = {}
            if isinstance(message, ToolResultMessage):
                self._tool_result(message, index, action_tools, key_fields or {}, found)
            elif isinstance(message, UserMessage):
                self._user(message, index, found)
            else:
                for text, kind, key in keyed_facts(message_text(message)):
                    self._state(key, text, kind, index, "assistant", track=False)
                    found[key] = None
            if found:
                self._keys_at[index] = tuple(found)
        self._seen = len(messages)

    # -- what each kind of message states ------------------------------------------------------

    def _tool_result(
        self,
        message: ToolResultMessage,
        index: int,
        action_tools: frozenset[str],
        key_fields: Mapping[str, Sequence[str]],
        found: dict[str, None],
    ) -> None:
        fields = key_fields.get(message.tool_name or "", ())
        if fields and not message.is_error:
            for fact in tool_field_facts(message, fields, turn=self._turn, index=index):
                self._state(fact.key, fact.text, fact.kind, index, "tool", track=True)
                found[fact.key] = None
        stated = keyed_facts(message_text(message))
        whole = message.tool_name in action_tools
        counted = {key for _, _, key in (stated if whole else distinctive(stated))}
        for text, kind, key in stated:
            if key not in found:
                self._state(key, text, kind, index, "tool", track=key in counted)
                found[key] = None

    def _user(self, message: UserMessage, index: int, found: dict[str, None]) -> None:
        frames: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}  # one message: a list
        said_here: list[_Said] = []
        spoken_here: list[tuple[int, str, str, tuple[str, ...]]] = []
        before = (len(self._replaced), len(self._amended))
        for sentence in split_sentences(message_text(message)):
            stated = keyed_facts(sentence)
            new = [(text, kind, key) for text, kind, key in stated if key not in self._first]
            topics: frozenset[str] | None = None  # read once, and only for a new key
            for text, kind, key in stated:
                self._replaced.pop(key, None)  # said again: current again
                self._state(key, text, kind, index, "user", track=True)
                if key not in self._topics:
                    topics = topic_words(sentence) if topics is None else topics
                    self._topics[key] = topics
                found[key] = None
            said = ""
            whole: FactKind | None = None
            corrects: bool | None = None  # read once, where first needed
            if is_constraint(sentence) or (not stated and (corrects := is_correction(sentence))):
                whole = FactKind.CONSTRAINT
            elif is_statement(sentence, bool(stated)):
                whole = FactKind.SAID
            if whole is not None:
                said = normalize(sentence)
            repeat = bool(said) and said in self._first
            if said:
                if repeat:
                    self._replaced.pop(said, None)  # said again: current again
                else:
                    self._state(said, sentence, whole or FactKind.SAID, index, "user", track=True)
                    self._sentence_values[said] = tuple(key for _, _, key in stated)
                    self._joined_rule(sentence, said, index, found)
                found.setdefault(said, None)
            frame, values = framing(sentence, [text for text, _, _ in stated])
            keys = tuple(key for _, _, key in stated) + ((said,) if said else ())
            if framed(frame):
                earlier = self._frames.get(frame)
                if earlier is not None and restates(earlier[1], values):
                    self._restated(earlier[0], keys)
                frames.setdefault(frame, (keys, values))
            if new and (
                (is_correction(sentence) if corrects is None else corrects) or says_now(sentence)
            ):
                self._corrected(sentence, new, stated)
            if len(sentence) <= _RESTATED_CHARS:  # a pasted listing restates nothing
                if said and not repeat:  # a sentence said again replaces nothing new
                    spoken_here.append((index, sentence, said, keys[:-1]))
                contexts = value_contexts(sentence)
                if len(contexts) <= _RESTATED_VALUES:
                    keyed = tuple((text, key) for text, _, key in stated)
                    said_here.append(_Said(index, self._turn, contexts, sentence, keyed))
        for item in said_here:
            self._restated_values(item)
        for item in said_here:
            for context in item.contexts:
                self._contexts[(context.before, context.shape)] = item
        self._frames.update(frames)
        # After the value rules, and only where they found nothing: a value they replaced
        # ("batch size 64" -> "128") says exactly what changed, and the rest of its sentence
        # ("on two GPUs") still holds.
        if (len(self._replaced), len(self._amended)) == before:
            for _, sentence, said, values in spoken_here:
                self._replaced_in_other_words(sentence, said, values)
        self._spoken.extend(spoken_here)

    def _joined_rule(self, sentence: str, said: str, index: int, found: dict[str, None]) -> None:
        """Record the rule joined to ``sentence`` (:func:`~nbagent.llm.statements.rule_tail`)
        as a fact that stands in for it once ``sentence`` is replaced."""
        tail = rule_tail(sentence)
        key = normalize(tail) if tail else ""
        if key and key != said:
            self._replaced.pop(key, None)  # said again: current again
            self._state(key, tail, FactKind.CONSTRAINT, index, "user", track=True)
            self._tails[key] = said  # with the newest sentence it came with
            found.setdefault(key, None)

    def _replaced_in_other_words(self, sentence: str, said: str, values: tuple[str, ...]) -> None:
        """A sentence announcing an update of what an earlier message's sentence was about
        (:func:`~nbagent.llm.statements.replaced_by`: "From now on, report all times in Pacific
        time" after "Report all times in UTC"): the earlier sentence is
        replaced, and so are its values no other message states that are of a kind the new
        sentence gives a value of (a new time is no new date), or of any kind where the new
        value is in words the extractor does not key ("three hundred dollars", "Pacific
        time"); each gives way to the new sentence, not to a value of it (which of its values
        took the old one's place the words do not say). A sentence the value rules made stale
        already is left to them. Only the last :data:`UPDATE_REACH` sentences are looked at."""
        strength = update_strength(sentence)
        if not strength:
            return
        recent = self._spoken[-UPDATE_REACH:]
        earlier = [item for item in recent if not self._stale(item[2])]
        hit = replaced_by(sentence, [item[1] for item in earlier], strength)
        if hit is None:
            return
        index, _, old, old_values = earlier[hit]
        if old == said:
            return
        self._replaced[old] = said
        kinds = {self._first[v].kind for v in values if v in self._first}
        for value in old_values:
            fact = self._first.get(value)
            if fact is None or set(self._statements.get(value, ())) > {index}:
                continue
            if not kinds or fact.kind in kinds:
                self._replaced.setdefault(value, said)

    def _restated_values(self, said: _Said) -> None:
        """A value named by the same word as one of an earlier message's ("warmup 1500 steps"
        after "use warmup 2000 steps and cosine decay"), in a sentence that says it replaces
        something (a cue, "now") or says nothing the earlier one did not: the earlier value
        is replaced. Where several named values changed at once, the sentences are two items
        of a kind ("Order 7 ships on 3 May", "Order 8 ships on 5 May"), not an update."""
        if not said.contexts or _QUESTION_END.search(said.sentence):
            return
        cued = is_correction(said.sentence) or says_now(said.sentence)
        for context in said.contexts:
            earlier = self._contexts.get((context.before, context.shape))
            if earlier is None or not (cued or said.words <= earlier.words):
                continue
            old = {(c.before, c.shape): c for c in earlier.contexts}
            changed = [c for c in said.contexts if _changed(old.get((c.before, c.shape)), c)]
            if changed == [context]:
                self._value_replaced(old[(context.before, context.shape)], context, earlier, said)

    def _value_replaced(
        self, old: ValueContext, new: ValueContext, earlier: _Said, said: _Said
    ) -> None:
        old_key, new_key = earlier.key_of(old.value), said.key_of(new.value)
        if old_key == new_key:
            return
        known = old_key in self._first and new_key in self._first
        if known and self._first[old_key].kind is self._first[new_key].kind:
            self._replaced.setdefault(old_key, new_key)
            return
        wide = old.after == new.after and old.after != ""
        was = Fact(old.wide if wide else old.span, FactKind.NUMBER, earlier.turn, earlier.index)
        now = Fact(new.wide if wide else new.span, FactKind.NUMBER, self._turn, None)
        if was.key and now.key and was.key != now.key:
            self._amended.setdefault(was.key, (was, now))

    def _restated(self, earlier: tuple[str, ...], keys: tuple[str, ...]) -> None:
        """One sentence said again with other values: the earlier values are replaced."""
        now = set(keys)
        gone = [k for k in earlier if k not in now and k in self._first]
        fresh = [k for k in keys if k not in set(earlier)]
        for old in gone:
            kind = self._first[old].kind
            same = [k for k in fresh if self._first[k].kind is kind] if fresh else []
            if same:
                self._replaced[old] = same[0]

    def _corrected(
        self,
        sentence: str,
        new: Sequence[tuple[str, FactKind, str]],
        stated: Sequence[tuple[str, FactKind, str]],
    ) -> None:
        """A correction cue: each new value replaces the earlier value of its kind that the
        sentence names ("from 14:00 to 15:30", "not Tuesday but Thursday"), else the newest one
        whose sentence shares a word with this one, else the newest within a few turns."""
        topics = topic_words(sentence)
        in_sentence = {key for _, _, key in stated}
        fresh = {key for _, _, key in new}
        for _, kind, key in new:
            named = [k for _, c, k in stated if c is kind and k != key and k not in fresh]
            if named:
                self._replaced[named[0]] = key
                continue
            best: str | None = None
            for old, fact in reversed(self._first.items()):
                if (
                    fact.kind is not kind
                    or old in in_sentence
                    or old in self._replaced
                    or fact.role == "assistant"
                ):
                    continue
                if topics & self._topics.get(old, frozenset()):
                    best = old
                    break
                near = (self._turn or 0) - (fact.turn or 0) <= _CORRECTION_REACH
                if best is None and near and fact.role == "user":
                    best = old
            if best is not None:
                self._replaced[best] = key

    def _state(
        self, key: str, text: str, kind: FactKind, index: int, role: str, *, track: bool
    ) -> None:
        """Record a statement of ``key``; make it a fact when ``track`` or when it was pending
        and this is its second kind of source (a relayed listing value, a confirmed guess)."""
        statements = self._statements.setdefault(key, [])
        if not statements or statements[-1] != index:
            statements.append(index)
        if key in self._first:
            return
        pending = self._pending.get(key)
        if track or (pending is not None and pending.role != role):
            first = pending or Fact(text, kind, self._turn, index, role)
            if pending is not None and role != "assistant":
                first = Fact(first.text, first.kind, first.turn, first.message_index, role)
            self._first[key] = first
            self._pending.pop(key, None)
        elif pending is None:
            self._pending[key] = Fact(text, kind, self._turn, index, role)

    # -- reading ----------------------------------------------------------------------------

    def pin(self, text: str) -> Fact:
        fact = Fact(text, FactKind.PINNED, self._turn, None, "user")
        if fact.key not in {f.key for f in self.pinned}:
            self.pinned.append(fact)
        return fact

    def facts(self, upto: int | None = None) -> list[Fact]:
        """Pinned facts, then every current fact (not replaced) first stated before stored
        index ``upto``."""
        current = [
            f
            for k, f in self._first.items()
            if not self._stale(k) and (k not in self._tails or self._stale(self._tails[k]))
        ]
        if upto is None:
            return [*self.pinned, *current]
        return [*self.pinned, *(f for f in current if (f.message_index or 0) < upto)]

    def kept_by_values(self, lost: Collection[str]) -> set[str]:
        """The keys in ``lost`` (facts a request does not show) that are sentences of the
        user's whose values are all current and shown: such a sentence is kept while its values
        are, the way the ledger lists it (retention and ``retention_table`` both ask this)."""
        kept = set()
        for key in lost:
            values = self._sentence_values.get(key)
            if values and all(
                v in self._first and not self._stale(v) and v not in lost for v in values
            ):
                kept.add(key)
        return kept

    def sentence_values(self, key: str) -> tuple[str, ...]:
        """The value keys the user's sentence ``key`` states (``()``: none, or not a sentence):
        such a sentence is kept while its values are, the way the ledger lists it."""
        return self._sentence_values.get(key, ())

    def _stale(self, key: str) -> bool:
        replaced = self._replaced
        return key in replaced or any(v in replaced for v in self._sentence_values.get(key, ()))

    def known(self) -> list[Fact]:
        """Every value the book has seen stated: current, replaced, and those it does not
        count (a listing's, an assistant's own); what a carried ledger need not bring back."""
        return [*self.pinned, *self._first.values(), *self._pending.values()]

    def replaced(self) -> list[tuple[Fact, Fact]]:
        """``(old, new)`` for each value a later statement replaced, oldest first; a value of
        no kind the extractor knows comes with the word that names it ("warmup 2000 steps",
        "warmup 1500 steps"), as the summary states it."""
        found = [
            (self._first[old], self._first[new])
            for old, new in self._replaced.items()
            if old in self._first and new in self._first
        ]
        found.extend(self._amended.values())
        return sorted(found, key=lambda pair: pair[1].turn or 0)

    def corrected_keys(self) -> frozenset[str]:
        """The keys of the current values that replaced an earlier one."""
        return frozenset(self._replaced.values()) - frozenset(self._replaced)

    def statements(self, key: str) -> list[int]:
        """The stored indices of the messages stating the fact ``key``, oldest first."""
        return self._statements.get(key, [])

    def statements_by_key(self) -> Mapping[str, list[int]]:
        """:meth:`statements` of every fact at once (read only): what retention reads each turn
        for every fact."""
        return self._statements

    def keys_stated_at(self) -> Mapping[int, tuple[str, ...]]:
        """The keys each stored index states (read only; indices stating none are absent):
        :meth:`statements` the other way round."""
        return self._keys_at


# -- retention: how many of a slot's facts each request still shows --------------------------------


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


__all__ = [
    "IDENTIFIER_KINDS",
    "LISTING_FACTS",
    "Fact",
    "FactBook",
    "FactKeeper",
    "FactKind",
    "Haystack",
    "extract_facts",
    "extract_text_facts",
    "facts_note",
    "facts_of",
    "found_in",
    "haystack_of",
    "message_text",
    "normalize",
    "request_retention",
    "stored_index",
    "tool_field_facts",
    "visible_facts",
]
