"""The IR of a conversation: content blocks, and the messages made of them.

A message is a list of blocks, so the two are one model, provider-neutral, read in that order:
the text's validation, the content blocks (:data:`ContentBlock`, tag ``type``), a tool call's
arguments as the model sent them, then the messages (:data:`AnyMessage`, tag ``role``) and the
one JSON codec of a history. :class:`Message` is the common base with the short constructors::

    Message.system("You are terse.")
    Message.user("hi")
    Message.assistant("hello")            # or a list of blocks
    Message.tool_result("call_1", "42")
    Message.user_image(url="https://...", text="what is this?")

System prompts travel only as system messages; each provider maps them to its own wire format.
Blocks and messages are frozen: compaction and providers build new ones rather than edit them.

Text is always valid Unicode (:data:`ValidText`, and :data:`ValidJson` for the strings of tool
input and raw blocks): a surrogate pair left split by a stream, or a lone surrogate from a JSON
escape, could not be saved or sent as UTF-8.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Annotated, Any, Literal, Self

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    TypeAdapter,
    model_validator,
)

# -- text: always valid Unicode --------------------------------------------------------------------

_SURROGATE = re.compile("[\ud800-\udfff]")


def valid_unicode(text: str) -> str:
    """``text`` as valid Unicode: surrogate pairs joined into their code point, lone surrogates
    replaced by U+FFFD. Text without surrogates (nearly all) is returned as is."""
    if _SURROGATE.search(text) is None:
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def valid_json_strings(value: Any) -> Any:
    """``value`` (parsed JSON) with every string, keys too, passed through :func:`valid_unicode`."""
    if isinstance(value, str):
        return valid_unicode(value)
    if isinstance(value, list):
        return [valid_json_strings(v) for v in value]
    if isinstance(value, dict):
        return {valid_json_strings(k): valid_json_strings(v) for k, v in value.items()}
    return value


ValidText = Annotated[str, AfterValidator(valid_unicode)]
"""A ``str`` field that repairs surrogates on validation (see :func:`valid_unicode`)."""

ValidJson = Annotated[dict[str, Any], AfterValidator(valid_json_strings)]
"""A JSON object field whose strings are repaired the same way (tool input, raw blocks)."""


# -- content blocks: the pieces a message is made of -----------------------------------------------


def _is_none(value: object) -> bool:
    return value is None


class _Block(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TextBlock(_Block):
    """Plain text. ``citations`` are the provider's source references for this text (Anthropic
    ``citations``, kept as received so they can be sent back); absent when there are none, so
    text without citations serialises as it always did."""

    type: Literal["text"] = "text"
    text: ValidText
    # Left out when absent by pydantic-core itself (a wrap serializer around every text block
    # cost three times as much, and a request is serialised whole).
    citations: list[dict[str, Any]] | None = Field(default=None, exclude_if=_is_none)

    def __repr_args__(self) -> Iterator[tuple[str | None, Any]]:
        for name, value in super().__repr_args__():
            if name != "citations" or value is not None:
                yield name, value


class ImageBlock(_Block):
    """An image given by URL or by base64 ``data`` with its ``media_type``."""

    type: Literal["image"] = "image"
    url: str | None = None
    data: str | None = None
    media_type: str | None = None
    detail: Literal["auto", "low", "high"] | None = None

    @model_validator(mode="after")
    def _one_source(self) -> ImageBlock:
        if (self.url is None) == (self.data is None):
            raise ValueError("ImageBlock needs exactly one of `url` or `data` (base64)")
        if self.data is not None and not self.media_type:
            raise ValueError("ImageBlock with base64 `data` needs `media_type`, e.g. 'image/png'")
        return self


class AudioBlock(_Block):
    """Base64 audio in ``format`` (``wav``, ``mp3``, ...)."""

    type: Literal["audio"] = "audio"
    data: str
    format: str = "wav"


class FileBlock(_Block):
    """A document: base64 ``data`` or a provider ``file_id``, with a file name."""

    type: Literal["file"] = "file"
    name: str = ""
    data: str | None = None
    file_id: str | None = None
    media_type: str | None = None

    @model_validator(mode="after")
    def _one_source(self) -> FileBlock:
        if (self.data is None) == (self.file_id is None):
            raise ValueError("FileBlock needs exactly one of `data` (base64) or `file_id`")
        return self


# -- tool-call arguments as the model sent them: parsed, or kept raw when not JSON -----------------
# A model sometimes sends arguments that do not parse -- cut off (``{"path": "~/x", "dry_run":
# tru``) or not an object (``[1, 2]``). Reading those as ``{}`` would run the tool with its
# defaults, and a destructive default would run. Instead parse_tool_arguments keeps the raw text
# under the reserved key INVALID_JSON_KEY, so the ToolUseBlock still says what the model sent
# (tables show it, the request mappers send it back verbatim with wire_arguments) and the tool
# registry answers with an error result instead of running the tool.

INVALID_JSON_KEY = "__nbagent_invalid_json__"
"""The one key of a tool input whose raw text was not a JSON object; its value is that text."""


def parse_tool_arguments(raw: str) -> dict[str, Any]:
    """The JSON object ``raw`` holds; ``{}`` for empty text; else ``{INVALID_JSON_KEY: raw}``."""
    if not raw.strip():
        return {}
    try:
        value = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        return {INVALID_JSON_KEY: raw}
    return value if isinstance(value, dict) else {INVALID_JSON_KEY: raw}


def invalid_arguments_text(arguments: Mapping[str, Any]) -> str | None:
    """The raw text of arguments :func:`parse_tool_arguments` could not read, else ``None``."""
    if len(arguments) != 1:
        return None
    raw = arguments.get(INVALID_JSON_KEY)
    return raw if isinstance(raw, str) else None


def arguments_problem(raw: str) -> str:
    """Why ``raw`` is not a JSON object, in words the model can act on."""
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as e:
        return f"the arguments are not valid JSON ({e.msg}: line {e.lineno} column {e.colno})"
    except RecursionError:
        return "the arguments are not valid JSON (nested too deeply)"
    return f"the arguments must be a JSON object, got {type(value).__name__}"


def wire_arguments(arguments: Mapping[str, Any]) -> str:
    """The arguments text to send back to a provider: the model's own text when it did not
    parse (so the model never sees :data:`INVALID_JSON_KEY`), else the JSON of ``arguments``."""
    raw = invalid_arguments_text(arguments)
    return raw if raw is not None else json.dumps(arguments, ensure_ascii=False)


class ToolUseBlock(_Block):
    """The model asks to call tool ``name`` with JSON ``input``; ``id`` pairs it with its result."""

    type: Literal["tool_use"] = "tool_use"
    id: str
    name: str
    input: ValidJson = Field(default_factory=dict)

    @property
    def unreadable_arguments(self) -> str | None:
        """The model's raw arguments text when it was not a JSON object (the tool was not run
        on it), else ``None``."""
        return invalid_arguments_text(self.input)

    def arguments_text(self) -> str:
        """The arguments as the model sent them: their JSON, or the unreadable raw text."""
        return wire_arguments(self.input)


class ToolResultBlock(_Block):
    """A tool's result embedded in a message (Anthropic style)."""

    type: Literal["tool_result"] = "tool_result"
    tool_use_id: str
    content: list[ContentBlock] = Field(default_factory=list)
    is_error: bool = False


