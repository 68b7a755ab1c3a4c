"""Messages: the provider-neutral conversation history.

:data:`AnyMessage` is the discriminated union (tag ``role``) used in fields and stores;
:class:`Message` is the common base with the short constructors::

    Message.system("You are terse.")
    Message.user("hi")
    Message.assistant("hello")            # or a list of blocks
    Message.tool_result("call_1", "42")
    Message.user_image(url="https://...", text="what is this?")

System prompts travel only as system messages; each provider maps them to its own wire format.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, TypeAdapter

from nbagent.llm.blocks import (
    ContentBlock,
    ImageBlock,
    TextBlock,
    ValidText,
    blocks_from,
    text_of,
)


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
