"""Per-message analysis for microcompact: what can shrink, content signals and key terms.

A message is analysed once per :class:`~nbagent.llm.compact.CompactState` (messages are frozen);
later runs read the cached :class:`Entry`, so a run over an unchanged history does no text work.
The scans read a bounded head of each text: no regex walks a whole 20 KB payload.
"""

from __future__ import annotations

import re
import weakref
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import compress, count
from operator import call, is_not
from typing import Any

from nbagent.errors import ConfigurationError
from nbagent.llm._compact_structured import is_compacted
from nbagent.llm._compact_types import CompactAction
from nbagent.llm.blocks import (
    ContentBlock,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
    text_of,
)
from nbagent.llm.messages import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResultMessage,
    UserMessage,
)
from nbagent.llm.request import ResultSemantic, ToolDefinition
from nbagent.llm.tokens import TokenEstimator, estimate_message_tokens

SEMANTIC_SCORES: dict[ResultSemantic, float] = {
    ResultSemantic.FACTUAL: 1.0,
    ResultSemantic.ACTION: -1.0,
    ResultSemantic.MIXED: 0.0,
}

_HEAD = 4096
"""Content heuristics look at this many leading characters."""
_TERM_HEAD = 1024
"""Key terms come from this many leading characters of a result."""
_MAX_TERMS = 24
_MENTION_CHARS = 20_000
_STATUS_JSON_MAX = 600
_STATUS_TEXT_MAX = 300
COMMON_TERM_RESULTS = 50
"""A term found in more results than this says nothing about which one a reply used."""

_JSON_ARRAY = re.compile(r"\[\s*(?:[\[{\"\d-]|true|false|null)")
_RECORDS_IN_OBJECT = re.compile(r"\[\s*\{")
_STATUS_JSON = re.compile(
    r'"(?:status|result|state|ok|success|message)"\s*:\s*"?(?:ok|okay|success|succeeded|'
    r"successful|done|created|sent|deleted|updated|saved|accepted|queued|true)\b",
    re.IGNORECASE,
)
_STATUS_TEXT = re.compile(
    r"\b(?:ok|okay|done|success|successful|successfully|sent|created|deleted|updated|saved|"
    r"queued|accepted|scheduled|completed)\b",
    re.IGNORECASE,
)
_ERROR_JSON = re.compile(r'\{\s*"error"\s*:(?!\s*(?:null\b|false\b|""|\{\s*\}|\[\s*\]))')
_ERROR_TEXT = re.compile(
    r"(?:error\b|exception\b|traceback \(most recent call last\)|fatal\b)", re.IGNORECASE
)
_TABLE_DELIMITERS = ("|", "\t", ",")

# Key terms are distinctive tokens only: anything with a digit, underscore, dot, slash, colon or
# hyphen in it (ids, paths, URLs, numbers of three or more characters), camelCase, and capitalised
# words of five letters or more (names, places). Plain lowercase words are left out: they would tie
# every reply to every result. JSON keys are left out too: every result of a tool shares them.
# Tokens come from a bytes.translate fold and split(), several times cheaper than a regex scan.
_TOKEN_BYTES = frozenset(b'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:-#"')
_TOKENS = bytes(b if b in _TOKEN_BYTES or b >= 0x80 else 0x20 for b in range(256))
_LOWER = b"abcdefghijklmnopqrstuvwxyz"
_EDGES = b'"#.:/-'
_COMMON_WORDS = (
    "About After Again Also Although Another Because Before Below Between Calling Could Either "
    "Every First Found Given Hello Here However Large Later Maybe Might Never Other Please "
    "Result Results Since Small Still Summary Thank Thanks There These Those Though Today "
    "Total Under Until Using Where Which While Would Yours Error Warning Notes Title "
    "Description"
)
_COMMON = frozenset(word.encode() for word in _COMMON_WORDS.split())


@dataclass(slots=True, eq=False)
class Unit:
    """One part of a message microcompact may shrink: a tool result or a thinking block."""

    block: int
    """Index in ``message.content``; -1 for the whole content of a tool-result message."""
    thinking: bool
    tool_call_id: str | None
    tool_name: str | None
    chars: int
    is_error: bool
    error_reason: str
    compacted: bool
    content: float
    content_reason: str
    terms: tuple[bytes, ...]
    tokens: int | None = None
    """Estimated tokens of the unit as it is (filled when first needed)."""
    outcomes: dict[CompactAction, tuple[str, int, CompactAction, str]] = field(default_factory=dict)
    """Cache: action -> (new text, its tokens, action actually taken, note)."""
    choice_key: object = None
    choice: Any = None
    """The last decision for this unit and the inputs it came from (see the planner)."""


@dataclass(slots=True, eq=False)
class Entry:
    """The cached analysis of one message instance."""

    ref: weakref.ReferenceType[Message]
    role: str
    tokens: int
    chars: int
    prompt: bool
    """A user message with something besides tool results: it starts a turn."""
    units: tuple[Unit, ...]
    tool_uses: tuple[tuple[str, str], ...]
    mentions: frozenset[bytes]
    results: bool = False
    """Holds at least one tool result."""
    thinking: bool = False
    """Holds at least one thinking block."""
    simple: bool = False
    """A tool-result message: one unit, the whole content (the planner's fast path)."""
    plain: tuple[int, bool, object] | None = None
    """Cache of the record of a message with nothing to decide: (index, thinking flag, record)."""