class ThinkingBlock(_Block):
    """Model reasoning. ``signature`` must be sent back unchanged to providers that sign it."""

    type: Literal["thinking"] = "thinking"
    text: ValidText
    signature: str | None = None


class ExtensionBlock(_Block):
    """A provider-specific block kept as raw JSON (e.g. Anthropic ``redacted_thinking``)."""

    type: Literal["extension"] = "extension"
    data: ValidJson


ContentBlock = Annotated[
    TextBlock
    | ImageBlock
    | AudioBlock
    | FileBlock
    | ToolUseBlock
    | ToolResultBlock
    | ThinkingBlock
    | ExtensionBlock,
    Field(discriminator="type"),
]
"""Any content block, discriminated by its ``type``."""

ToolResultBlock.model_rebuild()


def blocks_from(content: str | list[ContentBlock]) -> list[ContentBlock]:
    """Turn a plain string into one text block; pass a block list through as a new list."""
    if isinstance(content, str):
        return [TextBlock(text=content)]
    return list(content)


def text_of(blocks: list[ContentBlock]) -> str:
    """Join the text blocks of ``blocks`` (tool results included, recursively)."""
    parts: list[str] = []
    for block in blocks:
        if isinstance(block, TextBlock):
            parts.append(block.text)
        elif isinstance(block, ToolResultBlock):
            parts.append(text_of(block.content))
    return "".join(parts)


# -- messages: the conversation history ------------------------------------------------------------


