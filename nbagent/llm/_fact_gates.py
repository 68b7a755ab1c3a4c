"""What a text must hold for one of the fact extractor's passes to find anything in it.

::

    gate = make_gate(("0:00",), words="am pm")  # a clock, and "am" or "pm" somewhere
    opens(gate, Looks("Call at 10:30 pm"))       # True

Most passes find nothing in most texts: of 27 passes over a 100 KB JSON listing, 22 found no
fact and took 97 ms of its 158. Checking a substring costs microseconds, a pass milliseconds.
A gate must be implied by every fact its pass yields, or the pass misses facts:
``tests/test_fact_gates.py`` compares gated and ungated extraction.

A gate asks for shapes (:func:`shape_of`: every ASCII digit "0", capital "A", lower-case
letter "a", in UTF-8), words of the lower-cased text (a long list in one search of its trie,
:mod:`nbagent.llm._word_tries`), and probes: short patterns led by a literal character, found
at memchr's speed. A long text's words and shape needles are looked for in its distinct words
(a listing's 100 KB have a few hundred); a sentence's shape is looked up (:func:`open_passes`:
a pasted table's rows have a few dozen shapes).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from nbagent.llm._word_tries import trie

DIGIT = "<a digit>"
"""``needs`` of a pattern whose every match holds a digit: a text without one skips it."""
CYRILLIC = "<cyrillic>"
HANGUL = "<hangul>"
_FLAGS = {
    DIGIT: re.compile(r"\d"),
    CYRILLIC: re.compile(r"[\u0400-\u04ff]"),
    HANGUL: re.compile(r"[\uac00-\ud7a3]"),
}
_SHORT = 256
_WHOLE_SCANS = 3
"""Shapes looked for in a long text's whole shape before in its distinct words."""
"""A text up to this long is searched for a shape as it is (see :func:`_holds`)."""


@dataclass(frozen=True, eq=False)
class Words:
    """Words any of which a text must hold (as substrings). One object per list: what a text
    was found to hold is remembered by it (:class:`Looks`)."""

    words: tuple[str, ...]
    regex: LazyRegex | None
    """One search for all of them (``None``: few words, each looked for alone)."""
    chars: tuple[str, ...]
    """Each word's characters, the rarer-looking first (only faster if right)."""
    spaced: bool
    """Whether a word holds white space (so may not be looked for in a text's words)."""
    lettered: bool
    """Whether every word is letters only (so may be looked for in a text's runs of them)."""
    parts: tuple[Words, Words] | None = None
    """A list without white space, of words of letters and others: each kind apart."""

    def any_in(
        self,
        haystack: str,
        present: Callable[[str], bool] | None = None,
        many: Callable[[], str] | None = None,
    ) -> bool:
        """Whether ``haystack`` holds one of the words. With ``present`` (a long text: whether
        it holds a character), a word with a character it lacks is not looked for: a
        character is found absent at memchr's speed, a word in a tenth of a ms. ``many``:
        where to search if many words are left (a shorter text holding the same words,
        :meth:`Looks.tokens`)."""
        if present is not None:
            words = [
                word
                for word, chars in zip(self.words, self.chars, strict=True)
                if all(present(c) for c in chars)
            ]
            if len(words) <= _FEW:
                return any(word in haystack for word in words)
            if many is not None:
                haystack = many()
        if self.regex is not None:
            return self.regex.search(haystack) is not None
        return any(word in haystack for word in self.words)


class LazyRegex:
    """A regular expression compiled where it is first used, not at import: the extractor's
    passes and their gates, in many languages, took most of a second to compile at import, and
    a text opens only the passes its gates let in (a notebook that opens a store or draws a
    table compiles none).
    After the first use its methods are the compiled pattern's own, read from a slot."""

    __slots__ = ("findall", "finditer", "flags", "fullmatch", "match", "pattern", "search")

    # The methods of a compiled pattern of str or bytes, as its text is.
    findall: Callable[..., list[Any]]
    finditer: Callable[..., Iterator[Any]]
    fullmatch: Callable[..., Any]
    match: Callable[..., Any]
    search: Callable[..., Any]

    def __init__(self, pattern: str | bytes, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def __getattr__(self, name: str) -> Any:  # an unset slot: the first use
        if name not in LazyRegex.__slots__:
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self.flags)
        for method in ("findall", "finditer", "fullmatch", "match", "search"):
            setattr(self, method, getattr(compiled, method))
        return getattr(self, name)

    def __repr__(self) -> str:
        return f"LazyRegex({self.pattern[:40]!r}…)"


