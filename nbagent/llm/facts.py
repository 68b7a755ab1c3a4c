"""Hard facts a user expects an assistant to keep, found deterministically in any text.

::

    facts = extract_text_facts("My booking is QX7Y2B, flight CA1234 at 07:45 on 3月14日")
    [(f.kind, f.text) for f in facts]
    # [('code', 'QX7Y2B'), ('flight', 'CA1234'), ('time', '07:45'), ('date', '3月14日')]

Kinds: identifiers and codes (booking references, order and ticket ids, passport-like numbers),
flight and train numbers, dates, times, amounts with a currency, numbers with a unit, e-mail
addresses, URLs, file paths, commands in backticks, and names the user gives ("my name is …",
"我叫…", "my colleague X"). English and Chinese; full-width digits count as digits. Latin tokens
are delimited by what is not a Latin letter or digit (not ``\\b``, which sees no boundary between a
Chinese character and a Latin one: "预订号HB-6F02D6" states ``HB-6F02D6``).

:func:`normalize` is how a fact is looked for in a text (a summary, a request): case, whitespace,
thousands separators, currency signs, codes and words and full-width forms do not matter, so
"€1,250" is found in "1250 EUR" and "¥4,500" in "4,500 yuan"; :func:`found_in` does not find a
number inside a longer one ("£200" is not in "2000"). One regular-expression pass per kind, so
extraction is cheap enough for every turn (the benchmarks say how cheap).

This is the model layer's half (microcompact keeps the facts of the results it cuts); the fact
book that follows a session's history lives in :mod:`nbagent.agent.facts`.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from nbagent.llm.blocks import TextBlock, ToolResultBlock, text_of
from nbagent.llm.memo import TextMemo
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    SystemMessage,
    ToolResultMessage,
    UserMessage,
)


class FactKind(StrEnum):
    CODE = "code"
    FLIGHT = "flight"
    DATE = "date"
    TIME = "time"
    AMOUNT = "amount"
    QUANTITY = "quantity"
    EMAIL = "email"
    URL = "url"
    PATH = "path"
    COMMAND = "command"
    NAME = "name"
    PINNED = "pinned"
    TOOL_FIELD = "tool_field"


IDENTIFIER_KINDS = frozenset(
    {
        FactKind.CODE,
        FactKind.FLIGHT,
        FactKind.EMAIL,
        FactKind.URL,
        FactKind.PATH,
        FactKind.COMMAND,
        FactKind.NAME,
        FactKind.PINNED,
        FactKind.TOOL_FIELD,
    }
)
"""Kinds that name one thing (a booking, a person, a file): kept first when room is short."""


@dataclass(frozen=True)
class Fact:
    """One fact: its text as stated, its kind, and where it was stated."""

    text: str
    kind: FactKind
    turn: int | None = None
    """The turn whose messages stated it (``None``: before the first turn, or unknown)."""
    message_index: int | None = None
    """The stored index of the message that stated it."""
    role: str = "user"
    key: str = field(init=False, compare=False)
    """:func:`normalize` of the text: what is looked for."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", normalize(self.text))


_CURRENCY_CODES = "usd|eur|gbp|jpy|cny|rmb|hkd|chf"
_CURRENCY_WORDS = (
    f"{_CURRENCY_CODES}|cad|aud|sgd|krw|inr|thb|"
    "dollars?|euros?|pounds?|yen|yuan|元|人民币|美元|欧元|日元|英镑|块|港币"
)
_CURRENCY_SIGNS = "$€£¥￥₩₹"
_NUMBER = r"\d{1,3}(?:[,\u2009 ]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_UNITS = (
    r"km|kms|kg|kgs|g|mg|m|cm|mm|mi|miles?|ft|lbs?|gb|mb|kb|tb|ms|sec|secs|seconds?|min|mins|"
    r"minutes?|h|hrs?|hours?|days?|nights?|weeks?|months?|years?|people|persons?|guests?|adults?|"
    r"children|kids|rooms?|seats?|bags?|°c|°f|%|公里|千米|米|公斤|千克|克|晚|天|周|小时|分钟|秒|"
    r"人|位|间|张|个|件|岁"
)
_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_A = r"(?<![A-Za-z0-9])"
"""Where a Latin token starts: ``\\b`` sees none after a Chinese character (both are ``\\w``)."""
_Z = r"(?![A-Za-z0-9])"
_FLIGHT = r"(?:[A-Z]{2}\d{2,4}|(?:[A-Z]{2}|[A-Z]\d|\d[A-Z]) ?\d{3,4})"
_Pattern = tuple[FactKind, re.Pattern[str], str]


