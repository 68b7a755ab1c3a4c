"""Content blocks: the provider-neutral pieces a message is made of.

Every block carries a ``type`` literal; :data:`ContentBlock` is the discriminated union that
messages hold. Blocks are frozen: compaction and providers build new blocks rather than edit them.

Text is always valid Unicode (:data:`ValidText`, and :data:`ValidJson` for the strings of tool
input and raw blocks): a surrogate pair left split by a stream, or a lone surrogate from a JSON
escape, could not be saved or sent as UTF-8.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    model_validator,
)

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


# -- tool-call arguments as the model sent them: parsed, or kept raw when they are not JSON --
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
