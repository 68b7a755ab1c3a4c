"""A session's turns, piece by piece: the state they commit, one turn's parts, what it cost.

The module reads in that order. First the session's persisted bookkeeping (:class:`SessionState`:
turn counter, summary state and costs), which every turn's commit writes beside the turn's
record, and :func:`read_session`, which reads a session back. The state carries a ``version``,
one more at every write, and is written with :class:`~nbagent.agent.store.SwapValue` over the
version it was made from (:func:`state_op`): a writer holding an older state (another session
object, a summary computed before a turn) gets a conflict instead of undoing what was written
meanwhile.

Then one turn: its working state, where each request message is stored, and the record it
leaves. A turn's estimates are calibrated from the session's own timeline
(:func:`estimate_scale`): each turn's record keeps the raw estimate of its last request (tool
definitions included) beside the input tokens the provider reported for that same request
(:func:`calibration_fields`), and the next turn's correction is learned from the records of
recent turns on the same provider and model (:func:`nbagent.llm.tokens.robust_ratio`: the latest
ratio that agrees with the others), so a resumed session carries on where it stopped and nothing
else needs saving. The cycle applies it to microcompact's budget checks; the summary checkpoint
to the watermark's estimate (``TurnRecord.calibrated_context_tokens``).

Last, what a session spent, in USD at each model's list price (see :mod:`nbagent.llm.pricing`):
every turn record carries the USD of its model calls (``cost_usd``, :func:`price_turn`) and of
its summary call (``summary_cost_usd``, :func:`price_summary`), each priced at the model that
answered: the summary may run on a cheaper ``summary_model``. A model without a known price
leaves ``None``, never zero, and :func:`spend_totals` says which turns and models were left out
of its sums. The prices in effect are ``AgentConfig.pricing``
(``AgentBuilder().pricing(Pricing(...))``), the shipped table by default.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import ValidationError

from nbagent.agent.config import Agent, AgentConfig, SessionServices
from nbagent.agent.context import (
    DEFAULT_SLOT_ID,
    SLOT_NAMESPACE,
    ContextSlot,
    SlotSummary,
    join_runs,
)
from nbagent.agent.store import PutValue, SessionSnapshot, SwapValue
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.errors import NbAgentError, StoreError
from nbagent.llm.compact import CompactConfig, CompactState
from nbagent.llm.cycle import LlmCycle
from nbagent.llm.hooks import HookContext, HookEvent
from nbagent.llm.messages import AnyMessage, UserMessage
from nbagent.llm.pricing import CacheTtl, CostTracker, ModelPrice, Pricing, Usage, cost_usd
from nbagent.llm.provider import LlmProvider
from nbagent.llm.request import MessageResponse, PromptCache
from nbagent.llm.tokens import WINDOW, calibration_key, robust_ratio, scaled
from nbagent.llm.tools import ToolRegistry

logger = logging.getLogger("nbagent.agent.session")


# -- the session's state: what every turn's commit writes beside its record ------------------------

STATE_NAMESPACE = "session"
STATE_KEY = "state"
TIMELINE_NAMESPACE = "timeline"


class SessionCost(CostTracker):
    """A cost tracker that can absorb another tracker and be saved and restored."""

    def merge(self, other: CostTracker) -> None:
        """Add every call of ``other`` (its total and its call count)."""
        self._total = self._total + other.total
        self._calls += other.calls

    def to_json(self) -> dict[str, Any]:
        return {"usage": self._total.model_dump(), "calls": self._calls}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> SessionCost:
        tracker = cls()
        if data:
            tracker._total = Usage.model_validate(data.get("usage", {}))
            tracker._calls = int(data.get("calls", 0))
        return tracker

    def copy(self) -> SessionCost:
        return SessionCost.from_json(self.to_json())


@dataclass
class SessionState:
    version: int = 0
    """Writes of this state so far (0: never written, or written before versions existed)."""
    turn_index: int = 0
    last_summary_turn: int = 0
    current_slot: str | None = None
    cost: SessionCost = field(default_factory=SessionCost)
    summary_cost: SessionCost = field(default_factory=SessionCost)
    summaries: dict[str, SlotSummary] = field(default_factory=dict)
    """The latest summary made for each slot, in either mode."""
    settings: dict[str, Any] = field(default_factory=dict)
    """The settings given by ``AgentSession.configure``, as JSON (see ``_settings``)."""
    pinned: list[str] = field(default_factory=list)
    """Facts the user pinned (``AgentSession.pin``): always kept in the summary's ledger."""

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "turn_index": self.turn_index,
            "last_summary_turn": self.last_summary_turn,
            "current_slot": self.current_slot,
            "cost": self.cost.to_json(),
            "summary_cost": self.summary_cost.to_json(),
            "summaries": {k: {"text": v.text, "upto": v.upto} for k, v in self.summaries.items()},
            "settings": self.settings,
            "pinned": self.pinned,
        }

    @classmethod
    def from_json(cls, data: Any, *, where: str) -> SessionState:
        if data is None:
            return cls()
        try:
            return cls(
                version=int(data.get("version", 0)),
                turn_index=int(data["turn_index"]),
                last_summary_turn=int(data["last_summary_turn"]),
                current_slot=data.get("current_slot"),
                cost=SessionCost.from_json(data.get("cost")),
                summary_cost=SessionCost.from_json(data.get("summary_cost")),
                summaries={
                    k: SlotSummary(text=str(v["text"]), upto=int(v["upto"]))
                    for k, v in (data.get("summaries") or {}).items()
                },
                settings=dict(data.get("settings") or {}),
                pinned=[str(p) for p in data.get("pinned") or []],
            )
        except (AttributeError, KeyError, TypeError, ValueError, ValidationError) as e:
            raise StoreError(
                f"stored state of {where} cannot be read ({type(e).__name__}: {e}); it may come "
                "from an incompatible nbagent version. Use a new session id to start afresh."
            ) from e

    def copy(self) -> SessionState:
        return SessionState(
            version=self.version,
            turn_index=self.turn_index,
            last_summary_turn=self.last_summary_turn,
            current_slot=self.current_slot,
            cost=self.cost.copy(),
            summary_cost=self.summary_cost.copy(),
            summaries=dict(self.summaries),
            settings=dict(self.settings),
            pinned=list(self.pinned),
        )

    def successor(self) -> SessionState:
        """A copy to change and write next: one version on."""
        state = self.copy()
        state.version += 1
        return state


