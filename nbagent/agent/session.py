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
import time
from collections.abc import AsyncGenerator, AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

from nbagent.agent._checkpoint import SummaryCheckpoint
from nbagent.agent._settings import UNCHANGED, SessionSettings, Unchanged
from nbagent.agent._state import (
    STATE_KEY,
    STATE_NAMESPACE,
    TIMELINE_NAMESPACE,
    SessionCost,
    SessionState,
)
from nbagent.agent._sync import iterate_sync, run_sync
from nbagent.agent._turn import Pending, Turn, index_runs, join_runs, session_tools
from nbagent.agent._uncancelled import finish_despite_cancel
from nbagent.agent.config import Agent, SessionServices
from nbagent.agent.context import SLOT_NAMESPACE, ContextSlot, SlotConfig
from nbagent.agent.memory import CONVERSATION_SUMMARY_KEY, SessionMemory
from nbagent.agent.store import JsonValue, PutValue, StoreOp
from nbagent.agent.summary import SummaryConfig
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.errors import ConfigurationError, NbAgentError, ReadOnlySlotError, StoreError
from nbagent.llm.compact import CompactConfig, CompactState
from nbagent.llm.cycle import LlmCycle, Prompt
from nbagent.llm.cycle_events import CycleDoneEvent, CycleEvent
from nbagent.llm.hooks import HookContext, HookEvent
from nbagent.llm.messages import AnyMessage, Message, SystemMessage, UserMessage
from nbagent.llm.request import MessageResponse
from nbagent.llm.tokens import estimate_message_tokens

logger = logging.getLogger("nbagent.agent.session")

Compacted = dict[int, tuple[AnyMessage, object, AnyMessage]]


