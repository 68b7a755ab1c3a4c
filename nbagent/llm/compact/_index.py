"""What microcompact remembers: each message's analysis, the key-term index and the last view.

A message is analysed once per :class:`CompactState` (messages are frozen): its size, its tool
results and thinking blocks (the units a decision is about), their content signal and key terms.
Later runs read the cached :class:`Entry`, so a run over an unchanged history does no text work,
and the planner keeps each unit's last decision on the unit itself.

Reference tracking lives here too: every result's key terms go into an index, and a reply that
reuses a term marks the results holding it as referenced in the reply's turn. A turn starts at a
user message with something besides tool results (its *turn start*).
"""

from __future__ import annotations

import weakref
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress, count
from operator import call, is_, is_not
from typing import Any, NamedTuple

from nbagent.llm.compact._policy import CompactAction, content_signal
from nbagent.llm.compact._records import Change, CompactRecord
from nbagent.llm.compact._terms import COMMON_TERM_RESULTS, Judged, key_terms, mentions
from nbagent.llm.compact._texts import is_compacted
from nbagent.llm.messages import (
    AssistantMessage,
    ContentBlock,
    Message,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolResultMessage,
    ToolUseBlock,
    UserMessage,
    text_of,
)
from nbagent.llm.tokens import (
    MESSAGE_OVERHEAD,
    TokenEstimator,
    estimate_block_tokens,
    estimate_message_tokens,
    estimator_key,
)

# --- one message's analysis --------------------------------------------------------------------


class Outcome(NamedTuple):
    """What an action makes of a unit."""

    text: str
    tokens: int
    action: CompactAction
    """The action actually taken (a structured truncation may fall back to a plain one)."""
    note: str
    """Added to the reason when ``action`` is not the one asked for."""


class Choice(NamedTuple):
    """The decision for one unit: what it becomes and why."""

    action: CompactAction
    before: int
    after: int
    reason: str
    change: Change | None
    """(block, new text), when the action changes something."""


@dataclass(slots=True, eq=False)
class Unit:
    """One part of a message microcompact may shrink: a tool result or a thinking block."""

    block: int
    """Index in ``message.content``; -1 for the whole content of a tool-result message."""
    thinking: bool
    tool_call_id: str | None
    tool_name: str | None
    chars: int
    error: str
    """Why the unit counts as an error result ("" when it does not): it is never compacted."""
    compacted: bool
    content: float
    content_reason: str
    terms: tuple[bytes, ...]
    tokens: int
    """Estimated tokens of the unit as it is."""
    outcomes: dict[tuple[CompactAction, str], Outcome] = field(default_factory=dict)
    """What each action asked for made of the unit, keeping the facts of the part cut or not
    (filled when first needed)."""
    choice_key: object = None
    choice_steps: int = 0
    choice: Choice | None = None
    """The last decision for this unit and the inputs it came from: the config, being recent and
    the semantic as the key, the decay steps beside it (see the planner)."""


@dataclass(slots=True, eq=False)
class Entry:
    """The cached analysis of one message instance."""

    ref: weakref.ReferenceType[Message]
    role: str
    tokens: int
    chars: int
    turn_start: bool
    """A user message with something besides tool results: it starts a turn."""
    units: tuple[Unit, ...]
    tool_uses: tuple[tuple[str, str], ...]
    mentions: frozenset[bytes]
    plain: tuple[int, bool, CompactRecord] | None = None
    """The record of a message with nothing to decide, as last built, with the index and the
    ``compact_thinking`` flag it was built for. A session saves the records of every run over a
    short history; without this, building them costs about 45% more."""


def _result_unit(
    block: int,
    tool_call_id: str,
    tool_name: str | None,
    content: list[ContentBlock],
    error: bool,
    tokens: int,
    judged: Judged,
) -> Unit:
    text = text_of(content)
    score, reason, error_reason = content_signal(text)
    compacted = is_compacted(text)
    return Unit(
        block=block,
        thinking=False,
        tool_call_id=tool_call_id,
        tool_name=tool_name,
        chars=len(text),
        error="error result (is_error)" if error else error_reason,
        compacted=compacted,
        content=score,
        content_reason=reason,
        terms=() if compacted else key_terms(text, judged),
        tokens=tokens,
    )


