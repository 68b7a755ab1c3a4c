"""Requests and responses: what goes to a provider and what comes back."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from nbagent.llm.messages import AnyMessage, AssistantMessage
from nbagent.llm.pricing import Usage


class ResultSemantic(StrEnum):
    """What a tool's result means to later turns; drives microcompact's importance score."""

    FACTUAL = "factual"
    """Facts the conversation may cite again (search results, documents): +1."""
    ACTION = "action"
    """A one-off confirmation (email sent, record created): -1."""
    MIXED = "mixed"
    """Both or unknown: 0."""


class ToolDefinition(BaseModel):
    """A tool the model may call: its name, description and JSON schema of its input."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
    description: str = ""
    input_schema: dict[str, Any] = Field(
        default_factory=lambda: {"type": "object", "properties": {}}
    )
    result_semantic: ResultSemantic = ResultSemantic.MIXED
    key_fields: tuple[Annotated[str, Field(min_length=1)], ...] = ()
    """Fields of the tool's result that are facts the user expects kept (a booking tool's
    ``confirmation``): retention tracks them and summaries' ledgers keep them. nbagent's own
    bookkeeping, like ``result_semantic``: never sent to a provider."""


class ToolChoice(BaseModel):
    """Whether and which tool the model must call: ``auto``, ``none``, ``required`` or ``tool``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Literal["auto", "none", "required", "tool"] = "auto"
    name: str | None = None

    @model_validator(mode="after")
    def _name_iff_tool(self) -> ToolChoice:
        if (self.mode == "tool") != (self.name is not None):
            raise ValueError("ToolChoice needs `name` exactly when mode='tool'")
        return self

    @classmethod
    def auto(cls) -> ToolChoice:
        return cls(mode="auto")

    @classmethod
    def none(cls) -> ToolChoice:
        return cls(mode="none")

    @classmethod
    def required(cls) -> ToolChoice:
        return cls(mode="required")

    @classmethod
    def tool(cls, name: str) -> ToolChoice:
        return cls(mode="tool", name=name)


class PromptCache(BaseModel):
    """Prompt caching for a provider that caches only where the request marks it (Anthropic).

    The provider marks the stable parts of each request -- the tools, the system prompt and the
    end of the conversation so far -- so the next request reads them from the cache (at a tenth
    of the input price) instead of paying for them again. ``ttl`` is how long an unused entry
    lives: ``"5m"`` (writes cost 1.25x input) or ``"1h"`` (2x; worth it when turns come more
    than five minutes apart). Providers that cache a repeated prefix on their own (OpenAI,
    DeepSeek, Qwen) need nothing and ignore it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    ttl: Literal["5m", "1h"] = "5m"


class MessageRequest(BaseModel):
    """One call to a model.

    There is no ``system`` field: system prompts are system messages. ``metadata`` is for nbagent's
    own bookkeeping (e.g. ``{"purpose": "summary"}``) and is never sent; ``extra_body`` is merged
    into the provider's JSON body as is (e.g. Qwen's ``enable_thinking``). ``prompt_cache=False``
    asks a provider that marks cache breakpoints (see :class:`PromptCache`) to mark none on this
    request: for a one-off call, such as a summary, whose prefix no later request repeats, a
    cache write would cost a quarter more than the plain input and never be read.
    """

    model_config = ConfigDict(extra="forbid")

    model: str = ""
    messages: list[AnyMessage]
    tools: list[ToolDefinition] = Field(default_factory=list)
    tool_choice: ToolChoice | None = None
    max_tokens: int | None = Field(default=None, gt=0)
    temperature: float | None = Field(default=None, ge=0.0, le=2.0)
    top_p: float | None = Field(default=None, gt=0.0, le=1.0)
    stop: list[str] | None = None
    thinking_budget: int | None = Field(default=None, gt=0)
    metadata: dict[str, Any] = Field(default_factory=dict)
    extra_body: dict[str, Any] = Field(default_factory=dict)
    prompt_cache: bool = True


class StopReason(StrEnum):
    """Why the model stopped, normalised across providers."""

    END_TURN = "end_turn"
    MAX_TOKENS = "max_tokens"
    STOP_SEQUENCE = "stop_sequence"
    TOOL_USE = "tool_use"
    CONTENT_FILTER = "content_filter"
    REFUSAL = "refusal"
    PAUSE_TURN = "pause_turn"
    OTHER = "other"


class MessageResponse(BaseModel):
    """The model's answer: one assistant message, why it stopped, and what it cost."""

    model_config = ConfigDict(extra="forbid")

    message: AssistantMessage
    stop_reason: StopReason = StopReason.END_TURN
    usage: Usage = Field(default_factory=Usage)
    model: str = ""
    id: str | None = None

    def text(self) -> str:
        """The reply's text blocks joined."""
        return self.message.text()
