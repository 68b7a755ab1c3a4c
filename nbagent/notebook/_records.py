"""Reading a session's own records: which turn stored each message, and what each request held.

Everything here is derived from ``session.timeline`` (one :class:`TurnRecord` per turn), the
slots' stored messages and the slot configs, using the agent layer's own view code
(``AgentSession.request_messages``) -- never a second implementation of the view rules.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from nbagent.agent.context import ContextSlot, recent_turns_start, summary_system_message
from nbagent.agent.session import AgentSession
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.llm.compact import Skip
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
    text_of,
)

logger = logging.getLogger("nbagent.notebook")


def is_turn_start(message: Message) -> bool:
    """A user message with something besides tool results: it starts a turn (the prompt)."""
    return isinstance(message, UserMessage) and any(
        not isinstance(b, ToolResultBlock) for b in message.content
    )


def fired_records(session: AgentSession, slot_id: str | None = None) -> list[TurnRecord]:
    """The timeline records whose summary fired, oldest first (of one slot when given)."""
    return [
        r
        for r in session.timeline
        if r.summary_status is SummaryStatus.FIRED and (slot_id is None or r.slot_id == slot_id)
    ]


def summary_before(session: AgentSession, slot_id: str, turn_index: int) -> TurnRecord | None:
    """The last summary of ``slot_id`` made before turn ``turn_index`` (what its view carried)."""
    earlier = [r for r in fired_records(session, slot_id) if r.turn_index < turn_index]
    return earlier[-1] if earlier else None


def cycle_positions(session: AgentSession, record: TurnRecord) -> list[int | None]:
    """Stored index of each message the turn's requests held, by position (``None``: not stored).

    The turn's record says it (:meth:`TurnRecord.positions`, written at commit time). A record
    saved before nbagent kept that maps only the turn's own messages.
    """
    if record.request_positions:
        return record.positions()
    slot = session.slots.get(record.slot_id)
    if slot is None:
        return []
    end = min(record.messages_stored, len(slot.messages))
    start = recent_turns_start(slot.messages[:end], 1, 0)
    return [*([None] * record.messages_in_view), *range(start, end)]


def message_turns(session: AgentSession, slot: ContextSlot) -> list[int | None]:
    """The turn index of each stored message of ``slot`` (``None`` before the first prompt).

    A turn recorded in the timeline starts where the agent's focused view says the last turn
    of its ``messages_stored`` starts (:func:`~nbagent.agent.context.recent_turns_start`); a
    prompt no record starts (a streamed turn not finalised yet) is one more than the last.
    """
    messages = slot.messages
    starts: dict[int, int] = {}
    for record in session.timeline:
        if record.slot_id == slot.id and record.messages_stored <= len(messages):
            start = recent_turns_start(messages[: record.messages_stored], 1, 0)
            starts[start] = record.turn_index
    turns: list[int | None] = []
    current: int | None = None
    for index, message in enumerate(messages):
        if is_turn_start(message):
            current = starts.get(index, 0 if current is None else current + 1)
        turns.append(current)
    return turns


def view_indices(slot: ContextSlot) -> set[int]:
    """Stored indices of the messages ``slot.load_messages()`` sends."""
    where = {id(m): i for i, m in enumerate(slot.messages)}
    return {where[id(m)] for m in slot.load_messages() if id(m) in where}


def summary_message_for(slot: ContextSlot, text: str) -> SystemMessage:
    """The system message a focused view carries for summary ``text`` (marker included)."""
    message = summary_system_message(slot.focused, text)
    assert message is not None
    return message


# -- message facts ----------------------------------------------------------------------------


def message_kind(message: AnyMessage) -> str:
    """``system``, ``tool_result``, or the message's block kinds joined by ``+``."""
    match message:
        case SystemMessage():
            return "system"
        case ToolResultMessage():
            return "tool_result"
        case UserMessage() | AssistantMessage():
            kinds = dict.fromkeys(b.type for b in message.content)
            return "+".join(kinds) or "empty"
        case _:
            assert_never(message)


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _block_text(block: ContentBlock) -> str:
    match block:
        case TextBlock() | ThinkingBlock():
            return block.text
        case ToolUseBlock():
            raw = block.unreadable_arguments
            return f"{block.name}({_json(block.input) if raw is None else raw})"
        case ToolResultBlock():
            return text_of(block.content)
        case ImageBlock() | AudioBlock():
            return f"[{block.type}]"
        case FileBlock():
            return f"[file {block.name}]"
        case ExtensionBlock():
            return _json(block.data)
        case _:
            assert_never(block)


def message_text(message: AnyMessage) -> str:
    """The message as one text: text, thinking, ``name({args})`` for tool uses, result text."""
    match message:
        case SystemMessage():
            return message.content
        case ToolResultMessage() | UserMessage() | AssistantMessage():
            return " ".join(t for b in message.content if (t := _block_text(b)))
        case _:
            assert_never(message)


def tool_names(messages: Sequence[AnyMessage]) -> list[str | None]:
    """Per message: the tools it calls (assistant) or answers (tool result), comma-joined."""
    by_id: dict[str, str] = {}
    names: list[str | None] = []
    for message in messages:
        if isinstance(message, AssistantMessage):
            uses = [b for b in message.content if isinstance(b, ToolUseBlock)]
            by_id.update((b.id, b.name) for b in uses)
            names.append(", ".join(dict.fromkeys(b.name for b in uses)) or None)
        elif isinstance(message, ToolResultMessage):
            names.append(message.tool_name or by_id.get(message.tool_call_id))
        else:
            names.append(None)
    return names


@dataclass(frozen=True)
class CompactionMark:
    """The latest microcompact decision seen for one stored message."""

    turn_index: int
    action: str
    reason: str


def latest_compaction(session: AgentSession, slot_id: str) -> dict[int, CompactionMark]:
    """Stored index -> what the latest turn's microcompact runs did to the message.

    Every request is compacted afresh from the stored originals, so the latest run holding the
    message decides; within a turn a run that skipped it does not undo an earlier run's action.
    """
    marks: dict[int, CompactionMark] = {}
    for record in session.timeline:
        if record.slot_id != slot_id or not record.compaction:
            continue
        positions = cycle_positions(session, record)
        this_turn: dict[int, CompactionMark] = {}
        for report in record.compaction:
            for row in report.records:
                stored = positions[row.index] if row.index < len(positions) else None
                if stored is None:
                    continue
                earlier = this_turn.get(stored)
                if earlier is None or not isinstance(row.action, Skip):
                    this_turn[stored] = CompactionMark(
                        record.turn_index, row.action.name, row.reason
                    )
        marks.update(this_turn)
    return marks
