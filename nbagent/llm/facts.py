"""Hard facts a user expects an assistant to keep, found deterministically in any text.

::

    facts = extract_text_facts("My booking is QX7Y2B, flight CA1234 at 07:45 on 3月14日")
    [(f.kind, f.text) for f in facts]
    # [('code', 'QX7Y2B'), ('flight', 'CA1234'), ('time', '07:45'), ('date', '3月14日')]

Kinds: identifiers and codes (booking references, order and ticket ids, passport-like numbers;
identifiers of parts, whole: "gke-euw1-prod-3-pool-b-3f1c9e2a-k7tq", "K7QF-2M9D", "51077-L",
"renderD128", "418/2026", "93-4817265"; an image and its tag, "postgres:15.6"), flight and
train numbers, dates, times, amounts with a currency, numbers with a unit, e-mail addresses,
URLs, file paths, commands in backticks, and names the user gives ("my name is …",
"我叫…", "my colleague X"). English and Chinese; full-width digits count as digits. Phones,
street addresses and names after a label in some thirty languages ("tel. 06 12 34 56 78",
"Vesterbrogade 41, 1620 København V", "owner: Nguyễn Văn An"), as
:mod:`nbagent.llm._fact_contacts` writes them. Latin tokens are delimited by what is not a
Latin letter or digit (not ``\\b``, which sees no boundary between a Chinese character and a
Latin one: "预订号HB-6F02D6" states ``HB-6F02D6``).

:func:`normalize` (from :mod:`nbagent.llm.fact_keys`) is how a fact is looked for in a text (a
summary, a request): "€1,250" is found in "1250 EUR"; :func:`found_in` does not find a number
inside a longer one ("£200" is not in "2000"). One regular-expression pass per kind, each gated
on what a text must hold for it to find anything, so extraction is cheap enough for every turn
(the benchmarks say how cheap).

This is the model layer's half (microcompact keeps the facts of the results it cuts); the fact
book that follows a session's history lives in :mod:`nbagent.agent.facts`.
"""

from __future__ import annotations

import bisect
import itertools
import re
import string
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from nbagent.llm._fact_contacts import (
    ADDRESS_GATES,
    ADDRESS_NAME_FIRST,
    ADDRESS_NUMBER_FIRST,
    ADDRESS_STREET_FIRST,
    NAME_AFTER_COLON,
    NAME_AFTER_LABEL,
    NAME_GATES,
    NAME_LABEL_FIRSTS,
    NAME_WORD,
    PHONE_CUED,
    PHONE_FIRSTS,
    PHONE_GATES,
    STREET_FIRSTS,
    UPPER,
)
from nbagent.llm._fact_gates import (
    CYRILLIC,
    DIGIT,
    Gate,
    LazyRegex,
    Looks,
    Words,
    any_word,
    make_gate,
    open_passes,
    opens,
)
from nbagent.llm._fact_words import (
    ANY_MONTH_TRIE,
    ARTICLE_TRIE,
    CALENDAR,
    CODE_TRIE,
    CURRENCY_AFTER_WORDS,
    CURRENCY_TRIE,
    EU_MONTH_TRIE,
    EU_MONTH_WORDS,
    FILE_EXTENSIONS,
    GERMAN_NOUN_ENDINGS,
    MONTH_TRIE,
    MONTH_WORDS,
    NAMES_TOO,
    NOT_EVENTS,
    NOT_NAMES,
    NOT_PERSONS,
    NOT_STREETS,
    RU_MONTH_TRIE,
    SEAT_TRIE,
    SEAT_WORDS,
    STREET_WORDS,
    TOOL_NAMES,
    UNIT_TRIE,
    UNITS,
    URI_SCHEMES,
    WEEKDAY_TRIE,
    WEEKDAY_WORDS,
)
from nbagent.llm._word_tries import trie
from nbagent.llm.fact_keys import (
    CURRENCY_CODES,
    CURRENCY_SIGNS,
    NUMBER_GAP,
    found_in,
    normalize,
)
from nbagent.llm.memo import TextMemo
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    SystemMessage,
    TextBlock,
    ToolResultBlock,
    ToolResultMessage,
    UserMessage,
    text_of,
)


class FactKind(StrEnum):
    CODE = "code"
    """A booking reference, an order or ticket id, a commit, an error or exit code."""
    FLIGHT = "flight"
    DATE = "date"
    TIME = "time"
    AMOUNT = "amount"
    QUANTITY = "quantity"
    NUMBER = "number"
    """A count or a result without a unit: "47,998,112" rows, an AUC of "0.91"."""
    VERSION = "version"
    """A release: "v3.2.1", "python 3.11", "pandas==2.2.1"."""
    EMAIL = "email"
    URL = "url"
    """A web address, or any URI ("s3://bucket/key", "postgres://host/db")."""
    PATH = "path"
    COMMAND = "command"
    IDENTIFIER = "identifier"
    """A column, table or setting name: `events_daily`, "fct_orders", "random_state=1337"."""
    PHONE = "phone"
    ADDRESS = "address"
    SEAT = "seat"
    """A seat, room or cabin number: "22C", "seat 14A", "Zimmer 412"."""
    EVENT = "event"
    """A conference, fair or season by its name and year: "VLDB 2027", "PyCon US 2026"."""
    NAME = "name"
    PINNED = "pinned"
    CONSTRAINT = "constraint"
    """A sentence of the user's that states a rule, limit, preference or decision, kept in
    their own words (:mod:`nbagent.llm.statements`)."""
    SAID = "said"
    """Any other sentence in which the user tells something (not a question or a bare "ok"),
    kept whole: what it states may be of no kind the extractor knows."""
    TOOL_FIELD = "tool_field"


IDENTIFIER_KINDS = frozenset(
    {
        FactKind.CODE,
        FactKind.FLIGHT,
        FactKind.EMAIL,
        FactKind.URL,
        FactKind.PATH,
        FactKind.COMMAND,
        FactKind.VERSION,
        FactKind.IDENTIFIER,
        FactKind.PHONE,
        FactKind.ADDRESS,
        FactKind.SEAT,
        FactKind.EVENT,
        FactKind.NAME,
        FactKind.PINNED,
        FactKind.TOOL_FIELD,
    }
)
"""Kinds that name one thing (a booking, a person, a file): kept first when room is short."""

LISTING_FACTS = 12
"""A text stating more distinct facts than this is a listing (a search's hits, a CSV, a log):
its bulk values are context until the conversation names one again, so 2,000 SKUs neither crowd
out what the user said nor fill a note beside a cut (see :func:`distinctive`)."""

RARE_IN_LISTING = 3
"""A kind of fact a listing states at most this many times stands out of it (the one exit code
of a log, the path it wrote, the row count of a query's output): those values count."""


def distinctive(
    found: Sequence[tuple[str, FactKind, str]],
) -> tuple[tuple[str, FactKind, str], ...]:
    """The facts of ``found`` (one text's :func:`keyed_facts`) that are not its bulk: all of a
    text that is no listing, else those of the kinds it states at most
    :data:`RARE_IN_LISTING` times."""
    if len(found) <= LISTING_FACTS:
        return tuple(found)
    counts: dict[FactKind, int] = {}
    for _, kind, _ in found:
        counts[kind] = counts.get(kind, 0) + 1
    return tuple(f for f in found if counts[f[1]] <= RARE_IN_LISTING)


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


_NUMBER = r"\d{1,3}(?:[,\u2009 ]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_INDIAN_NUMBER = r"\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?(?![\d,])"
"""Lakh and crore grouping after a sign ("₹1,96,880.00", "₹12,50,000")."""
_EU_NUMBER = r"\d{1,3}(?:\.\d{3})+,\d{2}(?!\d)|\d{1,3}(?:\.\d{3}){2,}(?![\d.])|\d+,\d{2}(?![\d,])"
"""German and French money: "1.234,50", "47.998.112", "12,50" (only where the comma or the
second dot says so: "1.234" stays the decimal the English read)."""
_RUN = r"(?P<run>[0-9](?<!\d[0-9])(?<!\d[.,\u2009 ][0-9])\d*+(?:[.,\u2009 ]\d++)*+)"
"""A whole run of digit groups (joined by dots, commas or spaces), taken possessively from its
start (see :func:`_tail_start`). Led by its first digit, matched, then looked back from (no
digit group before it): the engine skips to a digit and drops one inside a run at once,
where a lookahead and two lookbehinds before the run took 1.5x as long over a listing."""
_A = r"(?<![A-Za-z0-9])"
"""Where a Latin token starts: ``\\b`` sees none after a Chinese character (both are ``\\w``)."""
_Z = r"(?![A-Za-z0-9])"
_FLIGHT = r"(?:[A-Z]{2}\d{2,4}|(?:[A-Z]{2}|[A-Z]\d|\d[A-Z]) ?\d{3,4})"


_NAME_WORD = r"[A-Z][a-z]+(?:-[A-Za-z][a-z]+)?"
_TITLES = r"(?:Herr|Frau|Mr|Mrs|Ms|Mx|Dr|Prof|Sir|Dame|Mme|Mlle|Sra?|Srta|Dott)\.?"