@functools.cache
def any_word(words: tuple[str, ...]) -> Words:
    """The :class:`Words` of ``words`` (one object for one list)."""
    made = _words(words)
    if not made.spaced and not made.lettered:
        ones = tuple(w for w in words if _LETTERS.fullmatch(w))
        if ones:
            others = tuple(w for w in words if not _LETTERS.fullmatch(w))
            made = dataclasses.replace(made, parts=(_words(ones), _words(others)))
    _LISTS.append(made)
    return made


def _words(words: tuple[str, ...]) -> Words:
    chars = tuple("".join(sorted(set(word), key=_COMMON.find)) for word in words)
    regex = None
    if len(words) > _FEW:
        regex = LazyRegex(trie("|".join(re.escape(w) for w in dict.fromkeys(words))))
    spaced = any(char.isspace() for word in words for char in word)
    return Words(words, regex, chars, spaced, all(_LETTERS.fullmatch(word) for word in words))


_LISTS: list[Words] = []
"""Every list made, for :func:`_lists_in`."""


class _Index(NamedTuple):
    regex: re.Pattern[str]
    lists_of: dict[str, frozenset[Words]]


@functools.cache
def _index(count: int) -> _Index:
    """One search for the words of the first ``count`` lists at once. Where a word's first
    character stands, the longest word starting there is reported: every word starting there
    is one of its prefixes, so the lists holding a prefix of it are those found."""
    lists = _LISTS[:count]
    words = sorted({w for one in lists for w in one.words}, key=len, reverse=True)
    firsts = "".join(sorted({w[0] for w in words}))
    body = trie("|".join(re.escape(w) for w in words))
    # The first character is matched, then looked back at, so the engine skips to where one
    # stands; the lookahead reads the word without consuming it, so words may overlap.
    regex = re.compile(f"[{re.escape(firsts)}](?<=(?=({body})).)", re.DOTALL)
    lists_of = {
        word: frozenset(one for one in lists if any(word.startswith(w) for w in one.words))
        for word in words
    }
    return _Index(regex, lists_of)


def _lists_in(haystack: str) -> frozenset[Words]:
    """The lists of which ``haystack`` holds a word: one search for a sentence, where one
    search a list took 10 µs of it (a long text searches each list, see :meth:`Words.any_in`)."""
    count = len(_LISTS)
    index = _index(count)
    key = (count, frozenset(index.regex.findall(haystack)))
    found = _FOUND.get(key)  # (a table's rows find the same few words)
    if found is None:
        if len(_FOUND) >= _PLANNED_SHAPES:
            _FOUND.clear()
        found = _FOUND[key] = frozenset().union(*(index.lists_of[word] for word in key[1]))
    return found


_FOUND: dict[tuple[int, frozenset[str]], frozenset[Words]] = {}


_LEADS = {
    CYRILLIC: tuple(bytes((b,)) for b in range(0xD0, 0xD4)),  # U+0400-04FF
    HANGUL: tuple(bytes((b,)) for b in range(0xEA, 0xEE)),  # U+A000-DFFF, syllables among them
}
_FEW = 4
"""Up to this many words are looked for one by one; more, in one search of their trie."""
_COMMON = "etaoinsrhldcumfpgwybvkxjqz"
"""English letters, most common first: a word's rare letter is looked for first."""


