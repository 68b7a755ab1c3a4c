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

**Summaries do not hold a turn up.** The summary step runs as a background job the session owns.
A turn returns once it is saved and its summary call has answered, or after
:data:`~nbagent.agent._checkpoint.SUMMARY_PATIENCE` seconds, whichever comes first: a slow or
hung summary model never keeps the reply from you for the summary's full deadline
(``SummaryConfig.timeout`` per attempt). The job then finishes on its own: it saves the summary
(or logs its failure, history untouched) and updates the turn's record, pending until then.
What waits for it, and how long:

- the **next turn** waits for a running summary before it builds its request, bounded by the
  summary's own deadline (``SummaryConfig.timeout`` per attempt): the summary always shapes the
  request after it, so the same conversation sends the same requests on a busy machine as on
  an idle one. A hung summary model delays the next prompt, never the reply to this one.
  Summaries are made one at a time: if its own is due while
  an older one is still calling the model, it waits for that one in the background (a call in
  flight is never cut: it may be slow, not hung; ``SummaryConfig.timeout`` bounds it) and then
  decides again over the state the older one left; a newer due summary replaces one still
  waiting so (its record says ``failed``, superseded: the newer one covers all it would);
- :meth:`AgentSession.get_conversation_summary` waits for it likewise, then answers with the
  latest summary saved;
- :meth:`AgentSession.close` waits for its call up to ``timeout`` seconds, then cancels it (its
  record stays pending, as saved); interrupting a turn while it waits cancels its summary too.

**Writers.** The session state is versioned and every write swaps it over the version it was made
from; a summary is saved over the newest state, so a turn committed meanwhile — by this object or
by another on the same session id — is never undone. A turn whose commit meets another writer's
fails with a :class:`~nbagent.errors.StoreError` and is not saved; the session then reloads the
stored state before its next turn, so submitting the turn again continues after the other
writer's turns. A turn's commit carries its own :class:`~nbagent.agent.store.CommitMark`, so a
store that lost the reply to its COMMIT learns it was saved instead of saving it twice.

A turn is atomic. If the model call fails (or a stream is closed early), the turn's user message
and partial output are neither kept nor saved, ``turn_index`` does not move, ``cost_so_far`` does
not count it, and the error propagates with its own type. A session opened again with the same id
and store resumes its slots, turn index, summary state, costs, timeline (compaction reports
included) and session memory, and the settings :meth:`AgentSession.configure` gave it.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import uuid
from collections.abc import AsyncGenerator, AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager

from pydantic import ValidationError

from nbagent.agent._checkpoint import (
    SUMMARY_PATIENCE,
    Draft,
    SummaryCheckpoint,
    SummaryJob,
    SummaryJobs,
    ledger_budget,
    turn_prefix,
)
from nbagent.agent._settings import UNCHANGED, SessionSettings, Unchanged
from nbagent.agent._turn import (
    STATE_KEY,
    STATE_NAMESPACE,
    CompactionMemo,
    Pending,
    RecordWrites,
    SessionCost,
    SessionHooks,
    SessionState,
    Turn,
    TurnGate,
    price_turn,
    read_session,
    session_compact,
    session_tools,
    state_op,
    turn_cycle,
)
from nbagent.agent.config import Agent, SessionServices
from nbagent.agent.context import (
    DEFAULT_SLOT_ID,
    SLOT_NAMESPACE,
    ContextSlot,
    SlotConfig,
    SlotSummary,
    existing_slot,
    new_slot,
    read_slot_value,
    request_tokens,
    request_view,
)
from nbagent.agent.facts import Fact, FactBook, FactKeeper, FactKind
from nbagent.agent.ledger import amend_summary
from nbagent.agent.memory import CONVERSATION_SUMMARY_KEY, SessionMemory
from nbagent.agent.store import CommitMark, JsonValue, StoreOp
from nbagent.agent.summary import SummaryConfig, conversation_language
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.errors import ConfigurationError, NbAgentError, StoreError
from nbagent.llm.compact import CompactConfig
from nbagent.llm.cycle import LlmCycle, Prompt
from nbagent.llm.cycle_events import CycleDoneEvent, CycleEvent
from nbagent.llm.hooks import HookEvent
from nbagent.llm.messages import AnyMessage, Message, SystemMessage, UserMessage, valid_unicode
from nbagent.llm.request import MessageResponse
from nbagent.llm.tokens import DEFAULT_ESTIMATOR
from nbagent.llm.tools import (
    ToolPool,
    finish_despite_cancel,
    iterate_sync,
    off_loop_over,
    sync_twin,
)