class _Pattern(NamedTuple):
    """One regular-expression pass of the extractor, and how its matches become facts."""

    kind: FactKind
    regex: LazyRegex
    needs: str | Words
    """A text without this (lower-cased; or without any of these) is not scanned: checking
    for a word costs next to nothing, a pass does not. :data:`DIGIT` and the other flags
    name a character class instead."""
    group: int | str
    """The group that is the fact (0: the whole match)."""
    lead: re.Pattern[str] | None
    """Set for a number-then-unit pass: which character before a number's first digit stops it
    from being one (see :func:`_tail_start`)."""
    accept: Callable[[str], bool] | None
    """A last word on the value, for what a regular expression says badly (a list of words)."""
    gates: tuple[Gate, ...]
    """The pass runs only where one of these holds (none given: wherever ``needs`` holds)."""
    lean: tuple[tuple[str, ...], LazyRegex] | None = None
    """The pattern without the alternatives that need one of some characters, for a text
    without any of them: it finds the same, without trying them at every digit."""
    sparse: tuple[int, LazyRegex] | None = None
    """``(k, pattern)``: where the pass's gate ``k`` does not open (so the forms it stands for
    find nothing), ``pattern`` finds what the other forms find, led by a character rarer than
    their first (a date's "-" or "/", not each of a listing's numbers): each match's one
    named group is a fact, a match inside the one before it none (see :func:`_sparse`)."""
    back: str = ""
    """Set for a pass led by a separator inside its fact ("-" of "K7QF-2M9D"): the characters
    of the fact's first part, read back from the separator (a lookbehind can read no run of
    them, and a pass led by the part's first character tries every character of a text)."""

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where the pass finds facts in ``text``, in order (before other passes' facts
        are taken into account)."""
        accept = self.accept
        found = self.candidates(text)
        return found if accept is None else [(s, e) for s, e in found if accept(text[s:e])]

    def candidates(self, text: str) -> list[tuple[int, int]]:
        """:meth:`spans` before :attr:`accept` has its say (the extractor asks it only of a
        span no earlier fact covers)."""
        # One search first: most passes find nothing in a sentence, and a search of it costs
        # half of what making an iterator over it does. The matches after the first are those
        # of one iteration from where it ends.
        regex = self.regex
        lean = self.lean
        if lean is not None and not any(char in text for char in lean[0]):
            regex = lean[1]
        first = regex.search(text)
        if first is None:
            return []
        group, lead = self.group, self.lead
        if self.back:
            return _backed(self.back, itertools.chain((first,), regex.finditer(text, first.end())))
        if lead is None:
            found = [first.span(group)]
            found += [match.span(group) for match in regex.finditer(text, first.end())]
            return found
        found = []
        for match in itertools.chain((first,), regex.finditer(text, first.end())):
            start = _tail_start(text, match.start("run"), match.end("run"), lead)
            if start is not None:
                found.append((start, match.end(group)))
        return found


def _branch(
    kind: FactKind,
    first: str,
    pattern: str,
    flags: int = 0,
    *,
    needs: str | tuple[str, ...] = "",
    group: int | str = 0,
    lead: str = "",
    accept: Callable[[str], bool] | None = None,
    gates: tuple[Gate, ...] = (),
    lean: tuple[str, str] | None = None,
    led: bool = False,
    sparse: tuple[int, str] | None = None,
    back: str = "",
) -> _Pattern:
    """``pattern``, led by a lookahead of the characters it can start with: the engine then
    skips to those, where a leading lookbehind alone makes it try every position (4-5x
    slower on a JSON listing). A text without ``needs``, or that none of ``gates`` lets in,
    is not scanned at all.

    ``led``: ``pattern`` starts with one of those characters, matched (a lookbehind, if any,
    after it: "[A-Z](?<![\\w-][A-Z])"), so the engine reads the text a character class at a
    time, a third of what a lookahead costs at each character. ``lean``: the characters
    without which some alternatives cannot match, and the pattern without them."""
    regex = LazyRegex(pattern if led else f"(?=[{first}]){pattern}", flags)
    compiled = re.compile(lead) if lead else None
    wanted = any_word(needs) if isinstance(needs, tuple) else needs
    leaner = None
    if lean is not None:
        leaner = (tuple(lean[0]), LazyRegex(lean[1], flags))
    sparser = None if sparse is None else (sparse[0], LazyRegex(sparse[1], flags))
    return _Pattern(kind, regex, wanted, group, compiled, accept, gates, leaner, sparser, back)


def _backed(back: str, matches: Iterable[re.Match[str]]) -> list[tuple[int, int]]:
    """The spans of a :attr:`_Pattern.back` pass's facts: each match from its separator on,
    with the run of ``back`` characters before it, where that run starts a token."""
    found: list[tuple[int, int]] = []
    for match in matches:
        at = match.start()
        text = match.string
        start = at
        while start and text[start - 1] in back:
            start -= 1
        if start == at or (start and not _starts_token(text, start)):
            continue
        found.append((start, match.end()))
    return found


_JOINS = "_./@+-"
"""Characters that join a token to the one before it: a part after them starts no fact."""


def _starts_token(text: str, start: int) -> bool:
    """Whether a Latin token starts at ``start``: after no Latin letter or digit (a Chinese
    character is no Latin one: "订单号K7QF-2M9D") and no joining character, or after a label's
    colon ("ID:K7QF-2M9D", "订单号：…"), not a clock's ("10:30-…")."""
    before = text[start - 1]
    if before == ":":
        return start < 2 or not text[start - 2].isdigit()
    return not (before.isascii() and before.isalnum()) and before not in _JOINS


def _sparse(regex: LazyRegex, text: str) -> list[tuple[int, int]]:
    """The facts of a pass's :attr:`_Pattern.sparse` pattern in ``text``: its matches start
    at a separator, their facts before it (a lookbehind's lookahead reads them), so the
    search does not skip past a fact as a pass's does; a fact starting inside the one before
    is dropped, as the pass never tries it."""
    found: list[tuple[int, int]] = []
    end = 0
    for match in regex.finditer(text):
        start, stop = match.span(match.lastgroup or 0)
        if start >= end:
            found.append((start, stop))
            end = stop
    return found


def _tail_start(text: str, start: int, end: int, lead: re.Pattern[str]) -> int | None:
    """Where the number that a unit follows starts, in the run of digit groups ``text[start:
    end]``: the first group, of the run's last one and the thousands groups before it, that
    ``lead`` lets start a number. ``None``: none can.

    The pattern used to try every group of a run as a start and re-read the run from each (so
    10 KB of "123 456 …" took seconds); read once, a run gives the same facts: only a number
    that reaches the end of its run can have a unit after it.

    What it says depends on the run and the character before it (``lead`` is one character
    class), so a listing's runs, repeated thousands of times, are read once each."""
    run = text[start:end]
    # (After a comma, what follows the run says whether it was a decimal one.)
    cjk = "," in run and _CJK_AFTER.match(text, end) is not None
    key = (lead.pattern, run, text[start - 1] if start else "", cjk)
    found = _TAILS.get(key, -1)
    if found == -1:
        if len(_TAILS) >= _TAILS_KEPT:
            _TAILS.clear()
        found = _TAILS[key] = _tail_in(text, start, end, run, lead, cjk)
    return None if found is None else start + found


_CJK_AFTER = re.compile(r"\s?[\u3000-\u9fff\uac00-\ud7af]")
_DECIMAL_WHOLE = re.compile(r"\d+|\d{1,3}(?:\.\d{3})+")
_INDIAN_RUN = re.compile(r"\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?")
_TAILS: dict[tuple[str, str, str, bool], int | None] = {}
_TAILS_KEPT = 4096


def _tail_in(
    text: str, start: int, end: int, run: str, lead: re.Pattern[str], cjk: bool
) -> int | None:
    """:func:`_tail_start`, less ``start``."""
    # Its groups: what commas and spaces part (a dot stays in its group).
    groups = run.replace(",", " ").replace("\u2009", " ").split(" ")
    if groups[-1].count(".") > 1:
        return None
    offsets = list(itertools.accumulate((len(g) + 1 for g in groups[:-1]), initial=0))
    found = _groups_tail(text, start, run, groups, offsets, lead, cjk)
    # Lakh and crore grouping ("1,96,880 INR", "12,50,000 rupees"): no Western number has
    # two-digit groups, so from the first group that starts one to the run's end is one number
    # (the earlier of it and what the groups say, as a search finds the leftmost).
    if "," in run and _INDIAN_RUN.search(run):
        for at in offsets[: len(groups) if found is None else bisect.bisect_left(offsets, found)]:
            if _INDIAN_RUN.fullmatch(run, at) and (
                start + at == 0 or not lead.match(text, start + at - 1)
            ):
                return at
    return found


