"""The summary checkpoint: after the turn-end hook, before ``turn_index`` advances.

::

    submit_turn(text)
      1. read-only check            5. cost_so_far += usage
      2. TURN_START hook            6. slot append + save (one transaction, the turn's record too)
      3. the slot's view            7. TURN_END hook
      4. the tool loop              8. summary checkpoint   <- here
                                    9. turn_index += 1

When no summary is due (off, under the line, debounced), a turn that is not streamed and tracks
no retention saves its record final at (6) (:meth:`SummaryCheckpoint.settle`); any other turn
saves it pending there and again after (8), before the summary hook runs.

The streamed path commits (6) when the stream ends and advances ``turn_index`` there;
``finalize_turn()`` (or leaving ``stream_turn``'s block) then runs (7) and (8) with the turn's own
index, ``turn_index - 1``.

The checkpoint never raises for the summary's sake: a failed call or save is logged at error
level and leaves the slot, session memory and summary state exactly as they were.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nbagent.agent._state import SessionState, SlotSummary
from nbagent.agent.config import SessionServices
from nbagent.agent.context import ContextSlot, SlotMode
from nbagent.agent.facts import FactBook
from nbagent.agent.ledger import carried_facts, split_ledger, with_ledger
from nbagent.agent.memory import CONVERSATION_SUMMARY_KEY, MEMORY_NAMESPACE
from nbagent.agent.spend import price_summary
from nbagent.agent.store import PutValue, StoreOp
from nbagent.agent.summary import (
    SummaryConfig,
    decide_summary,
    format_messages_as_text,
    request_summary,
)
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.errors import ProviderError
from nbagent.llm.messages import AnyMessage, Message
from nbagent.llm.tokens import DEFAULT_ESTIMATOR, TokenEstimator
from nbagent.llm.usage import Usage

logger = logging.getLogger("nbagent.agent.summary")


def previous_summary(slot: ContextSlot, saved: SlotSummary | None) -> SlotSummary | None:
    """The summary in effect for ``slot``: the focused view's, else the last one saved."""
    if slot.config.mode is SlotMode.FOCUSED and slot.focused.summary_override is not None:
        return SlotSummary(slot.focused.summary_override, slot.focused.summary_upto)
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
    """The ledger's budget and what counts it: ``fact_ledger_chars`` characters when set, else
    ``fact_ledger_share`` of the window in the estimator's tokens."""
    if config.fact_ledger_chars is not None:
        return config.fact_ledger_chars, len
    return int(config.fact_ledger_share * config.max_context_tokens), estimator.count_text


def add_ledger(
    text: str,
    config: SummaryConfig,
    book: FactBook,
    upto: int,
    previous: SlotSummary | None,
    estimator: TokenEstimator,
    language: str | None = None,
) -> str:
    """``text`` with the ledger of the facts stated before ``upto`` that its prose lacks, and of
    the facts the previous ledger listed that the book does not know at all; its labels in
    ``language`` (default: ``prompt_language``, Chinese for ``"auto"``)."""
    carried = carried_facts(previous.text if previous else None, book.known())
    facts = [*book.facts(upto), *carried]
    budget, count = ledger_budget(config, estimator)
    if language is None:
        language = "zh" if config.prompt_language == "auto" else config.prompt_language
    return with_ledger(
        text,
        facts,
        budget=budget,
        language=language,
        count=count,
        corrected=book.corrected_keys(),
    )


def _watermark(config: SummaryConfig, record: TurnRecord) -> int:
    """What the trigger line is compared with after the turn of ``record``."""
    if config.watermark == "cumulative":
        return record.cumulative_tokens
    return record.reported_context_tokens or record.calibrated_context_tokens


@dataclass(frozen=True)
class SummaryMade:
    """A summary the checkpoint made and saved, and the session state saved with it."""

    text: str
    upto: int
    usage: Usage
    messages_summarised: int
    state: SessionState

    def hook_data(self) -> dict[str, Any]:
        """What the summary hook's context carries about it."""
        return {
            "summary": self.text,
            "summary_upto": self.upto,
            "usage": self.usage,
            "messages_summarised": self.messages_summarised,
        }


