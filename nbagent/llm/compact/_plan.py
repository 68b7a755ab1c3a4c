"""The planner: one decision pass over a history, applying its plan, the records, and a plan
carried unchanged between compactions.

:func:`plan_compaction` scans the history through the state (analysing only what it has not
seen), decides every tool result and thinking block by :func:`~._policy.rule` and builds no
message; :func:`apply_plan` builds the changed messages; :func:`microcompact` is both. A plan's
records are built from the pass's decisions when they are first read.

Two things are kept on each unit, because a session runs the pass on every request:

- its last choice and the inputs it came from (the config, being recent, its tool's semantic,
  its decay steps): the unit is decided again only when one changed, and a change of steps the
  matrix does not tell apart (:func:`~._policy.decays_alike`) keeps the choice too, so a run
  one turn later re-decides only the units that aged into a lower band of the score (at 1,000
  messages, about 4 a turn of the 83 that aged by a step). Without it a run costs about 2.5x
  as much.
- what each action made of it (the new text and its estimate): a unit decided again to the
  same action does no text work again. Without it a run one turn later costs about 3x as much.

A pass also counts each text once (:class:`PassEstimator`) and judges each token once
(:mod:`._terms`): a history repeats both.

A pass's estimator is the caller's, counting each text once, since a count is a function of the
text alone and a pass meets the same texts again:

- a history repeats its short texts: every tool-calling reply has its tool's name, a line such
  as ``Calling search.`` and a small input to estimate, and the cuts a pass makes end in the same
  few markers. At 1,000 messages six in ten of the texts a cold pass estimates are short, and
  all but 80 of those are repeats: they are remembered by value.
- a tool result or thinking block inside a message is estimated with its message, then alone as
  the unit a decision is about: the same string object, remembered by identity (hashing a long
  text would cost a fair part of counting it).

Between compactions a request carries the last compaction's decisions, byte for byte
(:func:`carried_report`). Providers cache a request's prefix and bill its repeat at a fraction of
the price; a request that changes an early message pays full price from there on. So once a
compaction is made, the requests after it send the very messages it built for the history it
covered -- a result that aged by a decay step keeps its old form -- and the messages added since
as they are, until the history no longer fits and the next worthwhile compaction decides
everything again (see ``LlmCycle._maybe_compact``: while ``CycleConfig.prompt_cache`` is on).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from itertools import groupby
from operator import itemgetter
from typing import cast

from nbagent.llm.compact._index import Choice, CompactState, Entry, Outcome, Unit, View
from nbagent.llm.compact._policy import (
    SKIP,
    CompactAction,
    CompactConfig,
    FactNote,
    Replace,
    Skip,
    Tools,
    Truncate,
    TruncateStructured,
    decay_and_reference,
    decay_steps,
    decays_alike,
    keeps_facts,
    rule,
    semantic_scores,
)
from nbagent.llm.compact._records import (
    Change,
    CompactPlan,
    CompactRecord,
    CompactReport,
    M,
    UnitRecord,
)
from nbagent.llm.compact._texts import (
    FACTS_KEEP,
    FACTS_LABEL,
    PRUNED_THINKING,
    pruned_text,
    truncate_structured,
    truncate_text,
)
from nbagent.llm.facts import facts_note
from nbagent.llm.messages import (
    AssistantMessage,
    ContentBlock,
    Message,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolResultMessage,
    UserMessage,
    text_of,
)
from nbagent.llm.tokens import DEFAULT_ESTIMATOR, TokenEstimator, estimator_key

logger = logging.getLogger("nbagent.llm.compact")

Decided = tuple[int, Unit, int, Choice]
"""(message index, unit, the turn it was last referenced in, its choice)."""

SHORT_TEXT = 64
"""Texts of up to this many characters have their count remembered."""


class PassEstimator:
    """``estimator`` under its own cache key (the message caches are keyed by it), remembering the
    counts it made for one pass."""

    __slots__ = ("_count", "_long", "_short", "cache_key", "name")

    def __init__(self, estimator: TokenEstimator) -> None:
        self.name = estimator.name
        self.cache_key = estimator_key(estimator)
        self._count = estimator.count_text
        self._short: dict[str, int] = {}
        self._long: dict[int, tuple[str, int]] = {}
        """By ``id(text)``, with the text: it stays alive, so its id is not reused in the pass."""

    def count_text(self, text: str) -> int:
        if len(text) > SHORT_TEXT:
            seen = self._long.get(id(text))
            if seen is not None and seen[0] is text:
                return seen[1]
            tokens = self._count(text)
            self._long[id(text)] = (text, tokens)
            return tokens
        known = self._short.get(text)
        if known is None:
            known = self._short[text] = self._count(text)
        return known

    def __repr__(self) -> str:
        return f"PassEstimator({self.name!r})"


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


_STRADDLE = 60
"""Characters before the cut that are read again, for a fact the cut splits."""


def _cut_facts(original: str, keep: int, which: FactNote = "all") -> str:
    """The facts of ``original`` past its first ``keep`` characters (the part a cut drops), as
    a cut that keeps facts writes them. Only that part is read: most confirmations state their
    facts up front, and their long tail of terms costs a scan for nothing."""
    if len(original) <= keep:
        return ""
    tail = original[max(0, keep - _STRADDLE) :]
    return facts_note(tail, original[:keep], limit=FACTS_KEEP, bulk=which == "all")


def _outcome(
    message: Message,
    unit: Unit,
    action: CompactAction,
    estimator: TokenEstimator,
    keep_facts: FactNote = "",
) -> Outcome:
    """What ``action`` makes of ``unit`` (keeping the facts of the part cut as ``keep_facts``
    says: ``"all"``, ``"distinctive"`` or none); kept on the unit."""
    cached = unit.outcomes.get((action, keep_facts))
    if cached is not None:
        return cached
    taken: CompactAction = action
    note = ""
    match action:
        case Replace():
            if unit.thinking:
                text = PRUNED_THINKING
            else:
                facts = _cut_facts(_unit_text(message, unit), 0, keep_facts) if keep_facts else ""
                text = pruned_text(facts)
        case Truncate(keep=keep):
            original = _unit_text(message, unit)
            facts = _cut_facts(original, keep, keep_facts) if keep_facts else ""
            text = truncate_text(original, keep, facts)
        case TruncateStructured(keep=keep):
            original = _unit_text(message, unit)
            structured = truncate_structured(original, keep)
            if structured is None:
                taken, note = Truncate(keep), " (no JSON skeleton to keep: plain truncation)"
                facts = _cut_facts(original, keep, keep_facts) if keep_facts else ""
                text = truncate_text(original, keep, facts)
            else:
                text = structured
        case Skip():
            raise AssertionError("Skip changes nothing")
    outcome = Outcome(text, estimator.count_text(text), taken, note)
    unit.outcomes[(action, keep_facts)] = outcome
    return outcome


class _Run:
    """One pass: what its decisions depend on, and what they came to.

    The plan keeps the run to build its records when they are first read; the estimator is only
    lent to :meth:`decide` (the pass's memo holds the texts it counted, which the plan must not).
    """

    def __init__(self, view: View, config: CompactConfig, tools: Tools | None) -> None:
        self.view = view
        self.config = config
        self.semantic = semantic_scores(tools)
        self.current = view.turns[-1] if view.turns else 0
        self.first_recent = len(view.entries) - config.keep_recent
        self.decided: list[Decided] = []
        self.changes: dict[int, tuple[Change, ...]] = {}
        """Message index -> (block, new text) for each unit the pass changes."""
        self.changed_tokens: dict[int, int] = {}
        """Message index -> its estimated tokens once changed."""
        self.freed = 0

    def decide(
        self,
        messages: Sequence[Message],
        last_referenced: dict[str, int],
        estimator: TokenEstimator,
    ) -> None:
        """Decide every unit of the view, taking a unit's choice again only when one of its
        inputs changed (the config, being recent, its tool's semantic, its decay steps as far as
        the matrix tells them apart)."""
        config, current, first_recent = self.config, self.current, self.first_recent
        entries, turns = self.view.entries, self.view.turns
        decided, changes, changed_tokens = self.decided, self.changes, self.changed_tokens
        last_of, semantic_of = last_referenced.get, self.semantic.get
        freed, changed = 0, -1
        for index, unit in self.view.units:
            turn, recent = turns[index], index >= first_recent
            key: tuple[object, ...]
            if unit.thinking:
                if not config.compact_thinking:
                    continue
                last, semantic, steps = turn, 0.0, 0
                key = (config, recent)
            else:
                last = last_of(unit.tool_call_id or "", turn)
                if last < turn:
                    last = turn
                semantic = semantic_of(unit.tool_name or "", 0.0)
                steps = decay_steps(config, current - last)
                key = (config, recent, semantic)
            choice = unit.choice
            if choice is None or unit.choice_steps != steps or unit.choice_key != key:
                if choice is None or not _still_stands(unit, key, semantic, steps):
                    choice = self.choose(messages[index], unit, recent, semantic, steps, estimator)
                    unit.choice = choice
                unit.choice_key, unit.choice_steps = key, steps
            decided.append((index, unit, last, choice))
            change = choice.change
            if change is not None:
                saved = choice.before - choice.after
                freed += saved
                if index == changed:  # a message's units are next to each other in the view
                    changes[index] += (change,)
                    changed_tokens[index] -= saved
                else:
                    changes[index] = (change,)
                    changed_tokens[index] = entries[index].tokens - saved
                    changed = index
        self.freed = freed

    def choose(
        self,
        message: Message,
        unit: Unit,
        recent: bool,
        semantic: float,
        steps: int,
        estimator: TokenEstimator,
    ) -> Choice:
        """The unit's choice: the policy's rule, then what the action makes of the unit."""
        action, reason = rule(self.config, unit, recent, semantic, steps)
        if isinstance(action, Skip):
            return Choice(action, unit.tokens, unit.tokens, reason, None)
        keep = keeps_facts(self.config, unit, semantic)
        text, tokens, taken, note = _outcome(message, unit, action, estimator, keep)
        if keep and FACTS_LABEL in text:
            note += ", key facts kept"
        if tokens >= unit.tokens:  # a marker can cost more than the few characters it cuts
            reason = f"{reason}, but {action.name} would not shrink it"
            return Choice(SKIP, unit.tokens, unit.tokens, reason, None)
        return Choice(taken, unit.tokens, tokens, reason + note, (unit.block, text))

    # --- records, built when the plan's records are first read --------------------------------

    def records(self) -> list[CompactRecord]:
        entries = self.view.entries
        records = [self.plain_record(index, entry) for index, entry in enumerate(entries)]
        for index, group in groupby(self.decided, key=itemgetter(0)):
            records[index] = self.record(index, entries[index], group)
        return records

    def plain_record(self, index: int, entry: Entry) -> CompactRecord:
        flag = self.config.compact_thinking
        cached = entry.plain
        if cached is not None and cached[0] == index and cached[1] == flag:
            return cached[2]
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
            None, None, None, None, None, None, SKIP, reason,
        )  # fmt: skip
        entry.plain = (index, flag, record)
        return record

    def unit_record(self, unit: Unit, turn: int, last: int, choice: Choice) -> UnitRecord:
        if unit.thinking:
            return UnitRecord(
                unit.block, "thinking", None, None, unit.chars, choice.before, choice.after,
                None, None, None, None, None, None, choice.action, choice.reason,
            )  # fmt: skip
        name = unit.tool_name
        semantic = self.semantic.get(name or "", 0.0)
        decay, reference = decay_and_reference(
            self.config, self.current - turn, self.current - last
        )
        return UnitRecord(
            None if unit.block < 0 else unit.block, "tool_result", unit.tool_call_id, name,
            unit.chars, choice.before, choice.after, semantic + unit.content + decay + reference,
            semantic, unit.content, decay, reference, self.current - last, choice.action,
            choice.reason, unit.content_reason,
        )  # fmt: skip

    def record(self, index: int, entry: Entry, decided: Iterable[Decided]) -> CompactRecord:
        turn = self.view.turns[index]
        units = tuple(
            self.unit_record(unit, turn, last, choice) for _, unit, last, choice in decided
        )
        after = entry.tokens - sum(u.tokens_before - u.tokens_after for u in units)
        main = max(units, key=lambda u: u.chars)
        reason = main.reason if len(units) == 1 else f"{main.reason} (+{len(units) - 1} blocks)"
        names = ", ".join(dict.fromkeys(u.tool_name for u in units if u.tool_name)) or None
        return CompactRecord(
            index, entry.role, names, main.tool_call_id, entry.chars, entry.tokens, after,
            main.score, main.semantic, main.content, main.decay, main.reference, main.age_turns,
            main.action, reason, units,
        )  # fmt: skip


def _still_stands(unit: Unit, key: tuple[object, ...], semantic: float, steps: int) -> bool:
    """Whether the unit's last choice holds for a run whose inputs differ from its last only by
    decay steps the matrix does not tell apart. A result that aged by a step mostly stays in
    its band of the score (always in the lowest), so a run one turn later decides again only
    the few that crossed one."""
    return unit.choice_key == key and decays_alike(semantic, unit.content, steps, unit.choice_steps)


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
    est = PassEstimator(estimator or DEFAULT_ESTIMATOR)
    st = CompactState() if state is None else state
    run = _Run(st.scan(messages, est), config, tools)
    run.decide(messages, st.last_referenced, est)
    before = run.view.cumulative[-1] if run.view.cumulative else 0
    return CompactPlan(
        tokens_before=before,
        tokens_after=before - run.freed,
        estimator=est.name,
        estimator_key=est.cache_key,
        changes=run.changes,
        changed_tokens=run.changed_tokens,
        size=len(messages),
        build_records=run.records,
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


def apply_plan(
    messages: Sequence[M],
    plan: CompactPlan,
    reuse: dict[int, tuple[M, object, M]] | None = None,
) -> list[M]:
    """A new list with ``plan``'s changes built in; unchanged messages are the same objects.

    ``reuse`` (by the id of an original: ``(original, changes, compacted)``) hands back the
    message built earlier for the same original and changes: a request is compacted afresh from
    the stored originals every turn, and rebuilding each old result every time cost most of a
    pass."""
    if len(messages) != plan.size:
        raise ValueError(
            f"this plan was made for {plan.size} messages, got {len(messages)}: "
            "apply a plan to the history it was made from"
        )
    out = list(messages)
    for index, changes in plan.changes.items():
        original = messages[index]
        seen = None if reuse is None else reuse.get(id(original))
        if seen is not None and seen[0] is original and seen[1] == changes:
            out[index] = seen[2]
            continue
        new = _rebuild(original, changes)
        # The plan estimated exactly this content: seed the estimate cache with it.
        if plan.estimator_key is not None:
            new._token_cache[plan.estimator_key] = plan.message_tokens_after(index)
        out[index] = new
        if reuse is not None:
            reuse[id(original)] = (original, changes, new)
    return out


def microcompact(
    messages: Sequence[M],
    config: CompactConfig,
    tools: Tools | None = None,
    *,
    state: CompactState | None = None,
    estimator: TokenEstimator | None = None,
    reuse: dict[int, tuple[M, object, M]] | None = None,
) -> CompactReport[M]:
    """Plan and apply: the compacted history (inputs untouched) and one record per message
    (``reuse``: see :func:`apply_plan`)."""
    plan = plan_compaction(messages, config, tools, state=state, estimator=estimator)
    compacted = apply_plan(messages, plan, reuse)
    if plan.changes:
        logger.debug(
            "microcompact: %d of %d messages compacted, %d tokens freed",
            len(plan.changes),
            len(messages),
            plan.freed_tokens,
        )
    return CompactReport(compacted, plan)


HELD_REASON = "added since the last compaction: kept as it is until the next one"


def carried_report(
    messages: Sequence[M],
    originals: Sequence[M],
    applied: CompactReport[M],
    state: CompactState,
    estimator: TokenEstimator,
) -> CompactReport[M] | None:
    """The report of ``messages`` carrying ``applied`` (made from ``originals``) unchanged:
    its compacted messages, then those added since. ``None`` when ``messages`` does not start
    with ``originals`` (another history: it needs a compaction of its own)."""
    size = len(originals)
    if len(messages) < size or any(messages[i] is not originals[i] for i in range(size)):
        return None
    held = applied.plan
    view = state.scan(messages, PassEstimator(estimator))
    before = view.cumulative[-1] if view.cumulative else 0
    entries = view.entries

    def added(index: int) -> CompactRecord:
        entry = entries[index]
        return CompactRecord(
            index, entry.role, None, None, entry.chars, entry.tokens, entry.tokens,
            None, None, None, None, None, None, SKIP, HELD_REASON,
        )  # fmt: skip

    def records() -> list[CompactRecord]:
        return [*held.records, *(added(i) for i in range(size, len(entries)))]

    plan = CompactPlan(
        tokens_before=before,
        tokens_after=before - held.freed_tokens,
        estimator=held.estimator,
        estimator_key=held.estimator_key,
        changes=held.changes,
        changed_tokens=held._after,
        size=len(messages),
        build_records=records,
    )
    return CompactReport([*applied.messages, *messages[size:]], plan)