def state_op(session_id: str, state: SessionState) -> SwapValue:
    """The write of ``state`` (a :meth:`SessionState.successor`) over the version it follows."""
    return SwapValue(session_id, STATE_NAMESPACE, STATE_KEY, state.to_json(), state.version - 1)


@dataclass
class SavedSession:
    """A session as its store holds it: state, slots (the current one exists), timeline."""

    state: SessionState
    slots: dict[str, ContextSlot]
    current: str
    timeline: list[TurnRecord]
    where: str


def read_session(snapshot: SessionSnapshot, config: AgentConfig, *, where: str) -> SavedSession:
    """What :meth:`AgentSession.open` restores, from one snapshot; ``StoreError`` when damaged."""
    sid = snapshot.session_id
    here = f"session {sid!r}"
    state = SessionState.from_json(snapshot.value(STATE_NAMESPACE, STATE_KEY), where=here)
    slots: dict[str, ContextSlot] = {}
    for slot_id, _ in snapshot.items(SLOT_NAMESPACE):
        slot = ContextSlot.from_snapshot(snapshot, slot_id)
        if slot is not None:
            slots[slot_id] = slot
    current = state.current_slot = state.current_slot or DEFAULT_SLOT_ID
    if current not in slots:
        slots[current] = ContextSlot(current, sid, config=config.slot)
    timeline = [
        TurnRecord.from_json(value, where=f"{here} in {where}")
        for _, value in snapshot.items(TIMELINE_NAMESPACE)
    ]
    return SavedSession(state, slots, current, timeline, here)