def _branch(
    kind: FactKind, first: str, pattern: str, flags: int = 0, *, needs: str = ""
) -> _Pattern:
    """``pattern``, led by a lookahead of the characters it can start with: the engine then
    skips to those, where a leading lookbehind alone makes it try every position (4-5x
    slower on a JSON listing). A text without ``needs`` is not scanned at all."""
    return kind, re.compile(f"(?=[{first}]){pattern}", flags), needs


_I = re.IGNORECASE
_DIGIT = "<a digit>"
"""``needs`` of a pattern whose every match holds a digit: a text without one skips it."""
_HAS_DIGIT = re.compile(r"\d")
_PATTERNS: tuple[_Pattern, ...] = (
    # In priority order: a later match inside an earlier one is not a fact of its own.
    _branch(
        FactKind.EMAIL,
        "A-Za-z0-9._%+-",
        r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+",
        needs="@",
    ),
    _branch(
        FactKind.URL, "h", r"https?://[^\s<>\"'`)\]]+[^\s<>\"'`)\].,;:!?。，；：！？]", needs="://"
    ),
    _branch(FactKind.COMMAND, "`", r"`(?<!``)([^`\n]{2,200})`(?!`)", needs="`"),
    _branch(
        FactKind.PATH, "~./", r"(?<![A-Za-z0-9_/:.])(?:~|\.{1,2})?(?:/[\w.@-]+){2,}/?", needs="/"
    ),
    _branch(
        FactKind.PATH,
        "A-Za-z",
        r"(?<![A-Za-z0-9])[A-Za-z]:\\(?:[\w .-]+\\)*[\w .-]+",
        needs=":\\",
    ),
    _branch(
        FactKind.DATE,
        "0-9",
        r"(?<!\d)(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}/\d{2,4}|\d{4}/\d{1,2}/\d{1,2}|"
        r"(?:\d{4}年)?\d{1,2}月\d{1,2}[日号]|"
        rf"\d{{1,2}}(?:st|nd|rd|th)? (?:of )?(?:{_MONTHS}){_Z}(?:,? \d{{4}})?)",
        _I,
        needs=_DIGIT,
    ),
    _branch(
        FactKind.DATE,
        "JFMASONDjfmasond",
        rf"{_A}(?:{_MONTHS})\.? \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?{_Z}",
        _I,
        needs=_DIGIT,
    ),
    _branch(
        FactKind.TIME,
        "0-9",
        rf"(?<![\d:])\d{{1,2}}(?::\d{{2}}(?:\s?[aApP]\.?[mM]{_Z})?|\s?[aApP]\.?[mM]{_Z})",
        needs=_DIGIT,
    ),
    _branch(
        FactKind.TIME,
        "上下晚早凌中0-9",
        r"(?:上午|下午|晚上|早上|凌晨|中午)?\d{1,2}[点時时](?:\d{1,2}分|半)?",
        needs=_DIGIT,
    ),
    _branch(
        FactKind.AMOUNT, _CURRENCY_SIGNS, rf"[{_CURRENCY_SIGNS}]\s?(?:{_NUMBER})", needs=_DIGIT
    ),
    _branch(
        FactKind.AMOUNT,
        "uUeEgGjJcCrRhH",
        rf"(?<![A-Za-z])(?:{_CURRENCY_CODES})\s?(?:{_NUMBER})",
        _I,
        needs=_DIGIT,
    ),
    _branch(
        FactKind.AMOUNT,
        "0-9",
        rf"(?<![\d.,])(?:{_NUMBER})\s?(?:{_CURRENCY_WORDS})(?![a-z])",
        _I,
        needs=_DIGIT,
    ),
    _branch(FactKind.FLIGHT, "A-Z0-9", rf"{_A}{_FLIGHT}{_Z}", needs=_DIGIT),
    # A train by its word ("train G83", "G83次"): a bare "G83" is too common to be one.
    _branch(FactKind.FLIGHT, "A-Z", rf"(?<=[Tt]rain )[A-Z]\d{{1,4}}{_Z}", needs="rain "),
    _branch(FactKind.FLIGHT, "GDCZTK", rf"{_A}[GDCZTK]\d{{1,4}}(?=次)", needs="次"),
    _branch(FactKind.CODE, "A-Z", rf"{_A}[A-Z]{{2,6}}-[A-Z0-9]{{2,}}(?:-[A-Z0-9]+)*{_Z}"),
    _branch(
        FactKind.CODE,
        "A-Za-z",
        r"(?<![A-Za-z0-9_-])[A-Za-z]{1,8}-\d{4,}(?![A-Za-z0-9_-])",
        needs=_DIGIT,
    ),
    _branch(
        FactKind.CODE,
        "A-Z0-9",
        rf"{_A}(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{{5,12}}{_Z}",
        needs=_DIGIT,
    ),
    _branch(FactKind.CODE, "#", r"#\d{4,}(?!\d)", needs="#"),
    _branch(FactKind.CODE, "0-9", r"(?<![\d.])\d{6,}(?![\d.])", needs=_DIGIT),
    _branch(
        FactKind.QUANTITY,
        "0-9",
        rf"(?<![A-Za-z0-9_.])(?:{_NUMBER})\s?(?:{_UNITS})(?![a-z])",
        _I,
        needs=_DIGIT,
    ),
)