class Message(BaseModel):
    """Base of every message; use the constructors below rather than the subclasses directly."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # Token estimates are cached per instance: messages are frozen, so the estimate never goes
    # stale, and a session re-estimates its whole history every turn.
    _token_cache: dict[str, int] = PrivateAttr(default_factory=dict)

    role: str

    def __eq__(self, other: object) -> bool:
        # Fields only: pydantic also compares private attributes, and an estimated message
        # (filled token cache) must still equal the same message not yet estimated.
        if not isinstance(other, Message):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]  # content lists are unhashable anyway

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        copy = super().model_copy(update=update, deep=deep)
        # pydantic shares private attributes with the copy; a changed copy needs its own cache.
        copy.__pydantic_private__ = {"_token_cache": {} if update else dict(self._token_cache)}
        return copy

    @staticmethod
    def system(text: str) -> SystemMessage:
        return SystemMessage(content=text)

    @staticmethod
    def user(content: str | list[ContentBlock]) -> UserMessage:
        return UserMessage(content=blocks_from(content))

    @staticmethod
    def assistant(content: str | list[ContentBlock]) -> AssistantMessage:
        return AssistantMessage(content=blocks_from(content))

    @staticmethod
    def tool_result(
        tool_call_id: str,
        content: str | list[ContentBlock],
        is_error: bool = False,
        *,
        tool_name: str | None = None,
    ) -> ToolResultMessage:
        return ToolResultMessage(
            tool_call_id=tool_call_id,
            content=blocks_from(content),
            is_error=is_error,
            tool_name=tool_name,
        )

    @staticmethod
    def user_image(
        *,
        url: str | None = None,
        data: str | None = None,
        media_type: str | None = None,
        text: str | None = None,
        detail: Literal["auto", "low", "high"] | None = None,
    ) -> UserMessage:
        """A user message carrying one image (by URL or base64 ``data``) and optional text."""
        image = ImageBlock(url=url, data=data, media_type=media_type, detail=detail)
        blocks: list[ContentBlock] = [TextBlock(text=text)] if text else []
        blocks.append(image)
        return UserMessage(content=blocks)

    def text(self) -> str:
        """The message's text blocks joined (empty for messages without text)."""
        raise NotImplementedError


class SystemMessage(Message):
    """Instructions for the model."""

    role: Literal["system"] = "system"
    content: ValidText

    def text(self) -> str:
        return self.content


class UserMessage(Message):
    """What the user said: text, images, audio, files."""

    role: Literal["user"] = "user"
    content: list[ContentBlock]

    def text(self) -> str:
        return text_of(self.content)


class AssistantMessage(Message):
    """The model's reply: text, thinking, tool uses (and, from Anthropic history, tool results)."""

    role: Literal["assistant"] = "assistant"
    content: list[ContentBlock] = Field(default_factory=list)

    def text(self) -> str:
        return text_of([b for b in self.content if isinstance(b, TextBlock)])


class ToolResultMessage(Message):
    """The result of one tool call, paired with the assistant's ``ToolUseBlock`` by id."""

    role: Literal["tool"] = "tool"
    tool_call_id: str
    content: list[ContentBlock]
    is_error: bool = False
    tool_name: str | None = None

    def text(self) -> str:
        return text_of(self.content)


NOT_RUN_RESULT = "No result: the tool call was not run."
"""What providers send as the result of a tool call the history has none for (a reply cut at
``max_tokens`` keeps its tool use): both APIs reject a tool call left unanswered."""

AnyMessage = Annotated[
    SystemMessage | UserMessage | AssistantMessage | ToolResultMessage,
    Field(discriminator="role"),
]
"""Any message, discriminated by its ``role``: the type fields and stores use."""

MESSAGES_ADAPTER: TypeAdapter[list[AnyMessage]] = TypeAdapter(list[AnyMessage])
"""(De)serialises a message history; stores persist exactly this JSON."""

MESSAGE_ADAPTER: TypeAdapter[AnyMessage] = TypeAdapter(AnyMessage)


def messages_to_json(messages: list[AnyMessage]) -> str:
    return MESSAGES_ADAPTER.dump_json(messages, exclude_defaults=False).decode()


def messages_from_json(data: str | bytes) -> list[AnyMessage]:
    return MESSAGES_ADAPTER.validate_json(data)


def message_from_dict(data: dict[str, Any]) -> AnyMessage:
    return MESSAGE_ADAPTER.validate_python(data)


def system_text(messages: Sequence[AnyMessage]) -> str:
    """Every system message's text, in order, joined by blank lines (empty ones skipped): what
    a wire that takes one system text sends."""
    return "\n\n".join(
        m.content for m in messages if isinstance(m, SystemMessage) and m.content.strip()
    )


__all__ = [
    "INVALID_JSON_KEY",
    "MESSAGES_ADAPTER",
    "MESSAGE_ADAPTER",
    "NOT_RUN_RESULT",
    "AnyMessage",
    "AssistantMessage",
    "AudioBlock",
    "ContentBlock",
    "ExtensionBlock",
    "FileBlock",
    "ImageBlock",
    "Message",
    "SystemMessage",
    "TextBlock",
    "ThinkingBlock",
    "ToolResultBlock",
    "ToolResultMessage",
    "ToolUseBlock",
    "UserMessage",
    "ValidJson",
    "ValidText",
    "arguments_problem",
    "blocks_from",
    "invalid_arguments_text",
    "message_from_dict",
    "messages_from_json",
    "messages_to_json",
    "parse_tool_arguments",
    "system_text",
    "text_of",
    "valid_json_strings",
    "valid_unicode",
    "wire_arguments",
]