# -- one turn: its hooks, its cycle, its record, who owns the session meanwhile --------------------


class HookOwner(Protocol):
    session_id: str
    bundle: SessionServices


class SessionHooks:
    """Fires a session's hook events (nothing while its bundle has no hook executor); each
    event's data names the session unless it says otherwise."""

    def __init__(self, owner: HookOwner) -> None:
        self.owner = owner  # its bundle is read at each event: a configure() replaces it

    async def emit(
        self,
        event: HookEvent,
        turn_index: int,
        *,
        response: MessageResponse | None = None,
        **data: Any,
    ) -> None:
        if (hooks := self.owner.bundle.hook_executor) is not None:
            data.setdefault("session_id", self.owner.session_id)
            ctx = HookContext(event=event, response=response, turn_index=turn_index, data=data)
            await hooks.emit(event, ctx)


def turn_cycle(
    bundle: SessionServices,
    messages: list[AnyMessage],
    tokens: int,
    index: int,
    timeline: list[TurnRecord],
) -> LlmCycle:
    """The cycle turn ``index`` runs over ``messages`` (estimated at ``tokens``): the bundle's
    provider and settings, the estimate corrected by what ``timeline`` learned."""
    config = bundle.config
    return LlmCycle(
        bundle.provider,
        config.cycle,
        None,  # the system prompt is already in the messages (see request_view)
        bundle.hook_executor,
        session_compact(config),
        messages=messages,
        messages_tokens=tokens,
        estimator=config.estimator,
        turn_index=index,
        estimate_scale=estimate_scale(bundle, timeline),
    )


def session_compact(config: AgentConfig) -> CompactConfig | None:
    """The microcompact a session's turns run: its ``compact_config`` with the window filled in
    by its summary's (one context window, :meth:`CompactConfig.for_summaries`)."""
    compact = config.compact_config
    return None if compact is None else compact.for_summaries(config.summary_config)


def estimate_scale(services: SessionServices, timeline: Sequence[TurnRecord]) -> float:
    """The correction for the next turn of a session on ``services`` (1.0 before the provider
    reported any input tokens)."""
    config = services.config
    key = calibration_key(services.provider, config.cycle.model)
    return robust_ratio(
        (r.request_tokens_estimated, r.reported_context_tokens)
        for r in timeline[-WINDOW:]
        if r.calibration_key == key
    )


def calibration_fields(cycle: LlmCycle, reported: int | None) -> dict[str, Any]:
    """The calibration fields of the record of a turn run by ``cycle`` whose last request the
    provider reported ``reported`` input tokens for."""
    if not cycle.request_estimates:
        return {}
    raw = cycle.request_estimates[-1]
    calibrated = scaled(raw, cycle.estimate_scale)
    return {
        "request_tokens_estimated": raw,
        "request_tokens_calibrated": calibrated,
        "calibration_factor": cycle.estimate_scale,
        "calibration_key": calibration_key(cycle.provider, cycle.config.model),
        "estimate_error": round(calibrated / reported - 1, 6) if reported else None,
    }


