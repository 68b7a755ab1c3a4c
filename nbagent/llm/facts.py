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

:func:`normalize` (from :mod:`nbagent.llm.fact_keys`) is how a fact is looked for in a text (a
summary, a request): "€1,250" is found in "1250 EUR"; :func:`found_in` does not find a number
inside a longer one ("£200" is not in "2000"). One regular-expression pass per kind, each gated
on what a text must hold for it to find anything, so extraction is cheap enough for every turn
(the benchmarks say how cheap).

This is the model layer's half (microcompact keeps the facts of the results it cuts); the fact
book that follows a session's history lives in :mod:`nbagent.agent.facts`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from nbagent.llm.blocks import TextBlock, ToolResultBlock, text_of
from nbagent.llm.fact_keys import (
    CURRENCY_AFTER,
    CURRENCY_CODES,
    CURRENCY_SIGNS,
    CURRENCY_WORDS,
    NUMBER_GAP,
    found_in,
    normalize,
)
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
_EU_NUMBER = r"\d{1,3}(?:\.\d{3})+,\d{2}(?!\d)|\d{1,3}(?:\.\d{3}){2,}(?![\d.])|\d+,\d{2}(?![\d,])"
"""German and French money: "1.234,50", "47.998.112", "12,50" (only where the comma or the
second dot says so: "1.234" stays the decimal the English read)."""
_RUN = r"(?P<run>\d++(?:\.\d++)*+(?:[,\u2009 ]\d++(?:\.\d++)*+)*+)"
"""A whole run of digit groups, taken possessively from its start (see :func:`_tail_start`)."""
_RUN_START = r"(?<!\d)(?<!\d[.,\u2009 ])"
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
_EU_MONTHS = (
    r"januar|jänner|februar|märz|maerz|april|mai|juni|juli|august|september|oktober|november|"
    r"dezember|mär|okt|dez|janvier|février|fevrier|mars|avril|juin|juillet|août|aout|septembre|"
    r"octobre|novembre|décembre|decembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|"
    r"septiembre|setiembre|octubre|noviembre|diciembre|jan|feb|apr|jun|jul|aug|sept|sep|nov"
)
_RU_MONTHS = r"января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря"
_A = r"(?<![A-Za-z0-9])"
"""Where a Latin token starts: ``\\b`` sees none after a Chinese character (both are ``\\w``)."""
_Z = r"(?![A-Za-z0-9])"
_FLIGHT = r"(?:[A-Z]{2}\d{2,4}|(?:[A-Z]{2}|[A-Z]\d|\d[A-Z]) ?\d{3,4})"
_URI_SCHEMES = (
    r"s3a?|gs|az|abfss?|wasbs?|hdfs|dbfs|file|sftp|ftp|ssh|git|postgres(?:ql)?|mysql|mariadb|"
    r"sqlite|redis|rediss|mongodb(?:\+srv)?|snowflake|bigquery|jdbc:[a-z]+|kafka|amqps?|nats|grpc"
)


def _words(*lists: str) -> frozenset[str]:
    return frozenset(word for words in lists for word in words.split())


_TOOL_NAMES = _words(
    """python py cpython pypy node nodejs java jdk openjdk go golang rust rustc ruby php perl
    postgres postgresql mysql redis sqlite ubuntu debian centos alpine macos ios android cuda
    cudnn gcc clang llvm numpy pandas polars scipy torch pytorch tensorflow jax spark pyspark
    kafka airflow dbt django flask fastapi pydantic react vue angular kubernetes k8s docker
    terraform scala kotlin swift dotnet julia version release ver"""
)
"""Names whose number after a space is a version ("python 3.11"; "AUC 0.91" is a result)."""
_FILE_EXTENSIONS = (
    r"py|ipynb|sh|md|rst|txt|csv|tsv|json|jsonl|ndjson|parquet|avro|orc|yaml|yml|toml|sql|log|"
    r"cfg|ini|conf|xlsx|xls|pdf|docx|html|pkl|pickle|pt|pth|onnx|ckpt|safetensors|zip|gz|tgz|db|"
    r"sqlite|duckdb|feather|arrow|h5|npz|npy"
)
_NAME_WORD = r"[A-Z][a-z]+(?:-[A-Za-z][a-z]+)?"
_TITLES = r"(?:Herr|Frau|Mr|Mrs|Ms|Mx|Dr|Prof|Sir|Dame|Mme|Mlle|Sra?|Srta|Dott)\.?"