SWAP_ATTEMPTS = 3
"""Times a summary's save is planned again over a state another writer changed meanwhile."""

logger = logging.getLogger("nbagent.agent.session")


class _Lock:
    """A lock that pickles as a new one (a session pickles: a tuning grid's replay comes back
    from its worker process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def __enter__(self) -> None:
        self._lock.acquire()

    def __exit__(self, *exc: object) -> None:
        self._lock.release()

    def __getstate__(self) -> dict[str, object]:
        return {}

    def __setstate__(self, state: dict[str, object]) -> None:
        self._lock = threading.Lock()


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
        self._current = DEFAULT_SLOT_ID
        self._gate = TurnGate(session_id)
        self._records = RecordWrites(session_id)
        self._pending: Pending | None = None
        self._compaction = CompactionMemo()
        self._tool_pool = ToolPool(name=f"nbagent-tool-{session_id}"[:60])
        """This session's threads for sync tools: its hung tools hold only its own."""
        self._facts = FactKeeper()
        self._read: dict[str, int] = {}
        """By slot, the stored messages the last turn's request was built over: the fact book
        and the token tallies read only the messages after them."""
        # One request view at a time: a streamed turn that takes over from an unfinished one
        # may build its view while the other's still runs in a worker thread, and both would
        # extend the slot's token tallies and the fact book at once.
        self._viewing = _Lock()
        self._prompt_message: SystemMessage | None = None
        self._checkpoint = SummaryCheckpoint(session_id)
        self._jobs = SummaryJobs()
        self._writes = asyncio.Lock()
        """Held by every write of the session state: a turn's commit, a summary's save, a
        setting or pin. Each builds its state inside, over the newest."""
        self._stale = False
        """A write met another writer's (or could not be confirmed): reload before the next."""
        self._generation = 0
        """Reloads so far: a summary job drafted before one saves nothing."""
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
        return state_op(self.session_id, state)

    async def _reload(self) -> None:
        """Read the stored session again (another writer moved it on); summary jobs of the old
        view are cancelled first (their records stay as saved)."""
        await self._jobs.cancel_all()
        self._generation += 1
        self._pending = None
        self._compaction, self._facts, self._read = CompactionMemo(), FactKeeper(), {}
        self._stale = False
        await self._load()

    async def _fresh(self) -> None:
        """Open the session, reloaded if a write found the store moved on."""
        await self.open()
        if self._stale:
            await self._reload()

    async def _note_failed_write(self, version: int) -> None:
        """After a failed write over state ``version``: stale unless the store still holds it
        (then the write simply did not happen: a full disk, a refused value)."""
        try:
            stored = await self.bundle.store.get_value(self.session_id, STATE_NAMESPACE, STATE_KEY)
        except StoreError:
            self._stale = True
            return
        where = f"session {self.session_id!r}"
        try:
            self._stale = SessionState.from_json(stored, where=where).version != version
        except StoreError:
            self._stale = True

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
        await self._fresh()
        self._gate.require_idle("configure it")
        if self._pending is not None:
            await self.finalize_turn()
        if not changes.given():
            return
        async with self._writes:
            state = self._state.successor()
            state.settings = {**state.settings, **changes.to_json()}
            await self._write_state(state)
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
        read_only: bool = False,
    ) -> ContextSlot:
        """Add and save a slot; switch to it by default. ``read_only=True`` makes it a reference
        history that refuses turns (:class:`~nbagent.errors.ReadOnlySlotError`), for good: it
        is saved with the slot."""
        await self.open()
        slot = new_slot(
            self._slots, slot_id, self.session_id, config, messages, read_only=read_only
        )
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
        a stale value it states would read as current (at the end of the view, after the
        recent messages, it is the last thing the model reads)."""
        messages, runs = request_view(slot, self._system_message())
        summary = slot.summary_message()
        if summary is None:
            return messages, runs
        replaced = self.facts(slot).replaced()
        if not replaced:
            return messages, runs
        text = summary.content
        language = conversation_language(slot.summary_override or text)
        amended = amend_summary(text, replaced, language)
        if amended == text:
            return messages, runs
        shown = Message.system(amended)
        return [
            shown if isinstance(m, SystemMessage) and m.content == text else m for m in messages
        ], runs

    def _request(self, slot: ContextSlot) -> tuple[list[AnyMessage], list[tuple[int, int]], int]:
        """:meth:`_view` of ``slot`` and its estimate: what a turn starts from."""
        with self._viewing:
            messages, runs = self._view(slot)
            return messages, runs, self._request_tokens(slot)

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
        """Run one turn (the tool loop included) and return the final response.

        It returns once the turn is saved and its summary, if one is due, is saved too or has
        not answered within :data:`~nbagent.agent._checkpoint.SUMMARY_PATIENCE` seconds (then
        it is finished in the background: see the module docstring)."""
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
        # A running summary shapes this request: wait for it, bounded by its own deadline
        # (SummaryConfig.timeout per attempt), so a replay or a tuning grid gets the same
        # requests on a busy machine as on an idle one.
        await self._jobs.wait_all(None)
        if self._stale:
            await self._reload()
        slot = self.slot
        slot.require_writable()
        token = self._gate.claim(streamed)
        try:
            index = self._turn_index
            await self._hooks.emit(HookEvent.TURN_START, index, slot_id=slot.id, prompt=text)
            # Off the shared loop when many messages are new to it: it would block every other
            # session's turn. The first turn after opening reads every stored message (fact
            # book, token tallies): 2.1 s measured on 3,000 messages; later turns read only
            # their own and stay on the loop.
            read = self._read.get(slot.id, 0)
            fresh = len(slot) - read if read <= len(slot) else len(slot)
            request_messages, runs, tokens = await off_loop_over(fresh, self._request, slot)
            self._read[slot.id] = len(slot)
            cycle = turn_cycle(self.bundle, request_messages, tokens, index, self._timeline)
            cycle.tool_pool = self._tool_pool
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
        view = (slot.config.mode, slot.summary_override, slot.summary_upto)
        compact = session_compact(self.bundle.config)  # its window follows the summary's
        return self._compaction.equip(cycle, slot.id, (*view, compact, self.system_prompt))

    async def _commit_turn(self, turn: Turn, response: MessageResponse) -> TurnRecord:
        """Steps 5 and 6: count the usage and save the turn and its record in one transaction,
        so a crash later never loses it. The record is updated after the summary step, unless
        no summary is due and the turn is neither streamed nor tracks retention: then it is saved
        final, once. Once the write started, the turn is saved and known to be, or neither: a
        cancellation waits for the write to end (:func:`finish_despite_cancel`). The state is
        built with the write lock held, over the newest (a summary may have landed meanwhile)."""
        slot, new = turn.slot, turn.new_messages()
        mark = CommitMark(self.session_id, f"turn-{turn.index}-{uuid.uuid4().hex}")
        written: list[tuple[SessionState, TurnRecord]] = []

        async def write() -> None:
            try:
                async with self._writes:
                    state, record, ops = self._turn_writes(turn, response, new)
                    written.append((state, record))
                    try:
                        await self.bundle.store.commit([*ops, mark])
                    except StoreError:
                        await self._note_failed_write(state.version - 1)
                        raise
                    slot.mark_saved(extra=new)
                    self._state = state
                tracked = self.bundle.config.track_retention
                if tracked:  # off the default hot path
                    # Off the shared loop over a long history: it would block every other
                    # session's turn (2.0 s measured on 3,000 messages the first time, the
                    # fact book; 7-10 ms after). Nothing else of this session runs meanwhile:
                    # the next turn, a pin or a setting wait for this commit.
                    await off_loop_over(
                        len(slot),
                        self._facts.measure,
                        turn,
                        record,
                        self._state.pinned,
                        self.tools,
                        tracked if isinstance(tracked, tuple) else (),  # the probes
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
            if written and self._state is written[0][0]:  # saved before the cancellation
                self._turn_index = turn.index + 1
            raise
        return written[0][1]

    def _turn_writes(
        self, turn: Turn, response: MessageResponse, new: list[AnyMessage]
    ) -> tuple[SessionState, TurnRecord, list[StoreOp]]:
        """The state and record a turn's commit writes, and its ops."""
        slot = turn.slot
        state = self._state.successor()
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
        return state, record, ops

    def facts(self, slot: ContextSlot | None = None) -> FactBook:
        """The facts stated in ``slot`` (default: the current one) and the pinned ones."""
        return self._facts.book(slot or self.slot, self._state.pinned, self.tools)

    async def pin(self, text: str) -> Fact:
        """Pin a fact: every summary's ledger keeps it, and retention counts it (saved)."""
        if not isinstance(text, str) or not (text := text.strip()):
            raise ConfigurationError(f"pin() needs the fact's text, got {text!r}")
        text = valid_unicode(text)  # a lone surrogate could be neither saved nor sent
        await self._fresh()
        self._gate.require_idle("pin the fact")
        self._check_pin_fits(text)
        async with self._writes:
            state = self._state.successor()
            state.pinned = [*(p for p in state.pinned if p != text), text]
            await self._write_state(state)
        return Fact(text, FactKind.PINNED)

    async def _write_state(self, state: SessionState) -> None:
        """Save ``state`` alone (the write lock held) and make it the session's."""
        try:
            await self.bundle.store.commit([self._state_op(state)])
        except StoreError:
            await self._note_failed_write(state.version - 1)
            raise
        self._state = state

    def _check_pin_fits(self, text: str) -> None:
        """Refuse a pin longer than the summary's whole ledger budget: every summary lists every
        pin whatever the budget, so one that big would crowd the window (pins are never cut)."""
        config = self.bundle.config.summary_config
        if config is None or not config.fact_ledger:
            return
        budget, count = ledger_budget(config, self.bundle.config.estimator or DEFAULT_ESTIMATOR)
        size = count(text)
        if size > budget:
            raise ConfigurationError(
                f"this pin is {size:,} tokens, more than the summary's whole fact ledger "
                f"({budget:,} tokens); every summary lists every pin, so pin a shorter text "
                "(the value itself, e.g. a code or a date) or give the ledger a larger share "
                "of the window (SummaryConfig(fact_ledger=0.2))"
            )

    async def _end_turn(self, index: int, response: MessageResponse, record: TurnRecord) -> None:
        """Steps 7 and 8: the turn-end hook, then the summary step as a job, waited for as the
        module docstring says (nothing to wait for when the commit settled the record)."""
        settled = record.summary_status is not SummaryStatus.PENDING
        await self._hooks.emit(HookEvent.TURN_END, index, response=response, slot_id=record.slot_id)
        if settled:
            return
        earlier = self._jobs.running()
        job = self._jobs.start(record, lambda job: self._summary_step(job, earlier))
        self._gate.ending = True
        try:
            await self._jobs.wait_own(job)
        finally:
            self._gate.ending = False

    async def _summary_step(self, job: SummaryJob, earlier: list[SummaryJob]) -> None:
        """A turn's summary job: supersede or wait for an earlier one, draft, save, hook."""
        record, generation = job.record, self._generation
        try:
            draft = await self._draft(job, earlier)
            save = asyncio.ensure_future(self._save_summary(record, draft, generation))
            saved = await finish_despite_cancel(save)  # once started, a save is finished
            if saved is not None:
                data = saved.hook_data()
                await self._hooks.emit(
                    HookEvent.SUMMARY, record.turn_index, slot_id=record.slot_id, **data
                )
        except Exception as e:  # a job has nobody to raise to: say it
            logger.error(
                "session %s: the summary step of turn %d failed: %s: %s",
                self.session_id,
                record.turn_index,
                type(e).__name__,
                e,
            )

    async def _draft(self, job: SummaryJob, earlier: list[SummaryJob]) -> Draft | None:
        """Decide and make the summary; when one is due while an earlier summary is still
        being made, wait for it first (summaries are made one at a time, each over the state
        the last one left), and replace an earlier one still waiting so: this one covers all it
        would, and a call in flight is never cut (it may be slow, not hung)."""
        record = job.record
        try:
            if earlier and self._checkpoint.due(self.bundle, self._state, record):
                job.queued = True
                for other in earlier:
                    if other.queued:
                        other.superseded_by = record.turn_index
                        other.task.cancel()
                await asyncio.wait([other.task for other in earlier])
                job.queued = False
            slot = self._slots[record.slot_id]
            prefix = turn_prefix(self._compaction.last_cycle(slot.id), record.turn_index)
            return await self._checkpoint.draft(
                self.bundle, slot, self._state, record, lambda: self.facts(slot), prefix
            )
        except asyncio.CancelledError:
            if job.superseded_by is None:
                raise
            current = asyncio.current_task()
            if current is not None:
                current.uncancel()
            reason = f"superseded: the summary of turn {job.superseded_by} covers these messages"
            self._checkpoint.fail(record, reason)
            return None
        finally:
            if not job.drafted.done():
                job.drafted.set_result(None)

    async def _save_summary(
        self, record: TurnRecord, draft: Draft | None, generation: int
    ) -> Draft | None:
        """Save the summary (if any) over the newest state, then the record; the draft when
        its summary was saved."""
        async with self._writes:
            if generation != self._generation:  # reloaded since: another writer's view now
                return None
            saved = (
                draft if draft is not None and await self._store_summary(draft, record) else None
            )
            slot = self._slots.get(record.slot_id)
            if record.summary_status is not SummaryStatus.DISABLED and slot is not None:
                record.context_tokens_after = self._request_tokens(slot)
            try:
                await self.bundle.store.commit([self._records.op(record)])
            except StoreError as e:
                logger.error(
                    "session %s: timeline record of turn %d not updated: %s",
                    self.session_id,
                    record.turn_index,
                    e,
                )
            return saved

    async def _store_summary(self, draft: Draft, record: TurnRecord) -> bool:
        """Write ``draft`` over the newest state: this session's, or, when another writer
        changed the stored one meanwhile, the stored one (read again, up to
        :data:`SWAP_ATTEMPTS` times; this session then reloads before its next turn)."""
        slot = self._slots.get(draft.slot_id)
        if slot is None:
            self._checkpoint.fail(record, f"slot {draft.slot_id!r} is gone")
            return False
        state, config, summary, foreign = self._state, slot.config, slot.summary, False
        for _ in range(SWAP_ATTEMPTS):
            planned = self._checkpoint.plan(draft, state, config, summary, slot.read_only)
            if planned is None:
                reason = "superseded: a summary saved meanwhile covers as many messages"
                self._checkpoint.fail(record, reason)
                return False
            new_state, new_summary, ops = planned
            try:
                await self.bundle.store.commit(ops)
            except StoreError as e:
                newer = await self._stored_base(draft.slot_id, state.version)
                if newer is None:
                    self._checkpoint.fail(record, e)
                    return False
                (state, config, summary), foreign = newer, True
                continue
            if foreign:
                self._stale = True
            else:
                self._state = new_state
                slot.mark_saved(summary=new_summary)
            self._checkpoint.finish(record, draft)
            return True
        self._checkpoint.fail(record, "the stored session state kept changing under the save")
        return False

    async def _stored_base(
        self, slot_id: str, version: int
    ) -> tuple[SessionState, SlotConfig, SlotSummary | None] | None:
        """The stored state, slot config and summary when another writer moved the state on from
        ``version`` (read in that order: a write between the two reads fails the next swap);
        ``None`` when it did not, or they cannot be read."""
        store, sid = self.bundle.store, self.session_id
        try:
            state = SessionState.from_json(
                await store.get_value(sid, STATE_NAMESPACE, STATE_KEY), where=f"session {sid!r}"
            )
            if state.version == version:
                return None
            raw = await store.get_value(sid, SLOT_NAMESPACE, slot_id)
            if raw is None:
                slot = self._slots[slot_id]
                config, summary = slot.config, slot.summary
            else:
                config, summary, _ = read_slot_value(raw)  # read-only: fixed when it was made
        except (StoreError, ValidationError):
            return None
        return state, config, summary

    # -- session memory ---------------------------------------------------------------------

    async def get_session_data(self, key: str) -> JsonValue | None:
        """The session-memory value under ``key`` (``None`` when absent)."""
        return await self.session_memory.get(key)

    async def get_conversation_summary(self) -> str | None:
        """The latest automatic summary (from session memory), or ``None`` before the first.

        A summary still being made is waited for first (bounded by its own deadline)."""
        await self._jobs.wait_all(None)
        value = await self.session_memory.get(CONVERSATION_SUMMARY_KEY)
        return None if value is None else str(value)

    # -- closing ----------------------------------------------------------------------------

    async def close(self, timeout: float | None = SUMMARY_PATIENCE) -> None:
        """End the session's background work: a streamed turn awaiting ``finalize_turn()`` is
        finalised, a summary still calling the model is given ``timeout`` seconds (``None``: as
        long as it takes, its own ``SummaryConfig.timeout`` included) and then cancelled -- its
        turn's record stays pending, as saved, and the history untouched. A summary that
        answered is saved first. The store is not closed (other sessions may share it), and
        the session can take turns again afterwards. Its tool threads are let go: a tool still
        running past its timeout finishes in its thread and is dropped."""
        if self._pending is not None:
            await self.finalize_turn()
        await self._jobs.wait_all(timeout)
        await self._jobs.cancel_all()
        self._tool_pool.shutdown()

    # -- sync twins -------------------------------------------------------------------------

    open_sync = sync_twin(open)
    submit_turn_sync = sync_twin(submit_turn)
    finalize_turn_sync = sync_twin(finalize_turn)
    configure_sync = sync_twin(configure)
    create_slot_sync = sync_twin(create_slot)
    get_session_data_sync = sync_twin(get_session_data)
    pin_sync = sync_twin(pin)
    get_conversation_summary_sync = sync_twin(get_conversation_summary)
    close_sync = sync_twin(close)

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