@dataclass
class Turn:
    index: int
    slot: ContextSlot
    user: UserMessage
    request_messages: list[AnyMessage]
    """What the turn sent before its user message (system prompt, the slot's view)."""
    view_runs: list[tuple[int, int]]
    """Where ``request_messages`` are stored: ``(first index, count)`` runs, ``-1`` for messages
    that are not stored (the system prompt, the summary)."""
    cycle: LlmCycle
    token: object
    streamed: bool
    started: float = field(default_factory=time.perf_counter)
    repeats: bool = False
    """Whether a request was sent before the turn's first (what its kept prefix is measured on)."""

    def new_messages(self) -> list[AnyMessage]:
        """The turn's own messages: its prompt, replies and tool results, uncompacted."""
        return self.cycle.messages()[len(self.request_messages) :]

    def record(
        self,
        response: MessageResponse,
        state: SessionState,
        new: list[AnyMessage],
        context_tokens: int,
    ) -> TurnRecord:
        """The turn's timeline record as its commit writes it, before the summary step.

        ``context_tokens`` is the estimate of the next request's messages, the turn's ``new``
        messages stored.
        """
        reports = list(self.cycle.compaction_reports)
        # An estimate standing in for the server's count is not a report: the watermark falls
        # back to the calibrated estimate and the calibration learns nothing from it.
        calls = self.cycle.usage.per_call
        last = calls[-1] if calls else response.usage
        reported = None if last.estimated else last.input_tokens or None
        kept = self.cycle.kept_prefixes[0] if self.cycle.kept_prefixes else None
        if not self.repeats:
            kept = None
        return TurnRecord(
            turn_index=self.index,
            slot_id=self.slot.id,
            estimated_context_tokens=context_tokens,
            reported_context_tokens=reported,
            cumulative_tokens=state.cost.total_tokens,
            messages_in_view=len(self.request_messages),
            messages_stored=len(self.slot) + len(new),
            compaction=reports,
            compaction_freed_tokens=sum(r.freed_tokens for r in reports),
            latency_s=time.perf_counter() - self.started,
            streamed=self.streamed,
            summary_status=SummaryStatus.PENDING,
            request_positions=join_runs(self.view_runs, [(len(self.slot), len(new))]),
            prefix_kept_tokens=None if kept is None else kept.tokens,
            prefix_kept_share=None if kept is None else round(kept.share, 4),
            cache_read_tokens=self.cycle.usage.total.cache_read_tokens,
            cache_write_tokens=self.cycle.usage.total.cache_write_tokens,
            request_usage=list(self.cycle.usage.per_call),
            **calibration_fields(self.cycle, reported),
        )


@dataclass
class Pending:
    """A streamed turn that is saved and waits for :meth:`AgentSession.finalize_turn`."""

    turn: Turn
    response: MessageResponse
    record: TurnRecord


class RecordWrites:
    """The timeline row of a session's turns, written at a turn's commit and again after its
    summary step.

    The compaction reports are most of a row and do not change in between, so the second write
    reuses their encoding instead of encoding every message's row again.
    """

    def __init__(self, session_id: str) -> None:
        self.session_id = session_id
        self._last: tuple[TurnRecord, list[Any], Any] | None = None

    def op(self, record: TurnRecord) -> PutValue:
        last, reports = self._last, record.compaction
        if last is not None and last[0] is record and last[1] is reports:
            data = record.to_json(compaction=False)
            data["compaction"] = last[2]
            self._last = None
        else:
            data = record.to_json()
            self._last = (record, reports, data["compaction"])
        return PutValue(self.session_id, TIMELINE_NAMESPACE, f"{record.turn_index:09d}", data)


class TurnGate:
    """Who owns a session: one turn at a time.

    A streamed turn may be abandoned by the next turn until its commit starts; from then the
    commit owns the session until it ends, and the next turn waits for it.
    """

    def __init__(self, session_id: str) -> None:
        self.session_id = session_id
        self.active: object | None = None
        self.streamed = False
        self.committing: asyncio.Future[None] | None = None
        self.ending = False
        """A turn waits for its summary step (see :mod:`nbagent.agent._checkpoint`): a pin or a
        setting waits until the turn has returned."""

    def require_idle(self, then: str) -> None:
        """Refuse a change of the session's state while a turn could still write it (its
        commit, or a summary made at its end, would overwrite the change)."""
        if self.active is not None or self.committing is not None or self.ending:
            raise NbAgentError(
                f"a turn is running in session {self.session_id!r}; {then} after the turn ends"
            )

    async def wait_for_commit(self) -> None:
        while (commit := self.committing) is not None:
            if commit.get_loop() is not asyncio.get_running_loop():
                raise NbAgentError(
                    f"a turn of session {self.session_id!r} is being saved from another event "
                    "loop; wait for it, and drive a session from one loop"
                )
            await asyncio.wait([commit])

    def claim(self, streamed: bool) -> object:
        if self.active is not None:
            if not self.streamed:
                raise NbAgentError(
                    f"a turn is already running in session {self.session_id!r}; await it "
                    "before submitting the next one"
                )
            logger.warning(
                "session %s: a new turn abandons the unfinished streamed turn (not saved)",
                self.session_id,
            )
        token = object()
        self.active, self.streamed = token, streamed
        return token

    def release(self, token: object) -> None:
        if self.active is token:
            self.active = None


