"""The summary checkpoint: after the turn-end hook, before ``turn_index`` advances.

::

    submit_turn(text)
      1. read-only check            5. cost_so_far += usage
      2. TURN_START hook            6. slot append + save (one transaction, the turn's record too)
      3. the slot's view            7. TURN_END hook
      4. the tool loop              8. summary checkpoint   <- here, as a background job
                                    9. turn_index += 1

When no summary is due (off, under the line, debounced), a turn that is not streamed and tracks
no retention saves its record final at (6) (:meth:`SummaryCheckpoint.settle`); any other turn
saves it pending there and again after (8), before the summary hook runs.

Step 8 runs as a :class:`SummaryJob` the session owns: a **draft** (the summary call, the fact
ledger) and a **save** (the slot's view, session memory and the session state in one commit,
then the record). The turn waits for the draft up to :data:`SUMMARY_PATIENCE` seconds -- a
summary that answers by then is saved before the turn returns, one that does not (a slow or hung
summary model) is finished in the background and the turn returns at once, its record pending
until the job saves it. Summaries are made one at a time (a due one waits for an
earlier one still being made, and replaces one still waiting). The save is written over the
newest session state (:meth:`SummaryCheckpoint.plan`), never the one the draft started from, so
a turn committed meanwhile -- by this session or another writer -- is never undone; a summary
that covers no more than the one saved meanwhile is dropped. Once the save started it is
finished even if the job is cancelled.

The streamed path commits (6) when the stream ends and advances ``turn_index`` there;
``finalize_turn()`` (or leaving ``stream_turn``'s block) then runs (7) and (8) with the turn's own
index, ``turn_index - 1``.

The checkpoint never raises for the summary's sake: a failed call or save is logged at error
level and leaves the slot, session memory and summary state exactly as they were.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from nbagent.agent._turn import SessionState, price_summary, state_op
from nbagent.agent.config import SessionServices
from nbagent.agent.context import (
    SLOT_NAMESPACE,
    ContextSlot,
    SlotConfig,
    SlotMode,
    SlotSummary,
    slot_value,
)
from nbagent.agent.facts import FactBook
from nbagent.agent.ledger import carried_facts, split_ledger, with_ledger
from nbagent.agent.memory import CONVERSATION_SUMMARY_KEY, MEMORY_NAMESPACE
from nbagent.agent.store import PutValue, StoreOp
from nbagent.agent.summary import (
    CachedPrefix,
    SummaryConfig,
    decide_summary,
    format_messages_as_text,
    request_summary,
)
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.errors import ProviderError
from nbagent.llm.cycle import LlmCycle
from nbagent.llm.messages import AnyMessage, AssistantMessage, Message
from nbagent.llm.pricing import Usage
from nbagent.llm.tokens import DEFAULT_ESTIMATOR, TokenEstimator
from nbagent.llm.tools import off_loop

logger = logging.getLogger("nbagent.agent.summary")

SUMMARY_PATIENCE = 5.0
"""Seconds a turn (and :meth:`AgentSession.close` by default) waits for its summary's model call
before leaving it to finish in the background; the next turn and
:meth:`AgentSession.get_conversation_summary` wait for it whole, bounded by its own deadline. A
summary that answered is always waited for until it is saved. Only a summary call over the
network can miss it, or the transcript and ledger of a very long history (they run off the
event loop, :mod:`nbagent.llm.tools`: 1.8 s each on 3,000 messages), and one that does
shapes the next request all the same: what a turn sends never depends on it."""


def previous_summary(slot: ContextSlot, saved: SlotSummary | None) -> SlotSummary | None:
    """The summary in effect for ``slot``: the focused view's, else the last one saved."""
    if slot.config.mode is SlotMode.FOCUSED and slot.summary is not None:
        return slot.summary
    return saved


def summary_input(
    slot: ContextSlot, config: SummaryConfig, previous: SlotSummary | None
) -> tuple[list[AnyMessage], int]:
    """The messages to summarise and how many stored messages the result will cover.

    ``full`` takes the whole stored history. ``incremental`` takes the previous summary's prose
    (as the system message the focused view shows) plus only the messages after it; its ledger
    is carried forward by the checkpoint, not rewritten by the model.
    """
    messages = list(slot.messages)
    upto = len(messages)
    if config.strategy == "full":
        return messages, upto
    previous = previous_summary(slot, previous)
    if previous is None or previous.upto > upto:
        return messages, upto
    marker = slot.focused.summary_marker
    prose = split_ledger(previous.text)[0]
    head: list[AnyMessage] = [Message.system(f"{marker} {prose}")]
    return head + messages[previous.upto :], upto