def _groups_tail(
    text: str,
    start: int,
    run: str,
    groups: list[str],
    offsets: list[int],
    lead: re.Pattern[str],
    cjk: bool,
) -> int | None:
    """:func:`_tail_in` by the run's ``groups`` (starting at ``offsets``)."""
    last = len(groups) - 1
    first = last
    # A decimal comma ("26,3 %", "9 120,40 zł"): one or two digits right after a comma are the
    # fraction of the group before ("1, 2 km" is a list: a space follows its comma), unless
    # a Chinese or Japanese unit follows: there the comma was a full-width one, a list's
    # ("18:00，3位", read as NFKC makes it). The whole part is plain digits or dotted thousands
    # ("1.200,50 zł") after no comma and no colon: "10,12,14 cm", "1.2,3 %" and "18:00,3 people"
    # are lists, their last item the number.
    tail = groups[last]
    decimal = (
        last > 0
        and len(tail) <= 2
        and tail.isdigit()
        and run[offsets[last] - 1] == ","
        and not cjk
        and _DECIMAL_WHOLE.fullmatch(groups[last - 1]) is not None
        and (run[offsets[last - 1] - 1] if last > 1 else text[start - 1] if start else "")
        not in (",", ":")
    )
    if decimal:
        first = last - 1
    while first > 0:
        here = groups[first]
        whole = here.split(".", 1)[0] if first == last else here
        before = groups[first - 1]
        if len(whole) != 3 or not whole.isdigit() or len(before) > 3 or not before.isdigit():
            break
        if decimal and run[offsets[first] - 1] == ",":
            break  # (a number with a decimal comma has no comma thousands: "1,234 100,0")
        first -= 1
    for k in range(first, last + 1):
        at = start + offsets[k]
        if at == 0 or not lead.match(text, at - 1):
            return at - start
    return None


def _is_name(value: str) -> bool:
    return not any(word in NOT_NAMES for word in value.split())


def _is_labelled_name(value: str) -> bool:
    """A person's name after a label: no word a team's or a German noun ("Öffnungszeiten")."""
    return not any(
        (word in NOT_NAMES and word not in NAMES_TOO)
        or word in NOT_PERSONS
        or word.endswith(GERMAN_NOUN_ENDINGS)
        for word in value.split()
    )


def _is_event(value: str) -> bool:
    words = value.split()[:-1]
    if words[0] in NOT_EVENTS or any(word in CALENDAR for word in words):
        return False
    return len(words) > 1 or len(words[0]) > 2


_WORD_PART = re.compile(r"[a-z]{2,}")
_PROSE_WORD = re.compile(r"[a-z]{4,}")
_RANGE_WITH_UNIT = re.compile(r"\d+-\d+[a-z]{1,3}")
_DECADE = re.compile(r"\d{2}s")


def _is_joined_code(value: str) -> bool:
    """An identifier of parts, not a compound of prose: "K7QF-2M9D", "51077-L" and
    "gpt-4o-mini", "msg-7e8fd0", not "24-hour", "3-day-old", "covid-19", "iso-8859-1",
    "2-in-1" (words and numbers only), "mp3-player", "3D-printed", "4K-display", "mid-90s" (a
    spec and a word) or "5-10mm" (a range); nor a date's "2026-03-15" (no letter)."""
    if not any(c.isdigit() for c in value) or not any(c.isalpha() for c in value):
        return False
    if len(value) < 6 or _RANGE_WITH_UNIT.fullmatch(value):
        return False
    parts = value.split("-")
    if all(p.isdigit() or _WORD_PART.fullmatch(p) or (len(p) == 1 and p.islower()) for p in parts):
        return False
    if len(parts) == 2 and any(_PROSE_WORD.fullmatch(p) or _DECADE.fullmatch(p) for p in parts):
        return False  # ("msg-7e8fd0", a short prefix and an id, is one)
    return sum(c.isdigit() for c in value) >= 2 or len(value) >= 10


def _is_slashed_number(value: str) -> bool:
    """A file, parcel or account number ("1833/12", "418/2026", "2400915371/2010"), not a
    ratio or a resolution ("120/80", "1024/768", "1920/1080")."""
    first, second = value.split("/")
    year = len(second) == 4 and second.startswith(("19", "20"))
    return (year and len(first) >= 3) or (len(second) <= 2 and len(first) >= 4) or len(first) >= 5


def _is_address(value: str) -> bool:
    """A street's address, not a tool's or a sentence's words before a number ("Via Zoom 3")."""
    return not any(word.strip(",.") in NOT_STREETS for word in value.split())


_PHONE_GROUPS = re.compile(r"\d+")
_YEAR = re.compile(r"(?:19|20)\d\d")


def _is_cued_phone(value: str) -> bool:
    """A phone number after its cue: 7 to 15 digits, not years ("2024-2025") nor a clock's
    range ("10.30-12.00": dots and a dash)."""
    groups = _PHONE_GROUPS.findall(value)
    if not 7 <= sum(len(g) for g in groups) <= 15:
        return False
    if all(_YEAR.fullmatch(g) for g in groups):
        return False
    return not ("." in value and "-" in value)


_GERMAN_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3}){2,}")
_VERSIONED = re.compile(r"(.*?)( |==|>=|~=|@|-)(v?)(\d+(?:\.(\d+))*)")


def _is_version(value: str) -> bool:
    """A name and a version: pinned ("==") or dashed ("fs-2025.06"), or spaced from the name of
    a tool ("python 3.11") or with a "v" or three parts ("featurekit v3.4.1"); not "AUC 0.91"."""
    match = _VERSIONED.fullmatch(value)
    if match is None:
        return False
    name, sep, v, number, _ = match.groups()
    dots = number.count(".")
    if _GERMAN_THOUSANDS.fullmatch(number):
        return False  # "hat 47.998.112 Zeilen" counts rows
    if sep == "-":
        return dots > 0
    if sep == " ":
        return name.lower() in TOOL_NAMES or dots > 1 or (bool(v) and dots > 0)
    return True


_FILE = re.compile(rf"[^/]*\.(?:{FILE_EXTENSIONS})/?", re.IGNORECASE)


def _is_path(value: str) -> bool:
    """A relative path: a file's (an extension ends it), a folder's (a trailing slash), or
    three parts and more; not "and/or", "km/h", "TCP/IP"."""
    if value.startswith(("./", "../", "~/")) or value.endswith("/"):
        return True
    return value.count("/") >= 2 or _FILE.fullmatch(value.rsplit("/", 1)[1]) is not None


_I = re.IGNORECASE
_RESULT_CUES = "(?:{})".format(
    "|".join(
        f"(?<={cue}[0-9])"  # (looked back at from after the number's first digit)
        for cue in (
            *("=", "= ", ":", ": "),
            *(f"(?i:{word}) " for word in ("auc", "f1", "r2", "rmse", "mae", "mse", "loss")),
            *(f"(?i:{word}) " for word in ("score", "accuracy", "precision", "recall", "lift")),
        )
    )
)
"""Words after which a decimal is a measured result (after the number's first digit)."""


def _starts(words: str) -> str:
    """A lookahead of the first characters of ``words`` (an alternation, or words spaced):
    after each of thousands of numbers, the engine tries a word only where one can start
    (a unit's first letter), not the whole list of words (3x faster over a JSON listing)."""
    firsts = sorted({word[0] for word in re.split(r"[|\s]+", words) if word})
    return "(?=[{}])".format("".join(re.escape(c) for c in firsts))


_UNIT_SHAPES = tuple(
    f"0{gap}{first}"
    for gap in ("", " ")
    # A unit's first letter as the shape shows it: an ASCII one as "a" or "A", any other as
    # written, in both its cases ("24 месяца", "3 Μήνες").
    for first in sorted(
        {"a", "A", "%"}
        | {c for w in UNITS.split("|") if not w[0].isascii() for c in (w[0], w[0].upper())}
    )
)


def _tool_probe() -> str:
    """A digit after a tool's name and a space (or " v"), the name looked back at by its
    length (a look back has one): led by the digit, the search passes a text's words."""
    by_length: dict[int, list[str]] = {}
    for name in sorted(TOOL_NAMES):
        by_length.setdefault(len(name), []).append(name)
    behind = "|".join(
        f"(?<={trie('|'.join(names), _I)}{gap}\\d)"
        for names in by_length.values()
        for gap in (" ", " v")
    )
    return rf"(?i:\d(?<=[ v]\d)(?:{behind}))"