_NAME_PATTERNS = (
    re.compile(
        r"\b(?i:my name is|i am called|call me|my (?:colleague|friend|wife|husband|partner|son|"
        r"daughter|boss|manager|mother|father|brother|sister)(?: is)?)\s+"
        r"([A-Z][\w'-]+(?: [A-Z][\w'-]+){0,2})"
    ),
    re.compile(
        r"(?:我叫|我的名字是|我姓|我的(?:同事|朋友|妻子|丈夫|太太|老公|儿子|女儿|老板|经理)(?:是|叫)?)"
        r"([\u4e00-\u9fff]{1,4}|[A-Z][\w'-]+)"
    ),
)

_NAME_CUES = (("my ", "call me", "am called"), ("我",))
"""Words without which a name pattern cannot match (a cheap test before the scan)."""
_FLIGHT_WORDS = re.compile(rf"^{_FLIGHT}$")
_SIGNS = re.compile(rf"[{_CURRENCY_SIGNS}]")
_CODES = re.compile(rf"(?<![a-z])(?:{_CURRENCY_CODES})(?![a-z])")
_WORDS_AFTER_NUMBER = re.compile(rf"(?<=\d)\s?(?:{_CURRENCY_WORDS})(?![a-z])")
_THOUSANDS = re.compile(r"(?<=\d)[,\u2009 ](?=\d{3}(?!\d))")
_DIGIT_GAP = re.compile(r"(?<=\d)\s+(?=\d)")
_SPACE = re.compile(r"\s+")
NUMBER_GAP = "\x00"
"""What stays of the space between two numbers, so "CA1234 07:45" does not read as one."""


_NORMALIZED: TextMemo[str] = TextMemo(4_000_000)


def normalize(text: str) -> str:
    """The form a fact is compared in: NFKC (full-width digits and letters become ASCII),
    case-folded, without whitespace, thousands separators, currency signs and codes, and
    without a currency word that follows a number ("120 pounds", "1,986元"); where only
    whitespace separated two numbers, :data:`NUMBER_GAP` stays."""
    found = _NORMALIZED.get(text)
    if found is None:
        found = _NORMALIZED.put(text, _normalize(text), 2 * len(text) + 64)
    return found


def _normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    # What is taken out leaves a space, so two numbers it stood between stay two numbers.
    text = _CODES.sub(" ", _SIGNS.sub(" ", text))
    text = _THOUSANDS.sub("", _WORDS_AFTER_NUMBER.sub(" ", text))
    return _SPACE.sub("", _DIGIT_GAP.sub(NUMBER_GAP, text))


def found_in(key: str, haystack: str) -> bool:
    """Whether the normalised fact ``key`` occurs in the normalised ``haystack``, not as part of
    a longer number: "200" is not found in "2000" nor "07:45" in "107:45"."""
    if not key:
        return False
    at = haystack.find(key)
    if at < 0 or not (key[0].isdigit() or key[-1].isdigit()):
        return at >= 0
    end = len(key)
    while at >= 0:
        before = at > 0 and key[0].isdigit() and haystack[at - 1].isdigit()
        after = at + end < len(haystack) and key[-1].isdigit() and haystack[at + end].isdigit()
        if not (before or after):
            return True
        at = haystack.find(key, at + 1)
    return False


def extract_text_facts(
    text: str,
    *,
    turn: int | None = None,
    index: int | None = None,
    role: str = "user",
) -> list[Fact]:
    """The facts of one text, in order of appearance, each once. A short text (a fact's own, as
    a ledger lists it) is remembered (:func:`keyed_facts`), a long one scanned anew."""
    if len(text) > _SHORT_TEXT:
        return [Fact(value, kind, turn, index, role) for value, kind, _ in _extract(text)]
    return [Fact(value, kind, turn, index, role) for value, kind, _ in keyed_facts(text)]


def keyed_facts(text: str) -> tuple[tuple[str, FactKind, str], ...]:
    """``(text, kind, key)`` of each fact of ``text`` as :func:`extract_text_facts` finds them
    (remembered), without making the facts: the fact book makes one only for a new key."""
    found = _EXTRACTED.get(text)
    if found is None:
        found = _EXTRACTED.put(text, _extract(text), len(text) + 64)
    return found


_SHORT_TEXT = 64
_EXTRACTED: TextMemo[tuple[tuple[str, FactKind, str], ...]] = TextMemo(4_000_000)