def ledger_budget(
    config: SummaryConfig, estimator: TokenEstimator
) -> tuple[int, Callable[[str], int]]:
    """The ledger's budget and what counts it: ``SummaryConfig.ledger_share`` of the window in
    the estimator's tokens."""
    return int(config.ledger_share * config.max_context_tokens), estimator.count_text


def add_ledger(
    text: str,
    config: SummaryConfig,
    book: FactBook,
    upto: int,
    previous: SlotSummary | None,
    estimator: TokenEstimator,
    language: str | None = None,
    *,
    budget: tuple[int, Callable[[str], int]] | None = None,
) -> str:
    """``text`` with the ledger of the facts stated before ``upto`` that its prose lacks, and of
    the facts the previous ledger listed that the book does not know at all; its labels in
    ``language`` (default: ``prompt_language``, Chinese for ``"auto"``). ``budget`` (a size and
    what counts it) replaces the config's :func:`ledger_budget`: a caller with a budget of its
    own, such as a benchmark's in characters."""
    carried = carried_facts(previous.text if previous else None, book.known())
    facts = [*book.facts(upto), *carried]
    size, count = ledger_budget(config, estimator) if budget is None else budget
    if language is None:
        language = "zh" if config.prompt_language == "auto" else config.prompt_language
    return with_ledger(
        text,
        facts,
        budget=size,
        language=language,
        count=count,
        corrected=book.corrected_keys(),
    )


def _ledgered(
    text: str,
    config: SummaryConfig,
    messages: list[AnyMessage],
    facts: Callable[[], FactBook],
    upto: int,
    previous: SlotSummary | None,
    estimator: TokenEstimator,
) -> str:
    """:func:`add_ledger` of the summary ``text`` of ``messages``, labelled in their language."""
    language = config.language_of(format_messages_as_text(messages, config.max_tool_result_chars))
    return add_ledger(text, config, facts(), upto, previous, estimator, language)


def turn_prefix(cycle: LlmCycle | None, turn_index: int) -> CachedPrefix | None:
    """What turn ``turn_index``'s ``cycle`` last sent and the reply that ended the turn (``None``
    when ``cycle`` is not that turn's, or the turn did not end on a reply)."""
    if cycle is None or cycle.turn_index != turn_index or cycle.sent_at is None:
        return None
    sent, history = cycle.previous_request, cycle.messages()
    if sent is None or not history or not isinstance(history[-1], AssistantMessage):
        return None
    return CachedPrefix((*sent.messages, history[-1]), sent.tools, cycle.config, cycle.sent_at)


def _prefix_covers(slot: ContextSlot, config: SummaryConfig, previous: SlotSummary | None) -> bool:
    """Whether the turn's request holds what the summary must cover: the whole history (no
    summary yet, or a FULL slot), or, for an ``incremental`` summary, the previous summary and
    every message after it -- a focused view is exactly that."""
    return previous is None or slot.config.mode is SlotMode.FULL or config.strategy == "incremental"


def _watermark(config: SummaryConfig, record: TurnRecord) -> int:
    """What the trigger line is compared with after the turn of ``record``."""
    if config.watermark == "cumulative":
        return record.cumulative_tokens
    return record.reported_context_tokens or record.calibrated_context_tokens


@dataclass(frozen=True)
class Draft:
    """A summary the model made for ``slot_id`` at the end of turn ``turn_index``, not saved."""

    slot_id: str
    turn_index: int
    text: str
    upto: int
    usage: Usage
    messages_summarised: int

    def hook_data(self) -> dict[str, Any]:
        """What the summary hook's context carries about it."""
        return {
            "summary": self.text,
            "summary_upto": self.upto,
            "usage": self.usage,
            "messages_summarised": self.messages_summarised,
        }


Plan = tuple[SessionState, SlotSummary | None, list[StoreOp]]
"""The state and the slot's summary a summary's save writes (``None``: the slot's summary stays
as it was, a FULL slot's), and its ops."""