class Gate(NamedTuple):
    """What a text must hold for a pass to run: for each tuple of ``shapes`` one of them in
    the text's shape, any of ``cased`` in the text as written, any of ``words`` in the
    lower-cased text, a match of one of ``shape_probes`` in the shape, and of one of
    ``probes`` in the text. ``None`` or empty asks nothing.

    A probe is a short pattern every fact of the pass holds a match of, that the engine finds
    fast: the characters a shape cannot line up ("-2.5" where a log has "-0", and "0.0"
    elsewhere), led by one literal character (found at memchr's speed; a class of them is read
    one character at a time, 30 times slower)."""

    shapes: tuple[tuple[bytes, ...], ...] = ()
    """UTF-8, as :func:`shape_of` gives the shape."""
    shape_regexes: tuple[LazyRegex, ...] = ()
    """One search for each tuple of ``shapes``: what a short text is read with."""
    words: Words | None = None
    cased: tuple[str, ...] = ()
    """Words of letters only (a long text's runs of letters are searched first)."""
    shape_probes: tuple[LazyRegex, ...] = ()
    probes: tuple[LazyRegex, ...] = ()
    word_probes: tuple[LazyRegex, ...] = ()
    """Probes (any of them) looked for in the lower-cased text's distinct words
    (:meth:`Looks.tokens`), each after a line break: ones that match no white space, and
    under IGNORECASE or without a capital, so they match the lower-cased text where they
    match the text (:func:`fold`)."""
    shape_word_probes: tuple[LazyRegex, ...] = ()
    """Shape probes (any of them) that match no white space but, maybe, a space first: looked
    for in the shape's distinct words (:meth:`Looks.shape_words`), each after a space."""
    followed: tuple[tuple[str, bool, LazyRegex], ...] = ()
    """For each of ``words``: the word, whether it is letters only, and a probe led by it (what
    must stand around it), looked for in the lower-cased text where the word is among its
    runs of letters (or its words). A word list's one search says a word is there; a probe
    of all of them would be led by a class of their first letters, read a character at a
    time, where each word's probe is led by the word itself and the few a text holds are
    looked for."""


def make_gate(
    *shapes: str | tuple[str, ...],
    words: str = "",
    cased: str = "",
    shape_probe: str | tuple[str, ...] = (),
    probe: str | tuple[str, ...] = (),
    word_probe: str | tuple[str, ...] = (),
    shape_word_probe: str | tuple[str, ...] = (),
    followed: str = "",
) -> Gate:
    """A gate from shape alternatives (a string: one shape; a tuple: any of them, and each
    argument needed), space-separated words, a pattern of the shape and probe patterns (any
    of them). ``followed``: a probe of the lower-cased text for each of ``words``, "{word}"
    standing for it (see :attr:`Gate.followed`)."""
    groups = tuple(
        tuple(shape.encode() for shape in ((one,) if isinstance(one, str) else one))
        for one in shapes
    )
    return Gate(
        groups,
        tuple(LazyRegex(b"|".join(re.escape(one) for one in group)) for group in groups),
        any_word(tuple(words.split())) if words else None,
        tuple(cased.split()),
        tuple(LazyRegex(one.encode()) for one in _some(shape_probe)),
        tuple(LazyRegex(one) for one in _some(probe)),
        tuple(LazyRegex(one) for one in _some(word_probe)),
        tuple(LazyRegex(one.encode()) for one in _some(shape_word_probe)),
        tuple(
            (
                word,
                bool(_LETTERS.fullmatch(word)),
                LazyRegex(followed.replace("{word}", re.escape(word))),
            )
            for word in (words.split() if followed else ())
        ),
    )


def _some(patterns: str | tuple[str, ...]) -> tuple[str, ...]:
    return (patterns,) if isinstance(patterns, str) else patterns


def _shape_table() -> bytes:
    table = bytearray(range(256))
    for char in b"0123456789":
        table[char] = ord("0")
    for char in b"ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        table[char] = ord("A")
    for char in b"abcdefghijklmnopqrstuvwxyz":
        table[char] = ord("a")
    for char in b"\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f":
        table[char] = ord(" ")
    return bytes(table)