_AFTER_A_WORD = ("a ", "A ", "a,", "A,", "İ ", "İ,", "ı ", "ı,")
_VERSION_GATES = (
    # Pinned ("==3.2", "@v1"), dashed ("fs-2025.06"), spaced ("featurekit v3.4.1", "spark 3"):
    # what :func:`_is_version` accepts.
    make_gate(("==0", ">=0", "~=0", "==a0", ">=a0", "~=a0", "@0", "@a0")),
    make_gate(("-0", "-a0"), "0.0", probe=r"-v?\d+\.\d"),  # a dash: a dot in the number
    make_gate(
        (" 0", " a0"),
        "0.0",
        # Two dots, or v and one; in the shape, after a name's last character and a space.
        shape_probe=r" (?<=[aA0_+] )a?0+\.0",
        probe=(r"\.\d+\.\d", r" v\d+\.\d"),
    ),
    make_gate((" 0", " a0"), words=" ".join(sorted(TOOL_NAMES)), probe=_tool_probe()),
)
_FLIGHT_SHAPE = (
    # A flight's image in the shape, led by its first character ("A", or "0A": a literal pair
    # is found fast where a listing's digits are everywhere): the shape of "LH 400" is
    # "AA 000", and nothing before it or after it may be a letter or a digit.
    r"A(?<![aA0]A)(?:A0{2,4}|[A0] ?0{3,4})(?![aA0])",
    r"0A(?<![aA0]0A) ?0{3,4}(?![aA0])",
)
_SEAT_NAMED = (
    rf"(?=[sSzZrRcChHkKaAмМнНкК])(?<![\w])(?i:{SEAT_TRIE})\.? ?"
    r"(?:no\. ?|nr\. ?|# ?|n° ?)?[A-Z]?\d{1,5}(?:-\d{1,5})?[A-Z]?(?![\w]|[.,:/-]\d)"
)
"""A seat or room by its word: "seat 14A", "Zimmer 412", "room no. 5"."""
_SEAT_CJK = ("座位", "房", "号室", "호실")
"""The seat words of the forms without a Latin word (their numbers may stand before them)."""
_PHONE_PROBE = (
    # Of each form, what a search finds fast (led by "+", "(", "-" or "/"): "+49 30 1",
    # "(555)", "-123-4567" or "-12-3456", "030/ 12" (no form is led by a digit alone).
    r"\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){2}",
    r"\(\d{3}\)",
    r"-\d{2,4}-\d{4}",
    r"/(?<=\d{3}/) ?\d{2}",
)
_AM_PM_PROBE = tuple(
    rf"{m}(?:(?<=\d[aApP]{m})|(?<=\d[aApP]\.{m})|(?<=\d\s[aApP]{m})|(?<=\d\s[aApP]\.{m}))"
    r"(?![A-Za-z0-9])"
    for m in "mM"
)
_YEAR_PROBE = r" (?<=[A-Za-z] )(?:19|20)\d\d(?![\w]|[.,:/-]\d)"
_UNIT_PROBE = (
    # A number's first digit, after no character of ``lead``; its run; its unit.
    rf"\d(?<![A-Za-z0-9_.]\d)[\d.,\u2009 ]*+\s?(?i:{UNIT_TRIE})(?i:(?![a-z]))"
)
_UNIT_WORD_PROBE = (
    # In a word: a unit right after a digit ("12km"), or a word that is a unit ("12 km").
    rf"\d{_starts(UNITS)}(?i:{UNIT_TRIE})(?i:(?![a-z]))",  # (a lower-cased first letter)
    rf"\n(?i:{UNIT_TRIE})(?i:(?![a-z]))",
)
_MONEY_AFTER = rf"\s?{_starts(CURRENCY_AFTER_WORDS)}(?:{CURRENCY_TRIE})(?![a-z])"
_UNIT_AFTER = (
    # A unit ends where no letter of its alphabet follows ("12 m" is no unit of "12 månader",
    # nor "3 m" of Vietnamese "3 mẫu"; "4 m×5 m" is two: × and ÷ are no letters); a Chinese one
    # is followed by more Chinese ("3位的桌子").
    rf"\s?{_starts(UNITS)}(?:{UNIT_TRIE})"
    r"(?![a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0370-\u03ff\u0400-\u04ff\u1e00-\u1fff])"
)
_AMOUNT_RUN = _branch(
    FactKind.AMOUNT,
    "0-9",
    rf"{_RUN}{_MONEY_AFTER}",
    _I,
    needs=DIGIT,
    led=True,
    gates=(make_gate("0", words=CURRENCY_AFTER_WORDS, probe=rf"(?i:\d\s?(?:{CURRENCY_TRIE}))"),),
    lead=r"[\d.,]",
)
_QUANTITY_RUN = _branch(
    FactKind.QUANTITY,
    "0-9",
    rf"{_RUN}{_UNIT_AFTER}",
    _I,
    needs=DIGIT,
    led=True,
    gates=(make_gate(_UNIT_SHAPES, word_probe=_UNIT_WORD_PROBE, probe=_UNIT_PROBE),),
    lead=r"[A-Za-z0-9_.]",
)
_ISO_TIME = r"(?:T\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?"
"""An ISO 8601 date's time of day ("2025-06-03T14:12", "…T14:12:55Z", "…T09:30+02:00"): one
moment, one fact, as a log or an API writes it."""
_SEPARATED_DATES = "|".join(
    (
        # (A run's first digit is an ASCII one, as the pass asks; those after it any digit.)
        r"-(?<=(?<!\d)(?=(?P<iso>[0-9]\d{3}-\d{1,2}-\d{1,2}" + _ISO_TIME + r"))[0-9]\d{3}-)",
        r"/(?:(?<=(?<!\d)(?=(?P<dmy1>[0-9]/\d{1,2}/\d{2,4}))[0-9]/)",
        r"(?<=(?<!\d)(?=(?P<dmy2>[0-9]\d/\d{1,2}/\d{2,4}))[0-9]\d/)",
        r"(?<=(?<!\d)(?=(?P<ymd>[0-9]\d{3}/\d{1,2}/\d{1,2}))[0-9]\d{3}/))",
        r"年(?<=(?<!\d)(?=(?P<cjk>[0-9]\d{3}年\d{1,2}月\d{1,2}[日号]))[0-9]\d{3}年)",
        r"月(?:(?<=(?<!\d)(?=(?P<md1>[0-9]月\d{1,2}[日号]))[0-9]月)",
        r"(?<=(?<!\d)(?=(?P<md2>[0-9]\d月\d{1,2}[日号]))[0-9]\d月))",
    )
)
"""The numeric date pass's forms but the month's, by their first separator: "2026-01-05" by
its "-" after four digits, "5/1/26" and "2026/1/5" by the "/" after one, two or four,
"2026年3月14日" by its "年" and "3月14日" by its "月" (the digits of a run, no more)."""
_AM_PM = rf"\s?[aApP]\.?[mM]{_Z}"
_CLOCKS = (
    rf":(?:(?<=(?<![\d:])(?=(?P<h>[0-9]:\d{{2}}(?:{_AM_PM})?))[0-9]:)"
    rf"|(?<=(?<![\d:])(?=(?P<hh>[0-9]\d:\d{{2}}(?:{_AM_PM})?))[0-9]\d:))"
)
"""The clock pass's "07:45" by its ":", the one or two digits before it looked back at."""
_RUN_PAIR = re.compile(
    # A currency after the run (and maybe a unit too: "5 m" is both), or only a unit.
    rf"{_RUN}"
    rf"(?:(?=(?P<money>{_MONEY_AFTER}))(?=(?P<unit>{_UNIT_AFTER}))?|(?=(?P<only_unit>{_UNIT_AFTER})))",
    _I,
)
"""The runs of both: each run read once, with what follows it (see :func:`_run_pair`)."""
_PATTERNS: tuple[_Pattern, ...] = (
    # In priority order: a later match inside an earlier one is not a fact of its own.
    _branch(
        FactKind.URL,
        "a-z",
        rf"(?<![A-Za-z0-9+.-])(?:{URI_SCHEMES})://[^\s<>\"'`)\]]+[^\s<>\"'`)\].,;:!?。，；：！？]",
        needs="://",
    ),  # before e-mail: "postgres://user:secret@db.internal/prod" is one URI
    _branch(
        FactKind.EMAIL,
        "A-Za-z0-9._%+-",
        # Only where a run of its characters starts: from every position of a long run (a
        # base64 blob), the local part was re-read to the run's end.
        r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]++@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+",
        needs="@",
    ),
    _branch(
        FactKind.URL,
        "h",
        r"https?://[^\s<>\"'`)\]]+[^\s<>\"'`)\].,;:!?。，；：！？]",
        needs="://",
        led=True,
    ),
    _branch(FactKind.COMMAND, "`", r"`(?<!``)([^`\n]{2,200})`(?!`)", needs="`", group=1, led=True),
    _branch(
        FactKind.PATH,
        "~./",
        r"(?<![A-Za-z0-9_/:.])(?:~|\.{1,2})?(?:/[\w.@-]+){2,}/?",
        needs="/",
        gates=(make_gate(probe=r"/[\w.@-]+/[\w.@-]"),),  # two parts
    ),
    _branch(
        FactKind.PATH,
        "A-Za-z",
        r"(?<![A-Za-z0-9])[A-Za-z]:\\(?:[\w .-]+\\)*[\w .-]+",
        needs=":\\",
    ),
    _branch(
        FactKind.PATH,
        r"\w.~",
        # A dot inside a part, not the full stop after the path.
        r"(?<![\w/:.@~$-])(?:(?:\.{1,2}|~)(?:/[\w@-]++(?:\.[\w@-]++)*+)++|"
        r"[\w@-]++(?:\.[\w@-]++)*+(?:/[\w@-]++(?:\.[\w@-]++)*+)++)/?(?![\w/])",
        needs="/",
        accept=_is_path,
        # What :func:`_is_path` asks: "./" or "~/" first; or, after a part that no word
        # character, dot, slash or colon comes before (in the shape), a slash after a part
        # (two slashes or one at the end), or a file's extension after the last one.
        gates=(
            make_gate(probe=(r"\./", r"~/")),
            make_gate(
                shape_word_probe=(r"(?:^|[^aA0_/:.@~$\-])[aA0_@\-\x80-\xff][aA0_@.\-\x80-\xff]*/"),
                probe=(r"/[\w@.-]+/", rf"/[\w@.-]*\.(?i:{FILE_EXTENSIONS})"),
            ),
        ),
    ),
    _branch(
        FactKind.PATH,
        r"\w",
        rf"(?<![\w/:.@~$-])[\w-][\w.-]*?\.(?=[A-Za-z])(?:{FILE_EXTENSIONS})(?![\w/.-])",
        _I,
        needs=".",
        gates=(make_gate((".a", ".A")),),
    ),
    _branch(
        FactKind.PHONE,
        r"+(0-9",
        r"(?<![A-Za-z0-9+(/.-])(?:\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){2,5}(?<=\d)|"
        r"\(\d{3}\) ?\d{3}[ .-]\d{4}|\d{3}-\d{3}-\d{4}|0\d{1,4}-\d{2,4}-\d{4}|"
        r"0\d{2,5}/ ?\d{2,8}(?: \d{2,4}){0,3}|8 ?\(\d{3}\) ?\d{3}-\d{2}-\d{2})"
        r"(?![A-Za-z0-9/-]|\.\d)",
        needs=DIGIT,
        accept=lambda value: 7 <= sum(c.isdigit() for c in value) <= 15,
        gates=(make_gate(("+0", "(000)", "0-00", "0/"), probe=_PHONE_PROBE),),
    ),
    _branch(
        FactKind.ADDRESS,
        r"0-9",
        # "221B Baker Street", "12 rue de la Paix"
        r"(?<![\w-])(?:\d{1,5}[A-Za-z]? (?:[A-Z][a-z]+ ){1,3}(?:Street|St\.|Road|Rd\.|Avenue|"
        r"Ave\.|Boulevard|Blvd\.|Lane|Drive|Court|Place|Square|Terrace|Crescent|Way)(?![\w])|"
        r"\d{1,4}(?: bis| ter)?,? (?:rue|avenue|boulevard|place|allée|impasse|quai|chemin|route)"
        r" (?:de la |de l'|du |des |de |d')?[A-ZÉÈ][\w'-]+(?: [A-Z][\w'-]+)*"
        r"(?:, \d{5} [A-Z][a-zéèà]+)?)",
        needs=DIGIT,
        gates=(make_gate(" ", words=" ".join(STREET_WORDS)),),  # a space in each form
    ),
    _branch(
        FactKind.ADDRESS,
        "0-9",
        ADDRESS_NUMBER_FIRST,  # "12 phố Hàng Bạc"
        needs=DIGIT,
        led=True,
        gates=ADDRESS_GATES["number"],
    ),
    _branch(
        FactKind.ADDRESS,
        UPPER,  # a name's first letter
        ADDRESS_NAME_FIRST,
        needs=DIGIT,
        accept=_is_address,
        gates=ADDRESS_GATES["after"],
    ),
    _branch(
        FactKind.ADDRESS,
        STREET_FIRSTS,
        ADDRESS_STREET_FIRST,
        needs=DIGIT,
        accept=_is_address,
        gates=ADDRESS_GATES["first"],
    ),
    _branch(
        FactKind.ADDRESS,
        "\u4e00-\u9fff",
        r"[\u4e00-\u9fff]{1,8}(?:路|街|大道)\d{1,5}号",
        needs=("路", "街", "大道"),
    ),
    _branch(
        FactKind.IDENTIFIER,
        "A-Za-z",
        # Snake case names a column, a table, a setting: "user_id", "fct_orders", "seed=7".
        # (A name's run of letters and digits is taken whole: only an underscore follows it.)
        r"(?<![\w.$@/-])(?:(?:[a-z]\w*+\.)?[a-z][a-z0-9]*+(?:_[a-z0-9]++)++"
        r"|[A-Z][A-Z0-9]*+(?:_[A-Z0-9]++)++)(?:=[\w-]+(?:\.[\w-]+)*)?(?![\w-])"
        # Not a key of JSON or YAML: a tool result's field names are not what it states.
        r"(?!\"?\s*:)",
        needs="_",
        gates=(make_gate(("a_a", "a_0", "0_a", "0_0", "A_A", "A_0", "0_A")),),
    ),
    _branch(
        FactKind.DATE,
        "MTWFSDLJVmtwfsdljv",
        # A weekday with its day or its hour: "Thursday the 12th", "Dienstag 8:15", "mardi 14".
        rf"{_A}(?:{WEEKDAY_TRIE}),? (?:(?:the |den |le |el )?\d{{1,2}}(?:st|nd|rd|th|\.)?"
        rf"(?:,? (?:de |of )?(?:{ANY_MONTH_TRIE}){_Z})?(?![\d:.h]| ?[ap]\.?m\b)"
        r"|(?:at |um |à |a las )?\d{1,2}[:.h]\d{2}(?!\d))",
        _I,
        needs=DIGIT,
        # A space before the digits; a comma or a space after the weekday (whose last letter
        # may be a Turkish i, as IGNORECASE reads one).
        gates=(make_gate(" 0", _AFTER_A_WORD, words=WEEKDAY_WORDS),),
    ),
    _branch(
        FactKind.DATE,
        "0-9",
        # Each form's first digits end at the character the lookahead reads once: "-", "/",
        # "年" or "月", or else a day's suffix or a space; only the forms it begins are tried.
        # (Led by the first digit, matched: each form reads one digit fewer after it.)
        r"[0-9](?<!\d[0-9])(?=\d*+(?:(-)|(/)|([年月])|))"
        r"(?(1)\d{3}-\d{1,2}-\d{1,2}"
        + _ISO_TIME
        + r"|(?(2)(?:\d?/\d{1,2}/\d{2,4}|\d{3}/\d{1,2}/\d{1,2})|"
        r"(?(3)(?:\d{3}年\d{1,2}|\d?)月\d{1,2}[日号]|"
        rf"\d?(?:st|nd|rd|th)? (?:of )?(?:{MONTH_TRIE}){_Z}(?:,? \d{{4}})?)))",
        _I,
        needs=DIGIT,
        led=True,
        gates=(
            make_gate(("0-0", "0/0", "0月0")),
            make_gate(
                ("0 ", "a ", "A "),  # a space before the month
                words=MONTH_WORDS,
                probe=rf"\d(?i:st|nd|rd|th)? (?i:of )?(?i:{MONTH_TRIE})",
            ),
        ),
        # Without a month after a day, the forms with a separator, led by it: each form's
        # run of digits (of the length it asks) is looked back at, the date read from there.
        sparse=(1, _SEPARATED_DATES),
    ),
    _branch(
        FactKind.DATE,
        "JFMASONDjfmasond",
        rf"{_A}(?:{MONTH_TRIE})\.? \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?{_Z}",
        _I,
        needs=DIGIT,
        gates=(make_gate(" 0", words=MONTH_WORDS),),
    ),
    _branch(
        FactKind.DATE,
        r"\d",
        # "3.4.2027", "14. März 2027", "14 mars", "3 de abril de 2027"; both from a run's start
        r"(?<!\d)(?:(?=[0-9])(?<!\.)(?:\d{1,2}\.\d{1,2}\.\d{4}|\d{2}\.\d{2}\.\d{2})(?![\d]|\.\d)|"
        rf"\d{{1,2}}(?:\. ?| |er )(?:de )?(?=[a-zäé])(?:{EU_MONTH_TRIE})"
        r"(?:,? (?:de )?\d{4})?(?!\w))",
        _I,
        needs=DIGIT,
        gates=(
            make_gate(("0.0.0000", "0.00.0000", "00.00.00")),
            make_gate(
                ("0.", " "),  # a dot or a space before the month
                words=EU_MONTH_WORDS,
                probe=rf"(?i:\d(?:\. ?| |er )(?:de )?(?=[a-zäé])(?:{EU_MONTH_TRIE}))",
            ),
        ),
    ),
    _branch(
        FactKind.DATE,
        "0-9",
        rf"(?<!\d)\d{{1,2}} (?:{RU_MONTH_TRIE})(?: \d{{4}}(?: ?г(?:ода|\.)?)?)?(?!\w)",
        _I,
        needs=CYRILLIC,
    ),
    _branch(
        FactKind.DATE,
        "0-9",
        r"(?<!\d)(?:\d{4} ?년 ?)?\d{1,2} ?월 ?\d{1,2} ?일",
        needs="월",
    ),
    _branch(
        FactKind.TIME,
        "0-9오",
        # "15 Uhr", "15:30 Uhr", "15h30", "오후 3시 30분": before the bare "15:30" takes part.
        r"(?<![\d:.])\d{1,2}(?:(?:[:.]\d{2})? ?[Uu]hr(?![A-Za-z])|h\d{2}(?!\d))",
        needs=("uhr", "h"),
        gates=(make_gate("0", words="uhr"), make_gate("0a0", words="h", probe=r"h(?<=\dh)\d\d")),
    ),
    _branch(FactKind.TIME, "0-9오", r"(?:오전|오후)? ?\d{1,2}시(?: ?\d{1,2}분| ?반)?", needs="시"),
    _branch(
        FactKind.TIME,
        "0-9",
        rf"[0-9](?<![\d:][0-9])\d?(?::\d{{2}}(?:{_AM_PM})?|{_AM_PM})",
        needs=DIGIT,
        led=True,
        gates=(
            make_gate("0:00"),
            make_gate(("0a", "0 a", "0A", "0 A"), words="am a.m pm p.m", probe=_AM_PM_PROBE),
        ),
        # Without "am" or "pm" after a number, the clock's form, led by its ":".
        sparse=(1, _CLOCKS),
    ),
    _branch(
        FactKind.TIME,
        "上下晚早凌中0-9",
        r"(?:上午|下午|晚上|早上|凌晨|中午)?\d{1,2}[点時时](?:\d{1,2}分|半)?",
        needs=DIGIT,
        gates=(make_gate(("0点", "0時", "0时")),),
    ),
    # A national number after a phone cue ("tel. 06 12 34 56 78", "电话：138 0013 8000"), after
    # the dates and times (a cue does not make "12.03.2026" or "10:30" a phone) and before the
    # codes and counts that would take a part of it ("1234567" of "030 1234567").
    _branch(
        FactKind.PHONE,
        PHONE_FIRSTS,
        PHONE_CUED,
        needs=DIGIT,
        group="phone",
        accept=_is_cued_phone,
        gates=PHONE_GATES,
    ),
    # Identifiers made of parts: a node, a volume, a lot, a key ("gke-euw1-prod-3-pool-b-
    # 3f1c9e2a-k7tq", "pvc-3b1f0c2e-…", "K7QF-2M9D", "51077-L"), after the dates and times
    # (whose "2025-06-03T14:12" is theirs; "15-Mar-2026" is no date of theirs and is one
    # code here) and before the amounts, codes and
    # quantities that would take a piece of one ("2M" of "K7QF-2M9D", "51077" of "51077-L").
    _branch(
        FactKind.CODE,
        "A-Za-z0-9",
        # Led by its first "-": its first part is read back from there (see _backed).
        r"-(?<=[A-Za-z0-9]-)(?>[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)(?![A-Za-z0-9_=-]|[./:@+][A-Za-z0-9])",
        needs="-",
        led=True,
        back=string.ascii_letters + string.digits,
        accept=_is_joined_code,
        # A letter and a digit either side of a hyphen, or side by side in a hyphenated text.
        gates=(
            make_gate(("a-0", "0-a", "A-0", "0-A")),
            make_gate(("a0", "0a", "A0", "0A"), ("a-", "0-", "A-")),
        ),
    ),
    # A name with a capital then a number ("renderD128", "iPhone15"), a slashed file or parcel
    # number ("418/2026", "1833/12", "2400915371/2010"), a tax or account number of a short and
    # a long group ("93-4817265"), an image and its tag ("postgres:15.6", "python:3.11-slim").
    _branch(
        FactKind.CODE,
        "a-z",
        r"[a-z](?<![A-Za-z0-9_./:@+-][a-z])[a-z]+[A-Z][a-z]*\d+(?![A-Za-z0-9_+/=-])",
        needs=DIGIT,
        led=True,
        gates=(make_gate("aA", shape_probe=r"aaA(?:a*)0"),),
    ),
    _branch(
        FactKind.CODE,
        "0-9",
        r"[0-9](?<![A-Za-z0-9_./,:-][0-9])\d{2,}+/\d{2,4}+(?![A-Za-z0-9_/-]|[.,:]\d)",
        needs="/",
        led=True,
        accept=_is_slashed_number,
        gates=(make_gate("00/00"),),
    ),
    _branch(
        FactKind.CODE,
        "0-9",
        r"[0-9](?<![A-Za-z0-9_./,+-][0-9])\d{1,2}-\d{6,8}+(?![A-Za-z0-9_-]|[./,]\d)",
        needs="-",
        led=True,
        gates=(make_gate("00-000000"),),
    ),
    _branch(
        FactKind.VERSION,
        "a-z",
        r"[a-z](?<![A-Za-z0-9_./:@-][a-z])[a-z0-9-]{2,}+:\d+(?:\.\d+)++(?:-[A-Za-z0-9.]+)?"
        r"(?![A-Za-z0-9_.:/@-])",
        needs=":",
        led=True,
        gates=(make_gate("a:0"),),
    ),
    _branch(
        FactKind.AMOUNT,
        CURRENCY_SIGNS,
        rf"[{CURRENCY_SIGNS}]\s?(?>{_INDIAN_NUMBER}|{_EU_NUMBER}|{_NUMBER})",
        needs=DIGIT,
        led=True,
        gates=(make_gate(tuple(f"{sign}{gap}0" for sign in CURRENCY_SIGNS for gap in ("", " "))),),
    ),
    _branch(
        FactKind.AMOUNT,
        "uUeEgGjJcCrRhHiIaAsS",
        # ("Rs." with its dot; Indian grouping after any code: "INR 1,96,880".)
        rf"(?<![A-Za-z])(?:{CODE_TRIE})(?:(?<=[rR][sS])\.)?\s?"
        rf"(?>{_INDIAN_NUMBER}|{_EU_NUMBER}|{_NUMBER})",
        _I,
        needs=DIGIT,
        gates=(
            make_gate(
                ("a0", "a 0", "A0", "A 0", "a.0", "a. 0", "A.0", "A. 0"),
                words=CURRENCY_CODES.replace("|", " "),
                # A code before a digit, or ending a word (a space, then the digit).
                word_probe=rf"(?i:{CURRENCY_CODES})(?:\.?\d|\.?\n)",
                # Then each code the text holds, after no letter and before its number.
                followed=r"{word}(?<![a-z]{word})\.?\s?\d",
            ),
        ),
    ),
    _branch(
        FactKind.AMOUNT,
        "0-9",
        # The space-grouped form only from a run's start: from each group, it re-read the run.
        rf"(?<![\d.,])(?=\d{{1,3}}[.,]\d|\d{{1,3}} \d{{3}}[ ,])"
        rf"(?>{_EU_NUMBER}|(?<!\d )\d{{1,3}}(?: \d{{3}})+,\d{{2}}(?!\d))"
        rf"\s?{_starts(CURRENCY_AFTER_WORDS)}(?:{CURRENCY_TRIE})(?![a-z])",
        _I,
        needs=DIGIT,
        gates=(
            make_gate(
                ("0.0", "0,0", "0 0"),
                words=CURRENCY_AFTER_WORDS,
                # How each form ends: ",50" or ".000", then the currency (in the shape first:
                # a letter, "$" or a character that is not ASCII).
                shape_probe=(r",00 ?[aA$\x80-\xff]", r"\.000 ?[aA$\x80-\xff]"),
                probe=(rf",\d\d\s?(?i:{CURRENCY_TRIE})", rf"\.\d\d\d\s?(?i:{CURRENCY_TRIE})"),
            ),
        ),
    ),
    _AMOUNT_RUN,
    _branch(
        FactKind.CODE,
        "sSeErR",
        r"(?<![A-Za-z])(?i:sqlstate|error code|err(?:or)?code)\s?[:=]?\s?[0-9A-Z]{5}(?![\w])|"
        r"(?<![A-Za-z])(?i:exit(?:ed)?(?: with)? (?:code|status)|return(?:ed)? code|"
        r"exit_code=|status code)\s?[:=]?\s?-?\d{1,3}(?!\d)",
        # ("code" stands for "error code" and "status code": a word with no space in it)
        needs=("sqlstate", "code", "errcode", "errorcode", "exit", "return"),
    ),
    _branch(
        FactKind.EVENT,
        "A-Z",
        # "VLDB 2027", "PyCon US 2026": capitalised words and a year.
        r"[A-Z](?<![\w-][A-Z])[A-Za-z]*[A-Za-z](?: [A-Z][A-Za-z]*[A-Za-z]){0,3} (?:19|20)\d{2}"
        r"(?![\w]|[.,:/-]\d)",
        needs=DIGIT,
        led=True,
        accept=_is_event,
        gates=(
            make_gate(
                ("a 00", "A 00"),
                words="19 20",
                # In the shape: a capitalised word at a word's start, then a year (a listing's
                # "1VLDB 2026" has the text probe's letter, space and year, not the word).
                shape_probe=r"A(?<![aA0_\-]A)[aA]+ 0000(?![aA0_]|[.,:/\-]0)",
                probe=_YEAR_PROBE,
            ),
        ),
    ),
    _branch(
        FactKind.VERSION,
        "v0-9",
        # Led by its "v" or first digit, matched: the "v" form reads on from a "v", the other
        # one digit fewer.
        r"[v0-9](?<![\w.=~>@-][v0-9])(?=\d*\.\d)(?:(?<=v)\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z.]+)?|"
        r"(?<=[0-9])(?!\d{0,2}(?:\.\d{3})+(?![\d.]))\d*(?:\.\d+){2,3}(?:[-+][0-9A-Za-z.]+)?)"
        r"(?![\w]|\.\d)",
        needs=DIGIT,
        led=True,
        gates=(make_gate("0.0", probe=(r"v\d+\.\d", r"\.\d+\.\d")),),  # "v" and one dot, or two
    ),
    _branch(
        FactKind.VERSION,
        "A-Za-z",
        # A name, then its version: "python 3.11", "featurekit v3.4.1", "fs-2025.06.2".
        r"[A-Za-z](?<![\w.-][A-Za-z])[A-Za-z0-9_+]*+(?:[.-][A-Za-z][A-Za-z0-9_+]*+)*+"
        r"(?: |==|>=|~=|@|-)v?\d+(?:\.\d+)*(?![\w]|\.\d)",
        needs=DIGIT,
        led=True,
        accept=_is_version,
        gates=_VERSION_GATES,
    ),
    _branch(
        FactKind.FLIGHT,
        "A-Z0-9",
        rf"{_A}{_FLIGHT}{_Z}",
        needs=DIGIT,
        gates=(
            make_gate(
                ("AA00", "AA 000", "A0000", "A0 000", "0A000", "0A 000"), shape_probe=_FLIGHT_SHAPE
            ),
        ),
    ),
    # A train by its word ("train G83", "G83次"): a bare "G83" is too common to be one.
    _branch(FactKind.FLIGHT, "A-Z", rf"(?<=[Tt]rain )[A-Z]\d{{1,4}}{_Z}", needs="rain "),
    _branch(FactKind.FLIGHT, "GDCZTK", rf"{_A}[GDCZTK]\d{{1,4}}(?=次)", needs="次"),
    _branch(
        FactKind.SEAT,
        r"sSzZrRcChHkKaAмМнНкК座房\d",
        # The three start with other characters: any order would do. The digits may not end a
        # run ("123456号室" is "23456号室"), but no fewer of them reach the word.
        rf"(?:{_SEAT_NAMED}|(?:座位|房间|房號|房号) ?[A-Z]?\d{{1,5}}[A-Z]?|"
        r"\d{1,5}+(?:号室|号房|호실))",
        needs=DIGIT,
        gates=(
            make_gate(words=" ".join(_SEAT_CJK)),
            # A seat's word at a word's start, then its number: the words of a listing's
            # fields ("seat", "room") are not enough.
            make_gate(
                words=" ".join(word for word in SEAT_WORDS if word not in _SEAT_CJK),
                followed=r"{word}(?<!\w{word})\w*\.? ?(?:no\. ?|nr\. ?|# ?|n° ?)?[a-z]?\d",
            ),
        ),
        lean=("座房号호", _SEAT_NAMED),  # (led by its own lookahead: a letter)
    ),
    _branch(
        FactKind.SEAT,
        "0-9",
        r"(?<![\w.,:/+-])(?![234]D|[48]K|[2345]G)\d{1,2}[A-HJK](?![\w-])",
        needs=DIGIT,
        gates=(
            make_gate(
                "0A",
                shape_probe=r"0A(?![\w-])",  # a capital after a digit, and no word after it
                probe=r"[A-HJK](?<=\d[A-HJK])(?![\w-])",
            ),
        ),
    ),
    _branch(
        FactKind.CODE,
        "A-Z",
        rf"{_A}[A-Z]{{2,6}}-[A-Z0-9]{{2,}}(?:-[A-Z0-9]+)*{_Z}",
        gates=(make_gate(("A-A", "A-0")),),
    ),
    _branch(
        FactKind.CODE,
        "A-Za-z",
        r"(?<![A-Za-z0-9_-])[A-Za-z]{1,8}-\d{4,}(?![A-Za-z0-9_-])",
        needs=DIGIT,
        gates=(make_gate(("a-0000", "A-0000")),),
    ),
    _branch(
        FactKind.CODE,
        "A-Z0-9",
        # Five characters first: most tokens are shorter, and fail before two reads of them.
        # (Led by the first, matched; the token's digit and capital are looked for from it.)
        r"[A-Z0-9](?<![A-Za-z0-9][A-Z0-9])(?=[A-Z0-9]{4})(?<=(?=[A-Z0-9]*\d).)"
        rf"(?<=(?=[A-Z0-9]*[A-Z]).)[A-Z0-9]{{4,23}}{_Z}",
        needs=DIGIT,
        led=True,
        gates=(make_gate(("A0", "0A")),),
    ),
    _branch(
        FactKind.CODE,
        "0-9a-f",
        # A git commit, short or long ("a7f03d2"), or a UUID.
        r"(?<![\w-])(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|"
        r"(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40})(?![\w-])",
        needs=DIGIT,
        gates=(make_gate(("a0", "0a", "0-0"), word_probe=r"[0-9a-f]{7}"),),  # seven hex digits
    ),
    _branch(FactKind.CODE, "#", r"#\d{4,}(?!\d)", needs="#", led=True),
    _branch(
        FactKind.CODE,
        "0-9",
        r"[0-9](?<![\w.][0-9])\d{5,}(?![\d.])",
        needs=DIGIT,
        led=True,
        gates=(make_gate("000000"),),
    ),
    _QUANTITY_RUN,
    _branch(
        FactKind.NUMBER,
        "0-9-",
        # Counts and results: "47,998,112", "47.998.112", "1 234 567", "0.843", "0,91", "3e-4".
        # Each form's first digits end at the character that the lookahead reads once: of the
        # forms, only those that character can begin are tried (in their order). Led by its
        # minus or first digit, matched (then the digit after a minus): each form reads one
        # digit fewer, and looks back at that digit ("0," and "0." are "(?<=0)").
        r"[0-9-](?<![\w.,-][0-9-])(?:(?<=-)[0-9]|(?<=[0-9]))(?=\d*+(?:(,)|(\.)|( )|e))(?>"
        r"(?(1)(?:\d{0,2}(?:,\d{3})+(?:\.\d+)?|(?<=0),\d+)|"
        r"(?(2)(?:\d{0,2}(?:\.\d{3})+,\d+|\d{0,2}(?:\.\d{3}){2,}|"
        # A decimal that reads as a result, not a rating in a listing ("9.6"): "0.91",
        # "0.8061", "p = 0.0031", "AUC 0.91", "rmse: 1.7".
        rf"(?:(?<=0)\.\d+|\d*\.\d{{3,}}|{_RESULT_CUES}\d*\.\d+)(?:e[-+]?\d+)?)|"
        r"(?(3)(?<!\d [0-9])\d{0,2}(?: \d{3})+|\d*e-?\d+))))(?![\w]|[.,]\d)",
        needs=DIGIT,
        led=True,
        gates=(
            make_gate(
                ("0,0", "0.0", "0 000", "0a0", "0a-0"),
                # A number starts where no word character, dot, comma or dash stands before
                # it or its minus ("v1.2" holds "0.0", and no number). Led by the digit: a
                # listing's first one is found at once, and a text without one read fast.
                shape_probe=r"0(?<![aA0_.,\-]0)|0(?<=-0)(?<![aA0_.,\-]-0)",
            ),
        ),
    ),
    _branch(
        FactKind.NAME,
        "HFMDPSd",
        # A title says a name follows: "Dr. Amara Okafor", "Frau Dr. Keller", "Mr. Tanaka".
        # The name's letters may be beyond ASCII ("Frau Jäger", "Herr Øberg").
        rf"(?<![\w.])(?:{_TITLES} ){{1,3}}({NAME_WORD}(?: {NAME_WORD}){{0,2}})(?![\w'-])",
        needs="",
        # (The title's "Aa" in the shape: the name after it may start beyond ASCII.)
        gates=(make_gate("Aa", cased="Herr Frau Mr Ms Mx Dr Prof Sir Dame Mme Mlle Sr Dott"),),
        group=1,
        accept=_is_name,
    ),
    _branch(
        FactKind.NAME,
        ":=",
        # After a person label: "owner: Nguyễn Văn An", "Kontakt: Søren Kierkegaard".
        NAME_AFTER_COLON,
        needs="",
        led=True,
        gates=NAME_GATES["colon"],
        group="name",
        accept=_is_labelled_name,
    ),
    _branch(
        FactKind.NAME,
        re.escape(NAME_LABEL_FIRSTS),
        NAME_AFTER_LABEL,  # "người liên hệ Trần Văn Minh", "the driver is Zoë Ångström"
        needs="",
        gates=NAME_GATES["label"],
        group="name",
        accept=_is_labelled_name,
    ),
    _branch(
        FactKind.NAME,
        "a-z",
        # Two or three capitalised words after a lower-case one, so never a sentence's opener.
        rf"(?<![\w'’-])(?!(?:{ARTICLE_TRIE})[ ,])[a-z][a-z'’]*+[,;:]? "
        rf"({_NAME_WORD}(?: {_NAME_WORD}){{1,2}})(?![\w'’-]| [A-Z])",
        needs="",
        gates=(
            make_gate(
                "a Aa",
                # Two capitalised words after a lower-case word's last letter or apostrophe
                # (’ ends in the byte 0x99), maybe a comma between.
                shape_probe=r"A(?:(?<=[a'\x99] A)|(?<=[a'\x99][,;:] A))a+(?:-[aA]a+)? Aa",
            ),
        ),
        group=1,
        accept=_is_name,
    ),
    _branch(
        FactKind.NAME,
        "а-яё",
        r"(?<![\w-])[а-яё][а-яё]*+,? ([А-ЯЁ][а-яё]+(?: [А-ЯЁ][а-яё]+){1,2})(?![\w-]| [А-ЯЁ])",
        needs=CYRILLIC,
        group=1,
    ),
    _branch(
        FactKind.NAME,
        "\u4e00-\u9fff\u30a0-\u30ff가-힣",
        r"(?<![\u4e00-\u9fff])([\u4e00-\u9fff]{2,4}|[\u30a1-\u30fa\u30fc]{2,8})(?=さん|様|さま|先生|氏)|"
        r"(?<![가-힣])[가-힣]{3}(?= ?(?:씨|님))",
        needs=("さん", "様", "さま", "先生", "氏", "씨", "님"),
    ),
)

