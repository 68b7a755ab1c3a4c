"""AgentSession: turns over a stored, resumable conversation, with automatic summaries.

::

    session = AgentBuilder().provider("offline").summary_config(cfg).build().session("trip")
    response = await session.submit_turn("Plan three days in Kyoto")
    session.submit_turn_sync("And a day trip?")      # also inside a running Jupyter kernel

    async with session.stream_turn("Cheaper hotels?") as events:
        async for event in events:
            ...                                       # leaving the block ends the turn

One turn, top to bottom, in this module: **begin** (claim the session, TURN_START, the slot's
view as the request), **call** (``LlmCycle`` runs the tool loop; microcompact shapes each request,
never the history), **commit** (the turn's messages, the session state and the turn's record in
one transaction), **end** (TURN_END, the summary checkpoint — a collaborator, see
:mod:`nbagent.agent._checkpoint` — and the record's update).

A turn is atomic. If the model call fails (or a stream is closed early), the turn's user message
and partial output are neither kept nor saved, ``turn_index`` does not move, ``cost_so_far`` does
not count it, and the error propagates with its own type. A session opened again with the same id
and store resumes its slots, turn index, summary state, costs, timeline (compaction reports
included) and session memory, and the settings :meth:`AgentSession.configure` gave it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncGenerator, AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager

from nbagent.agent._checkpoint import SummaryCheckpoint, ledger_budget
from nbagent.agent._retention import FactKeeper
from nbagent.agent._settings import UNCHANGED, SessionSettings, Unchanged
from nbagent.agent._state import STATE_KEY, STATE_NAMESPACE, SessionCost, SessionState, read_session
from nbagent.agent._sync import iterate_sync
from nbagent.agent._turn import (
    CompactionMemo,
    Pending,
    RecordWrites,
    SessionHooks,
    Turn,
    TurnGate,
    session_tools,
    turn_cycle,
)
from nbagent.agent._twin import sync_twin
from nbagent.agent._uncancelled import finish_despite_cancel
from nbagent.agent.config import Agent, SessionServices
from nbagent.agent.context import (
    ContextSlot,
    SlotConfig,
    existing_slot,
    new_slot,
    request_tokens,
    request_view,
)
from nbagent.agent.facts import Fact, FactBook, FactKind
from nbagent.agent.ledger import amend_summary
from nbagent.agent.memory import CONVERSATION_SUMMARY_KEY, SessionMemory
from nbagent.agent.spend import price_turn
from nbagent.agent.store import JsonValue, PutValue, StoreOp
from nbagent.agent.summary import SummaryConfig, conversation_language
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.errors import ConfigurationError, NbAgentError, StoreError
from nbagent.llm.blocks import valid_unicode
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import LlmCycle, Prompt
from nbagent.llm.cycle_events import CycleDoneEvent, CycleEvent
from nbagent.llm.hooks import HookEvent
from nbagent.llm.messages import AnyMessage, Message, SystemMessage, UserMessage
from nbagent.llm.request import MessageResponse
from nbagent.llm.tokens import DEFAULT_ESTIMATOR

logger = logging.getLogger("nbagent.agent.session")


class AgentSession:
    """One conversation on ``bundle``, answered by ``agent`` (default: a plain assistant).

    The constructor reads nothing: the saved state is read when the session is opened —
    ``bundle.session(id)``, ``await session.open()``, or the first turn or property that needs
    it. One turn at a time: a second turn while one runs is refused, and a turn started while a
    streamed turn is being saved waits for that save. Settings saved by :meth:`configure` win
    over the bundle's when the session is opened again (``self.bundle`` then holds them).
    """

    def __init__(
        self, session_id: str, bundle: SessionServices, *, agent: Agent | None = None
    ) -> None:
        if not isinstance(session_id, str) or not session_id:
            raise ConfigurationError(
                f"session_id must be a non-empty string, got {session_id!r}: write "
                "AgentSession('trip', bundle, agent=...) or bundle.session('trip')"
            )
        self.agent = agent
        self.session_id = session_id
        self.bundle = bundle
        self.session_memory = SessionMemory(bundle.store, session_id)
        self.tools = session_tools(bundle, agent)
        self._opened = False
        self._timeline: list[TurnRecord] = []
        self._state = SessionState()
        self._turn_index = 0
        self._slots: dict[str, ContextSlot] = {}
        self._current = bundle.config.default_slot_id
        self._gate = TurnGate(session_id)
        self._records = RecordWrites(session_id)
        self._pending: Pending | None = None
        self._compaction = CompactionMemo()
        self._facts = FactKeeper()
        self._prompt_message: SystemMessage | None = None
        self._checkpoint = SummaryCheckpoint(session_id, self._state_op)
        self._hooks = SessionHooks(self)

    # -- opening ----------------------------------------------------------------------------

    async def open(self) -> AgentSession:
        """Read the saved state (once; later calls do nothing) and return the session."""
        if not self._opened:
            await self._load()
        return self

    def _require_open(self) -> None:
        if not self._opened:
            self.open_sync()

    async def _load(self) -> None:
        snapshot = await self.bundle.store.load_session(self.session_id)  # one read, never torn
        saved = read_session(snapshot, self.bundle.config, where=repr(self.bundle.store))
        self._use_settings(SessionSettings.from_json(saved.state.settings, where=saved.where))
        self._timeline, self._state, self._slots = saved.timeline, saved.state, saved.slots
        self._current, self._turn_index = saved.current, saved.state.turn_index
        self._opened = True

    # -- state ------------------------------------------------------------------------------

    def _state_op(self, state: SessionState) -> StoreOp:
        return PutValue(self.session_id, STATE_NAMESPACE, STATE_KEY, state.to_json())

    @property
    def timeline(self) -> list[TurnRecord]:
        """One record per saved turn, oldest first (restored from the store on resume)."""
        self._require_open()
        return self._timeline

    @property
    def turn_index(self) -> int:
        """Turns completed so far (the index the next turn gets)."""
        self._require_open()
        return self._turn_index

    @property
    def cost_so_far(self) -> SessionCost:
        """Tokens of every completed turn's model calls; summaries are not counted here."""
        self._require_open()
        return self._state.cost

    @property
    def summary_cost(self) -> SessionCost:
        """Tokens of the automatic summary calls, apart from :attr:`cost_so_far`."""
        self._require_open()
        return self._state.summary_cost

    @property
    def last_summary_turn(self) -> int:
        self._require_open()
        return self._state.last_summary_turn

    @property
    def system_prompt(self) -> str | None:
        """The bundle's system prompt and the agent's instructions, joined."""
        parts = [self.bundle.config.system_prompt, self.agent.instructions if self.agent else None]
        text = "\n\n".join(p for p in parts if p)
        return text or None

    # -- settings ---------------------------------------------------------------------------

    def _use_settings(self, settings: SessionSettings) -> None:
        """Lay ``settings`` over the bundle's config (``self.bundle`` becomes a new bundle)."""
        if settings.given():
            self.bundle = self.bundle.with_config(settings.apply(self.bundle.config))

    async def configure(
        self,
        *,
        summary_config: SummaryConfig | Unchanged | None = UNCHANGED,
        compact_config: CompactConfig | Unchanged | None = UNCHANGED,
        system_prompt: str | Unchanged | None = UNCHANGED,
    ) -> None:
        """Change this session's summary, microcompact or system-prompt settings, and save them.

        ``None`` turns a feature off (an agent's instructions stay); an argument left out keeps
        its setting; bad values raise :class:`~nbagent.errors.ConfigurationError` and change
        nothing. They apply from the next turn (a streamed turn awaiting ``finalize_turn()`` is
        finalised first, under its own settings) and are saved at once: when the session is
        opened again, each setting saved here wins over the bundle given then
        (:attr:`configured` tells which). Summaries made and the debounce count carry on;
        microcompact starts afresh after a change of ``compact_config`` or the system prompt.
        """
        changes = SessionSettings(summary_config, compact_config, system_prompt)
        await self.open()
        self._gate.require_idle("configure it")
        if self._pending is not None:
            await self.finalize_turn()
        if not changes.given():
            return
        state = self._state.copy()
        state.settings = {**state.settings, **changes.to_json()}
        await self.bundle.store.commit([self._state_op(state)])
        self._state = state
        self._use_settings(changes)

    @property
    def configured(self) -> SessionSettings:
        """The settings saved by :meth:`configure` (``UNCHANGED``: following the bundle)."""
        self._require_open()
        return SessionSettings.from_json(self._state.settings, where=f"session {self.session_id!r}")

    # -- slots ------------------------------------------------------------------------------

    @property
    def slot(self) -> ContextSlot:
        """The current context slot."""
        self._require_open()
        return self._slots[self._current]

    @property
    def current_slot_id(self) -> str:
        self._require_open()
        return self._current

    @property
    def slots(self) -> dict[str, ContextSlot]:
        self._require_open()
        return dict(self._slots)

    async def create_slot(
        self,
        slot_id: str,
        config: SlotConfig | None = None,
        messages: tuple[AnyMessage, ...] | list[AnyMessage] = (),
        *,
        switch: bool = True,
    ) -> ContextSlot:
        """Add and save a slot (e.g. a read-only reference history); switch to it by default."""
        await self.open()
        slot = new_slot(self._slots, slot_id, self.session_id, config, messages)
        await slot.save(self.bundle.store)
        self._slots[slot_id] = slot
        if switch:
            self.switch_slot(slot_id)
        return slot

    def switch_slot(self, slot_id: str) -> ContextSlot:
        """Make ``slot_id`` current (saved with the next turn)."""
        self._require_open()
        slot = existing_slot(self._slots, slot_id)
        self._current = slot_id
        return slot

    # -- the request ------------------------------------------------------------------------

    def request_messages(self, slot: ContextSlot | None = None) -> list[AnyMessage]:
        """What the next turn sends before its user message: system prompt + the slot's view
        (see :func:`~nbagent.agent.context.request_view`)."""
        slot = slot or self.slot
        return self._view(slot)[0]

    def _view(self, slot: ContextSlot) -> tuple[list[AnyMessage], list[tuple[int, int]]]:
        """:func:`~nbagent.agent.context.request_view` with the summary amended by the
        corrections made since it was written (:func:`~nbagent.agent.ledger.amend_summary`):
        the view shows it after the recent messages, where a stale value would read as
        current."""
        messages, runs = request_view(slot, self._system_message())
        summary = slot.summary_message()
        if summary is None:
            return messages, runs
        replaced = self.facts(slot).replaced()
        if not replaced:
            return messages, runs
        text = summary.content
        language = conversation_language(slot.focused.summary_override or text)
        amended = amend_summary(text, replaced, language)
        if amended == text:
            return messages, runs
        shown = Message.system(amended)
        return [
            shown if isinstance(m, SystemMessage) and m.content == text else m for m in messages
        ], runs

    def _system_message(self) -> SystemMessage | None:
        """The system prompt as a message, made once per prompt text (its estimate is cached)."""
        prompt = self.system_prompt
        if prompt is None:
            return None
        if self._prompt_message is None or self._prompt_message.content != prompt:
            self._prompt_message = Message.system(prompt)
        return self._prompt_message

    def estimate_context_tokens(self) -> int:
        """Estimated tokens of :meth:`request_messages` (tool definitions not included)."""
        return self._request_tokens(self.slot)

    def _request_tokens(self, slot: ContextSlot, extra: Sequence[AnyMessage] = ()) -> int:
        return request_tokens(slot, self._system_message(), self.bundle.config.estimator, extra)

    # -- turns ------------------------------------------------------------------------------

    async def submit_turn(self, text: Prompt) -> MessageResponse:
        """Run one turn (the tool loop included) and return the final response."""
        turn = await self._begin_turn(text, streamed=False)
        try:
            response = await turn.cycle.submit_with_tools(turn.user, self.tools)
            record = await self._commit_turn(turn, response)
            try:
                await self._end_turn(turn.index, response, record)
            finally:
                self._turn_index = turn.index + 1
            return response
        finally:
            self._gate.release(turn.token)

    @asynccontextmanager
    async def stream_turn(self, text: Prompt) -> AsyncIterator[AsyncIterator[CycleEvent]]:
        """One turn, streamed: ``async with session.stream_turn(text) as events``.

        The events are the cycle's, ending with a ``CycleDoneEvent``; the turn is saved when
        that arrives. Leaving the block ends the turn: the turn-end hook, the summary checkpoint
        and the record's update run then. Leaving it before the stream ended discards the turn.
        """
        events = self.submit_turn_stream(text)
        try:
            yield events
        finally:
            await events.aclose()
        if self._pending is not None:
            await self.finalize_turn()

    async def submit_turn_stream(self, text: Prompt) -> AsyncGenerator[CycleEvent, None]:
        """The events of :meth:`stream_turn`, as a plain iterator; call :meth:`finalize_turn`
        after the last (the next turn calls it for you if you forget). Closing the iterator
        early discards the turn; starting another turn while it is unfinished abandons it."""
        turn = await self._begin_turn(text, streamed=True)
        events = turn.cycle.submit_stream(turn.user, self.tools)
        try:
            async for event in events:
                if isinstance(event, CycleDoneEvent):
                    if self._gate.active is not turn.token:
                        raise NbAgentError(
                            "this streamed turn was abandoned when another turn started; "
                            "it was not saved"
                        )
                    await self._commit_turn(turn, event.response)
                yield event
        finally:
            self._gate.release(turn.token)
            await events.aclose()  # and with it the provider's HTTP response, now

    async def finalize_turn(self) -> TurnRecord | None:
        """Finish the last streamed turn (its own index, ``turn_index - 1``): turn-end hook,
        summary checkpoint, record update. Its record, or ``None`` when no streamed turn waits."""
        pending, self._pending = self._pending, None
        if pending is None:
            return None
        await self._end_turn(pending.turn.index, pending.response, pending.record)
        return pending.record

    async def _begin_turn(self, text: Prompt, *, streamed: bool) -> Turn:
        await self.open()
        await self._gate.wait_for_commit()
        if self._pending is not None:
            await self.finalize_turn()
        slot = self.slot
        slot.require_writable()
        token = self._gate.claim(streamed)
        try:
            index = self._turn_index
            await self._hooks.emit(HookEvent.TURN_START, index, slot_id=slot.id, prompt=text)
            request_messages, runs = self._view(slot)
            tokens = self._request_tokens(slot)
            cycle = turn_cycle(self.bundle, request_messages, tokens, index, self._timeline)
            repeats = self._equip(cycle, slot)
        except BaseException:
            self._gate.release(token)
            raise
        user = text if isinstance(text, UserMessage) else Message.user(text)
        return Turn(
            index, slot, user, request_messages, runs, cycle, token, streamed, repeats=repeats
        )

    def _equip(self, cycle: LlmCycle, slot: ContextSlot) -> bool:
        """The slot's microcompact memo, kept while its view and the settings stay the same."""
        focused, config = slot.focused, self.bundle.config
        view = (slot.config.mode, focused.summary_override, focused.summary_upto)
        return self._compaction.equip(
            cycle, slot.id, (*view, config.compact_config, self.system_prompt)
        )

    async def _commit_turn(self, turn: Turn, response: MessageResponse) -> TurnRecord:
        """Steps 5 and 6: count the usage and save the turn and its record in one transaction,
        so a crash later never loses it. The record is updated after the summary step, unless
        no summary is due and the turn is neither streamed nor tracks retention: then it is saved
        final, once. Once the write started, the turn is saved and known to be, or neither: a
        cancellation waits for the write to end (:func:`finish_despite_cancel`)."""
        slot, new = turn.slot, turn.new_messages()
        state = self._state.copy()
        state.turn_index = turn.index + 1
        state.current_slot = slot.id
        state.cost.merge(turn.cycle.usage)
        record = turn.record(response, state, new, self._request_tokens(slot, new))
        price_turn(record, self.bundle, turn.cycle.usage.total, response)
        # A streamed turn's summary step waits for finalize_turn(); retention is measured once
        # the turn is stored, so a tracked turn's record is completed by the second write.
        if not turn.streamed and not self.bundle.config.track_retention:
            self._checkpoint.settle(self.bundle, state, record)
        ops = [*slot.save_ops(extra=new), self._state_op(state), self._records.op(record)]

        async def write() -> None:
            try:
                await self.bundle.store.commit(ops)
                slot.mark_saved(extra=new)
                self._state = state
                if self.bundle.config.track_retention:  # off the default hot path
                    self._facts.measure(
                        turn, record, self._state.pinned, self.tools, self.bundle.config.probes
                    )
                self._timeline.append(record)
                if turn.streamed:
                    self._turn_index = turn.index + 1
                    self._pending = Pending(turn, response, record)
                    self._gate.release(turn.token)  # saved: the next turn need not abandon it
            finally:
                self._gate.committing = None

        task = self._gate.committing = asyncio.ensure_future(write())
        try:
            await finish_despite_cancel(task)
        except asyncio.CancelledError:
            if self._state is state:  # saved before the cancellation took effect
                self._turn_index = turn.index + 1
            raise
        return record

    def facts(self, slot: ContextSlot | None = None) -> FactBook:
        """The facts stated in ``slot`` (default: the current one) and the pinned ones."""
        return self._facts.book(slot or self.slot, self._state.pinned, self.tools)

    async def pin(self, text: str) -> Fact:
        """Pin a fact: every summary's ledger keeps it, and retention counts it (saved)."""
        if not isinstance(text, str) or not (text := text.strip()):
            raise ConfigurationError(f"pin() needs the fact's text, got {text!r}")
        text = valid_unicode(text)  # a lone surrogate could be neither saved nor sent
        await self.open()
        self._gate.require_idle("pin the fact")
        self._check_pin_fits(text)
        state = self._state.copy()
        state.pinned = [*(p for p in state.pinned if p != text), text]
        await self.bundle.store.commit([self._state_op(state)])
        self._state = state
        return Fact(text, FactKind.PINNED)

    def _check_pin_fits(self, text: str) -> None:
        """Refuse a pin longer than the summary's whole ledger budget: every summary lists every
        pin whatever the budget, so one that big would crowd the window (pins are never cut)."""
        config = self.bundle.config.summary_config
        if config is None or not config.fact_ledger:
            return
        budget, count = ledger_budget(config, self.bundle.config.estimator or DEFAULT_ESTIMATOR)
        size = count(text)
        if size > budget:
            unit = "characters" if config.fact_ledger_chars is not None else "tokens"
            raise ConfigurationError(
                f"this pin is {size:,} {unit}, more than the summary's whole fact ledger "
                f"({budget:,} {unit}); every summary lists every pin, so pin a shorter text "
                "(the value itself, e.g. a code or a date) or raise "
                "SummaryConfig.fact_ledger_share"
            )

    async def _end_turn(self, index: int, response: MessageResponse, record: TurnRecord) -> None:
        """Steps 7 and 8: the turn-end hook, then the summary checkpoint; update the record
        (saved final by the commit already when it settled the summary step)."""
        slot = self._slots[record.slot_id]
        settled = record.summary_status is not SummaryStatus.PENDING
        await self._hooks.emit(HookEvent.TURN_END, index, response=response, slot_id=slot.id)
        if settled:
            return
        self._gate.ending = True  # the summary's state is this one's copy: no change meanwhile
        try:
            made = await self._checkpoint.run(
                self.bundle, slot, self._state, record, lambda: self.facts(slot)
            )
        finally:
            self._gate.ending = False
        if made is not None:
            self._state = made.state
        if record.summary_status is not SummaryStatus.DISABLED:
            record.context_tokens_after = self.estimate_context_tokens()
        try:  # before the summary hook: an interrupt there leaves the record saved
            await self.bundle.store.commit([self._records.op(record)])
        except StoreError as e:
            logger.error(
                "session %s: timeline record of turn %d not updated: %s", self.session_id, index, e
            )
        if made is not None:
            await self._hooks.emit(HookEvent.SUMMARY, index, slot_id=slot.id, **made.hook_data())

    # -- session memory ---------------------------------------------------------------------

    async def get_session_data(self, key: str) -> JsonValue | None:
        """The session-memory value under ``key`` (``None`` when absent)."""
        return await self.session_memory.get(key)

    async def get_conversation_summary(self) -> str | None:
        """The latest automatic summary (from session memory), or ``None`` before the first."""
        value = await self.session_memory.get(CONVERSATION_SUMMARY_KEY)
        return None if value is None else str(value)

    # -- sync twins -------------------------------------------------------------------------

    open_sync = sync_twin(open)
    submit_turn_sync = sync_twin(submit_turn)
    finalize_turn_sync = sync_twin(finalize_turn)
    configure_sync = sync_twin(configure)
    create_slot_sync = sync_twin(create_slot)
    get_session_data_sync = sync_twin(get_session_data)
    pin_sync = sync_twin(pin)
    get_conversation_summary_sync = sync_twin(get_conversation_summary)

    def submit_turn_stream_sync(self, text: Prompt) -> Iterator[CycleEvent]:
        return iterate_sync(self.submit_turn_stream(text))

    def __repr__(self) -> str:
        name = self.agent.name if self.agent else None
        summaries = "on" if self.bundle.config.summary_config else "off"
        state = f"turn_index={self._turn_index}" if self._opened else "not opened"
        return (
            f"AgentSession(id={self.session_id!r}, agent={name!r}, {state}, "
            f"slot={self._current!r}, summaries={summaries})"
        )


__all__ = ["AgentSession"]