_SHAPE = _shape_table()
_NOT_ASCII = re.compile(r"[^\x00-\x7f]")
_LETTERS = re.compile(r"[^\W\d_]+")


def _ascii_letters_table() -> bytes:
    table = bytearray(b"\n" * 256)
    for char in b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz":
        table[char] = char
    return bytes(table)


_ASCII_LETTERS = _ascii_letters_table()
"""Every byte but an ASCII letter made a line break: an ASCII text's runs of letters are
then its bytes' ``split()`` (what :data:`_LETTERS` finds in it, 5-15x faster than the
pattern, which tests three classes at each character)."""
_ASCII_BYTES = bytes(range(128))
_BEYOND_SHAPE = re.compile(r"[^\x00-\x7f](?<=[\d\s])")
"""A digit or a space the shape cannot show: the passes' ``\\d`` and ``\\s`` are Unicode's."""


_FOLDED = frozenset("\u0130\u0131\u017f")
_FOLDS = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s"})
"""What else IGNORECASE reads as "i" or "s" ("İ", "ı", "ſ"; the Kelvin sign lowers to "k"):
see :data:`nbagent.llm._word_tries._OTHER_CASES`."""


def fold(text: str) -> str:
    """``text`` lower-cased as the passes' IGNORECASE reads it: "5 İNR" holds "inr", where
    ``str.lower`` makes "İ" two characters ("i̇") and a gate's words were not found in it. One
    character for one, so a probe of the lower-cased text matches where it matches the text."""
    if not text.isascii() and ("\u0130" in text or "\u0131" in text or "\u017f" in text):
        text = text.translate(_FOLDS)
    return text.lower()


def shape_of(text: str) -> bytes | None:
    """``text`` in UTF-8 with each ASCII digit "0", capital "A", lower-case letter "a" and
    white space " " (the rest as written); ``None`` where a digit or a space is not ASCII, so
    no shape gate may judge it. Bytes, because ``bytes.translate`` reads a table where
    ``str.translate`` looks each character of a text that is not ASCII up in a dict (30 times
    slower); a UTF-8 needle is found in UTF-8 where its text is found in the text."""
    if not text.isascii() and _BEYOND_SHAPE.search(text) is not None:
        return None
    return text.encode("utf-8", "surrogatepass").translate(_SHAPE)


