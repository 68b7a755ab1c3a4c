"""What the token estimate weighs: a text folded to one symbol per character class, and its
counts of cl100k's pre-token kinds (see :func:`features`; the weights are in
:mod:`nbagent.llm.tokens`).

Works on a byte-class fold of the text (``bytes.translate``), then bit operations on its
symbols' flags read as one integer; numpy on large texts. Both paths give the same counts.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from nbagent.llm._cl100k_single import SINGLE_TOKEN_CHAR_CLASS

if TYPE_CHECKING:
    import numpy as np


def _byte_classes() -> bytes:
    """A ``bytes.translate`` table folding UTF-8 into one symbol per character class.

    Letters fold to symbols from ``0x61`` up and nothing else does, so a letter test is one
    comparison. A UTF-8 lead byte names its script block, which is all cl100k's costs need.
    """
    table = bytearray(256)
    for b in range(256):
        ch = chr(b)
        if b < 0x80:
            if ch.isalpha():
                table[b] = ord("u") if ch.isupper() else ord("a")
            elif ch.isdigit():
                table[b] = ord("0")
            elif ch == "\n":
                table[b] = ord("\n")
            elif ch.isspace():
                table[b] = ord(" ")
            elif ch == '"':
                table[b] = ord('"')  # punctuation, and where JSON's keys and strings start
            else:
                table[b] = ord(".")
        elif b < 0xC0:
            table[b] = 0  # continuation byte: deleted (see _CONTINUATION)
        elif b < 0xC3:
            table[b] = ord(".")  # U+0080-00BF: signs (£ ¥ ° « »), punctuation to cl100k
        elif b < 0xCA:
            table[b] = ord("l")  # U+00C0-027F: accented Latin letters, part of their word
        elif b < 0xD0 or 0xD5 <= b < 0xE0:
            table[b] = ord("L")  # Greek, combining marks, Armenian, Hebrew, Arabic
        elif b < 0xD5:
            table[b] = ord("r")  # U+0400-053F: Cyrillic letters, part of their word
        elif 0xEA <= b < 0xEE:
            table[b] = ord("K")  # U+A000-DFFF: hangul syllables
        elif b < 0xF0:
            table[b] = ord("C")  # other three-byte: CJK, kana, Indic, Thai, fullwidth forms
        else:
            table[b] = ord("E")  # four-byte: emoji, rare CJK
    return bytes(table)


_CLASSES = _byte_classes()
_CONTINUATION = bytes(range(0x80, 0xC0))
"""UTF-8 continuation bytes, deleted by the fold so that one symbol stands for one character."""
_LETTER = 0x61


# A symbol's flags, one bit each, for the bytes path of :func:`_counts`.
_F_LETTER, _F_CAPITAL, _F_ASCII_LETTER, _F_DIGIT, _F_SPACE, _F_BREAK, _F_MARK, _F_QUOTE = range(8)
_FLAGGED = {
    _F_LETTER: "alru",
    _F_CAPITAL: "u",
    _F_ASCII_LETTER: "au",
    _F_DIGIT: "0",
    _F_SPACE: " ",
    _F_BREAK: "\n",
    _F_MARK: '."',  # punctuation, quotes included
    _F_QUOTE: '"',
}


def _flag_table() -> bytes:
    """A ``bytes.translate`` table from the fold's symbols to their flags."""
    table = bytearray(256)
    for flag, symbols in _FLAGGED.items():
        for s in symbols:
            table[ord(s)] |= 1 << flag
    return bytes(table)


_FLAGS = _flag_table()
_LETTERS = bytes(ord("a") if chr(b) in _FLAGGED[_F_LETTER] else ord(" ") for b in range(256))
"""A translate table: letters to ``a``, the rest to spaces (where long words are looked for)."""
_NINE_LETTERS = b"a" * 9
_LONG_CHUNK = re.compile(rb"aaaaaaaa(?=a)")
"""Eight letters with one more after them: a word of n letters holds (n - 1) // 8."""
_DIGIT_GROUP = re.compile(rb"000|00|0")
"""A group of up to three digits, as cl100k cuts numbers: a run of n holds (n + 2) // 3."""
_NON_ASCII = b"lrLCKE"
"""The fold's symbols of non-ASCII characters, in the order of their weights."""
_NON_ASCII_SYMBOLS = tuple(bytes((s,)) for s in _NON_ASCII)
_NON_ASCII_CODES = list(_NON_ASCII)


_LARGE = 3072
"""From this many bytes on, runs are counted with numpy (cheaper than the bytes path from here)."""
_GROUP_STEPS = 8
"""Digit runs of up to ``_GROUP_STEPS + 1`` groups are counted by bit steps (see
:func:`_digit_groups`)."""
_BLOCK = 65536
_BOUNDARY = re.compile(rb"(?<! ) |[LCKE]")
"""Where a block may end (see :func:`_counts_numpy`)."""

_SAMPLES = 16
_SAMPLE_CHARS = 2048
_FEW_WIDE = 32
"""Up to this many class ``C`` characters, the single ones are found by a search."""