_NAME_PATTERNS = (
    re.compile(
        r"\b(?i:my name is|i am called|call me|my (?:colleague|friend|wife|husband|partner|son|"
        r"daughter|boss|manager|mother|father|brother|sister)(?: is)?|ich heiße|ich heisse|"
        r"mein name ist|je m'appelle|me llamo|mi nombre es)\s+"
        r"([A-Z][\w'-]+(?: [A-Z][\w'-]+){0,2})"
    ),
    re.compile(
        r"(?:我叫|我的名字是|我姓|我的(?:同事|朋友|妻子|丈夫|太太|老公|儿子|女儿|老板|经理)(?:是|叫)?)"
        r"([\u4e00-\u9fff]{1,4}|[A-Z][\w'-]+)"
    ),
    re.compile(r"(?i:меня зовут|моё имя|мое имя)\s+([А-ЯЁ][а-яё]+(?: [А-ЯЁ][а-яё]+)?)"),
)

_NAME_CUES = (
    ("my ", "call me", "am called", "ich hei", "mein name", "m'appelle", "me llamo", "mi nombre"),
    ("我",),
    ("зовут", "имя"),
)
"""Words without which a name pattern cannot match (a cheap test before the scan)."""
_FLIGHT_WORDS = re.compile(rf"^{_FLIGHT}$")
_TOKEN = re.compile(r"[\w.]*[A-Za-z][\w.]*")


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
    looks = Looks(text)
    patterns = _PATTERNS
    passes = [patterns[index] for index in open_passes(patterns, looks)]
    # 1 where a fact found already stands: a look at a span's bytes, where a sorted list of
    # spans took an insert per span (a quarter of a listing's time, growing with its length).
    # Nothing stands before the first pass that finds a fact, and the last one's need not.
    taken = bytearray(len(text))
    marked = False
    first: dict[str, tuple[int, FactKind]] = {}  # a value repeated in a listing is one fact
    # (By identity: a pattern's hash reads its compiled code, kilobytes of it.)
    stash: dict[int, list[tuple[int, int]]] = {}
    if any(p.regex is _AMOUNT_RUN.regex for p in passes) and any(
        p.regex is _QUANTITY_RUN.regex for p in passes
    ):
        stash = _run_pair(text)
    for number, pattern in enumerate(passes, 1):
        kind = pattern.kind
        mark = number < len(passes)
        found = stash.pop(id(pattern.regex), None) if stash else None
        sparse = pattern.sparse
        if (
            found is None
            and sparse is not None
            and pattern.gates  # (none: every pass run whole, as the tests compare with)
            and not opens(pattern.gates[sparse[0]], looks)
        ):
            found = _sparse(sparse[1], text)
        accept = pattern.accept
        for start, end in pattern.candidates(text) if found is None else found:
            if marked and taken.find(1, start, end) >= 0:
                continue  # inside a fact already found (a URL's path, an e-mail's domain)
            if accept is not None and not accept(text[start:end]):
                continue
            value = text[start:end].strip()
            if not value:
                continue
            if mark:
                taken[start:end] = b"\x01" * (end - start)
            known = first.get(value)
            if known is None or start < known[0]:
                first[value] = (start, kind)
        marked = marked or (mark and bool(first))
    lower = looks.lower
    for cued, cues in zip(_NAME_PATTERNS, _NAME_CUES, strict=True):
        if not any(cue in lower for cue in cues):
            continue
        for match in cued.finditer(text):
            value, start = match.group(1), match.start(1)
            if value not in first or start < first[value][0]:
                first[value] = (start, FactKind.NAME)
    unique: dict[str, tuple[str, FactKind, str]] = {}
    for value, (_, kind) in sorted(first.items(), key=_start):
        key = normalize(value)
        if key and key not in unique:
            unique[key] = (value, _kind_of(value, kind) if kind in _RESHAPED else kind, key)
    return tuple(unique.values())