class Looks:
    """One text as the gates read it, and what they found in it so far."""

    __slots__ = (
        "_letters",
        "_lists",
        "_lower_bytes",
        "_others",
        "_shape_words",
        "_tokens",
        "long",
        "lower",
        "lower_chars",
        "probed",
        "seen",
        "shape",
        "shape_scans",
        "shaped",
        "text",
    )

    def __init__(self, text: str, lower: str | None = None) -> None:
        self.text = text
        self._lower_bytes: bytes | None = None
        self._others: frozenset[str] | None = None
        self.shape: bytes | None
        if text.isascii():
            self.lower = text.lower() if lower is None else lower
            self.shape = text.encode("ascii").translate(_SHAPE)  # (as :func:`shape_of`)
        else:
            # The text's characters beyond ASCII, each once, from its UTF-8 less its ASCII
            # bytes: most texts hold a few ("€", "’"), and what the shape and the lower-cased
            # text need of them is read in those, where reading 100 KB of wide characters
            # (a pattern's search, ``str.lower``) took a millisecond each.
            raw = text.encode("utf-8", "surrogatepass")
            chars = frozenset(raw.translate(None, _ASCII_BYTES).decode("utf-8", "surrogatepass"))
            self.shape = None if _BEYOND_SHAPE.search("".join(chars)) else raw.translate(_SHAPE)
            if lower is None and chars.isdisjoint(_FOLDED) and all(c.lower() == c for c in chars):
                # None has a case: lowering the bytes lowers the text (and what it holds).
                self._lower_bytes = raw.lower()
                self._others = chars
                lower = self._lower_bytes.decode("utf-8", "surrogatepass")
            self.lower = fold(text) if lower is None else lower
        self.seen: dict[str | Words, bool] = {}
        self.shaped: dict[bytes, bool] = {}
        self.probed: dict[int, bool] = {}  # by id: a pattern's hash reads its compiled code
        self.long = len(text) > _SHORT
        self.lower_chars: dict[str, bool] = {}
        self._lists: frozenset[Words] | None = None
        self._tokens: str | None = None
        self._letters: str | None = None
        self._shape_words: bytes | None = None
        self.shape_scans = 0

    def shape_words(self, *, now: bool = False) -> bytes:
        """The shape's distinct words, as :meth:`tokens` are the text's: where a shape without
        a space is looked for (``shape`` is not ``None``), once a few were looked for in the
        whole shape (for a few, reading it whole costs less than finding its words)."""
        assert self.shape is not None
        if self._shape_words is None:
            self.shape_scans += 1
            if self.shape_scans <= _WHOLE_SCANS and not now:
                return self.shape
            words = b" ".join(set(self.shape.split()))
            self._shape_words = words if len(words) < len(self.shape) // 2 else self.shape
        return self._shape_words

    def tokens(self) -> str:
        """The lower-cased text's distinct words (what white space parts), each between line
        breaks: a word without white space is in the text where it is in them, and a
        listing's 100 KB have a few hundred of them to search."""
        if self._tokens is None:
            self._tokens = "\n" + "\n".join(set(self.lower.split())) + "\n"
        return self._tokens

    def letters(self) -> str:
        """The distinct runs of letters of :meth:`tokens`, each between line breaks: a word of
        letters only is in the text where it is in them (a JSON listing's are its keys)."""
        if self._letters is None:
            tokens = self.tokens()
            if tokens.isascii():
                runs = tokens.encode("ascii").translate(_ASCII_LETTERS).split()
                self._letters = "\n" + b"\n".join(set(runs)).decode("ascii") + "\n"
            else:
                self._letters = "\n" + "\n".join(set(_LETTERS.findall(tokens))) + "\n"
        return self._letters

    def has_char(self, char: str) -> bool:
        """Whether the lower-cased text holds ``char``. In one that is not ASCII, an ASCII
        character is looked for in its UTF-8 (a byte at memchr's speed, where a wide string is
        read a character at a time) and another among its few others, gathered once."""
        found = self.lower_chars.get(char)
        if found is None:
            lower = self.lower
            if lower.isascii():
                found = char in lower
            elif char.isascii():
                if self._lower_bytes is None:
                    self._lower_bytes = lower.encode("utf-8", "surrogatepass")
                found = char.encode() in self._lower_bytes
            else:
                if self._others is None:
                    self._others = frozenset(_NOT_ASCII.findall(lower))
                found = char in self._others
            self.lower_chars[char] = found
        return found

    def maybe(self, cased: tuple[str, ...]) -> tuple[str, ...]:
        """Those of ``cased`` (words of letters only) that a long text may hold as written:
        those its runs of letters hold lower-cased (a search of a few hundred characters,
        where each word looked for in 100 KB took 70 µs)."""
        if not self.long:
            return cased
        letters = self.letters()
        return tuple(word for word in cased if word.lower() in letters)

    def _any(self, words: Words) -> bool:
        """Whether a long text holds one of ``words``: those of letters looked for in its runs
        of letters, the others (without white space) in its words."""
        if words.parts is not None:
            return self._any(words.parts[0]) or self._any(words.parts[1])
        # Once a text's runs of letters or words are made (for an earlier list), a list is one
        # search of them: filtering a long list by the characters the text holds took longer.
        made = self._letters if words.lettered else None if words.spaced else self._tokens
        if made is not None:
            return words.any_in(made)
        many = self.letters if words.lettered else None if words.spaced else self.tokens
        return words.any_in(self.lower, self.has_char, many)

    def lists(self) -> frozenset[Words]:
        """The word lists of which a short text holds a word (:func:`_lists_in`)."""
        if self._lists is None:
            self._lists = _lists_in(self.lower)
        return self._lists

    def has(self, needs: str | Words) -> bool:
        """Whether the text holds ``needs``: a flag (:data:`DIGIT`), a substring of the
        lower-cased text, or any of some words."""
        if isinstance(needs, Words) and not self.long:
            return needs in self.lists()
        found = self.seen.get(needs)
        if found is None:
            if isinstance(needs, Words):
                found = self._any(needs)
            else:
                flag = _FLAGS.get(needs)
                if flag is None:
                    found = needs in self.lower
                elif needs != DIGIT and self.shape is not None:
                    # The bytes that lead a Cyrillic or a Hangul character in UTF-8: found at
                    # memchr's speed (the class, one character at a time).
                    found = any(lead in self.shape for lead in _LEADS[needs]) and bool(
                        flag.search(self.text)
                    )
                else:
                    found = bool(flag.search(self.text))
            self.seen[needs] = found
        return found