def _thinking_unit(block: int, thinking: ThinkingBlock, tokens: int) -> Unit:
    return Unit(
        block=block,
        thinking=True,
        tool_call_id=None,
        tool_name=None,
        chars=len(thinking.text),
        error="",
        compacted=is_compacted(thinking.text),
        content=0.0,
        content_reason="thinking",
        terms=(),
        tokens=tokens,
    )


def analyse(message: Message, estimator: TokenEstimator, judged: Judged | None = None) -> Entry:
    """Analyse ``message`` into a cacheable :class:`Entry`, every estimate by ``estimator``
    (``judged``: the tokens the scan judged so far, see :mod:`._terms`)."""
    judged = Judged() if judged is None else judged
    tokens = estimate_message_tokens(message, estimator)
    units: list[Unit] = []
    uses: list[tuple[str, str]] = []
    said: list[str] = []
    turn_start = False
    chars = 0
    match message:
        case ToolResultMessage():
            units.append(
                _result_unit(
                    -1,
                    message.tool_call_id,
                    message.tool_name,
                    message.content,
                    message.is_error,
                    tokens - MESSAGE_OVERHEAD,
                    judged,
                )
            )
        case SystemMessage():
            chars = len(message.content)
        case UserMessage() | AssistantMessage():
            for i, block in enumerate(message.content):
                match block:
                    case ToolResultBlock():
                        units.append(
                            _result_unit(
                                i,
                                block.tool_use_id,
                                None,
                                block.content,
                                block.is_error,
                                estimate_block_tokens(block, estimator),
                                judged,
                            )
                        )
                    case ThinkingBlock():
                        units.append(
                            _thinking_unit(i, block, estimate_block_tokens(block, estimator))
                        )
                    case ToolUseBlock():
                        uses.append((block.id, block.name))
                        said.append(repr(block.input))  # cheaper than JSON; only its tokens matter
                    case TextBlock():
                        said.append(block.text)
                        chars += len(block.text)
                        turn_start = True
                    case _:
                        turn_start = True
            turn_start = turn_start and isinstance(message, UserMessage)
    chars += sum(u.chars for u in units)
    # Only the model's replies count as references to earlier results.
    spoken = (
        mentions("\n".join(said), judged) if isinstance(message, AssistantMessage) else frozenset()
    )
    return Entry(
        ref=weakref.ref(message),
        role=message.role,
        tokens=tokens,
        chars=chars,
        turn_start=turn_start,
        units=tuple(units),
        tool_uses=tuple(uses),
        mentions=spoken,
    )


# --- the state: caches, the key-term index and the last view -----------------------------------


class View:
    """The last history a state scanned, position by position (lists are never changed)."""

    __slots__ = ("cumulative", "entries", "refs", "turns", "units")

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.refs: list[weakref.ReferenceType[Message]] = []
        self.turns: list[int] = []
        """The turn of each position: how many turn starts there are up to it."""
        self.cumulative: list[int] = []
        """Estimated tokens of the history up to and including each position."""
        self.units: list[tuple[int, Unit]] = []
        """(position, unit) for every tool result and thinking block, in order."""