_ONES = int.from_bytes(b"\x01" * _LARGE, "little")
"""Bit 0 of every byte, for texts up to :data:`_LARGE` symbols."""


def _digit_groups(digits: int) -> int:
    """How many groups of up to three digits the runs of ``digits`` make (a run of n digits
    makes ``(n + 2) // 3``, as cl100k cuts numbers); ``0`` when a run is too long to count so.

    A run's first digit starts a group, and so does each digit three after a group's start in
    the same run: one step per group, a few steps for the numbers and ids of real text (a
    regular expression would make an object per group).
    """
    starts = digits ^ (digits & digits << 8)  # the first digit of each run
    groups = starts.bit_count()
    triples = digits & digits << 8 & digits << 16  # the last digit of three in a row
    for _ in range(_GROUP_STEPS):
        starts = starts << 24 & triples
        if not starts:
            return groups
        groups += starts.bit_count()
    return 0


def _counts(folded: bytes, is_ascii: bool) -> tuple[int, ...]:
    """What ``folded`` holds, in the order of the weights (see there), then, unless the text
    is ASCII, the count of each symbol of :data:`_NON_ASCII`.

    The symbols' flags are read as one integer, byte ``i`` the flags of symbol ``i`` (a few
    big-integer operations cost less than a scan of the bytes each). A plane is one flag, in
    bit 0 of every byte (``flags >> flag & _ONES``); shifting a plane by 8 bits moves each bit
    to the next symbol, so ``hit & before << 8`` marks the symbols of ``hit`` right after one
    of ``before``, and ``plane ^ (plane & plane << 8)`` the first symbol of each run. What a
    text cannot hold (no digit, no capital...) is not counted.
    """
    if len(folded) >= _LARGE:
        return _counts_numpy(folded, is_ascii)
    # The plane, start and after steps are written out (not called): a call costs more than
    # the operation on a short text, and most texts are short.
    flags, ones = int.from_bytes(folded.translate(_FLAGS), "little"), _ONES
    letters, marks = flags & ones, flags >> _F_MARK & ones
    first_marks = marks ^ (marks & marks << 8)
    joined = (letters & first_marks << 8).bit_count()  # a mark alone before a word: one pre-token
    inner = long = groups = space_digits = quoted = space_runs = newline_runs = 0
    if b"u" in folded:
        inner = (flags >> _F_CAPITAL & letters << 8).bit_count()
    words = folded.translate(_LETTERS)
    first, last = words.find(_NINE_LETTERS), words.rfind(_NINE_LETTERS)
    if first >= 0:  # words of nine letters or more: all in words[first : last + 9]
        long = len(_LONG_CHUNK.findall(words, first, last + 9))
    if b"0" in folded:
        groups = _digit_groups(flags >> _F_DIGIT & ones) or len(_DIGIT_GROUP.findall(folded))
        space_digits = folded.count(b" 0")
    if b'"' in folded:
        quoted = (flags >> _F_ASCII_LETTER & (flags >> _F_QUOTE & ones) << 8).bit_count()
    if b"  " in folded:
        spaces = flags >> _F_SPACE & ones
        pairs = spaces & spaces << 8
        space_runs = (pairs ^ (pairs & pairs << 8)).bit_count()  # from the second space on
    if b"\n" in folded:
        breaks = flags >> _F_BREAK & ones
        newline_runs = breaks.bit_count() - (breaks & (breaks | marks) << 8).bit_count()
    structure = (
        (letters ^ (letters & letters << 8)).bit_count(), inner, long, groups, space_digits,
        first_marks.bit_count() - joined, joined, quoted, space_runs, newline_runs,
    )  # fmt: skip
    return structure if is_ascii else (*structure, *map(folded.count, _NON_ASCII_SYMBOLS))


def _counts_numpy(folded: bytes, is_ascii: bool) -> tuple[int, ...]:
    """:func:`_counts` with numpy: from a few kilobytes on, a handful of vectorised passes beat
    the translations and scans.

    Long texts are counted in blocks of about :data:`_BLOCK` symbols: a dozen arrays the size
    of a megabyte would each cost fresh memory (page faults cost more than the passes), while
    block-sized ones are reused. A block ends before a space that follows a non-space, or
    before a character of another script: no run and no pair that a count looks at crosses
    there, so the blocks' counts add up to the text's exactly.
    """
    blocks = []
    start = 0
    while start < len(folded):
        found = None
        if len(folded) - start > 2 * _BLOCK:
            found = _BOUNDARY.search(folded, start + _BLOCK)
        end = len(folded) if found is None else found.start()
        blocks.append(_block_counts(folded[start:end], is_ascii))
        start = end
    return tuple(map(sum, zip(*blocks, strict=True)))