def opens(gate: Gate, looks: Looks) -> bool:
    """Whether ``gate`` lets a pass into the text of ``looks``."""
    shape = looks.shape
    if shape is not None and not _shaped(gate, shape, looks if len(shape) > _SHORT else None):
        return False
    if gate.cased and not any(word in looks.text for word in looks.maybe(gate.cased)):
        return False
    if gate.words is not None and not looks.has(gate.words):
        return False  # (words first: a long text's are searched in its distinct words)
    if len(looks.text) <= _SHORT:  # a sentence: the pass costs what a probe does
        return True
    if gate.word_probes:
        tokens = looks.tokens()  # (asked only where they are few: a listing's, a log's)
        if len(tokens) * 2 < len(looks.text) and not any(
            _probed(probe, tokens, looks.probed) for probe in gate.word_probes
        ):
            return False
    if gate.followed and not any(
        word in (looks.letters() if lettered else looks.tokens())
        and _probed(probe, looks.lower, looks.probed)
        for word, lettered, probe in gate.followed
    ):
        return False
    return not gate.probes or any(_probed(probe, looks.text, looks.probed) for probe in gate.probes)


def _shaped(gate: Gate, shape: bytes, looks: Looks | None) -> bool:
    """Whether ``shape`` has what ``gate`` asks of a shape (``looks``: of a long text's)."""
    if looks is None:  # a sentence: one search a tuple, nothing remembered
        if not all(regex.search(shape) for regex in gate.shape_regexes):
            return False
        if gate.shape_word_probes and not any(p.search(shape) for p in gate.shape_word_probes):
            return False
        return not gate.shape_probes or any(probe.search(shape) for probe in gate.shape_probes)
    for group in gate.shapes:
        if not any(_holds(one, looks) for one in group):
            return False
    if gate.shape_word_probes:
        words = b" " + looks.shape_words(now=True)
        if not any(_probed(probe, words, looks.probed) for probe in gate.shape_word_probes):
            return False
    return not gate.shape_probes or any(
        _probed(probe, shape, looks.probed) for probe in gate.shape_probes
    )


def _probed(probe: LazyRegex, haystack: Any, seen: dict[int, bool]) -> bool:
    found = seen.get(id(probe))
    if found is None:
        found = seen[id(probe)] = probe.search(haystack) is not None
    return found


def _holds(needle: bytes, looks: Looks) -> bool:
    """Whether a long text's shape holds ``needle``."""
    seen = looks.shaped
    found = seen.get(needle)
    if found is None:
        # A byte that is absent is found absent at memchr's speed; a two-byte needle whose
        # first is everywhere (a digit in a listing) takes 20x longer.
        if len(needle) > 1 and not all(
            _holds(needle[i : i + 1], looks) for i in range(len(needle))
        ):
            found = False
        else:
            whole = len(needle) == 1 or b" " in needle  # (a byte: at memchr's speed anyway)
            found = needle in (looks.shape or b"" if whole else looks.shape_words())
        seen[needle] = found
    return found