Compacted = dict[int, tuple[AnyMessage, object, AnyMessage]]


class CompactionMemo:
    """One microcompact state per slot view, so a turn only analyses its new messages, and the
    compacted messages it made (see ``LlmCycle.compacted``).

    The state numbers turns by position in the view; a summary drops the view's head, so a new
    summary starts a new state. So does a new compact config or system prompt: nothing decided
    under the old settings is reused. ``key`` says all of that.
    """

    def __init__(self) -> None:
        self._states: dict[str, tuple[object, CompactState, Compacted]] = {}
        self._cycles: dict[str, LlmCycle] = {}

    def for_slot(self, slot_id: str, key: object) -> tuple[CompactState, Compacted]:
        known = self._states.get(slot_id)
        if known is None or known[0] != key:
            known = self._states[slot_id] = (key, CompactState(), {})
        return known[1], known[2]

    def last_cycle(self, slot_id: str) -> LlmCycle | None:
        """The cycle of the slot's latest turn."""
        return self._cycles.get(slot_id)

    def equip(self, cycle: LlmCycle, slot_id: str, key: object) -> bool:
        """Give a turn's ``cycle`` the slot's memo, and the last request the slot's previous
        turn sent (whatever became of that turn: the provider saw it); whether there was one."""
        cycle.compact_state, cycle.compacted = self.for_slot(slot_id, key)
        last = self._cycles.get(slot_id)
        self._cycles[slot_id] = cycle
        if last is not None and last.previous_request is not None:
            cycle.previous_request = last.previous_request
        return cycle.previous_request is not None


def session_tools(services: SessionServices, agent: Agent | None) -> ToolRegistry:
    base = services.tool_registry
    if agent is None or not agent.tools:
        return base if base is not None else ToolRegistry()
    if base is None:
        return ToolRegistry(agent.tools)
    registry = ToolRegistry(
        list(base), max_result_chars=base.max_result_chars, include_traceback=base.include_traceback
    )
    for tool in agent.tools:
        registry.register(tool)
    return registry


# -- what a turn cost: its record's USD, and the totals over a timeline ----------------------------


def _priced(
    pricing: Pricing,
    provider: LlmProvider,
    response: MessageResponse | None,
    requested: str,
    usage: Usage,
) -> tuple[str | None, float | None]:
    """The model a call was billed as and its USD (``None`` without a known price, or when the
    server reported no usage or an impossible one).

    The response's model comes first: it names the snapshot that answered (and billed); a
    provider that reports a name no price row knows falls back to the model asked for.
    """
    provider_name = getattr(provider, "name", None)
    asked = requested or getattr(provider, "model", "") or ""
    answered = response.model if response is not None else ""
    if usage.estimated or (usage.input_tokens == 0 and usage.output_tokens == 0):
        # No request reads nothing: the server reported no usage (or one that cannot be the
        # request's, counted as nbagent's estimate), and what it billed is not known (not $0,
        # not $1,500 for a gateway's prompt_tokens = 10**9).
        return (answered or asked or None), None
    ttl = _write_ttl(provider)
    for model in dict.fromkeys(m for m in (answered, asked) if m):
        price = pricing.price_for(provider_name, model)
        if price is not None:
            return model, cost_usd(usage, price, ttl=ttl)
    return (answered or asked or None), None