def _run_pair(text: str) -> dict[int, list[tuple[int, int]]]:
    """The spans of :data:`_AMOUNT_RUN` and :data:`_QUANTITY_RUN` in ``text``, each run of
    digits read once for both (a listing's numbers are most of its text). No run starts in
    what follows one (a currency or a unit holds no digit), so each finds the runs it would
    find alone, and where each of its matches ends."""
    money: list[tuple[int, int]] = []
    units: list[tuple[int, int]] = []
    money_lead, unit_lead = _AMOUNT_RUN.lead, _QUANTITY_RUN.lead
    assert money_lead is not None and unit_lead is not None
    tails = _PAIR_TAILS
    for match in _RUN_PAIR.finditer(text):
        _, (run_start, run_end), (_, money_end), (_, unit_end), (_, only_unit_end) = match.regs
        # Where each pass's number starts depends on the run and the character before it
        # (see :func:`_tail_start`): one slice is the key of both, where a key each, made of
        # three strings, cost half of a listing's pair scan.
        key = text[run_start - 1 : run_end] if run_start else text[:run_end]
        cjk = "," in key and _CJK_AFTER.match(text, run_end) is not None
        if cjk:
            key += "\x00"  # (a comma before Chinese: a list's, see _tail_in)
        found = tails.get(key)
        if found is None:
            if len(tails) >= _TAILS_KEPT:
                tails.clear()
            run = text[run_start:run_end]
            found = tails[key] = (
                _tail_in(text, run_start, run_end, run, money_lead, cjk),
                _tail_in(text, run_start, run_end, run, unit_lead, cjk),
            )
        money_at, unit_at = found
        if money_end >= 0 and money_at is not None:
            money.append((run_start + money_at, money_end))
        if (unit_end >= 0 or only_unit_end >= 0) and unit_at is not None:
            units.append((run_start + unit_at, max(unit_end, only_unit_end)))  # (-1: not taken)
    return {id(_AMOUNT_RUN.regex): money, id(_QUANTITY_RUN.regex): units}