def _block_counts(folded: bytes, is_ascii: bool) -> tuple[int, ...]:
    """:func:`_counts` of one block, by whole-array passes (few of them: on a block of a few
    kilobytes each numpy call costs more than its pass)."""
    import numpy as np

    codes = np.frombuffer(folded, dtype=np.uint8)
    letters = codes >= _LETTER
    quotes, spaces, breaks, digits = (codes == ord(c) for c in '" \n0')
    punct = quotes | (codes == ord("."))
    ascii_letters = (codes == ord("a")) | (codes == ord("u"))
    # Nine letters in a row end at each symbol of ``nines`` (three doublings and one more): a
    # word of n letters makes a run of n - 8 there, and (n - 1) // 8 == ceil((n - 8) / 8).
    two = letters[:-1] & letters[1:]
    four = two[:-2] & two[2:]
    eight = four[:-4] & four[4:]
    nines = eight[:-1] & letters[8:]
    long = int(((_run_lengths(nines) + 7) // 8).sum()) if nines.any() else 0
    digit_runs = _run_lengths(digits)

    def follows(hit: np.ndarray, before: np.ndarray) -> int:
        """How many positions of ``hit`` come right after one of ``before``."""
        return int(np.count_nonzero(hit[1:] & before[:-1]))

    lone = punct[:-1].copy()  # a mark that is a run of its own...
    lone[1:] &= ~punct[:-2]
    joined = int(np.count_nonzero(lone & letters[1:]))  # ...with a word right after it
    return (
        int(np.count_nonzero(letters[1:] > letters[:-1])) + int(letters[0]),
        follows(codes == ord("u"), letters),
        long,
        int(((digit_runs + 2) // 3).sum()),
        follows(digits, spaces),
        int(np.count_nonzero(punct[1:] > punct[:-1])) + int(punct[0]) - joined,
        joined,
        follows(ascii_letters, quotes),
        int(np.count_nonzero(spaces[1:-1] & spaces[2:] & ~spaces[:-2]) + (spaces[0] & spaces[1])),
        follows(breaks, ~breaks & ~punct) + int(breaks[0]),
        *(() if is_ascii else _symbol_counts(codes)),
    )


def _symbol_counts(codes: np.ndarray) -> list[int]:
    """How many of each symbol of :data:`_NON_ASCII` ``codes`` holds, in one pass."""
    import numpy as np

    return list(np.bincount(codes, minlength=256)[_NON_ASCII_CODES].tolist())


def _run_lengths(plane: np.ndarray) -> np.ndarray:
    """The length of each run of ``True`` in ``plane``."""
    import numpy as np

    padded = np.zeros(len(plane) + 2, dtype=bool)
    padded[1:-1] = plane
    edges = np.flatnonzero(padded[1:] != padded[:-1])
    return edges[1::2] - edges[::2]


@functools.cache
def _single_token_table() -> np.ndarray:
    """Per UTF-16 code unit, whether it is a class ``C`` character that is a single token (a
    member of ``SINGLE_TOKEN_CHAR_CLASS``, read as characters and ``a-b`` ranges)."""
    import numpy as np

    table = np.zeros(0x10000, dtype=bool)
    for first, last in re.findall(r"(.)(?:-(.))?", SINGLE_TOKEN_CHAR_CLASS[1:-1]):
        for ch in map(chr, range(ord(first), ord(last or first) + 1)):
            table[ord(ch)] = ch.encode("utf-8").translate(_CLASSES, _CONTINUATION) == b"C"
    return table


def _single_token_share(text: str, wide: int) -> float:
    """Share of the ``wide`` (class ``C``) characters that are single tokens; sampled on large
    texts."""
    import numpy as np

    if len(text) <= _SAMPLES * _SAMPLE_CHARS:
        sample = text
    else:
        step = len(text) // _SAMPLES
        sample = "".join(text[i : i + _SAMPLE_CHARS] for i in range(0, len(text), step))
        wide = sample.encode("utf-8").translate(_CLASSES, _CONTINUATION).count(b"C")
    if wide <= _FEW_WIDE:  # an ellipsis or a name: a search costs less than numpy's setup
        singles = len(_single_token_pattern().findall(sample))
    else:
        # A character outside the BMP is two surrogate code units, neither in the table.
        units = np.frombuffer(sample.encode("utf-16-le"), dtype=np.uint16)
        singles = int(np.count_nonzero(_single_token_table()[units]))
    return singles / wide if wide else 1.0


@functools.cache
def _single_token_pattern() -> re.Pattern[str]:
    """A character class of exactly the characters :func:`_single_token_table` marks."""
    import numpy as np

    marked = np.flatnonzero(_single_token_table())
    return re.compile("[" + "".join(re.escape(chr(code)) for code in marked) + "]")


def features(text: str) -> tuple[float, ...]:
    """What the estimate weighs, in the order of its weights (the fit reads this too); for
    ASCII text only the first ten, its pre-token counts (the rest count other scripts)."""
    encoded, is_ascii = text.encode("utf-8"), text.isascii()
    # Only non-ASCII text has continuation bytes to delete (a translate that deletes is slower).
    folded = encoded.translate(_CLASSES) if is_ascii else encoded.translate(_CLASSES, _CONTINUATION)
    counts = _counts(folded, is_ascii)
    if is_ascii:  # most texts: no tuple to unpack and build again
        return counts
    *structure, latin, cyrillic, two_byte, wide, hangul, four_byte = counts
    single = wide * _single_token_share(text, wide) if wide else 0.0
    return (
        *structure, latin, cyrillic, two_byte, single, wide - single, hangul, four_byte,
    )  # fmt: skip