def _extract(text: str) -> tuple[tuple[str, FactKind, str], ...]:
    """``(value, kind, key)`` of each fact of ``text``, as :func:`extract_text_facts` makes
    them (``key`` is the fact's own: :func:`normalize` of the value)."""
    text = unicodedata.normalize("NFKC", text)
    starts: list[int] = []  # the spans taken, sorted and disjoint
    ends: list[int] = []
    first: dict[str, tuple[int, FactKind]] = {}  # a value repeated in a listing is one fact
    digits = _HAS_DIGIT.search(text) is not None
    for kind, pattern, needs in _PATTERNS:
        if needs and (not digits if needs == _DIGIT else needs not in text):
            continue
        group = 1 if kind is FactKind.COMMAND else 0
        for match in pattern.finditer(text):
            start, end = match.span(group)
            at = bisect_right(starts, start)
            if (at and ends[at - 1] > start) or (at < len(starts) and starts[at] < end):
                continue  # inside a fact already found (a URL's path, an e-mail's domain)
            value = match.group(group).strip()
            if not value:
                continue
            starts.insert(at, start)
            ends.insert(at, end)
            if value not in first or start < first[value][0]:
                first[value] = (start, kind)
    lower = text.lower()
    for pattern, cues in zip(_NAME_PATTERNS, _NAME_CUES, strict=True):
        if not any(cue in lower for cue in cues):
            continue
        for match in pattern.finditer(text):
            value, start = match.group(1), match.start(1)
            if value not in first or start < first[value][0]:
                first[value] = (start, FactKind.NAME)
    unique: dict[str, tuple[str, FactKind, str]] = {}
    for value, (_, kind) in sorted(first.items(), key=lambda item: item[1][0]):
        if kind is FactKind.CODE and _FLIGHT_WORDS.match(value):
            kind = FactKind.FLIGHT
        key = normalize(value)
        if key:
            unique.setdefault(key, (value, kind, key))
    return tuple(unique.values())


def message_text(message: AnyMessage) -> str:
    """The text a message states: text blocks, and tool results' text."""
    match message:
        case SystemMessage():
            return message.content
        case ToolResultMessage():
            return text_of(message.content)
        case UserMessage() | AssistantMessage():
            parts = []
            for block in message.content:
                if isinstance(block, TextBlock):
                    parts.append(block.text)
                elif isinstance(block, ToolResultBlock):
                    parts.append(text_of(block.content))
            return "\n".join(parts)


def extract_facts(
    message: AnyMessage,
    *,
    turn: int | None = None,
    index: int | None = None,
) -> list[Fact]:
    """The facts a message states (user, assistant and tool-result messages)."""
    role = "tool" if isinstance(message, ToolResultMessage) else message.role
    return extract_text_facts(message_text(message), turn=turn, index=index, role=role)


def facts_of(
    messages: Sequence[AnyMessage], turns: Sequence[int | None] | None = None
) -> list[Fact]:
    """Every distinct fact of ``messages`` (the first statement of each), oldest first.

    ``turns`` gives each message's turn (as the notebook layer's ``message_turns`` does).
    System messages (summaries, prompts) state nothing new and are skipped.
    """
    seen: dict[str, Fact] = {}
    for index, message in enumerate(messages):
        if isinstance(message, SystemMessage):
            continue
        turn = turns[index] if turns is not None else None
        for fact in extract_facts(message, turn=turn, index=index):
            seen.setdefault(fact.key, fact)
    return list(seen.values())


def visible_facts(facts: Iterable[Fact], texts: Iterable[str]) -> set[str]:
    """The keys of ``facts`` found (normalised, see :func:`found_in`) in any of ``texts``."""
    haystack = "\x00".join(normalize(t) for t in texts)
    return {f.key for f in facts if found_in(f.key, haystack)}


def facts_note(text: str, kept: str = "", *, limit: int = 240, separator: str = " · ") -> str:
    """The facts of ``text`` that ``kept`` (what stays of it) does not state, joined within
    ``limit`` characters, identifiers first and otherwise in order ("" when none).

    What microcompact writes beside a result it cuts, so a booking code outlives its result."""
    found = extract_text_facts(text)
    if not found:
        return ""
    have = normalize(kept)
    lacking = [f for f in found if not found_in(f.key, have)]
    lacking.sort(key=lambda f: f.kind not in IDENTIFIER_KINDS)  # stable: order kept within
    parts: list[str] = []
    used = 0
    for fact in lacking:
        cost = len(fact.text) + (len(separator) if parts else 0)
        if used + cost > limit:
            continue
        parts.append(fact.text)
        used += cost
    return separator.join(parts)


__all__ = [
    "IDENTIFIER_KINDS",
    "NUMBER_GAP",
    "Fact",
    "FactKind",
    "extract_facts",
    "extract_text_facts",
    "facts_note",
    "facts_of",
    "found_in",
    "keyed_facts",
    "message_text",
    "normalize",
    "visible_facts",
]
