"""Events of a streamed cycle: the provider's IR stream events plus the cycle's own.

:meth:`LlmCycle.submit_stream <nbagent.llm.cycle.LlmCycle.submit_stream>` yields, per round, the
provider's :data:`~nbagent.llm.events.StreamEvent` s as they arrive, then one
:class:`ToolCallEvent` per tool call, one :class:`ToolResultEvent` per result (in call order), a
:class:`CompactionEvent` when microcompact ran, and at the very end one :class:`CycleDoneEvent`
with the final response. Each event carries a ``type`` tag for ``match`` on either kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeAlias

from nbagent.llm.events import StreamEvent
from nbagent.llm.messages import ToolUseBlock
from nbagent.llm.request import MessageResponse
from nbagent.llm.tools import ToolCallResult

if TYPE_CHECKING:
    from nbagent.llm.compact import CompactReport
    from nbagent.llm.messages import AnyMessage


@dataclass(frozen=True)
class ToolCallEvent:
    """The model asked for ``call``; it is about to run (round ``round``, counted from 1)."""

    call: ToolUseBlock
    round: int
    type: Literal["tool_call"] = "tool_call"


@dataclass(frozen=True)
class ToolResultEvent:
    """``result`` came back for ``call``."""

    call: ToolUseBlock
    result: ToolCallResult
    round: int
    type: Literal["tool_result"] = "tool_result"


@dataclass(frozen=True)
class CompactionEvent:
    """Microcompact ran over the cycle's messages; ``report`` says what it did."""

    report: CompactReport[AnyMessage]
    type: Literal["compaction"] = "compaction"


@dataclass(frozen=True)
class CycleDoneEvent:
    """The loop ended; ``response`` is the final answer, as the non-streamed call returns it."""

    response: MessageResponse
    type: Literal["cycle_done"] = "cycle_done"


CycleEvent: TypeAlias = (
    StreamEvent | ToolCallEvent | ToolResultEvent | CompactionEvent | CycleDoneEvent
)
"""Anything :meth:`LlmCycle.submit_stream` yields."""