class _Pattern(NamedTuple):
    """One regular-expression pass of the extractor, and how its matches become facts."""

    kind: FactKind
    regex: re.Pattern[str]
    needs: str | tuple[str, ...]
    """A text without this (lower-cased; or without any of these) is not scanned: checking
    for a word costs next to nothing, a pass does not. :data:`_DIGIT` and the other flags
    name a character class instead."""
    group: int | str
    """The group that is the fact (0: the whole match)."""
    lead: re.Pattern[str] | None
    """Set for a number-then-unit pass: which character before a number's first digit stops it
    from being one (see :func:`_tail_start`)."""
    accept: Callable[[str], bool] | None
    """A last word on the value, for what a regular expression says badly (a list of words)."""
    gates: tuple[_Gate, ...]
    """The pass runs only where one of these holds (none given: wherever ``needs`` holds)."""

    def spans(self, text: str) -> Iterator[tuple[int, int]]:
        group = self.group
        for match in self.regex.finditer(text):
            start, end = match.span(group)
            if self.lead is not None:
                found = _tail_start(text, match.start("run"), match.end("run"), self.lead)
                if found is None:
                    continue
                start = found
            if self.accept is None or self.accept(text[start:end]):
                yield start, end


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
    gates: tuple[_Gate, ...] = (),
) -> _Pattern:
    """``pattern``, led by a lookahead of the characters it can start with: the engine then
    skips to those, where a leading lookbehind alone makes it try every position (4-5x
    slower on a JSON listing). A text without ``needs``, or that none of ``gates`` lets in,
    is not scanned at all."""
    regex = re.compile(f"(?=[{first}]){pattern}", flags)
    compiled = re.compile(lead) if lead else None
    return _Pattern(kind, regex, needs, group, compiled, accept, gates)


class _Gate(NamedTuple):
    """What a text must hold for a pass to find anything in it, checked before the pass is run:
    any of ``words`` in the lower-cased text, any of ``cased`` in the text as written, and for
    each tuple of ``shapes`` one of them in the text's shape (:func:`_shape_of`). An empty field
    asks nothing.

    Most passes find nothing in most texts: of 27 passes over a 100 KB JSON listing, 22 found
    no fact and took 97 ms of its 158. Checking a substring costs microseconds, a pass
    milliseconds. A gate must be implied by every fact its pass yields, or the pass misses
    facts: ``tests/test_fact_kinds.py`` compares gated and ungated extraction."""

    shapes: tuple[tuple[str, ...], ...] = ()
    words: tuple[str, ...] = ()
    cased: tuple[str, ...] = ()


def _gate(*shapes: str | tuple[str, ...], words: str = "", cased: str = "") -> _Gate:
    """A gate from shape alternatives (a string: one shape; a tuple: any of them, and each
    argument needed) and space-separated words."""
    groups = tuple((one,) if isinstance(one, str) else one for one in shapes)
    return _Gate(groups, tuple(words.split()), tuple(cased.split()))


