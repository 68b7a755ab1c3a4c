"""The model layer: IR, token estimation, providers, the LLM cycle. Knows nothing of agents.

This package exports the layer's public names; two parts have their own package:
:mod:`nbagent.llm.providers` (the providers, their specs and the offline test doubles) and
:mod:`nbagent.llm.compact` (microcompact). Here are:

- the IR: messages (:class:`Message` and its four roles, :data:`AnyMessage`), content blocks,
  :class:`MessageRequest` / :class:`MessageResponse`, :class:`Usage`, and the JSON codec of a
  history (:func:`messages_to_json` / :func:`messages_from_json`);
- streaming: the provider's :data:`StreamEvent` s, the cycle's own events (:data:`CycleEvent`)
  and the one accumulator (:class:`StreamAccumulator`, :func:`accumulate_stream`);
- :class:`LlmCycle`, tools (:func:`tool`, :class:`ToolRegistry`) and hooks;
- token estimation and prices (:class:`Pricing`, :class:`ModelPrice`, :func:`cost_usd`).
"""

from nbagent.llm.cycle import CycleConfig, LlmCycle
from nbagent.llm.cycle_events import (
    CompactionEvent,
    CycleDoneEvent,
    CycleEvent,
    ToolCallEvent,
    ToolResultEvent,
)
from nbagent.llm.events import (
    BlockEvent,
    ErrorEvent,
    MessageEndEvent,
    MessageStartEvent,
    StreamAccumulator,
    StreamEvent,
    TextDeltaEvent,
    ThinkingDeltaEvent,
    ToolUseEndEvent,
    ToolUseInputDeltaEvent,
    ToolUseStartEvent,
    UsageEvent,
    aaccumulate_stream,
    accumulate_stream,
)
from nbagent.llm.hooks import HookContext, HookEvent, HookExecutor, HookHandle
from nbagent.llm.messages import (
    AnyMessage,
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
    messages_from_json,
    messages_to_json,
)
from nbagent.llm.pricing import CostTracker, ModelPrice, Pricing, Usage, cost_usd
from nbagent.llm.provider import LlmProvider
from nbagent.llm.request import (
    MessageRequest,
    MessageResponse,
    PromptCache,
    ResultSemantic,
    StopReason,
    ToolChoice,
    ToolDefinition,
)
from nbagent.llm.tokens import (
    HeuristicEstimator,
    TiktokenEstimator,
    TokenEstimator,
    estimate_message_tokens,
    estimate_messages_tokens,
    estimate_text_tokens,
)
from nbagent.llm.tools import Tool, ToolCallResult, ToolErrorKind, ToolRegistry, tool

__all__ = [
    "AnyMessage",
    "AssistantMessage",
    "AudioBlock",
    "BlockEvent",
    "CompactionEvent",
    "ContentBlock",
    "CostTracker",
    "CycleConfig",
    "CycleDoneEvent",
    "CycleEvent",
    "ErrorEvent",
    "ExtensionBlock",
    "FileBlock",
    "HeuristicEstimator",
    "HookContext",
    "HookEvent",
    "HookExecutor",
    "HookHandle",
    "ImageBlock",
    "LlmCycle",
    "LlmProvider",
    "Message",
    "MessageEndEvent",
    "MessageRequest",
    "MessageResponse",
    "MessageStartEvent",
    "ModelPrice",
    "Pricing",
    "PromptCache",
    "ResultSemantic",
    "StopReason",
    "StreamAccumulator",
    "StreamEvent",
    "SystemMessage",
    "TextBlock",
    "TextDeltaEvent",
    "ThinkingBlock",
    "ThinkingDeltaEvent",
    "TiktokenEstimator",
    "TokenEstimator",
    "Tool",
    "ToolCallEvent",
    "ToolCallResult",
    "ToolChoice",
    "ToolDefinition",
    "ToolErrorKind",
    "ToolRegistry",
    "ToolResultBlock",
    "ToolResultEvent",
    "ToolResultMessage",
    "ToolUseBlock",
    "ToolUseEndEvent",
    "ToolUseInputDeltaEvent",
    "ToolUseStartEvent",
    "Usage",
    "UsageEvent",
    "UserMessage",
    "aaccumulate_stream",
    "accumulate_stream",
    "cost_usd",
    "estimate_message_tokens",
    "estimate_messages_tokens",
    "estimate_text_tokens",
    "messages_from_json",
    "messages_to_json",
    "tool",
]
