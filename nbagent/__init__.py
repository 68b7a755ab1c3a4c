"""nbagent: LLM agent conversations in Jupyter, with long context managed in the open.

Layers, imports pointing down only: ``nbagent.notebook`` (magics, widget, tables, charts) ->
``nbagent.agent`` (sessions, slots, stores, summaries) -> ``nbagent.llm`` (IR, providers, cycle).
The public names of all three are re-exported here.
"""

from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

import nbagent.notebook as _notebook
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
    SessionSettings,
    SlotConfig,
    SlotMode,
    SpendTotals,
    SqliteStore,
    SummaryConfig,
    SummaryStatus,
    TurnRecord,
    focused_view,
    format_messages_as_text,
    generate_summary,
    spend_totals,
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
from nbagent.llm.compact import (
    CompactAction,
    CompactConfig,
    CompactRecord,
    CompactReport,
    CompactState,
    decide_strategy,
    microcompact,
    plan_compaction,
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
from nbagent.llm.hooks import HookContext, HookEvent, HookExecutor, HookHandle
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
from nbagent.llm.pricing import ModelPrice, Pricing, cost_usd
from nbagent.llm.provider import LlmProvider
from nbagent.llm.providers import (
    AnthropicProvider,
    FunctionProvider,
    OfflineProvider,
    OpenAIProvider,
    OpenAIWireOptions,
    ProviderRegistry,
    ProviderSpec,
    parse_spec,
    provider_from_env,
    provider_from_spec,
)
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
from nbagent.llm.usage import CostTracker, Usage

if _TYPE_CHECKING:
    from nbagent.agent import PostgresStore
    from nbagent.notebook import (
        AgentMagics,
        ChatWidget,
        CostView,
        ManyTuningResult,
        Probe,
        SummaryCard,
        SummaryView,
        TuningResult,
        ask_probes,
        check_probes,
        compaction_table,
        cost_table,
        demo_provider,
        read_jsonl,
        retention_table,
        styled,
        timeline_table,
        token_table,
        travel_demo,
        tune_summary,
        tune_widget,
        watermark_chart,
        write_jsonl,
    )

__version__ = "0.1.0"

_NOTEBOOK_NAMES = frozenset(_notebook.__all__)


def __getattr__(name: str) -> _Any:
    # Notebook names load on first use so `import nbagent` stays free of pandas and matplotlib.
    if name in _NOTEBOOK_NAMES:
        return getattr(_notebook, name)
    if name == "PostgresStore":  # loads psycopg: only on first use
        from nbagent.agent import PostgresStore

        return PostgresStore
    raise AttributeError(f"module 'nbagent' has no attribute {name!r}")


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
    "AgentMagics",
    "AgentSession",
    "AnthropicProvider",
    "AnyMessage",
    "AssistantMessage",
    "AudioBlock",
    "AuthenticationError",
    "BadRequestError",
    "BlockEvent",
    "ChatWidget",
    "CompactAction",
    "CompactConfig",
    "CompactRecord",
    "CompactReport",
    "CompactState",
    "CompactionEvent",
    "ConfigurationError",
    "ConflictError",
    "ContentBlock",
    "ContextSlot",
    "ContextWindowExceededError",
    "CostTracker",
    "CostView",
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
    "HookHandle",
    "ImageBlock",
    "InMemoryStore",
    "InternalServerError",
    "LlmCycle",
    "LlmProvider",
    "ManyTuningResult",
    "MemoryStore",
    "Message",
    "MessageEndEvent",
    "MessageRequest",
    "MessageResponse",
    "MessageStartEvent",
    "ModelPrice",
    "NbAgentError",
    "NotFoundError",
    "OfflineProvider",
    "OpenAIProvider",
    "OpenAIWireOptions",
    "OverloadedError",
    "PermissionDeniedError",
    "PostgresStore",
    "Pricing",
    "Probe",
    "PromptCache",
    "ProtocolError",
    "ProviderError",
    "ProviderRegistry",
    "ProviderSpec",
    "RateLimitError",
    "ReadOnlySlotError",
    "RequestTooLargeError",
    "ResultSemantic",
    "SessionMemory",
    "SessionSettings",
    "SlotConfig",
    "SlotMode",
    "SpendTotals",
    "SqliteStore",
    "StopReason",
    "StoreError",
    "StreamAccumulator",
    "StreamError",
    "StreamEvent",
    "SummaryCard",
    "SummaryConfig",
    "SummaryStatus",
    "SummaryView",
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
    "ToolErrorKind",
    "ToolRegistry",
    "ToolResultBlock",
    "ToolResultEvent",
    "ToolResultMessage",
    "ToolUseBlock",
    "ToolUseEndEvent",
    "ToolUseInputDeltaEvent",
    "ToolUseStartEvent",
    "TuningResult",
    "TurnLimitExceededError",
    "TurnRecord",
    "UnprocessableEntityError",
    "Usage",
    "UsageEvent",
    "UserMessage",
    "__version__",
    "aaccumulate_stream",
    "accumulate_stream",
    "ask_probes",
    "check_probes",
    "compaction_table",
    "cost_table",
    "cost_usd",
    "decide_strategy",
    "demo_provider",
    "estimate_message_tokens",
    "estimate_messages_tokens",
    "estimate_text_tokens",
    "focused_view",
    "format_messages_as_text",
    "generate_summary",
    "load_ipython_extension",
    "messages_from_json",
    "messages_to_json",
    "microcompact",
    "parse_spec",
    "plan_compaction",
    "provider_from_env",
    "provider_from_spec",
    "read_jsonl",
    "retention_table",
    "spend_totals",
    "styled",
    "timeline_table",
    "token_table",
    "tool",
    "travel_demo",
    "tune_summary",
    "tune_widget",
    "unload_ipython_extension",
    "watermark_chart",
    "write_jsonl",
]