_SHAPE = str.maketrans(
    {
        **dict.fromkeys("0123456789", "0"),
        **dict.fromkeys("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "A"),
        **dict.fromkeys("abcdefghijklmnopqrstuvwxyz", "a"),
        **dict.fromkeys("\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f", " "),
    }
)
_BEYOND_SHAPE = re.compile(r"(?=[^\x00-\x7f])[\d\s]")
"""A digit or a space the shape cannot show: the passes' ``\\d`` and ``\\s`` are Unicode's."""


def _shape_of(text: str) -> str | None:
    """``text`` with each ASCII digit "0", capital "A", lower-case letter "a" and white space
    " " (the rest as written); ``None`` where a digit or a space is not ASCII, so no shape
    gate may judge it."""
    if not text.isascii() and _BEYOND_SHAPE.search(text) is not None:
        return None
    return text.translate(_SHAPE)


_GROUP = re.compile(r"\d+(?:\.\d+)*")


def _tail_start(text: str, start: int, end: int, lead: re.Pattern[str]) -> int | None:
    """Where the number that a unit follows starts, in the run of digit groups ``text[start:
    end]``: the first group, of the run's last one and the thousands groups before it, that
    ``lead`` lets start a number. ``None``: none can.

    The pattern used to try every group of a run as a start and re-read the run from each (so
    10 KB of "123 456 …" took seconds); read once, a run gives the same facts: only a number
    that reaches the end of its run can have a unit after it."""
    groups = [(m.start(), m.group()) for m in _GROUP.finditer(text, start, end)]
    last = len(groups) - 1
    if groups[last][1].count(".") > 1:
        return None
    first = last
    while first > 0:
        here = groups[first][1]
        whole = here.split(".", 1)[0] if first == last else here
        before = groups[first - 1][1]
        if len(whole) != 3 or not whole.isdigit() or len(before) > 3 or not before.isdigit():
            break
        first -= 1
    for at, _ in groups[first:]:
        if at == 0 or not lead.match(text, at - 1):
            return at
    return None


_WEEKDAYS = (
    "monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|"
    "donnerstag|freitag|samstag|sonnabend|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|"
    "dimanche|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo"
)
_CALENDAR = _words(
    "January February March April May June July August September October November December",
    "Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Monday Tuesday Wednesday Thursday Friday",
    "Saturday Sunday Januar Februar März Juni Juli Oktober Dezember Montag Dienstag Mittwoch",
    "Donnerstag Freitag Samstag Sonntag Spring Summer Autumn Fall Winter Christmas Easter",
)
_NOT_NAMES = _CALENDAR | _words(
    "The A An This That These Those Our Your Their His Her Its My We You They He She It I",
    "Thank Thanks Please Hello Hi Dear Yes No Okay Sorry Best Regards Kind Cheers Welcome",
    "Data Table Tables Figure Section Chapter Step Steps Note Notes Model Models Team Project",
    "Plan Report Summary Total Results Result Test Tests Train Validation Feature Features",
    "Street Road Avenue Lane Drive Square Station Airport Terminal Hotel Hostel Inn Resort",
    "Tower Temple Shrine Castle Palace Museum Gallery Garden Gardens Bridge Lake River",
    "Mount Mountain Bay Beach Island Center Centre Market Mall Bank Group Inc Ltd Corp",
    "Company University College School Hospital Church Line Express Rail Pass City Airlines",
    "Airways Air New North South East West Central Grand Great Royal National International",
    "United General Old Upper Lower Saint San Los Las Hong Kong York Japan China Tokyo Kyoto",
    "Osaka Beijing Shanghai London Paris Berlin English Chinese Japanese German French",
    "Spanish Korean Russian Python Jupyter Excel Google Microsoft Amazon Apple Windows Linux",
    "Machine Learning Deep Neural Network Network Cloud Server Client Service Services",
    "Visitor Visa Temporary Shinkansen Limited Rapid Mitte Mall Plaza Cafe Café Bar Restaurant",
    "Error Warning Info Debug True False None Null Yes Mr Mrs Ms Dr Prof Room Seat Gate",
)
"""Capitalised words that are not a person's: calendar words, openers, title-case labels and
places (a name is two or three words that are none of these)."""
_ARTICLES = (
    "the|a|an|this|that|these|those|our|your|their|its|der|die|das|den|dem|des|ein|eine|im|am|"
    "zum|zur|vom|beim|le|la|les|el|los|las|un|une"
)
"""Words after which capitalised words name a thing ("the Data Team", "im Hotel Adlon")."""
_NOT_EVENTS = _CALENDAR | _words(
    "In On At By Since From Until Till To For Of The Before After Early Late Mid End Start",
    "Q1 Q2 Q3 Q4 H1 H2 FY Year Fiscal Copyright Version Windows Office Release Python",
)


def _is_name(value: str) -> bool:
    return not any(word in _NOT_NAMES for word in value.split())


def _is_event(value: str) -> bool:
    words = value.split()[:-1]
    if words[0] in _NOT_EVENTS or any(word in _CALENDAR for word in words):
        return False
    return len(words) > 1 or len(words[0]) > 2


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
        return name.lower() in _TOOL_NAMES or dots > 1 or (bool(v) and dots > 0)
    return True


_FILE = re.compile(rf"[^/]*\.(?:{_FILE_EXTENSIONS})/?", re.IGNORECASE)


def _is_path(value: str) -> bool:
    """A relative path: a file's (an extension ends it), a folder's (a trailing slash), or
    three parts and more; not "and/or", "km/h", "TCP/IP"."""
    if value.startswith(("./", "../", "~/")) or value.endswith("/"):
        return True
    return value.count("/") >= 2 or _FILE.fullmatch(value.rsplit("/", 1)[1]) is not None


_I = re.IGNORECASE
_DIGIT = "<a digit>"
"""``needs`` of a pattern whose every match holds a digit: a text without one skips it."""
_CYRILLIC = "<cyrillic>"
_HANGUL = "<hangul>"
_FLAGS = {
    _DIGIT: re.compile(r"\d"),
    _CYRILLIC: re.compile(r"[\u0400-\u04ff]"),
    _HANGUL: re.compile(r"[\uac00-\ud7a3]"),
}
_RESULT_CUES = "(?:{})".format(
    "|".join(
        f"(?<={cue})"
        for cue in (
            *("=", "= ", ":", ": "),
            *(f"(?i:{word}) " for word in ("auc", "f1", "r2", "rmse", "mae", "mse", "loss")),
            *(f"(?i:{word}) " for word in ("score", "accuracy", "precision", "recall", "lift")),
        )
    )
)
"""Words after which a decimal is a measured result."""
_SEAT_WORDS = tuple(
    _words(
        "seat sitz siège asiento room rm. zimmer raum chambre salle habitac cabin kabine suite",
        "место номер комнат 座位 房 号室 호실",
    )
)
_STREET_WORDS = tuple(
    _words(
        "street st. road rd. avenue ave. boulevard blvd lane drive court place square terrace",
        "crescent way straße strasse str. weg gasse platz allee ring damm ufer rue quai chemin",
        "route impasse calle avenida avda plaza paseo",
    )
)
_WEEKDAY_WORDS = (
    _WEEKDAYS.replace("|", " ").replace("mi[eé]rcoles", "rcoles").replace("s[aá]bado", "bado")
)
_MONTH_WORDS = "jan feb mar apr may jun jul aug sep oct nov dec"
_EU_MONTH_WORDS = _EU_MONTHS.replace("|", " ")
_CURRENCY_AFTER_WORDS = " ".join(
    (
        CURRENCY_WORDS.replace("|", " ").replace("?", ""),
        " ".join(CURRENCY_SIGNS),
        "円 원 рубл руб евро rub юаней долларов franc franken",
    )
)


def _starts(words: str) -> str:
    """A lookahead of the first characters of ``words`` (an alternation, or words spaced):
    after each of thousands of numbers, the engine tries a word only where one can start
    (a unit's first letter), not the whole list of words (3x faster over a JSON listing)."""
    firsts = sorted({word[0] for word in re.split(r"[|\s]+", words) if word})
    return "(?=[{}])".format("".join(re.escape(c) for c in firsts))


_UNIT_SHAPES = tuple(
    f"0{gap}{first}" for gap in ("", " ") for first in "aA°%公千米克晚天周小分秒人位间张个件岁"
)
_VERSION_GATES = (
    # Pinned ("==3.2", "@v1"), dashed ("fs-2025.06"), spaced ("featurekit v3.4.1", "spark 3"):
    # what :func:`_is_version` accepts.
    _gate(("=0", "=a0", "@0", "@a0")),
    _gate(("-0", "-a0"), "0.0"),
    _gate((" 0", " a0"), "0.0"),
    _gate((" 0", " a0"), words=" ".join(sorted(_TOOL_NAMES))),
)
_PATTERNS: tuple[_Pattern, ...] = (
    # In priority order: a later match inside an earlier one is not a fact of its own.
    _branch(
        FactKind.URL,
        "a-z",
        rf"(?<![A-Za-z0-9+.-])(?:{_URI_SCHEMES})://[^\s<>\"'`)\]]+[^\s<>\"'`)\].,;:!?。，；：！？]",
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
        FactKind.URL, "h", r"https?://[^\s<>\"'`)\]]+[^\s<>\"'`)\].,;:!?。，；：！？]", needs="://"
    ),
    _branch(FactKind.COMMAND, "`", r"`(?<!``)([^`\n]{2,200})`(?!`)", needs="`", group=1),
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
        FactKind.PATH,
        r"\w.~",
        # A dot inside a part, not the full stop after the path.
        r"(?<![\w/:.@~$-])(?:(?:\.{1,2}|~)(?:/[\w@-]++(?:\.[\w@-]++)*+)++|"
        r"[\w@-]++(?:\.[\w@-]++)*+(?:/[\w@-]++(?:\.[\w@-]++)*+)++)/?(?![\w/])",
        needs="/",
        accept=_is_path,
    ),
    _branch(
        FactKind.PATH,
        r"\w",
        rf"(?<![\w/:.@~$-])[\w-][\w.-]*?\.(?=[A-Za-z])(?:{_FILE_EXTENSIONS})(?![\w/.-])",
        _I,
        needs=".",
        gates=(_gate((".a", ".A")),),
    ),
    _branch(
        FactKind.PHONE,
        r"+(0-9",
        r"(?<![A-Za-z0-9+(/.-])(?:\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){2,5}(?<=\d)|"
        r"\(\d{3}\) ?\d{3}[ .-]\d{4}|\d{3}-\d{3}-\d{4}|0\d{1,4}-\d{2,4}-\d{4}|"
        r"0\d{2,5}/ ?\d{2,8}(?: \d{2,4}){0,3}|8 ?\(\d{3}\) ?\d{3}-\d{2}-\d{2})"
        r"(?![A-Za-z0-9/-]|\.\d)",
        needs=_DIGIT,
        accept=lambda value: 7 <= sum(c.isdigit() for c in value) <= 15,
        gates=(_gate(("+0", "(000)", "0-00", "0/")),),
    ),
    _branch(
        FactKind.ADDRESS,
        r"0-9A-ZÄÖÜ",
        # "221B Baker Street", "Hauptstraße 5, 10115 Berlin", "12 rue de la Paix"
        r"(?<![\w-])(?:\d{1,5}[A-Za-z]? (?:[A-Z][a-z]+ ){1,3}(?:Street|St\.|Road|Rd\.|Avenue|"
        r"Ave\.|Boulevard|Blvd\.|Lane|Drive|Court|Place|Square|Terrace|Crescent|Way)(?![\w])|"
        r"(?:[A-ZÄÖÜ][a-zäöüß]+(?:straße|strasse|str\.|weg|gasse|platz|allee|ring|damm|ufer)|"
        r"(?:[A-ZÄÖÜ][a-zäöüß]+(?:e[rns]?)? )?(?:Straße|Strasse|Weg|Platz|Allee)) \d{1,4}[a-z]?"
        r"(?:, \d{5} [A-ZÄÖÜ][a-zäöüß]+)?|"
        r"\d{1,4}(?: bis| ter)?,? (?:rue|avenue|boulevard|place|allée|impasse|quai|chemin|route)"
        r" (?:de la |de l'|du |des |de |d')?[A-ZÉÈ][\w'-]+(?: [A-Z][\w'-]+)*"
        r"(?:, \d{5} [A-Z][a-zéèà]+)?|"
        r"(?:Calle|Avenida|Avda\.|Plaza|Paseo) (?:de la |del |de )?[A-Z][\w]+(?: [A-Z]\w+)*,? "
        r"\d{1,4})",
        needs=_STREET_WORDS,
    ),
    _branch(
        FactKind.ADDRESS,
        "\u4e00-\u9fffу",
        r"[\u4e00-\u9fff]{1,8}(?:路|街|大道)\d{1,5}号|"
        r"(?:ул\.|улица|пр\.|проспект) ?[А-ЯЁ][а-яё]+,? (?:д\. ?)?\d{1,4}",
        needs=("路", "街", "大道", "ул", "пр"),
    ),
    _branch(
        FactKind.IDENTIFIER,
        "A-Za-z",
        # Snake case names a column, a table, a setting: "user_id", "fct_orders", "seed=7".
        r"(?<![\w.$@/-])(?:(?:[a-z]\w*+\.)?[a-z][a-z0-9]*(?:_[a-z0-9]++)++"
        r"|[A-Z][A-Z0-9]*(?:_[A-Z0-9]++)++)(?:=[\w-]+(?:\.[\w-]+)*)?(?![\w-])"
        # Not a key of JSON or YAML: a tool result's field names are not what it states.
        r"(?!\"?\s*:)",
        needs="_",
        gates=(_gate(("a_a", "a_0", "0_a", "0_0", "A_A", "A_0", "0_A")),),
    ),
    _branch(
        FactKind.DATE,
        "MTWFSDLJVmtwfsdljv",
        # A weekday with its day or its hour: "Thursday the 12th", "Dienstag 8:15", "mardi 14".
        rf"{_A}(?:{_WEEKDAYS}),? (?:(?:the |den |le |el )?\d{{1,2}}(?:st|nd|rd|th|\.)?"
        rf"(?:,? (?:de |of )?(?:{_MONTHS}|{_EU_MONTHS}){_Z})?(?![\d:.h]| ?[ap]\.?m\b)"
        r"|(?:at |um |à |a las )?\d{1,2}[:.h]\d{2}(?!\d))",
        _I,
        needs=_DIGIT,
        gates=(_gate("0", words=_WEEKDAY_WORDS),),
    ),
    _branch(
        FactKind.DATE,
        "0-9",
        r"(?<!\d)(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}/\d{2,4}|\d{4}/\d{1,2}/\d{1,2}|"
        r"(?:\d{4}年)?\d{1,2}月\d{1,2}[日号]|"
        rf"\d{{1,2}}(?:st|nd|rd|th)? (?:of )?(?:{_MONTHS}){_Z}(?:,? \d{{4}})?)",
        _I,
        needs=_DIGIT,
        gates=(_gate(("0-0", "0/0", "0月0")), _gate(("0 ", "0a", "0A"), words=_MONTH_WORDS)),
    ),
    _branch(
        FactKind.DATE,
        "JFMASONDjfmasond",
        rf"{_A}(?:{_MONTHS})\.? \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?{_Z}",
        _I,
        needs=_DIGIT,
        gates=(_gate(" 0", words=_MONTH_WORDS),),
    ),
    _branch(
        FactKind.DATE,
        "0-9",
        # "3.4.2027", "14. März 2027", "14 mars", "3 de abril de 2027"
        r"(?<![\d.])(?:\d{1,2}\.\d{1,2}\.\d{4}|\d{2}\.\d{2}\.\d{2})(?![\d]|\.\d)|"
        rf"(?<!\d)\d{{1,2}}(?:\. ?| |er )(?:de )?(?=[a-zäé])(?:{_EU_MONTHS})(?:,? (?:de )?\d{{4}})?"
        r"(?!\w)",
        _I,
        needs=_DIGIT,
        gates=(_gate(("0.0.00", "0.00.00")), _gate("0", words=_EU_MONTH_WORDS)),
    ),
    _branch(
        FactKind.DATE,
        "0-9",
        rf"(?<!\d)\d{{1,2}} (?:{_RU_MONTHS})(?: \d{{4}}(?: ?г(?:ода|\.)?)?)?(?!\w)",
        _I,
        needs=_CYRILLIC,
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
        gates=(_gate("0", words="uhr"), _gate("0a0", words="h")),
    ),
    _branch(FactKind.TIME, "0-9오", r"(?:오전|오후)? ?\d{1,2}시(?: ?\d{1,2}분| ?반)?", needs="시"),
    _branch(
        FactKind.TIME,
        "0-9",
        rf"(?<![\d:])\d{{1,2}}(?::\d{{2}}(?:\s?[aApP]\.?[mM]{_Z})?|\s?[aApP]\.?[mM]{_Z})",
        needs=_DIGIT,
        gates=(_gate("0:00"), _gate(("0a", "0 a", "0A", "0 A"), words="am a.m pm p.m")),
    ),
    _branch(
        FactKind.TIME,
        "上下晚早凌中0-9",
        r"(?:上午|下午|晚上|早上|凌晨|中午)?\d{1,2}[点時时](?:\d{1,2}分|半)?",
        needs=_DIGIT,
        gates=(_gate(("0点", "0時", "0时")),),
    ),
    _branch(
        FactKind.AMOUNT,
        CURRENCY_SIGNS,
        rf"[{CURRENCY_SIGNS}]\s?(?>{_EU_NUMBER}|{_NUMBER})",
        needs=_DIGIT,
        gates=(_gate(tuple(f"{sign}{gap}0" for sign in CURRENCY_SIGNS for gap in ("", " "))),),
    ),
    _branch(
        FactKind.AMOUNT,
        "uUeEgGjJcCrRhH",
        rf"(?<![A-Za-z])(?:{CURRENCY_CODES})\s?(?>{_EU_NUMBER}|{_NUMBER})",
        _I,
        needs=_DIGIT,
        gates=(_gate(("a0", "a 0", "A0", "A 0"), words=CURRENCY_CODES.replace("|", " ")),),
    ),
    _branch(
        FactKind.AMOUNT,
        "0-9",
        # The space-grouped form only from a run's start: from each group, it re-read the run.
        rf"(?<![\d.,])(?=\d{{1,3}}[.,]\d|\d{{1,3}} \d{{3}}[ ,])"
        rf"(?>{_EU_NUMBER}|(?<!\d )\d{{1,3}}(?: \d{{3}})+,\d{{2}}(?!\d))"
        rf"\s?{_starts(_CURRENCY_AFTER_WORDS)}(?:{CURRENCY_AFTER})(?![a-z])",
        _I,
        needs=_DIGIT,
        gates=(_gate(("0.0", "0,0", "0 0"), words=_CURRENCY_AFTER_WORDS),),
    ),
    _branch(
        FactKind.AMOUNT,
        "0-9",
        rf"{_RUN_START}{_RUN}\s?{_starts(_CURRENCY_AFTER_WORDS)}(?:{CURRENCY_AFTER})(?![a-z])",
        _I,
        needs=_DIGIT,
        gates=(_gate("0", words=_CURRENCY_AFTER_WORDS),),
        lead=r"[\d.,]",
    ),
    _branch(
        FactKind.CODE,
        "sSeErR",
        r"(?<![A-Za-z])(?i:sqlstate|error code|err(?:or)?code)\s?[:=]?\s?[0-9A-Z]{5}(?![\w])|"
        r"(?<![A-Za-z])(?i:exit(?:ed)?(?: with)? (?:code|status)|return(?:ed)? code|"
        r"exit_code=|status code)\s?[:=]?\s?-?\d{1,3}(?!\d)",
        needs=("sqlstate", "error code", "errcode", "errorcode", "exit", "return", "status code"),
    ),
    _branch(
        FactKind.EVENT,
        "A-Z",
        # "VLDB 2027", "PyCon US 2026": capitalised words and a year.
        r"(?<![\w-])[A-Z][A-Za-z]*[A-Za-z](?: [A-Z][A-Za-z]*[A-Za-z]){0,3} (?:19|20)\d{2}"
        r"(?![\w]|[.,:/-]\d)",
        needs=_DIGIT,
        accept=_is_event,
        gates=(_gate(("a 00", "A 00"), words="19 20"),),
    ),
    _branch(
        FactKind.VERSION,
        "v0-9",
        r"(?<![\w.=~>@-])(?=v?\d+\.\d)(?:v\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z.]+)?|"
        r"(?!\d{1,3}(?:\.\d{3})+(?![\d.]))\d+(?:\.\d+){2,3}(?:[-+][0-9A-Za-z.]+)?)(?![\w]|\.\d)",
        needs=_DIGIT,
        gates=(_gate("0.0"),),
    ),
    _branch(
        FactKind.VERSION,
        "A-Za-z",
        # A name, then its version: "python 3.11", "featurekit v3.4.1", "fs-2025.06.2".
        r"(?<![\w.-])[A-Za-z][A-Za-z0-9_+]*+(?:[.-][A-Za-z][A-Za-z0-9_+]*+)*+"
        r"(?: |==|>=|~=|@|-)v?\d+(?:\.\d+)*(?![\w]|\.\d)",
        needs=_DIGIT,
        accept=_is_version,
        gates=_VERSION_GATES,
    ),
    _branch(
        FactKind.FLIGHT,
        "A-Z0-9",
        rf"{_A}{_FLIGHT}{_Z}",
        needs=_DIGIT,
        gates=(_gate(("AA00", "AA 000", "A0000", "A0 000", "0A000", "0A 000")),),
    ),
    # A train by its word ("train G83", "G83次"): a bare "G83" is too common to be one.
    _branch(FactKind.FLIGHT, "A-Z", rf"(?<=[Tt]rain )[A-Z]\d{{1,4}}{_Z}", needs="rain "),
    _branch(FactKind.FLIGHT, "GDCZTK", rf"{_A}[GDCZTK]\d{{1,4}}(?=次)", needs="次"),
    _branch(
        FactKind.SEAT,
        "sSzZrRcChHkKaAмМнНкК座房0-9",
        r"(?<![\w])(?i:seats?|sitz(?:platz)?|siège|asiento|room|rm\.|zimmer|raum|chambre|"
        r"salle|habitaci[oó]n|cabin|kabine|suite|место|номер|комната)\.? ?"
        r"(?:no\. ?|nr\. ?|# ?|n° ?)?[A-Z]?\d{1,5}(?:-\d{1,5})?[A-Z]?(?![\w]|[.,:/-]\d)|"
        r"(?:座位|房间|房號|房号) ?[A-Z]?\d{1,5}[A-Z]?|\d{1,5}(?:号室|号房|호실)",
        needs=_SEAT_WORDS,
    ),
    _branch(
        FactKind.SEAT,
        "0-9",
        r"(?<![\w.,:/+-])(?![234]D|[48]K|[2345]G)\d{1,2}[A-HJK](?![\w-])",
        needs=_DIGIT,
        gates=(_gate("0A"),),
    ),
    _branch(
        FactKind.CODE,
        "A-Z",
        rf"{_A}[A-Z]{{2,6}}-[A-Z0-9]{{2,}}(?:-[A-Z0-9]+)*{_Z}",
        gates=(_gate(("A-A", "A-0")),),
    ),
    _branch(
        FactKind.CODE,
        "A-Za-z",
        r"(?<![A-Za-z0-9_-])[A-Za-z]{1,8}-\d{4,}(?![A-Za-z0-9_-])",
        needs=_DIGIT,
        gates=(_gate(("a-0000", "A-0000")),),
    ),
    _branch(
        FactKind.CODE,
        "A-Z0-9",
        rf"{_A}(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{{5,24}}{_Z}",
        needs=_DIGIT,
        gates=(_gate(("A0", "0A")),),
    ),
    _branch(
        FactKind.CODE,
        "0-9a-f",
        # A git commit, short or long ("a7f03d2"), or a UUID.
        r"(?<![\w-])(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|"
        r"(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40})(?![\w-])",
        needs=_DIGIT,
        gates=(_gate(("a0", "0a", "0-0")),),
    ),
    _branch(FactKind.CODE, "#", r"#\d{4,}(?!\d)", needs="#"),
    _branch(
        FactKind.CODE,
        "0-9",
        r"(?<![\w.])\d{6,}(?![\d.])",
        needs=_DIGIT,
        gates=(_gate("000000"),),
    ),
    _branch(
        FactKind.QUANTITY,
        "0-9",
        rf"{_RUN_START}{_RUN}\s?{_starts(_UNITS)}(?:{_UNITS})(?![a-z])",
        _I,
        needs=_DIGIT,
        gates=(_gate(_UNIT_SHAPES),),
        lead=r"[A-Za-z0-9_.]",
    ),
    _branch(
        FactKind.NUMBER,
        "0-9-",
        # Counts and results: "47,998,112", "47.998.112", "1 234 567", "0.843", "0,91", "3e-4".
        r"(?<![\w.,-])-?(?>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+,\d+|"
        r"\d{1,3}(?:\.\d{3}){2,}|(?<!\d )\d{1,3}(?: \d{3})+|0,\d+|\d+e-?\d+|"
        # A decimal that reads as a result, not a rating in a listing ("9.6"): "0.91",
        # "0.8061", "p = 0.0031", "AUC 0.91", "rmse: 1.7".
        rf"(?:0\.\d+|\d+\.\d{{3,}}|{_RESULT_CUES}\d+\.\d+)(?:e[-+]?\d+)?)(?![\w]|[.,]\d)",
        needs=_DIGIT,
        gates=(_gate(("0,0", "0.0", "0 000", "0a0", "0a-0")),),
    ),
    _branch(
        FactKind.NAME,
        "HFMDPSd",
        # A title says a name follows: "Dr. Amara Okafor", "Frau Dr. Keller", "Mr. Tanaka".
        rf"(?<![\w.])(?:{_TITLES} ){{1,3}}({_NAME_WORD}(?: {_NAME_WORD}){{0,2}})(?![\w'-])",
        needs="",
        gates=(_gate(" Aa", cased="Herr Frau Mr Ms Mx Dr Prof Sir Dame Mme Mlle Sr Dott"),),
        group=1,
        accept=_is_name,
    ),
    _branch(
        FactKind.NAME,
        "a-z",
        # Two or three capitalised words after a lower-case one, so never a sentence's opener.
        rf"(?<![\w'’-])(?!(?:{_ARTICLES})[ ,])[a-z][a-z'’]*+[,;:]? "
        rf"({_NAME_WORD}(?: {_NAME_WORD}){{1,2}})(?![\w'’-]| [A-Z])",
        needs="",
        gates=(_gate("a Aa"),),
        group=1,
        accept=_is_name,
    ),
    _branch(
        FactKind.NAME,
        "а-яё",
        r"(?<![\w-])[а-яё][а-яё]*+,? ([А-ЯЁ][а-яё]+(?: [А-ЯЁ][а-яё]+){1,2})(?![\w-]| [А-ЯЁ])",
        needs=_CYRILLIC,
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
    lower = text.lower()
    # 1 where a fact found already stands: a look at a span's bytes, where a sorted list of
    # spans took an insert per span (a quarter of a listing's time, growing with its length)
    taken = bytearray(len(text))
    first: dict[str, tuple[int, FactKind]] = {}  # a value repeated in a listing is one fact
    has: dict[str | tuple[str, ...], bool] = {}
    shape = _shape_of(text)
    seen: dict[str, bool] = {}
    for pattern in _PATTERNS:
        needs = pattern.needs
        if needs:
            if needs not in has:
                has[needs] = _has(text, lower, needs)
            if not has[needs]:
                continue
        if pattern.gates and not any(
            _opens(gate, text, lower, shape, seen) for gate in pattern.gates
        ):
            continue
        for start, end in pattern.spans(text):
            if taken.find(1, start, end) >= 0:
                continue  # inside a fact already found (a URL's path, an e-mail's domain)
            value = text[start:end].strip()
            if not value:
                continue
            taken[start:end] = b"\x01" * (end - start)
            if value not in first or start < first[value][0]:
                first[value] = (start, pattern.kind)
    for cued, cues in zip(_NAME_PATTERNS, _NAME_CUES, strict=True):
        if not any(cue in lower for cue in cues):
            continue
        for match in cued.finditer(text):
            value, start = match.group(1), match.start(1)
            if value not in first or start < first[value][0]:
                first[value] = (start, FactKind.NAME)
    unique: dict[str, tuple[str, FactKind, str]] = {}
    for value, (_, kind) in sorted(first.items(), key=lambda item: item[1][0]):
        key = normalize(value)
        if key:
            unique.setdefault(key, (value, _kind_of(value, kind), key))
    return tuple(unique.values())


def _opens(gate: _Gate, text: str, lower: str, shape: str | None, seen: dict[str, bool]) -> bool:
    """Whether ``gate`` lets a pass into ``text``. ``seen`` keeps what was looked for in it."""
    if shape is not None and not all(
        any(_holds(one, shape, "s", seen) for one in group) for group in gate.shapes
    ):
        return False
    if gate.cased and not any(_holds(word, text, "c", seen) for word in gate.cased):
        return False
    return not gate.words or any(_holds(word, lower, "w", seen) for word in gate.words)


def _holds(needle: str, haystack: str, where: str, seen: dict[str, bool]) -> bool:
    key = where + needle
    found = seen.get(key)
    if found is None:
        # A character that is absent is found absent at memchr's speed; a two-character
        # needle whose first is everywhere (a digit in a listing) takes 20x longer.
        found = (
            all(_holds(c, haystack, where, seen) for c in set(needle)) if len(needle) > 1 else True
        )
        found = found and needle in haystack
        seen[key] = found
    return found


def _has(text: str, lower: str, needs: str | tuple[str, ...]) -> bool:
    if isinstance(needs, tuple):
        return any(word in lower for word in needs)
    flag = _FLAGS.get(needs)
    return needs in lower if flag is None else flag.search(text) is not None


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