class _Planned(NamedTuple):
    """One pass as a text of a given shape is asked about it: what is left to look for."""

    at: int
    """Its place among the passes."""
    needs: str | Words | None
    """``None``: the shape says the text holds it."""
    gates: frozenset[Words] | tuple[tuple[tuple[str, ...], Words | None], ...] | None
    """Of the gates whose shapes the text has, what else each asks of a sentence: its cased
    words and its words (``None``: one asks nothing more; a sentence is not probed); where
    none asks for cased words, the lists of which one word opens the pass."""


class Gated(Protocol):
    """A pass as the gates see it (:class:`nbagent.llm.facts._Pattern`)."""

    @property
    def needs(self) -> str | Words: ...

    @property
    def gates(self) -> tuple[Gate, ...]: ...


_PLANS: dict[int, tuple[object, dict[bytes, tuple[_Planned, ...]]]] = {}
_PLANNED_SHAPES = 4096
"""Shapes of short texts remembered (a pasted table's rows have a few dozen)."""


def open_passes(passes: Sequence[Gated], looks: Looks) -> list[int]:
    """The indices of the ``passes`` (each its ``needs`` and gates) that the text opens.

    A short text's shape is looked up, not read: a pasted table's 3,000 rows have a few dozen
    shapes ("| 00 | aaaa_00 | 000 AAA |"), and what the shapes say was 50 µs of a row's 80."""
    shape = looks.shape
    if shape is None or len(shape) > _SHORT:
        return [
            index
            for index, one in enumerate(passes)
            if (not one.needs or looks.has(one.needs))
            and (not one.gates or any(opens(g, looks) for g in one.gates))
        ]
    cached = _PLANS.get(id(passes))
    if cached is None or cached[0] is not passes:
        cached = _PLANS[id(passes)] = (passes, {})
    plans = cached[1]
    plan = plans.get(shape)
    if plan is None:
        if len(plans) >= _PLANNED_SHAPES:
            plans.clear()
        plan = plans[shape] = _plan(passes, shape)
    text = looks.text
    lists = looks.lists()
    return [
        at
        for at, needs, gates in plan
        if (needs is None or (needs in lists if isinstance(needs, Words) else looks.has(needs)))
        and (
            gates is None
            or (
                not lists.isdisjoint(gates)
                if isinstance(gates, frozenset)
                else any(
                    (not cased or any(word in text for word in cased))
                    and (words is None or words in lists)
                    for cased, words in gates
                )
            )
        )
    ]


def _plan(passes: Sequence[Gated], shape: bytes) -> tuple[_Planned, ...]:
    planned = []
    for index, one in enumerate(passes):
        needs, gates = one.needs, one.gates
        left: str | Words | None = needs or None
        if isinstance(needs, str) and needs:
            seen = _in_shape(needs, shape)
            if seen is False:
                continue
            if seen:
                left = None
        if not gates:
            planned.append(_Planned(index, left, None))
            continue
        kept = [(gate.cased, gate.words) for gate in gates if _shaped(gate, shape, None)]
        if not kept:
            continue
        if any(not cased and words is None for cased, words in kept):
            planned.append(_Planned(index, left, None))
        elif any(cased for cased, _ in kept):
            planned.append(_Planned(index, left, tuple(kept)))
        else:
            planned.append(_Planned(index, left, frozenset(w for _, w in kept if w is not None)))
    return tuple(planned)


def _in_shape(needs: str, shape: bytes) -> bool | None:
    """Whether a text of ``shape`` holds ``needs`` (``None``: its shape cannot say). Only
    characters a shape keeps as they are count: punctuation, and what has no case."""
    if needs == DIGIT:
        return b"0" in shape
    if needs in _FLAGS or any(
        c.isalnum() and (c.isascii() or c.lower() != c.upper()) for c in needs
    ):
        return None
    if any(c.isspace() for c in needs):
        return None
    return needs.encode() in shape


__all__ = [
    "CYRILLIC",
    "DIGIT",
    "HANGUL",
    "Gate",
    "Looks",
    "Words",
    "any_word",
    "fold",
    "make_gate",
    "open_passes",
    "opens",
    "shape_of",
]
