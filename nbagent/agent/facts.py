"""Hard facts a user expects an assistant to keep, found deterministically in any message.

::

    facts = extract_facts(Message.user("My booking is QX7Y2B, flight CA1234 at 07:45 on 3月14日"))
    [(f.kind, f.text) for f in facts]
    # [('code', 'QX7Y2B'), ('flight', 'CA1234'), ('time', '07:45'), ('date', '3月14日')]

Kinds: identifiers and codes (booking references, order and ticket ids, passport-like numbers),
flight numbers, dates, times, amounts with a currency, numbers with a unit, e-mail addresses,
URLs, file paths, commands in backticks, and names the user gives ("my name is …", "我叫…",
"my colleague X"). English and Chinese; full-width digits count as digits.

:func:`normalize` is how a fact is looked for in a text (a summary, a request): case, whitespace,
thousands separators, currency signs and codes and full-width forms do not matter, so "€1,250"
is found in "1250 EUR". One regular-expression pass per kind, so extraction is cheap enough for
every turn (the benchmark says how cheap).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from nbagent.llm.blocks import TextBlock, ToolResultBlock, text_of
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


_CURRENCY_WORDS = (
    "usd|eur|gbp|jpy|cny|rmb|hkd|chf|cad|aud|sgd|krw|inr|thb|"
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

_PATTERNS: tuple[tuple[FactKind, re.Pattern[str]], ...] = (
    (FactKind.EMAIL, re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")),
    (FactKind.URL, re.compile(r"https?://[^\s<>\"'`)\]]+[^\s<>\"'`)\].,;:!?。，；：！？]")),
    (FactKind.COMMAND, re.compile(r"(?<!`)`([^`\n]{2,200})`(?!`)")),
    (
        FactKind.PATH,
        re.compile(
            r"(?<![\w/:.])(?:~|\.{1,2})?(?:/[\w.@-]+){2,}/?|[A-Za-z]:\\(?:[\w .-]+\\)*[\w .-]+"
        ),
    ),
    (
        FactKind.DATE,
        re.compile(
            r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}/\d{2,4}|\d{4}/\d{1,2}/\d{1,2}|"
            r"(?:\d{4}年)?\d{1,2}月\d{1,2}[日号]|"
            rf"\b(?:{_MONTHS})\.? \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?\b|"
            rf"\b\d{{1,2}}(?:st|nd|rd|th)? (?:of )?(?:{_MONTHS})\b(?:,? \d{{4}})?",
            re.IGNORECASE,
        ),
    ),
    (
        FactKind.TIME,
        re.compile(
            r"\b\d{1,2}:\d{2}(?:\s?[ap]\.?m\b)?|\b\d{1,2}\s?[ap]\.?m\b|"
            r"(?:上午|下午|晚上|早上|凌晨|中午)?\d{1,2}[点時时](?:\d{1,2}分|半)?",
            re.IGNORECASE,
        ),
    ),
    (
        FactKind.AMOUNT,
        re.compile(
            rf"[{_CURRENCY_SIGNS}]\s?(?:{_NUMBER})|"
            rf"\b(?:usd|eur|gbp|jpy|cny|rmb|hkd|chf)\s?(?:{_NUMBER})|"
            rf"(?:{_NUMBER})\s?(?:{_CURRENCY_WORDS})(?![a-z])",
            re.IGNORECASE,
        ),
    ),
    (FactKind.FLIGHT, re.compile(r"\b(?:[A-Z]{2}|[A-Z]\d|\d[A-Z]) ?\d{3,4}\b")),
    (
        FactKind.CODE,
        re.compile(
            r"\b[A-Z]{2,6}-[A-Z0-9]{2,}(?:-[A-Z0-9]+)*\b|"
            r"\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,12}\b|"
            r"#\d{4,}\b|\b\d{6,}\b"
        ),
    ),
    (
        FactKind.QUANTITY,
        re.compile(rf"(?<![\w.])(?:{_NUMBER})\s?(?:{_UNITS})(?![a-z])", re.IGNORECASE),
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

_FLIGHT_WORDS = re.compile(r"^(?:[A-Z]{2}|[A-Z]\d|\d[A-Z]) ?\d{3,4}$")


def normalize(text: str) -> str:
    """The form a fact is compared in: NFKC (full-width digits and letters become ASCII),
    case-folded, without whitespace, thousands separators, currency signs and codes."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = re.sub(rf"[{_CURRENCY_SIGNS}]|\b(?:usd|eur|gbp|jpy|cny|rmb|hkd|chf)\b", "", text)
    text = re.sub(r"(?<=\d)[,\u2009 ](?=\d{3}\b)", "", text)
    return re.sub(r"\s+", "", text)