def _write_ttl(provider: LlmProvider) -> CacheTtl:
    """How long the provider's cache writes live: 1-hour writes bill at a higher rate."""
    cache = getattr(provider, "prompt_cache", None)
    return "1h" if isinstance(cache, PromptCache) and cache.ttl == "1h" else "5m"


def model_price(services: SessionServices, billed: str | None = None) -> ModelPrice | None:
    """The price of the session's model (``None``: no known price): the model a turn was
    ``billed`` as when given (a record's ``cost_model``), else the one its turns ask for."""
    provider = services.provider
    name = getattr(provider, "name", None)
    asked = services.config.cycle.model or getattr(provider, "model", "")
    for model in (billed, asked):
        if model and (price := services.config.pricing.price_for(name, model)) is not None:
            return price
    return None


def price_turn(
    record: TurnRecord, services: SessionServices, usage: Usage, response: MessageResponse
) -> None:
    """Fill ``record``'s USD of the turn's model calls (``usage``: all requests of the turn)."""
    config = services.config
    record.cost_model, record.cost_usd = _priced(
        config.pricing, services.provider, response, config.cycle.model, usage
    )


def price_summary(record: TurnRecord, services: SessionServices, response: MessageResponse) -> None:
    """Fill ``record``'s USD of its summary call, at the summary model's price."""
    config = services.config
    summary = config.summary_config
    requested = summary.summary_model if summary is not None and summary.summary_model else ""
    record.summary_cost_model, record.summary_cost_usd = _priced(
        config.pricing, services.provider, response, requested, response.usage
    )


@dataclass(frozen=True)
class SpendTotals:
    """USD over many turn records; what had no known price is listed, not counted as zero."""

    conversation_usd: float = 0.0
    """The turns' model calls with a known price."""
    summary_usd: float = 0.0
    """The summary calls with a known price."""
    turns: int = 0
    summaries: int = 0
    unpriced_turns: tuple[int, ...] = ()
    """Turn indexes whose model calls have no known price (or were saved before prices)."""
    unpriced_summaries: tuple[int, ...] = ()
    """Turn indexes whose summary call has no known price."""
    unpriced_models: tuple[str, ...] = field(default=())
    """The models without a known price, as the records name them."""
    unreported_turns: tuple[int, ...] = ()
    """Turn indexes (among ``unpriced_turns``) whose server reported no usable token counts:
    their tokens are nbagent's estimates (:attr:`TurnRecord.usage_estimated`) and their USD is
    unknown whatever the model's price."""

    @property
    def total_usd(self) -> float:
        return self.conversation_usd + self.summary_usd

    @property
    def complete(self) -> bool:
        """True when every call counted had a known price."""
        return not self.unpriced_turns and not self.unpriced_summaries


def spend_totals(timeline: Iterable[TurnRecord]) -> SpendTotals:
    """The USD of ``timeline``'s turns and summaries (e.g. ``session.timeline``)."""
    conversation = summary = 0.0
    turns = summaries = 0
    unpriced_turns: list[int] = []
    unpriced_summaries: list[int] = []
    unreported: list[int] = []
    models: dict[str, None] = {}
    for record in timeline:
        turns += 1
        if record.cost_usd is None:
            unpriced_turns.append(record.turn_index)
            if record.usage_estimated:
                unreported.append(record.turn_index)
            elif record.cost_model:
                models[record.cost_model] = None
        else:
            conversation += record.cost_usd
        if record.summary_cost_model is None and record.summary_cost_usd is None:
            continue
        summaries += 1
        if record.summary_cost_usd is None:
            unpriced_summaries.append(record.turn_index)
            if record.summary_cost_model:
                models[record.summary_cost_model] = None
        else:
            summary += record.summary_cost_usd
    return SpendTotals(
        conversation_usd=conversation,
        summary_usd=summary,
        turns=turns,
        summaries=summaries,
        unpriced_turns=tuple(unpriced_turns),
        unpriced_summaries=tuple(unpriced_summaries),
        unpriced_models=tuple(models),
        unreported_turns=tuple(unreported),
    )
