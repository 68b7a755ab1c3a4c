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

:func:`plan_compaction` is the decision pass alone: it builds no message, and its records are
built only when read. :func:`microcompact` is plan + :func:`apply_plan`. A :class:`CompactState`
passed to every run of a conversation carries reference tracking and caches each message's
analysis and each decision, so a run re-reads only what changed. A turn is one user message that
is more than tool results.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import NamedTuple, cast

from nbagent.llm._compact_score import SEMANTIC_SCORES, CompactState, Entry, Unit, semantic_map
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
    Change,
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
        return cached
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


_Memo = tuple[CompactRecord, tuple[Change, ...]]


class _Choice(NamedTuple):
    """The decision for one unit: what it becomes and why."""

    action: CompactAction
    before: int
    after: int
    reason: str
    text: str | None
    """The new text, when the action changes something."""


_FACTUAL = SEMANTIC_SCORES[ResultSemantic.FACTUAL]


class _Run:
    """What the decisions of one pass depend on; kept by the plan to build its records later."""

    def __init__(
        self,
        config: CompactConfig,
        semantic: dict[str, float],
        estimator: TokenEstimator,
        current_turn: int,
        size: int,
    ) -> None:
        self.config = config
        self.semantic = semantic
        self.estimator = estimator
        self.current = current_turn
        self.first_recent = size - config.keep_recent
        self.recent_reason = f"recent (newest {config.keep_recent} messages)"

    def choose(
        self,
        message: Message,
        entry: Entry,
        unit: Unit,
        recent: bool,
        score: float,
        factual: bool = False,
    ) -> _Choice:
        tokens = _unit_tokens(message, entry, unit, self.estimator)
        action: CompactAction = _SKIP
        if recent:
            reason = self.recent_reason
        elif unit.is_error:
            reason = f"{unit.error_reason}: never compacted"
        elif unit.compacted:
            reason = "already compacted"
        elif factual and self.config.protect_factual:
            reason = "factual: kept verbatim (protect_factual)"
        elif unit.thinking:
            if unit.chars <= SMALL_CHARS:
                reason = f"small (<= {SMALL_CHARS} chars)"
            else:
                action, reason = _REPLACE, "thinking pruned (compact_thinking is on)"
        else:
            action = decide_strategy(unit.chars, score)
            reason = matrix_reason(unit.chars, action)
        if isinstance(action, Skip):
            return _Choice(action, tokens, tokens, reason, None)
        text, after, taken, note = _outcome(message, unit, action, self.estimator)
        if after >= tokens:  # a marker can cost more than the few characters it would cut
            return _Choice(
                _SKIP, tokens, tokens, f"{reason}, but {action.name} would not shrink it", None
            )
        return _Choice(taken, tokens, after, reason + note, text)

    def decide(self, message: Message, entry: Entry, unit: Unit, index: int, last: int) -> _Choice:
        """The unit's choice, recomputed only when an input of the decision changed."""
        recent = index >= self.first_recent
        factual = False
        if unit.thinking:
            key: tuple[object, ...] = (self.config, recent)
            score = 0.0
        else:
            semantic = self.semantic.get(unit.tool_name, 0.0) if unit.tool_name else 0.0
            steps = (self.current - last) // self.config.decay_every_turns
            key = (self.config, recent, semantic, steps)
            score = semantic + unit.content - DECAY_STEP * steps
            factual = semantic >= _FACTUAL
        if unit.choice_key != key:
            unit.choice = self.choose(message, entry, unit, recent, score, factual)
            unit.choice_key = key
        choice: _Choice = unit.choice
        return choice

    def unit_record(self, unit: Unit, turn: int, last: int, choice: _Choice) -> UnitRecord:
        if unit.thinking:
            return UnitRecord(
                unit.block, "thinking", None, None, unit.chars, choice.before, choice.after,
                None, None, None, None, None, None, choice.action, choice.reason,
            )  # fmt: skip
        name = unit.tool_name
        semantic = self.semantic.get(name, 0.0) if name else 0.0
        step = self.config.decay_every_turns
        decay = DECAY_STEP * -((self.current - turn) // step)  # int negation: never -0.0
        reference = DECAY_STEP * -((self.current - last) // step) - decay
        return UnitRecord(
            None if unit.block < 0 else unit.block, "tool_result", unit.tool_call_id, name,
            unit.chars, choice.before, choice.after, semantic + unit.content + decay + reference,
            semantic, unit.content, decay, reference, self.current - last, choice.action,
            choice.reason, unit.content_reason,
        )  # fmt: skip

    def plain_record(self, index: int, entry: Entry) -> CompactRecord:
        flag = self.config.compact_thinking
        cached = entry.plain
        if cached is not None and cached[0] == index and cached[1] == flag:
            return cast(CompactRecord, cached[2])
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
        entry.plain = (index, flag, record)
        return record

    def record(
        self, index: int, entry: Entry, turn: int, decided: tuple[tuple[Unit, int, _Choice], ...]
    ) -> CompactRecord:
        units = tuple(self.unit_record(unit, turn, last, choice) for unit, last, choice in decided)
        after = entry.tokens - sum(u.tokens_before - u.tokens_after for u in units)
        main = max(units, key=lambda u: u.chars)
        reason = main.reason if len(units) == 1 else f"{main.reason} (+{len(units) - 1} blocks)"
        names = ", ".join(dict.fromkeys(u.tool_name for u in units if u.tool_name)) or None
        return CompactRecord(
            index, entry.role, names, main.tool_call_id, entry.chars, entry.tokens, after,
            main.score, main.semantic, main.content, main.decay, main.reference, main.age_turns,
            main.action, reason, units,
        )  # fmt: skip


_Decided = tuple[int, tuple[tuple[Unit, int, _Choice], ...]]
"""(message index, (unit, its last-referenced turn, its choice) for each unit decided)."""


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
    and caches each message's analysis and decision, so a run over a history that only grew is
    cheap. Records are built when first read.
    """
    est = estimator or DEFAULT_ESTIMATOR
    st = CompactState() if state is None else state
    view = st._scan(messages, est)
    current = view.turns[-1] if view.turns else 0
    run = _Run(config, semantic_map(tools), est, current, len(messages))
    entries, turns, last_of = view.entries, view.turns, st.last_referenced.get
    semantic_of, first_recent = run.semantic.get, run.first_recent
    step, thinking_on = config.decay_every_turns, config.compact_thinking
    simple: list[tuple[int, int, _Choice]] = []
    decided: list[_Decided] = []
    changes: dict[int, tuple[Change, ...]] = {}
    changed_tokens: dict[int, int] = {}
    freed = 0
    for index in view.candidates:
        entry = entries[index]
        turn = turns[index]
        if entry.simple:  # one tool-result message, the common case: _Run.decide inlined
            unit = entry.units[0]
            last = last_of(unit.tool_call_id or "", turn)
            if last < turn:
                last = turn
            name = unit.tool_name
            semantic = semantic_of(name, 0.0) if name else 0.0
            key = (config, index >= first_recent, semantic, (current - last) // step)
            if unit.choice_key != key:
                score = semantic + unit.content - DECAY_STEP * key[3]
                factual = semantic >= _FACTUAL
                unit.choice = run.choose(messages[index], entry, unit, key[1], score, factual)
                unit.choice_key = key
            choice: _Choice = unit.choice
            simple.append((index, last, choice))
            freed += choice.before - choice.after
            if choice.text is not None:
                changes[index] = ((-1, choice.text),)
                changed_tokens[index] = entry.tokens - choice.before + choice.after
            continue
        if not (entry.results or thinking_on):
            continue
        parts = []
        for unit in entry.units:
            if unit.thinking and not thinking_on:
                continue
            last = max(last_of(unit.tool_call_id or "", turn), turn)
            parts.append((unit, last, run.decide(messages[index], entry, unit, index, last)))
        decided.append((index, tuple(parts)))
        saved = sum(choice.before - choice.after for _, _, choice in parts)
        freed += saved
        change = tuple((u.block, c.text) for u, _, c in parts if c.text is not None)
        if change:
            changes[index] = change
            changed_tokens[index] = entry.tokens - saved
    before = view.cumulative[-1] if view.cumulative else 0

    def build_records() -> list[CompactRecord]:
        records = [run.plain_record(index, entry) for index, entry in enumerate(entries)]
        for index, last, choice in simple:
            one = ((entries[index].units[0], last, choice),)
            records[index] = run.record(index, entries[index], turns[index], one)
        for index, parts in decided:
            records[index] = run.record(index, entries[index], turns[index], parts)
        return records

    return CompactPlan(
        tokens_before=before,
        tokens_after=before - freed,
        estimator=est.name,
        changes=changes,
        changed_tokens=changed_tokens,
        size=len(messages),
        build_records=build_records,
    )


def _rebuild(message: M, changes: tuple[Change, ...]) -> M:
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
    if len(messages) != plan.size:
        raise ValueError(
            f"this plan was made for {plan.size} messages, got {len(messages)}: "
            "apply a plan to the history it was made from"
        )
    out = list(messages)
    for index, changes in plan.changes.items():
        new = _rebuild(messages[index], changes)
        # The plan estimated exactly this content: seed the estimate cache with it.
        new._token_cache[plan.estimator] = plan.message_tokens_after(index)
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
