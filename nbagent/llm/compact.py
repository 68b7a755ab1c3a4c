"""Microcompact: shrink old tool results by size x importance, never break a tool-use pair.

Each tool result (a tool-result message, or a tool-result block inside a user or assistant
message) gets an importance score from four sources, recorded apart:

=============  ===============================================================================
semantic       the tool's declared ``result_semantic``: Factual +1, Action -1, Mixed/unknown 0
content        list-like data (JSON array, records in an object, table rows) +1; a status
               confirmation or short acknowledgement -1. Error results are never compacted.
decay          -0.5 for every ``decay_every_turns`` turns since the result was produced
reference      what the replies that reused the result's key terms won back from ``decay``
               (ages are counted from the last reference instead of from the result)
=============  ===============================================================================

and the decision matrix picks the action from the score and the size in characters:

=============  ==========  ==================================================
0-200          any         Skip
201-2000       >= 1        Skip
201-2000       < 1         Truncate, keep 200
> 2000         >= 2        TruncateStructured, keep 500 (JSON skeleton kept)
> 2000         1 to < 2    Truncate, keep 200
> 2000         < 1         Replace with ``[pruned]``
=============  ==========  ==================================================

Tool-use blocks are never touched; thinking blocks only with ``compact_thinking`` (replaced by
``[pruned thinking]``); error results and the newest ``keep_recent`` messages never. Only contents
shrink: every message, id and role stays, so each tool use keeps its result. Compacted texts carry
a marker, so compacting a compacted history changes nothing.

:func:`plan_compaction` is the decision pass alone (it builds no message); :func:`microcompact` is
plan + :func:`apply_plan`. A turn is one user message that is more than tool results.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import cast

from nbagent.llm._compact_score import CompactState, Entry, Unit, semantic_map
from nbagent.llm._compact_structured import (
    PRUNED,
    PRUNED_THINKING,
    truncate_structured,
    truncate_text,
)
from nbagent.llm._compact_types import (
    MEDIUM_CHARS,
    SMALL_CHARS,
    STRUCTURED_KEEP,
    TRUNCATE_KEEP,
    CompactAction,
    CompactConfig,
    CompactPlan,
    CompactRecord,
    CompactReport,
    M,
    Replace,
    Skip,
    Truncate,
    TruncateStructured,
    UnitRecord,
    decide_strategy,
    matrix_reason,
)
from nbagent.llm.blocks import ContentBlock, TextBlock, ThinkingBlock, ToolResultBlock, text_of
from nbagent.llm.messages import AssistantMessage, Message, ToolResultMessage, UserMessage
from nbagent.llm.request import ResultSemantic, ToolDefinition
from nbagent.llm.tokens import (
    DEFAULT_ESTIMATOR,
    MESSAGE_OVERHEAD,
    TokenEstimator,
    estimate_block_tokens,
)

logger = logging.getLogger("nbagent.llm.compact")

DECAY_STEP = 0.5
"""Importance lost per ``decay_every_turns`` turns without a reference."""

_SKIP = Skip()
_REPLACE = Replace()

Tools = Sequence[ToolDefinition] | Mapping[str, ResultSemantic]
"""Where tool semantics come from: the definitions, or a name -> semantic mapping."""

_Change = tuple[int, str]
"""(block index, or -1 for a tool-result message's whole content; the new text)."""


def _unit_text(message: Message, unit: Unit) -> str:
    if unit.block < 0:
        assert isinstance(message, ToolResultMessage)
        return text_of(message.content)
    assert isinstance(message, UserMessage | AssistantMessage)
    block = message.content[unit.block]
    if isinstance(block, ThinkingBlock):
        return block.text
    assert isinstance(block, ToolResultBlock)
    return text_of(block.content)


def _unit_tokens(message: Message, entry: Entry, unit: Unit, estimator: TokenEstimator) -> int:
    if unit.tokens is None:
        if unit.block < 0:
            unit.tokens = entry.tokens - MESSAGE_OVERHEAD
        else:
            assert isinstance(message, UserMessage | AssistantMessage)
            unit.tokens = estimate_block_tokens(message.content[unit.block], estimator)
    return unit.tokens


def _outcome(
    message: Message, unit: Unit, action: CompactAction, estimator: TokenEstimator
) -> tuple[str, int, CompactAction, str]:
    """(new text, its tokens, action taken, note) for ``action`` on ``unit``; cached on the unit."""
    cached = unit.outcomes.get(action)
    if cached is not None:
        return cached  # type: ignore[return-value]
    taken: CompactAction = action
    note = ""
    match action:
        case Replace():
            text = PRUNED_THINKING if unit.thinking else PRUNED
        case Truncate(keep=keep):
            text = truncate_text(_unit_text(message, unit), keep)
        case TruncateStructured(keep=keep):
            original = _unit_text(message, unit)
            structured = truncate_structured(original, keep)
            if structured is None:
                taken, note = Truncate(keep), " (no JSON skeleton to keep: plain truncation)"
                text = truncate_text(original, keep)
            else:
                text = structured
        case Skip():
            raise AssertionError("Skip changes nothing")
    result = (text, estimator.count_text(text), taken, note)
    unit.outcomes[action] = result
    return result


_Memo = tuple[CompactRecord, tuple[_Change, ...]]


class _Pass:
    """What one decision pass shares between messages; its methods decide one message each."""

    def __init__(
        self,
        config: CompactConfig,
        semantic: dict[str, float],
        state: CompactState,
        estimator: TokenEstimator,
        current_turn: int,
        size: int,
    ) -> None:
        self.config = config
        self.semantic = semantic
        self.names = state._tool_names
        self.last = state.last_referenced
        self.estimator = estimator
        self.current = current_turn
        self.first_recent = size - config.keep_recent
        self.recent_reason = f"recent (newest {config.keep_recent} messages)"

    def key(self, index: int, entry: Entry, turn: int) -> tuple[object, ...]:
        """Everything a message's decision depends on besides the message itself."""
        key: list[object] = [index, index >= self.first_recent, self.config]
        current = self.current
        for unit in entry.units:
            if unit.thinking:
                continue
            name = unit.tool_name
            if name is None and unit.tool_call_id is not None:
                name = unit.tool_name = self.names.get(unit.tool_call_id)
            last = self.last.get(unit.tool_call_id or "", turn)
            key += (self.semantic.get(name or "", 0.0), current - turn, current - max(last, turn))
        return tuple(key)

    def plain(self, index: int, entry: Entry) -> _Memo:
        if entry.role == "assistant":
            if entry.units:
                reason = "thinking kept (compact_thinking is off)"
            else:
                reason = "tool use (never compacted)" if entry.tool_uses else "assistant text"
        else:
            reason = f"{entry.role} message"
        names = ", ".join(name for _, name in entry.tool_uses) or None
        record = CompactRecord(
            index, entry.role, names, None, entry.chars, entry.tokens, entry.tokens,
            None, None, None, None, None, None, _SKIP, reason,
        )  # fmt: skip
        return record, ()

    def thinking(self, message: Message, entry: Entry, unit: Unit, recent: bool) -> UnitRecord:
        tokens = _unit_tokens(message, entry, unit, self.estimator)
        action: CompactAction = _SKIP
        if recent:
            reason = self.recent_reason
        elif unit.compacted:
            reason = "already compacted"
        elif unit.chars <= SMALL_CHARS:
            reason = f"small (<= {SMALL_CHARS} chars)"
        else:
            action, reason = _REPLACE, "thinking pruned (compact_thinking is on)"
        after = tokens
        if not isinstance(action, Skip):
            _, after, action, _ = _outcome(message, unit, action, self.estimator)
        return UnitRecord(
            unit.block, "thinking", None, None, unit.chars, tokens, after,
            None, None, None, None, None, None, action, reason,
        )  # fmt: skip

    def result(
        self, message: Message, entry: Entry, unit: Unit, turn: int, recent: bool
    ) -> UnitRecord:
        call_id = unit.tool_call_id
        name = unit.tool_name
        semantic = self.semantic.get(name or "", 0.0)
        last = max(self.last.get(call_id or "", turn), turn)
        step = self.config.decay_every_turns
        decay = DECAY_STEP * -((self.current - turn) // step)  # int negation: never -0.0
        reference = DECAY_STEP * -((self.current - last) // step) - decay
        score = semantic + unit.content + decay + reference
        tokens = _unit_tokens(message, entry, unit, self.estimator)
        action: CompactAction = _SKIP
        if recent:
            reason = self.recent_reason
        elif unit.is_error:
            reason = f"{unit.error_reason}: never compacted"
        elif unit.compacted:
            reason = "already compacted"
        else:
            action = decide_strategy(unit.chars, score)
            reason = matrix_reason(unit.chars, action)
        after = tokens
        if not isinstance(action, Skip):
            _, after, taken, note = _outcome(message, unit, action, self.estimator)
            if after < tokens:
                action, reason = taken, reason + note
            else:  # a marker can cost more than the few characters it would cut
                action, reason, after = (
                    _SKIP,
                    f"{reason}, but {action.name} would not shrink it",
                    tokens,
                )
        return UnitRecord(
            None if unit.block < 0 else unit.block, "tool_result", call_id, name, unit.chars,
            tokens, after, score, semantic, unit.content, decay, reference,
            self.current - last, action, reason, unit.content_reason,
        )  # fmt: skip

    def decide(self, index: int, message: Message, entry: Entry, turn: int) -> _Memo:
        thinking_on = self.config.compact_thinking
        active = [u for u in entry.units if thinking_on or not u.thinking]
        if not active:
            return self.plain(index, entry)
        recent = index >= self.first_recent
        units = tuple(
            self.thinking(message, entry, u, recent)
            if u.thinking
            else self.result(message, entry, u, turn, recent)
            for u in active
        )
        changes = tuple(
            (u.block, _outcome(message, u, r.action, self.estimator)[0])
            for u, r in zip(active, units, strict=True)
            if not isinstance(r.action, Skip)
        )
        after = entry.tokens - sum(r.tokens_before - r.tokens_after for r in units)
        main = max(units, key=lambda r: r.chars)
        reason = main.reason if len(units) == 1 else f"{main.reason} (+{len(units) - 1} blocks)"
        names = ", ".join(dict.fromkeys(r.tool_name for r in units if r.tool_name)) or None
        record = CompactRecord(
            index, entry.role, names, main.tool_call_id, entry.chars, entry.tokens, after,
            main.score, main.semantic, main.content, main.decay, main.reference, main.age_turns,
            main.action, reason, units,
        )  # fmt: skip
        return record, changes


def plan_compaction(
    messages: Sequence[Message],
    config: CompactConfig,
    tools: Tools | None = None,
    *,
    state: CompactState | None = None,
    estimator: TokenEstimator | None = None,
) -> CompactPlan:
    """The decision pass: estimate, score and decide every message; build no message.

    ``tools`` gives each tool's declared semantic (unknown tools count as Mixed). Pass the same
    ``state`` on every run over one conversation: it carries reference tracking from run to run
    and caches each message's analysis and decision, so a run over an unchanged history is cheap.
    """
    est = estimator or DEFAULT_ESTIMATOR
    st = CompactState() if state is None else state
    entries, turns = st._scan(messages, est)
    run = _Pass(config, semantic_map(tools), st, est, turns[-1] if turns else 0, len(messages))
    thinking_on = config.compact_thinking
    records: list[CompactRecord] = []
    changes: dict[int, tuple[_Change, ...]] = {}
    before = after = 0
    for index, (message, entry, turn) in enumerate(zip(messages, entries, turns, strict=True)):
        if entry.results or (thinking_on and entry.thinking):
            key: object = run.key(index, entry, turn)
        else:
            key = 2 * index + thinking_on  # a message without candidates: only its place counts
        if entry.memo_key != key:
            entry.memo = run.decide(index, message, entry, turn)
            entry.memo_key = key
        record, change = cast(_Memo, entry.memo)
        records.append(record)
        before += record.tokens_before
        after += record.tokens_after
        if change:
            changes[index] = change
    return CompactPlan(records, before, after, est.name, changes)


def _rebuild(message: M, changes: tuple[_Change, ...]) -> M:
    if isinstance(message, ToolResultMessage):
        ((_, text),) = changes
        return message.__class__(  # a ToolResultMessage subclass stays that subclass
            tool_call_id=message.tool_call_id,
            content=[TextBlock(text=text)],
            is_error=message.is_error,
            tool_name=message.tool_name,
        )
    assert isinstance(message, UserMessage | AssistantMessage)
    content: list[ContentBlock] = list(message.content)
    for index, text in changes:
        block = content[index]
        if isinstance(block, ThinkingBlock):
            # The signature signed the original text; a pruned block has none to send back.
            content[index] = ThinkingBlock(text=text)
        else:
            assert isinstance(block, ToolResultBlock)
            content[index] = ToolResultBlock(
                tool_use_id=block.tool_use_id,
                content=[TextBlock(text=text)],
                is_error=block.is_error,
            )
    return cast(M, message.__class__(content=content))


def apply_plan(messages: Sequence[M], plan: CompactPlan) -> list[M]:
    """A new list with ``plan``'s changes built in; unchanged messages are the same objects."""
    if len(messages) != len(plan.records):
        raise ValueError(
            f"this plan was made for {len(plan.records)} messages, got {len(messages)}: "
            "apply a plan to the history it was made from"
        )
    out = list(messages)
    for index, changes in plan.changes.items():
        new = _rebuild(messages[index], changes)
        # The plan estimated exactly this content: seed the estimate cache with it.
        new._token_cache[plan.estimator] = plan.records[index].tokens_after
        out[index] = new
    return out


def microcompact(
    messages: Sequence[M],
    config: CompactConfig,
    tools: Tools | None = None,
    *,
    state: CompactState | None = None,
    estimator: TokenEstimator | None = None,
) -> CompactReport[M]:
    """Plan and apply: the compacted history (inputs untouched) and one record per message."""
    plan = plan_compaction(messages, config, tools, state=state, estimator=estimator)
    compacted = apply_plan(messages, plan)
    if plan.changes:
        logger.debug(
            "microcompact: %d of %d messages compacted, %d tokens freed",
            len(plan.changes),
            len(messages),
            plan.freed_tokens,
        )
    return CompactReport(compacted, plan)


__all__ = [
    "MEDIUM_CHARS",
    "SMALL_CHARS",
    "STRUCTURED_KEEP",
    "TRUNCATE_KEEP",
    "CompactAction",
    "CompactConfig",
    "CompactPlan",
    "CompactRecord",
    "CompactReport",
    "CompactState",
    "Replace",
    "Skip",
    "Truncate",
    "TruncateStructured",
    "UnitRecord",
    "apply_plan",
    "decide_strategy",
    "microcompact",
    "plan_compaction",
]