class SummaryCheckpoint:
    """Decides whether a turn summarises, drafts the summary and plans its save; see the module
    docstring. It fills the record's summary fields; the session owns its state and writes."""

    def __init__(self, session_id: str) -> None:
        self.session_id = session_id
        self.failed_turn: int | None = None
        """The turn whose summary failed last. It counts for the debounce as a fired one did: a
        slow local model that timed out is not called again on every following turn (each of
        them waited out its whole timeout); a later summary that is saved clears it."""

    def _last_turn(self, state: SessionState) -> int:
        """The turn the debounce counts from: the last summary made, or the last that failed."""
        if self.failed_turn is None:
            return state.last_summary_turn
        return max(state.last_summary_turn, self.failed_turn)

    def settle(self, services: SessionServices, state: SessionState, record: TurnRecord) -> None:
        """Fill the record's summary fields now when the checkpoint will make no summary (off,
        under the line, debounced), so the turn's one write saves its final record; leave it
        pending when a summary is due (:meth:`draft` makes it)."""
        config = services.config.summary_config
        if self._fill(config, state, record) is SummaryStatus.FIRED:
            return
        if config is not None:
            record.context_tokens_after = record.estimated_context_tokens  # the view stays

    def due(self, services: SessionServices, state: SessionState, record: TurnRecord) -> bool:
        """Whether a summary is due after the turn of ``record`` (nothing filled in)."""
        config = services.config.summary_config
        if config is None:
            return False
        watermark = _watermark(config, record)
        decided = decide_summary(config, record.turn_index, self._last_turn(state), watermark)
        return decided is SummaryStatus.FIRED

    async def draft(
        self,
        services: SessionServices,
        slot: ContextSlot,
        state: SessionState,
        record: TurnRecord,
        facts: Callable[[], FactBook] | None = None,
        prefix: CachedPrefix | None = None,
    ) -> Draft | None:
        """Step 8.5 of the notes: decide, and make the summary when one is due (``None`` when
        none is, or it failed: the record says which). ``prefix``: the turn's last request,
        which the summary call repeats where the provider's prompt cache makes that cheaper."""
        config = services.config.summary_config
        if self._fill(config, state, record) is not SummaryStatus.FIRED or config is None:
            return None
        started = time.perf_counter()
        made = await self._summarise(services, config, slot, state, record, facts, prefix)
        record.threshold, record.watermark = config.threshold, _watermark(config, record)
        record.summary_latency_s = time.perf_counter() - started
        return made

    def _fill(
        self, config: SummaryConfig | None, state: SessionState, record: TurnRecord
    ) -> SummaryStatus:
        """Decide; fill the record's summary fields unless a summary is due (they are filled
        once it is made, so an interrupted one leaves the record as it was saved)."""
        if config is None:
            record.summary_status = SummaryStatus.DISABLED
            return record.summary_status
        watermark = _watermark(config, record)
        status = decide_summary(config, record.turn_index, self._last_turn(state), watermark)
        if status is not SummaryStatus.FIRED:
            record.threshold, record.watermark = config.threshold, watermark
            record.summary_status = status
        return status

    async def _summarise(
        self,
        services: SessionServices,
        config: SummaryConfig,
        slot: ContextSlot,
        state: SessionState,
        record: TurnRecord,
        facts: Callable[[], FactBook] | None,
        prefix: CachedPrefix | None,
    ) -> Draft | None:
        turn_index = record.turn_index
        previous = previous_summary(slot, state.summaries.get(slot.id))
        messages, upto = summary_input(slot, config, previous)
        if not _prefix_covers(slot, config, previous):
            prefix = None
        try:
            response = await request_summary(
                services.provider,
                messages,
                config,
                hook_executor=services.hook_executor,
                turn_index=turn_index,
                prefix=prefix,
            )
            if response is None:
                record.summary_status = SummaryStatus.EMPTY
                return None
            price_summary(record, services, response)  # billed even if the save fails
            text = response.text().strip()
            if not text:
                raise ProviderError(
                    "the model returned an empty summary; check summary_prompt and summary_model",
                    provider=getattr(services.provider, "name", None),
                )
            if config.fact_ledger and facts is not None:
                estimator = services.config.estimator or DEFAULT_ESTIMATOR
                # Off the shared loop: it would block every other session's turn (1.8 s
                # measured on 3,000 messages, the transcript read for its language). The next
                # turn waits for this job, so the slot and its fact book stay as they are.
                text = await off_loop(
                    _ledgered, text, config, messages, facts, upto, previous, estimator
                )
        except Exception as e:
            self.fail(record, e)
            return None
        return Draft(slot.id, turn_index, text, upto, response.usage, len(messages))

    def plan(
        self,
        draft: Draft,
        state: SessionState,
        config: SlotConfig,
        summary: SlotSummary | None,
        read_only: bool,
    ) -> Plan | None:
        """The save of ``draft`` over ``state`` and the slot's ``config``, ``summary`` and
        ``read_only``, the newest the writer knows (turns may have been committed since the
        draft started: they stay); ``None`` when the summary saved meanwhile covers as much
        (this one would undo it)."""
        saved = state.summaries.get(draft.slot_id)
        if saved is not None and saved.upto >= draft.upto:
            return None
        new_state = state.successor()
        new_state.last_summary_turn = max(state.last_summary_turn, draft.turn_index)
        new_state.summary_cost.add(draft.usage)
        new_state.summaries[draft.slot_id] = SlotSummary(draft.text, draft.upto)
        new_summary = None
        if config.mode is SlotMode.FOCUSED:
            new_summary = new_state.summaries[draft.slot_id]
        value = slot_value(
            config, summary if new_summary is None else new_summary, read_only=read_only
        )
        sid = self.session_id
        ops: list[StoreOp] = [
            PutValue(sid, SLOT_NAMESPACE, draft.slot_id, value),
            PutValue(sid, MEMORY_NAMESPACE, CONVERSATION_SUMMARY_KEY, draft.text),
            state_op(sid, new_state),
        ]
        return new_state, new_summary, ops

    def finish(self, record: TurnRecord, draft: Draft) -> None:
        """The record of a turn whose summary was saved."""
        if self.failed_turn is not None and self.failed_turn <= record.turn_index:
            self.failed_turn = None
        record.summary_status = SummaryStatus.FIRED
        record.summary = draft.text
        record.summary_tokens = draft.usage.total_tokens

    def fail(self, record: TurnRecord, error: BaseException | str) -> None:
        """Log a summary that failed or could not be saved; the record says why."""
        reason = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        logger.error(
            "automatic summary failed (session=%s, turn=%d): %s; the turn goes on and nothing "
            "was changed",
            self.session_id,
            record.turn_index,
            reason,
        )
        record.summary_status = SummaryStatus.FAILED
        record.summary_error = reason
        self.failed_turn = max(self.failed_turn or 0, record.turn_index)