def content_signal(text: str) -> tuple[float, str, str]:
    """(score, reason, error reason or "") from the shape of a tool result's text."""
    head = text[:_HEAD].lstrip()
    if not head:
        return 0.0, "empty", ""
    if _ERROR_JSON.match(head) or _ERROR_TEXT.match(head):
        return 0.0, "error-like content", "error-like content"
    first = head[0]
    if first == "[":
        if _JSON_ARRAY.match(head) and head.count(",") >= 2:
            return 1.0, "list-like data (JSON array)", ""
        return 0.0, "plain text", ""
    if first == "{":
        if _RECORDS_IN_OBJECT.search(head):
            return 1.0, "list-like data (records in a JSON object)", ""
        if len(text) <= _STATUS_JSON_MAX and _STATUS_JSON.search(head):
            return -1.0, "status confirmation", ""
        return 0.0, "JSON object", ""
    if len(text) <= _STATUS_TEXT_MAX and _STATUS_TEXT.search(head):
        return -1.0, "short acknowledgement", ""
    if _is_table(head):
        return 1.0, "list-like data (table rows)", ""
    return 0.0, "plain text", ""


def _is_table(head: str) -> bool:
    """At least five lines sharing one delimiter count (CSV, TSV, markdown tables)."""
    if head.count("\n") < 5:
        return False
    lines = [line for line in head.split("\n", 24)[:24] if line.strip()]
    if len(lines) < 5:
        return False
    for delimiter in _TABLE_DELIMITERS:
        counts = [line.count(delimiter) for line in lines]
        common = max(set(counts), key=counts.count)
        if common > 0 and counts.count(common) >= 0.8 * len(counts):
            return True
    return False


def _tokens(text: str, limit: int) -> dict[bytes, None]:
    # `":` ends a JSON key: mark it with `#` and split there, so keys can be told apart.
    folded = text[:limit].encode("utf-8", "ignore").replace(b'":', b'"# ').translate(_TOKENS)
    return dict.fromkeys(folded.split())


def _distinctive(token: bytes) -> bytes | None:
    if token.endswith(b'"#'):
        return None  # a JSON key
    term = token.strip(_EDGES)
    if len(term) < 3:
        return None
    rest = term.translate(None, _LOWER)
    if not rest or (rest.isalpha() and (len(term) < 5 or term in _COMMON)):
        return None  # a plain lowercase word, or a short or common capitalised one
    return term


def key_terms(text: str) -> tuple[bytes, ...]:
    """Up to 24 distinctive terms of ``text``'s head, in first-seen order."""
    terms: dict[bytes, None] = {}
    lower, edges, common = _LOWER, _EDGES, _COMMON
    for token in _tokens(text, _TERM_HEAD):  # _distinctive, inlined: this loop is the hot one
        if token.endswith(b'"#'):
            continue
        term = token.strip(edges)
        if len(term) < 3:
            continue
        rest = term.translate(None, lower)
        if not rest or (rest.isalpha() and (len(term) < 5 or term in common)):
            continue
        terms[term] = None
        if len(terms) == _MAX_TERMS:
            break
    return tuple(terms)


def mentions(text: str) -> frozenset[bytes]:
    """The distinctive terms an assistant reply uses (compared with results' key terms)."""
    if not text:
        return frozenset()
    found = map(_distinctive, _tokens(text, _MENTION_CHARS))
    return frozenset(term for term in found if term is not None)


def _result_unit(
    block: int, tool_call_id: str, tool_name: str | None, content: list[ContentBlock], error: bool
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
        is_error=error or bool(error_reason),
        error_reason="error result (is_error)" if error else error_reason,
        compacted=compacted,
        content=score,
        content_reason=reason,
        terms=() if compacted else key_terms(text),
    )


def _thinking_unit(block: int, thinking: ThinkingBlock) -> Unit:
    return Unit(
        block=block,
        thinking=True,
        tool_call_id=None,
        tool_name=None,
        chars=len(thinking.text),
        is_error=False,
        error_reason="",
        compacted=is_compacted(thinking.text),
        content=0.0,
        content_reason="thinking",
        terms=(),
    )