_PAIR_TAILS: dict[str, tuple[int | None, int | None]] = {}
"""Of :func:`_run_pair`: by a run with the character before it (none at the text's start: a
run's key then starts with its first digit, where any other's starts with a character that
is no digit), where the amount's and the quantity's numbers start in it."""


def _start(item: tuple[str, tuple[int, FactKind]]) -> int:
    return item[1][0]


_RESHAPED = frozenset({FactKind.CODE, FactKind.COMMAND})
"""The kinds :func:`_kind_of` may change."""


_PATH_TOKEN = re.compile(r"[\w.~@-]*/[\w./@-]*")


def _kind_of(value: str, kind: FactKind) -> FactKind:
    """What a match's shape says its kind is: a code shaped like a flight number is one, a
    command in backticks that is one name (`user_id`) names a column or a file."""
    if kind is FactKind.CODE and _FLIGHT_WORDS.match(value):
        return FactKind.FLIGHT
    if kind is FactKind.COMMAND:
        if _TOKEN.fullmatch(value):
            return FactKind.IDENTIFIER
        if _PATH_TOKEN.fullmatch(value):
            return FactKind.PATH
    return kind


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


def facts_note(
    text: str,
    kept: str = "",
    *,
    limit: int = 240,
    separator: str = " · ",
    bulk: bool = True,
) -> str:
    """The facts of ``text`` that ``kept`` (what stays of it) does not state, joined within
    ``limit`` characters, identifiers first and otherwise in order ("" when none); without
    ``bulk``, only its :func:`distinctive` ones.

    What microcompact writes beside a result it cuts, so a booking code outlives its result."""
    found = extract_text_facts(text)
    if not bulk:
        keep = {key for _, _, key in distinctive([(f.text, f.kind, f.key) for f in found])}
        found = [f for f in found if f.key in keep]
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
    "LISTING_FACTS",
    "NUMBER_GAP",
    "RARE_IN_LISTING",
    "Fact",
    "FactKind",
    "distinctive",
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