# -- the background job ------------------------------------------------------------------------


@dataclass
class SummaryJob:
    """Step 8 of one turn, running as a task the session owns."""

    record: TurnRecord
    drafted: asyncio.Future[None]
    """Done once the summary call answered (or no call was due, or it failed)."""
    task: asyncio.Task[None] = field(init=False)
    queued: bool = False
    """Waiting for an earlier summary to end before its own call."""
    superseded_by: int | None = None
    """The turn whose summary replaced this one's while it was queued."""


class SummaryJobs:
    """The summary jobs of a session, and the ways to wait for them (see the module docstring)."""

    def __init__(self) -> None:
        self._jobs: list[SummaryJob] = []

    def running(self) -> list[SummaryJob]:
        self._jobs = [job for job in self._jobs if not job.task.done()]
        return list(self._jobs)

    def __getstate__(self) -> dict[str, Any]:
        # Tasks stay with their loop: a session pickled (a tuning grid's replay sent back from
        # its worker process) carries its saved state, not the jobs still running here.
        return {"_jobs": []}

    def start(
        self, record: TurnRecord, body: Callable[[SummaryJob], Coroutine[Any, Any, None]]
    ) -> SummaryJob:
        loop = asyncio.get_running_loop()
        job = SummaryJob(record, loop.create_future())
        job.task = loop.create_task(body(job), name=f"nbagent-summary-{record.turn_index}")
        job.task.add_done_callback(_settled)
        self.running()
        self._jobs.append(job)
        return job

    async def wait_own(self, job: SummaryJob, patience: float | None = None) -> None:
        """The turn's own wait: for the draft up to ``patience`` seconds, then for the save.
        Cancelling the wait cancels the job (the record stays as saved); an exception the job
        let through (a summary hook's ``BaseException``) is raised here."""
        try:
            await _patiently(job, SUMMARY_PATIENCE if patience is None else patience)
        except asyncio.CancelledError:
            job.task.cancel()
            await asyncio.wait([job.task])
            raise
        error = job.task.exception() if job.task.done() and not job.task.cancelled() else None
        if error is not None:
            raise error

    async def wait_all(self, patience: float | None = None) -> None:
        """Wait for the running jobs' drafts up to ``patience`` seconds in all (``None``: as
        long as they take), and for the saves of the drafted ones. A cancellation here leaves
        them running."""
        loop = asyncio.get_running_loop()
        deadline = None if patience is None else loop.time() + patience
        for job in self.running():
            left = None if deadline is None else max(0.0, deadline - loop.time())
            await _patiently(job, left)

    async def cancel_all(self) -> None:
        """Cancel every running job and wait until they have ended (their records stay as
        saved; a save under way is finished first)."""
        for job in self.running():
            job.task.cancel()
        jobs = self.running()
        if jobs:
            await asyncio.wait([job.task for job in jobs])


async def _patiently(job: SummaryJob, patience: float | None) -> None:
    if not job.task.done():
        wanted = [job.task, job.drafted]
        await asyncio.wait(wanted, timeout=patience, return_when=asyncio.FIRST_COMPLETED)
    if job.drafted.done() and not job.task.done():
        await asyncio.wait([job.task])


def _settled(task: asyncio.Task[None]) -> None:
    """Mark a job's outcome retrieved: a job logs its own failures."""
    if not task.cancelled():
        task.exception()


__all__ = [
    "SUMMARY_PATIENCE",
    "Draft",
    "SummaryCheckpoint",
    "SummaryJob",
    "SummaryJobs",
    "add_ledger",
    "ledger_budget",
    "previous_summary",
    "summary_input",
    "turn_prefix",
]