class AgentSession:
    """One conversation on ``bundle``, answered by ``agent`` (default: a plain assistant).

    The constructor reads nothing: the saved state is read when the session is opened —
    ``bundle.session(id)``, ``await session.open()``, or the first turn or property that needs
    it. Drive a session from one task at a time: a second turn while one runs is refused, and a
    turn started while a streamed turn is being saved waits for that save.

    Settings saved by :meth:`configure` win over the bundle's: a session resumed with a bundle
    whose ``summary_config``, ``compact_config`` or ``system_prompt`` differs keeps the
    configured value of each setting it was configured with, and ``self.bundle`` then holds
    the bundle with those settings in place. Settings never configured follow the bundle given.
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
        self._active: object | None = None
        self._active_streamed = False
        self._pending: Pending | None = None
        self._committing: asyncio.Future[None] | None = None
        self._compact_states: dict[str, tuple[object, CompactState, Compacted]] = {}
        self._prompt_message: SystemMessage | None = None
        self._checkpoint = SummaryCheckpoint(session_id, self._state_op)

    # -- opening ----------------------------------------------------------------------------

    async def open(self) -> AgentSession:
        """Read the saved state (once; later calls do nothing) and return the session."""
        if not self._opened:
            await self._load()
        return self

    def open_sync(self) -> AgentSession:
        return self if self._opened else run_sync(self.open())

    def _require_open(self) -> None:
        if not self._opened:
            self.open_sync()

    async def _load(self) -> None:
        sid, config = self.session_id, self.bundle.config
        snapshot = await self.bundle.store.load_session(sid)  # one read: never a torn state
        where = f"session {sid!r}"
        state = SessionState.from_json(snapshot.value(STATE_NAMESPACE, STATE_KEY), where=where)
        slots: dict[str, ContextSlot] = {}
        for slot_id, _ in snapshot.items(SLOT_NAMESPACE):
            slot = ContextSlot.from_snapshot(snapshot, slot_id)
            if slot is not None:
                slots[slot_id] = slot
        current = state.current_slot or config.default_slot_id
        if current not in slots:
            slots[current] = ContextSlot(current, sid, config=config.slot)
        timeline = [
            TurnRecord.from_json(value, where=f"{where} in {self.bundle.store!r}")
            for _, value in snapshot.items(TIMELINE_NAMESPACE)
        ]
        self._use_settings(SessionSettings.from_json(state.settings, where=where))
        self._timeline, self._state, self._slots, self._current = timeline, state, slots, current
        self._state.current_slot = current
        self._turn_index = state.turn_index
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

        ``None`` turns a feature off (no summaries, no microcompact, no bundle system prompt;
        an agent's instructions stay); an argument left out keeps its setting. Wrong types and
        empty prompts raise :class:`~nbagent.errors.ConfigurationError` and change nothing.

        The settings apply from the next turn (a streamed turn awaiting ``finalize_turn()`` is
        finalised first, under the settings it ran with) and are saved at once with the session
        state. **Precedence:** when the session is opened again from the store, each setting
        saved here wins over the bundle given then; settings never configured follow that
        bundle. :attr:`configured` tells which were saved.

        What a change keeps: the slots' summaries and the debounce count carry on, so a summary
        made before stays in the focused view after summaries are turned off, and turning them
        on again fires no sooner than the debounce allows. Microcompact starts afresh after a
        change of ``compact_config`` or of the system prompt.
        """
        changes = SessionSettings(summary_config, compact_config, system_prompt)
        await self.open()
        if self._active is not None:
            raise NbAgentError(
                f"a turn is running in session {self.session_id!r}; configure it after the "
                "turn ends"
            )
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
        if slot_id in self._slots:
            raise ConfigurationError(f"slot {slot_id!r} exists; pick another id or switch_slot()")
        slot = ContextSlot(slot_id, self.session_id, config=config, messages=messages)
        await slot.save(self.bundle.store)
        self._slots[slot_id] = slot
        if switch:
            self.switch_slot(slot_id)
        return slot

    def switch_slot(self, slot_id: str) -> ContextSlot:
        """Make ``slot_id`` current (saved with the next turn)."""
        self._require_open()
        if slot_id not in self._slots:
            raise ConfigurationError(
                f"no slot {slot_id!r}; existing: {sorted(self._slots)}. Create it with "
                "create_slot()."
            )
        self._current = slot_id
        return self._slots[slot_id]

    # -- the request ------------------------------------------------------------------------

    def request_messages(self, slot: ContextSlot | None = None) -> list[AnyMessage]:
        """What the next turn sends before its user message: system prompt + the slot's view.

        With a system prompt set, it replaces every system message of the view except the
        summary message (the rule of ``LlmCycle.build_request``, applied here so the summary
        survives).
        """
        return self._request_view(slot or self.slot)[0]

    def _request_view(self, slot: ContextSlot) -> tuple[list[AnyMessage], list[tuple[int, int]]]:
        """:meth:`request_messages` and the stored index runs it comes from (``-1``: not
        stored), as :meth:`ContextSlot.view_runs` gives them."""
        view, runs = slot.load_messages(), slot.view_runs()
        prompt = self._system_message()
        if prompt is None:
            return view, runs
        summary = slot.summary_message()
        marker = None if summary is None else summary.content
        sources = [first + k if first >= 0 else -1 for first, count in runs for k in range(count)]
        kept = [
            (m, i)
            for m, i in zip(view, sources, strict=True)
            if not isinstance(m, SystemMessage) or m.content == marker
        ]
        return [prompt, *(m for m, _ in kept)], index_runs([-1, *(i for _, i in kept)])

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

    def _request_tokens(self, slot: ContextSlot) -> int:
        """``estimate_messages_tokens(self.request_messages(slot))``, from the slot's tallies.

        Per turn this walks only the messages added since the last call, not the history.
        """
        estimator = self.bundle.config.estimator
        prompt = self._system_message()
        tokens = slot.view_tokens(estimator, without_system=prompt is not None)
        if prompt is not None:
            tokens += estimate_message_tokens(prompt, estimator)
        return tokens

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
            self._release(turn.token)

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
        except BaseException:
            await events.aclose()
            raise
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
                    if self._active is not turn.token:
                        raise NbAgentError(
                            "this streamed turn was abandoned when another turn started; "
                            "it was not saved"
                        )
                    await self._commit_turn(turn, event.response)
                yield event
        finally:
            self._release(turn.token)
            await events.aclose()  # and with it the provider's HTTP response, now

    async def finalize_turn(self) -> TurnRecord | None:
        """Finish the last streamed turn: turn-end hook, summary checkpoint, record update.

        Uses the streamed turn's own index, ``turn_index - 1``. Returns its record, or ``None``
        when no streamed turn waits.
        """
        pending, self._pending = self._pending, None
        if pending is None:
            return None
        await self._end_turn(pending.turn.index, pending.response, pending.record)
        return pending.record

    async def _begin_turn(self, text: Prompt, *, streamed: bool) -> Turn:
        await self.open()
        await self._wait_for_commit()
        if self._pending is not None:
            await self.finalize_turn()
        slot = self.slot
        if slot.read_only:
            raise ReadOnlySlotError(
                f"slot {slot.id!r} of session {self.session_id!r} is read-only: switch to a "
                "writable slot (switch_slot) or create one (create_slot) to submit turns"
            )
        token = self._claim(streamed)
        try:
            index = self._turn_index
            await self._emit(HookEvent.TURN_START, index, slot_id=slot.id, prompt=text)
            request_messages, runs = self._request_view(slot)
            config = self.bundle.config
            cycle = LlmCycle(
                self.bundle.provider,
                config.cycle,
                None,  # the system prompt is already in request_messages (see there)
                self.bundle.hook_executor,
                config.compact_config,
                messages=request_messages,
                messages_tokens=self._request_tokens(slot),
                estimator=config.estimator,
                turn_index=index,
            )
            cycle.compact_state, cycle.compacted = self._compact_state(slot)
        except BaseException:
            self._release(token)
            raise
        user = text if isinstance(text, UserMessage) else Message.user(text)
        return Turn(index, slot, user, request_messages, runs, cycle, token, streamed)

    def _compact_state(self, slot: ContextSlot) -> tuple[CompactState, Compacted]:
        """One microcompact state per slot view, so a turn only analyses its new messages, and
        the compacted messages it made (see ``LlmCycle.compacted``).

        The state numbers turns by position in the view; a summary drops the view's head, so a
        new summary starts a new state. So does a new compact config or system prompt
        (:meth:`configure`): nothing decided under the old settings is reused.
        """
        focused = slot.focused
        key = (
            slot.config.mode,
            focused.summary_override,
            focused.summary_upto,
            self.bundle.config.compact_config,
            self.system_prompt,
        )
        known = self._compact_states.get(slot.id)
        if known is None or known[0] != key:
            known = self._compact_states[slot.id] = (key, CompactState(), {})
        return known[1], known[2]

    async def _wait_for_commit(self) -> None:
        """A turn being saved owns the session until its commit ends; the next turn waits."""
        while (commit := self._committing) is not None:
            if commit.get_loop() is not asyncio.get_running_loop():
                raise NbAgentError(
                    f"a turn of session {self.session_id!r} is being saved from another event "
                    "loop; wait for it, and drive a session from one loop"
                )
            await asyncio.wait([commit])

    def _claim(self, streamed: bool) -> object:
        if self._active is not None:
            if not self._active_streamed:
                raise NbAgentError(
                    f"a turn is already running in session {self.session_id!r}; await it "
                    "before submitting the next one"
                )
            logger.warning(
                "session %s: a new turn abandons the unfinished streamed turn (not saved)",
                self.session_id,
            )
        token = object()
        self._active, self._active_streamed = token, streamed
        return token

    def _release(self, token: object) -> None:
        if self._active is token:
            self._active = None

    async def _commit_turn(self, turn: Turn, response: MessageResponse) -> TurnRecord:
        """Steps 5 and 6: count the usage and save the turn, in one transaction.

        The turn's timeline record is written in the same transaction (and updated after the
        summary step), so a crash or an interrupt later in the turn never loses it. Once the
        write has started, the turn is saved and known to be, or neither: a cancellation waits
        for the write to end (see :func:`finish_despite_cancel`).
        """
        slot, new = turn.slot, turn.new_messages()
        state = self._state.copy()
        state.turn_index = turn.index + 1
        state.current_slot = slot.id
        state.cost.merge(turn.cycle.usage)
        record = self._new_record(turn, response, state, new)
        ops = [*slot.save_ops(extra=new), self._state_op(state), self._record_op(record)]

        async def write() -> None:
            try:
                await self.bundle.store.commit(ops)
                slot.mark_saved(extra=new)
                self._state = state
                record.estimated_context_tokens = self.estimate_context_tokens()
                self._timeline.append(record)
                if turn.streamed:
                    self._turn_index = turn.index + 1
                    self._pending = Pending(turn, response, record)
                    self._release(turn.token)  # saved: the next turn need not abandon it
            finally:
                self._committing = None

        task = self._committing = asyncio.ensure_future(write())
        try:
            await finish_despite_cancel(task)
        except asyncio.CancelledError:
            if self._state is state:  # saved before the cancellation took effect
                self._turn_index = turn.index + 1
            raise
        return record

    def _new_record(
        self, turn: Turn, response: MessageResponse, state: SessionState, new: list[AnyMessage]
    ) -> TurnRecord:
        slot, reports = turn.slot, list(turn.cycle.compaction_reports)
        estimator = self.bundle.config.estimator
        return TurnRecord(
            turn_index=turn.index,
            slot_id=slot.id,
            # Provisional (exact unless the focused view's start moves); set after the commit.
            estimated_context_tokens=self._request_tokens(slot)
            + sum(estimate_message_tokens(m, estimator) for m in new),
            reported_context_tokens=response.usage.input_tokens or None,
            cumulative_tokens=state.cost.total_tokens,
            messages_in_view=len(turn.request_messages),
            messages_stored=len(slot) + len(new),
            compaction=reports,
            compaction_freed_tokens=sum(r.freed_tokens for r in reports),
            latency_s=time.perf_counter() - turn.started,
            streamed=turn.streamed,
            summary_status=SummaryStatus.PENDING,
            request_positions=join_runs(turn.view_runs, [(len(slot), len(new))]),
        )

    def _record_op(self, record: TurnRecord) -> StoreOp:
        key = f"{record.turn_index:09d}"
        return PutValue(self.session_id, TIMELINE_NAMESPACE, key, record.to_json())

    async def _end_turn(self, index: int, response: MessageResponse, record: TurnRecord) -> None:
        """Steps 7 and 8: the turn-end hook, then the summary checkpoint; update the record."""
        await self._emit(HookEvent.TURN_END, index, response=response, slot_id=record.slot_id)
        slot = self._slots[record.slot_id]
        made = await self._checkpoint.run(self.bundle, slot, self._state, index, record)
        if made is not None:
            self._state = made.state
            await self._emit(
                HookEvent.SUMMARY,
                index,
                summary=made.text,
                summary_upto=made.upto,
                slot_id=slot.id,
                usage=made.usage,
                messages_summarised=made.messages_summarised,
            )
        if record.summary_status is not SummaryStatus.DISABLED:
            record.context_tokens_after = self.estimate_context_tokens()
        try:
            await self.bundle.store.commit([self._record_op(record)])
        except StoreError as e:
            logger.error(
                "session %s: timeline record of turn %d not updated: %s", self.session_id, index, e
            )

    async def _emit(
        self,
        event: HookEvent,
        turn_index: int,
        *,
        response: MessageResponse | None = None,
        **data: Any,
    ) -> None:
        hooks = self.bundle.hook_executor
        if hooks is None:
            return
        data.setdefault("session_id", self.session_id)
        ctx = HookContext(event=event, response=response, turn_index=turn_index, data=data)
        await hooks.emit(event, ctx)

    # -- session memory ---------------------------------------------------------------------

    async def get_session_data(self, key: str) -> JsonValue | None:
        """The session-memory value under ``key`` (``None`` when absent)."""
        return await self.session_memory.get(key)

    async def get_conversation_summary(self) -> str | None:
        """The latest automatic summary (from session memory), or ``None`` before the first."""
        value = await self.session_memory.get(CONVERSATION_SUMMARY_KEY)
        return None if value is None else str(value)

    # -- sync twins -------------------------------------------------------------------------

    def submit_turn_sync(self, text: Prompt) -> MessageResponse:
        return run_sync(self.submit_turn(text))

    def submit_turn_stream_sync(self, text: Prompt) -> Iterator[CycleEvent]:
        return iterate_sync(self.submit_turn_stream(text))

    def finalize_turn_sync(self) -> TurnRecord | None:
        return run_sync(self.finalize_turn())

    def configure_sync(
        self,
        *,
        summary_config: SummaryConfig | Unchanged | None = UNCHANGED,
        compact_config: CompactConfig | Unchanged | None = UNCHANGED,
        system_prompt: str | Unchanged | None = UNCHANGED,
    ) -> None:
        changes = {
            "summary_config": summary_config,
            "compact_config": compact_config,
            "system_prompt": system_prompt,
        }
        run_sync(self.configure(**changes))  # type: ignore[arg-type]

    def get_session_data_sync(self, key: str) -> JsonValue | None:
        return run_sync(self.get_session_data(key))

    def get_conversation_summary_sync(self) -> str | None:
        return run_sync(self.get_conversation_summary())

    def create_slot_sync(
        self,
        slot_id: str,
        config: SlotConfig | None = None,
        messages: tuple[AnyMessage, ...] | list[AnyMessage] = (),
        *,
        switch: bool = True,
    ) -> ContextSlot:
        return run_sync(self.create_slot(slot_id, config, messages, switch=switch))

    def __repr__(self) -> str:
        name = self.agent.name if self.agent else None
        summaries = "on" if self.bundle.config.summary_config else "off"
        state = f"turn_index={self._turn_index}" if self._opened else "not opened"
        return (
            f"AgentSession(id={self.session_id!r}, agent={name!r}, {state}, "
            f"slot={self._current!r}, summaries={summaries})"
        )


__all__ = ["AgentSession"]