def analyse(message: Message, tokens: int) -> Entry:
    """Analyse ``message`` (whose estimate is ``tokens``) into a cacheable :class:`Entry`."""
    units: list[Unit] = []
    uses: list[tuple[str, str]] = []
    said: list[str] = []
    prompt = False
    chars = 0
    match message:
        case ToolResultMessage():
            units.append(
                _result_unit(
                    -1, message.tool_call_id, message.tool_name, message.content, message.is_error
                )
            )
        case SystemMessage():
            chars = len(message.content)
        case UserMessage() | AssistantMessage():
            for i, block in enumerate(message.content):
                match block:
                    case ToolResultBlock():
                        units.append(
                            _result_unit(i, block.tool_use_id, None, block.content, block.is_error)
                        )
                    case ThinkingBlock():
                        units.append(_thinking_unit(i, block))
                    case ToolUseBlock():
                        uses.append((block.id, block.name))
                        said.append(repr(block.input))  # cheaper than JSON; only its tokens matter
                    case TextBlock():
                        said.append(block.text)
                        chars += len(block.text)
                        prompt = True
                    case _:
                        prompt = True
            prompt = prompt and isinstance(message, UserMessage)
    chars += sum(u.chars for u in units)
    # Only the model's replies count as references to earlier results.
    spoken = mentions("\n".join(said)) if isinstance(message, AssistantMessage) else frozenset()
    return Entry(
        ref=weakref.ref(message),
        role=message.role,
        tokens=tokens,
        chars=chars,
        prompt=prompt,
        units=tuple(units),
        tool_uses=tuple(uses),
        mentions=spoken,
        results=any(not u.thinking for u in units),
        thinking=any(u.thinking for u in units),
        simple=isinstance(message, ToolResultMessage),
    )


class _View:
    """The last history a state scanned, position by position (lists are never changed)."""

    __slots__ = ("candidates", "cumulative", "entries", "refs", "turns")

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.refs: list[weakref.ReferenceType[Message]] = []
        self.turns: list[int] = []
        self.cumulative: list[int] = []
        """Estimated tokens of the history up to and including each position."""
        self.candidates: list[int] = []
        """Positions of messages holding tool results or thinking."""


class CompactState:
    """What microcompact remembers across runs over one growing history; the caller owns it.

    It holds each result's last-referenced turn (by tool call id, readable as
    :attr:`last_referenced`), the key terms of every result seen before compaction cut them, a
    per-message analysis cache, and the positions of the last history it saw, so a run whose
    history only grew at the end (or shrank at a compacted message) re-reads only what changed.
    Use one state per conversation; a different history needs a fresh state. It holds no strong
    reference to any message.
    """

    def __init__(self) -> None:
        self.last_referenced: dict[str, int] = {}
        self._term_results: dict[bytes, list[str]] = {}
        self._common_terms: set[bytes] = set()
        self._indexed: set[str] = set()
        self._tool_names: dict[str, str] = {}
        self._entries: dict[int, Entry] = {}
        self._estimator: str | None = None
        self._view = _View()

    def __repr__(self) -> str:
        return (
            f"CompactState(messages_cached={len(self._entries)}, "
            f"results_indexed={len(self._indexed)}, referenced={len(self.last_referenced)})"
        )

    def _scan(self, messages: Sequence[Message], estimator: TokenEstimator) -> _View:
        """The view of ``messages``: reuse the unchanged head, analyse only unseen messages."""
        if self._estimator != estimator.name:
            self._entries.clear()
            self._view = _View()
            self._estimator = estimator.name
        old = self._view
        size = len(messages)
        # The first position whose message is not the one seen there last time (C-level loop).
        same = next(compress(count(), map(is_not, map(call, old.refs), messages)), None)
        same = min(len(old.refs), size) if same is None else same
        if same == len(old.refs) == size:
            return old
        view = _View()
        view.entries, view.refs = old.entries[:same], old.refs[:same]
        view.turns, view.cumulative = old.turns[:same], old.cumulative[:same]
        view.candidates = old.candidates[: bisect_left(old.candidates, same)]
        turn = view.turns[-1] if same else 0
        total = view.cumulative[-1] if same else 0
        cache = self._entries
        for index in range(same, size):
            message = messages[index]
            entry = cache.get(id(message))
            if entry is None or entry.ref() is not message:
                entry = analyse(message, estimate_message_tokens(message, estimator))
                cache[id(message)] = entry
                turn += entry.prompt
                self._remember(entry, turn)
            else:
                turn += entry.prompt
            total += entry.tokens
            view.entries.append(entry)
            view.refs.append(entry.ref)
            view.turns.append(turn)
            view.cumulative.append(total)
            if entry.units:
                view.candidates.append(index)
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
            for term in unit.terms:
                holders = self._term_results.setdefault(term, [])
                holders.append(result_id)
                if len(holders) > COMMON_TERM_RESULTS:
                    self._common_terms.add(term)
        last = self.last_referenced
        for term in entry.mentions - self._common_terms:
            for call_id in self._term_results.get(term, ()):
                if last.get(call_id, -1) < turn:
                    last[call_id] = turn


def semantic_map(
    tools: Sequence[ToolDefinition] | Mapping[str, ResultSemantic] | None,
) -> dict[str, float]:
    if tools is None:
        return {}
    if isinstance(tools, Mapping):
        try:
            return {name: SEMANTIC_SCORES[ResultSemantic(s)] for name, s in tools.items()}
        except ValueError as e:
            raise ConfigurationError(
                f"tool semantics must be one of {[s.value for s in ResultSemantic]}: {e}"
            ) from e
    return {tool.name: SEMANTIC_SCORES[tool.result_semantic] for tool in tools}
