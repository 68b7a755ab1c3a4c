"""nbagent: LLM agent conversations in Jupyter, with long context managed in the open.

Layers, imports pointing down only: ``nbagent.notebook`` (magics, widget, tables, charts) ->
``nbagent.agent`` (sessions, slots, stores, summaries) -> ``nbagent.llm`` (IR, providers, cycle).
The public names of all three are re-exported here.
"""

from typing import Any as _Any

from nbagent.agent import (
    Agent,
    AgentBuilder,
    AgentBundle,
    AgentConfig,
    AgentSession,
    ContextSlot,
    FocusedConfig,
    InMemoryStore,
    MemoryStore,
    SessionMemory,
    SlotConfig,
    SlotMode,
    SqliteStore,
    SummaryConfig,
    SummaryStatus,
    TurnRecord,
    focused_view,
    format_messages_as_text,
    generate_summary,
)
from nbagent.errors import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConfigurationError,
    ConflictError,
    ContextWindowExceededError,
    InternalServerError,
    NbAgentError,
    NotFoundError,
    OverloadedError,
    PermissionDeniedError,
    ProtocolError,
    ProviderError,
    RateLimitError,
    ReadOnlySlotError,
    RequestTooLargeError,
    StoreError,
    StreamError,
    ToolError,
    TurnLimitExceededError,
    UnprocessableEntityError,
)
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
from nbagent.llm.hooks import HookContext, HookEvent, HookExecutor
from nbagent.llm.messages import (
    AnyMessage,
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResultMessage,
    UserMessage,
    messages_from_json,
    messages_to_json,
)
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers import (
    AnthropicProvider,
    FunctionProvider,
    OfflineProvider,
    OpenAIProvider,
    ProviderRegistry,
    provider_from_env,
    provider_from_spec,
)
from nbagent.llm.request import (
    MessageRequest,
    MessageResponse,
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
from nbagent.llm.tools import Tool, ToolCallResult, ToolRegistry, tool
from nbagent.llm.usage import CostTracker, Usage

__version__ = "0.1.0"


def load_ipython_extension(ipython: _Any) -> None:
    """``%load_ext nbagent``: register the ``%agent`` / ``%%agent`` magics (imported lazily)."""
    from nbagent.notebook.extension import load_ipython_extension as load

    load(ipython)


def unload_ipython_extension(ipython: _Any) -> None:
    """``%unload_ext nbagent``: remove the magics again."""
    from nbagent.notebook.extension import unload_ipython_extension as unload

    unload(ipython)


__all__ = [
    "APIConnectionError",
    "APIStatusError",
    "APITimeoutError",
    "Agent",
    "AgentBuilder",
    "AgentBundle",
    "AgentConfig",
    "AgentSession",
    "AnthropicProvider",
    "AnyMessage",
    "AssistantMessage",
    "AudioBlock",
    "AuthenticationError",
    "BadRequestError",
    "BlockEvent",
    "CompactionEvent",
    "ConfigurationError",
    "ConflictError",
    "ContentBlock",
    "ContextSlot",
    "ContextWindowExceededError",
    "CostTracker",
    "CycleConfig",
    "CycleDoneEvent",
    "CycleEvent",
    "ErrorEvent",
    "ExtensionBlock",
    "FileBlock",
    "FocusedConfig",
    "FunctionProvider",
    "HeuristicEstimator",
    "HookContext",
    "HookEvent",
    "HookExecutor",
    "ImageBlock",
    "InMemoryStore",
    "InternalServerError",
    "LlmCycle",
    "LlmProvider",
    "MemoryStore",
    "Message",
    "MessageEndEvent",
    "MessageRequest",
    "MessageResponse",
    "MessageStartEvent",
    "NbAgentError",
    "NotFoundError",
    "OfflineProvider",
    "OpenAIProvider",
    "OverloadedError",
    "PermissionDeniedError",
    "ProtocolError",
    "ProviderError",
    "ProviderRegistry",
    "RateLimitError",
    "ReadOnlySlotError",
    "RequestTooLargeError",
    "ResultSemantic",
    "SessionMemory",
    "SlotConfig",
    "SlotMode",
    "SqliteStore",
    "StopReason",
    "StoreError",
    "StreamAccumulator",
    "StreamError",
    "StreamEvent",
    "SummaryConfig",
    "SummaryStatus",
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
    "ToolError",
    "ToolRegistry",
    "ToolResultBlock",
    "ToolResultEvent",
    "ToolResultMessage",
    "ToolUseBlock",
    "ToolUseEndEvent",
    "ToolUseInputDeltaEvent",
    "ToolUseStartEvent",
    "TurnLimitExceededError",
    "TurnRecord",
    "UnprocessableEntityError",
    "Usage",
    "UsageEvent",
    "UserMessage",
    "__version__",
    "aaccumulate_stream",
    "accumulate_stream",
    "estimate_message_tokens",
    "estimate_messages_tokens",
    "estimate_text_tokens",
    "focused_view",
    "format_messages_as_text",
    "generate_summary",
    "load_ipython_extension",
    "messages_from_json",
    "messages_to_json",
    "provider_from_env",
    "provider_from_spec",
    "tool",
    "unload_ipython_extension",
]
