"""Content blocks: the provider-neutral pieces a message is made of.

Every block carries a ``type`` literal; :data:`ContentBlock` is the discriminated union that
messages hold. Blocks are frozen: compaction and providers build new blocks rather than edit them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Block(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TextBlock(_Block):
    """Plain text."""

    type: Literal["text"] = "text"
    text: str


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


class ToolUseBlock(_Block):
    """The model asks to call tool ``name`` with JSON ``input``; ``id`` pairs it with its result."""

    type: Literal["tool_use"] = "tool_use"
    id: str
    name: str
    input: dict[str, Any] = Field(default_factory=dict)


class ToolResultBlock(_Block):
    """A tool's result embedded in a message (Anthropic style)."""

    type: Literal["tool_result"] = "tool_result"
    tool_use_id: str
    content: list[ContentBlock] = Field(default_factory=list)
    is_error: bool = False


class ThinkingBlock(_Block):
    """Model reasoning. ``signature`` must be sent back unchanged to providers that sign it."""

    type: Literal["thinking"] = "thinking"
    text: str
    signature: str | None = None


class ExtensionBlock(_Block):
    """A provider-specific block kept as raw JSON (e.g. Anthropic ``redacted_thinking``)."""

    type: Literal["extension"] = "extension"
    data: dict[str, Any]


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