def extract_text_facts(
    text: str, *, turn: int | None = None, index: int | None = None, role: str = "user"
) -> list[Fact]:
    """The facts of one text, in order of appearance, each once."""
    text = unicodedata.normalize("NFKC", text)
    found: list[tuple[int, Fact]] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            group = 1 if kind is FactKind.COMMAND else 0
            start, end = match.span(group)
            value = match.group(group).strip()
            if not value or any(s < end and start < e for s, e in taken):
                continue  # inside a fact already found (a URL's path, an e-mail's domain)
            if kind is FactKind.CODE and _FLIGHT_WORDS.match(value):
                kind_here = FactKind.FLIGHT
            else:
                kind_here = kind
            taken.append((start, end))
            found.append((start, Fact(value, kind_here, turn, index, role)))
    for pattern in _NAME_PATTERNS:
        for match in pattern.finditer(text):
            found.append((match.start(1), Fact(match.group(1), FactKind.NAME, turn, index, role)))
    unique: dict[str, Fact] = {}
    for _, fact in sorted(found, key=lambda item: item[0]):
        unique.setdefault(fact.key, fact)
    return list(unique.values())


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
    message: AnyMessage, *, turn: int | None = None, index: int | None = None
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
    """The keys of ``facts`` found (normalised) in any of ``texts``."""
    haystack = "\x00".join(normalize(t) for t in texts)
    return {f.key for f in facts if f.key and f.key in haystack}


class FactBook:
    """The facts of one slot's stored history, each found once: a turn extracts only from the
    messages it added. Knows every message that states a fact, so whether the model still sees
    it is a lookup in the view's runs, not a scan of the view.

    ``action_tools`` names the tools whose results count (booking confirmations and the like);
    other tool results (search listings) are context, not facts the user expects kept.
    """

    def __init__(self) -> None:
        self.pinned: list[Fact] = []
        self._reset()

    def _reset(self) -> None:
        self._first: dict[str, Fact] = {}
        self._statements: dict[str, list[int]] = {}
        self._seen = 0
        self._turn: int | None = None

    def update(
        self, messages: Sequence[AnyMessage], action_tools: frozenset[str] = frozenset()
    ) -> None:
        if len(messages) < self._seen:  # a different history: start again
            self._reset()
        for index in range(self._seen, len(messages)):
            message = messages[index]
            if isinstance(message, UserMessage) and any(
                not isinstance(b, ToolResultBlock) for b in message.content
            ):
                self._turn = 0 if self._turn is None else self._turn + 1
            if isinstance(message, SystemMessage):
                continue
            if isinstance(message, ToolResultMessage) and message.tool_name not in action_tools:
                continue
            for fact in extract_facts(message, turn=self._turn, index=index):
                self._first.setdefault(fact.key, fact)
                self._statements.setdefault(fact.key, []).append(index)
        self._seen = len(messages)

    def pin(self, text: str) -> Fact:
        fact = Fact(text, FactKind.PINNED, self._turn, None, "user")
        if fact.key not in {f.key for f in self.pinned}:
            self.pinned.append(fact)
        return fact

    def facts(self, upto: int | None = None) -> list[Fact]:
        """Pinned facts, then every fact first stated before stored index ``upto``."""
        stated = [f for f in self._first.values() if upto is None or (f.message_index or 0) < upto]
        return [*self.pinned, *stated]

    def statements(self, key: str) -> list[int]:
        """The stored indices of the messages stating the fact ``key``, oldest first."""
        return self._statements.get(key, [])


__all__ = [
    "Fact",
    "FactBook",
    "FactKind",
    "extract_facts",
    "extract_text_facts",
    "facts_of",
    "message_text",
    "normalize",
    "visible_facts",
]