class CompactState:
    """What microcompact remembers across runs over one growing history; the caller owns it.

    It holds each result's last-referenced turn (by tool call id, readable as
    :attr:`last_referenced`), the key terms of every result seen before compaction cut them, a
    per-message analysis cache, and the positions of the last history it saw, so a run whose
    history only grew at the end (or shrank at a compacted message) re-reads only what changed.
    Use one state per conversation; a different history needs a fresh state. It holds no strong
    reference to any message, except in :attr:`applied`.
    """

    def __init__(self) -> None:
        self.last_referenced: dict[str, int] = {}
        self._term_results: defaultdict[bytes, list[str]] = defaultdict(list)
        self._common_terms: set[bytes] = set()
        self._indexed: set[str] = set()
        self._tool_names: dict[str, str] = {}
        self._entries: dict[int, Entry] = {}
        self._estimator: str | None = None
        self._view = View()
        self.applied: tuple[tuple[Message, ...], Any] | None = None
        """The last compaction a request carried (a ``CompactReport``) and the history it was
        made from: what the next request repeats while the cycle keeps its prefix stable
        (``CycleConfig.prompt_cache``). Unlike the rest of the state, it holds its messages: the
        next request sends them."""

    def __repr__(self) -> str:
        return (
            f"CompactState(messages_cached={len(self._entries)}, "
            f"results_indexed={len(self._indexed)}, referenced={len(self.last_referenced)})"
        )

    def scan(self, messages: Sequence[Message], estimator: TokenEstimator) -> View:
        """The view of ``messages``: reuse the unchanged head, analyse only unseen messages."""
        counting = estimator_key(estimator)
        if self._estimator != counting:
            self._entries.clear()
            self._view = View()
            self._estimator = counting
        old = self._view
        size = len(messages)
        same = _common_prefix(old.refs, messages)
        if same == len(old.refs) == size:
            return old
        view = View()
        view.entries, view.refs = old.entries[:same], old.refs[:same]
        view.turns, view.cumulative = old.turns[:same], old.cumulative[:same]
        view.units = old.units[: bisect_left(old.units, same, key=_position)]
        turn = view.turns[-1] if same else 0
        total = view.cumulative[-1] if same else 0
        cache = self._entries
        judged = Judged()  # the messages analysed here share most of their tokens
        entries, refs, turns, cumulative = view.entries, view.refs, view.turns, view.cumulative
        units = view.units
        for index in range(same, size):
            message = messages[index]
            entry = cache.get(id(message))
            if entry is None or entry.ref() is not message:
                entry = analyse(message, estimator, judged)
                cache[id(message)] = entry
                turn += entry.turn_start
                self._remember(entry, turn)
            else:
                turn += entry.turn_start
            total += entry.tokens
            entries.append(entry)
            refs.append(entry.ref)
            turns.append(turn)
            cumulative.append(total)
            for unit in entry.units:  # most messages have none: cheaper than a generator
                units.append((index, unit))
        self._view = view
        if len(cache) > 2 * size + 1024:
            for key in [k for k, e in cache.items() if e.ref() is None]:
                del cache[key]
        return view

    def _remember(self, entry: Entry, turn: int) -> None:
        """Index a new message's results by key term; let a reply refresh the results it uses."""
        for call_id, name in entry.tool_uses:
            self._tool_names[call_id] = name
        for unit in entry.units:
            result_id = unit.tool_call_id
            if result_id is None:
                continue
            if unit.tool_name is None:  # the tool use came first, so its name is known
                unit.tool_name = self._tool_names.get(result_id)
            if not unit.terms or result_id in self._indexed:
                continue
            self._indexed.add(result_id)
            term_results = self._term_results
            for term in unit.terms:
                holders = term_results[term]
                holders.append(result_id)
                if len(holders) > COMMON_TERM_RESULTS:
                    self._common_terms.add(term)
        last = self.last_referenced
        for term in entry.mentions - self._common_terms:
            for call_id in self._term_results.get(term, ()):
                if last.get(call_id, -1) < turn:
                    last[call_id] = turn


def _common_prefix(refs: list[weakref.ReferenceType[Message]], messages: Sequence[Message]) -> int:
    """How many leading ``messages`` are the ones ``refs`` point to.

    The loop runs in C (map and compress): a run over an unchanged history of 10,000 messages
    spends about 3% less than with a Python loop. A history that only grew (the common case) is
    told by ``all`` first, a quarter cheaper than finding where it differs.
    """
    if all(map(is_, map(call, refs), messages)):
        return min(len(refs), len(messages))
    return next(compress(count(), map(is_not, map(call, refs), messages)))


def _position(item: tuple[int, Unit]) -> int:
    return item[0]