class SummaryCheckpoint:
    """Decides whether a turn summarises, makes and saves the summary; see the module docstring.

    The session calls it with the turn's slot, the session state and the turn's record; it
    fills the record's summary fields and returns what it saved (``None`` when nothing), so the
    session stays the one owner of its state.
    """

    def __init__(self, session_id: str, state_op: Callable[[SessionState], StoreOp]) -> None:
        self.session_id = session_id
        self._state_op = state_op

    def settle(self, services: SessionServices, state: SessionState, record: TurnRecord) -> None:
        """Fill the record's summary fields now when the checkpoint will make no summary (off,
        under the line, debounced), so the turn's one write saves its final record; leave it
        pending when a summary is due (:meth:`run` makes it)."""
        config = services.config.summary_config
        if self._fill(config, state, record) is SummaryStatus.FIRED:
            return
        if config is not None:
            record.context_tokens_after = record.estimated_context_tokens  # the view stays

    async def run(
        self,
        services: SessionServices,
        slot: ContextSlot,
        state: SessionState,
        record: TurnRecord,
        facts: Callable[[], FactBook] | None = None,
    ) -> SummaryMade | None:
        """Step 8.5 of the notes: maybe summarise, and fill the record's summary fields."""
        config = services.config.summary_config
        if self._fill(config, state, record) is not SummaryStatus.FIRED or config is None:
            return None
        started = time.perf_counter()
        made = await self._summarise(services, config, slot, state, record, facts)
        record.threshold, record.watermark = config.threshold, _watermark(config, record)
        record.summary_latency_s = time.perf_counter() - started
        return made

    @staticmethod
    def _fill(
        config: SummaryConfig | None, state: SessionState, record: TurnRecord
    ) -> SummaryStatus:
        """Decide; fill the record's summary fields unless a summary is due (they are filled
        once it is made, so an interrupted one leaves the record as it was saved)."""
        if config is None:
            record.summary_status = SummaryStatus.DISABLED
            return record.summary_status
        watermark = _watermark(config, record)
        status = decide_summary(config, record.turn_index, state.last_summary_turn, watermark)
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
    ) -> SummaryMade | None:
        turn_index = record.turn_index
        previous = previous_summary(slot, state.summaries.get(slot.id))
        messages, upto = summary_input(slot, config, previous)
        try:
            response = await request_summary(
                services.provider,
                messages,
                config,
                hook_executor=services.hook_executor,
                turn_index=turn_index,
            )
            if response is None:
                record.summary_status = SummaryStatus.EMPTY
                return None
            price_summary(record, services, response)  # billed even if the save below fails
            text = response.text().strip()
            if not text:
                raise ProviderError(
                    "the model returned an empty summary; check summary_prompt and summary_model",
                    provider=getattr(services.provider, "name", None),
                )
            if config.fact_ledger and facts is not None:
                estimator = services.config.estimator or DEFAULT_ESTIMATOR
                language = config.language_of(
                    format_messages_as_text(messages, config.max_tool_result_chars)
                )
                text = add_ledger(text, config, facts(), upto, previous, estimator, language)
            new_state = state.copy()
            new_state.last_summary_turn = turn_index
            new_state.summary_cost.add(response.usage)
            new_state.summaries[slot.id] = SlotSummary(text, upto)
            new_config = slot.config
            if slot.config.mode is SlotMode.FOCUSED:
                focused = slot.focused.model_copy(
                    update={"summary_override": text, "summary_upto": upto}
                )
                new_config = slot.config.model_copy(update={"focused": focused})
            ops: list[StoreOp] = [
                *slot.save_ops(config=new_config),
                PutValue(self.session_id, MEMORY_NAMESPACE, CONVERSATION_SUMMARY_KEY, text),
                self._state_op(new_state),
            ]
            await services.store.commit(ops)
        except Exception as e:
            logger.error(
                "automatic summary failed (session=%s, turn=%d): %s: %s; the turn goes on "
                "and nothing was changed",
                self.session_id,
                turn_index,
                type(e).__name__,
                e,
            )
            record.summary_status = SummaryStatus.FAILED
            record.summary_error = f"{type(e).__name__}: {e}"
            return None
        # Committed: now the in-memory slot follows, and the session takes the new state.
        slot.mark_saved(config=new_config)
        record.summary_status = SummaryStatus.FIRED
        record.summary = text
        record.summary_tokens = response.usage.total_tokens
        return SummaryMade(text, upto, response.usage, len(messages), new_state)


__all__ = [
    "SummaryCheckpoint",
    "SummaryMade",
    "add_ledger",
    "ledger_budget",
    "previous_summary",
    "summary_input",
]
