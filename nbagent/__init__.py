"""nbagent: LLM agent conversations in Jupyter, with long context managed in the open.

The root holds what a user writes: the session and its settings, stores, tools, messages, the
events a streamed turn yields, provider specs, prices and the errors worth catching. Everything
else lives in the package that says what it is, each name in one place:

=========================  ========================================================================
``nbagent.agent``          the agent layer: bundles, slots, session memory, every store
                           (``PostgresStore`` needs the ``postgres`` extra), the timeline,
                           summaries, spend totals
``nbagent.llm``            the model layer: the whole IR, stream internals and the accumulator,
                           ``LlmCycle``, hooks, tools, token estimation, prices
``nbagent.llm.providers``  the providers, spec parsing, the registry, the offline test doubles
``nbagent.llm.compact``    microcompact: the planner, its records and reports
``nbagent.notebook``       magics, the chat widget, tables, charts, tuning, the offline demo
``nbagent.errors``         the whole exception tree, drawn in its docstring
=========================  ========================================================================

Layers, imports pointing down only: ``nbagent.notebook`` -> ``nbagent.agent`` -> ``nbagent.llm``.
Names that left the root in this release still resolve here, with a ``DeprecationWarning`` that
names their new home, until the next release.
"""

import importlib as _importlib
import sys as _sys
import warnings as _warnings
from typing import Any as _Any

import nbagent.notebook as _notebook  # lazy: `nbagent.notebook.X` works after `import nbagent`
from nbagent.agent import (
    Agent,
    AgentBuilder,
    AgentSession,
    InMemoryStore,
    SqliteStore,
    SummaryConfig,
)
from nbagent.errors import (
    APIConnectionError,
    APIStatusError,
    ConfigurationError,
    NbAgentError,
    ProviderError,
    RateLimitError,
)
from nbagent.llm import (
    CompactionEvent,
    CycleDoneEvent,
    CycleEvent,
    LlmProvider,
    Message,
    MessageRequest,
    MessageResponse,
    ModelPrice,
    Pricing,
    ResultSemantic,
    TextBlock,
    TextDeltaEvent,
    ThinkingDeltaEvent,
    ToolCallEvent,
    ToolRegistry,
    ToolResultEvent,
    ToolUseBlock,
    tool,
)
from nbagent.llm.compact import CompactConfig
from nbagent.llm.providers import provider_from_env, provider_from_spec

__version__ = "0.1.0"

_MOVED: dict[str, str] = {
    **dict.fromkeys(
        (
            "AgentBundle",
            "AgentConfig",
            "ContextSlot",
            "FocusedConfig",
            "MemoryStore",
            "PostgresStore",
            "SessionMemory",
            "SessionSettings",
            "SlotConfig",
            "SlotMode",
            "SpendTotals",
            "SummaryStatus",
            "TurnRecord",
            "focused_view",
            "format_messages_as_text",
            "generate_summary",
            "spend_totals",
        ),
        "nbagent.agent",
    ),
    **dict.fromkeys(
        (
            "APITimeoutError",
            "AuthenticationError",
            "BadRequestError",
            "ConflictError",
            "ContextWindowExceededError",
            "InternalServerError",
            "NotFoundError",
            "OverloadedError",
            "PermissionDeniedError",
            "ProtocolError",
            "ReadOnlySlotError",
            "RequestTooLargeError",
            "StoreError",
            "StreamError",
            "ToolError",
            "TurnLimitExceededError",
            "UnprocessableEntityError",
        ),
        "nbagent.errors",
    ),
    **dict.fromkeys(
        (
            "AnyMessage",
            "AssistantMessage",
            "AudioBlock",
            "BlockEvent",
            "ContentBlock",
            "CostTracker",
            "CycleConfig",
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
            "MessageEndEvent",
            "MessageStartEvent",
            "PromptCache",
            "StopReason",
            "StreamAccumulator",
            "StreamEvent",
            "SystemMessage",
            "ThinkingBlock",
            "TiktokenEstimator",
            "TokenEstimator",
            "Tool",
            "ToolCallResult",
            "ToolChoice",
            "ToolDefinition",
            "ToolErrorKind",
            "ToolResultBlock",
            "ToolResultMessage",
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
        ),
        "nbagent.llm",
    ),
    **dict.fromkeys(
        (
            "CompactAction",
            "CompactRecord",
            "CompactReport",
            "CompactState",
            "decide_strategy",
            "microcompact",
            "plan_compaction",
        ),
        "nbagent.llm.compact",
    ),
    **dict.fromkeys(
        (
            "AnthropicProvider",
            "FunctionProvider",
            "OfflineProvider",
            "OpenAIProvider",
            "OpenAIWireOptions",
            "ProviderRegistry",
            "ProviderSpec",
            "parse_spec",
        ),
        "nbagent.llm.providers",
    ),
    **dict.fromkeys(_notebook.__all__, "nbagent.notebook"),
}
"""Each name that left the root in this release, and its one home (the root names go next)."""


def __getattr__(name: str) -> _Any:
    # A moved name loads from its home on use (so PostgresStore still needs no psycopg to import,
    # and the notebook names no pandas), and warns at the line that asked for it.
    home = _MOVED.get(name)
    if home is None:
        raise AttributeError(f"module 'nbagent' has no attribute {name!r}")
    value = getattr(_importlib.import_module(home), name)
    asker = _sys._getframe(1).f_code.co_filename
    if "importlib" in asker and "_bootstrap" in asker:
        return value  # `from nbagent import X` asks twice (importlib, then the line): warn once
    _warnings.warn(
        f"nbagent.{name} moved to {home}.{name}; the root name will be removed in the next release",
        DeprecationWarning,
        stacklevel=2,
    )
    return value


def __dir__() -> list[str]:
    # The public surface and the packages; the moved names are left out, as they are leaving.
    public = (name for name in globals() if not name.startswith("_"))
    return sorted({*__all__, *public, "__version__"})


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
    "Agent",
    "AgentBuilder",
    "AgentSession",
    "CompactConfig",
    "CompactionEvent",
    "ConfigurationError",
    "CycleDoneEvent",
    "CycleEvent",
    "InMemoryStore",
    "LlmProvider",
    "Message",
    "MessageRequest",
    "MessageResponse",
    "ModelPrice",
    "NbAgentError",
    "Pricing",
    "ProviderError",
    "RateLimitError",
    "ResultSemantic",
    "SqliteStore",
    "SummaryConfig",
    "TextBlock",
    "TextDeltaEvent",
    "ThinkingDeltaEvent",
    "ToolCallEvent",
    "ToolRegistry",
    "ToolResultEvent",
    "ToolUseBlock",
    "provider_from_env",
    "provider_from_spec",
    "tool",
]
