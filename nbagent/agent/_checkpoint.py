"""The summary checkpoint: after the turn-end hook, before ``turn_index`` advances.

::

    submit_turn(text)
      1. read-only check            5. cost_so_far += usage
      2. TURN_START hook            6. slot append + save (one transaction)
      3. slot.load_messages()       7. TURN_END hook
      4. the tool loop              8. summary checkpoint   <- here
                                    9. turn_index += 1

The streamed path commits (6) when the stream ends and advances ``turn_index`` there;
``finalize_turn()`` then runs (7) and (8) with the turn's own index, ``turn_index - 1``.

The checkpoint never raises for the summary's sake: a failed call or save is logged at error
level and leaves the slot, session memory and summary state exactly as they were.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from nbagent.agent._state import SessionState, SlotSummary
from nbagent.agent.config import AgentBundle
from nbagent.agent.context import ContextSlot, SlotMode
from nbagent.agent.memory import CONVERSATION_SUMMARY_KEY, MEMORY_NAMESPACE
from nbagent.agent.store import PutValue, StoreOp
from nbagent.agent.summary import SummaryConfig, decide_summary, request_summary
from nbagent.agent.timeline import SummaryStatus, TurnRecord
from nbagent.errors import ProviderError
from nbagent.llm.hooks import HookEvent
from nbagent.llm.messages import AnyMessage, Message
from nbagent.llm.request import MessageResponse

logger = logging.getLogger("nbagent.agent.summary")


def summary_input(
    slot: ContextSlot, config: SummaryConfig, previous: SlotSummary | None
) -> tuple[list[AnyMessage], int]:
    """The messages to summarise and how many stored messages the result will cover.

    ``full`` takes the whole stored history. ``incremental`` takes the previous summary (as the
    system message the focused view shows) plus only the messages after it.
    """
    messages = list(slot.messages)
    upto = len(messages)
    if config.strategy == "full":
        return messages, upto
    if slot.config.mode is SlotMode.FOCUSED and slot.focused.summary_override is not None:
        previous = SlotSummary(slot.focused.summary_override, slot.focused.summary_upto)
    if previous is None or previous.upto > upto:
        return messages, upto
    marker = slot.focused.summary_marker
    head: list[AnyMessage] = [Message.system(f"{marker} {previous.text}")]
    return head + messages[previous.upto :], upto


class SummaryCheckpoint:
    """Mixed into :class:`~nbagent.agent.session.AgentSession`; see the module docstring."""

    session_id: str
    bundle: AgentBundle
    _state: SessionState

    @property
    def slot(self) -> ContextSlot:
        raise NotImplementedError

    def estimate_context_tokens(self) -> int:
        raise NotImplementedError

    def _state_op(self, state: SessionState) -> StoreOp:
        raise NotImplementedError

    async def _emit(
        self,
        event: HookEvent,
        turn_index: int,
        *,
        response: MessageResponse | None = None,
        **data: Any,
    ) -> None:
        raise NotImplementedError

    async def _summary_checkpoint(self, turn_index: int, record: TurnRecord) -> None:
        """Step 8.5 of the notes: maybe summarise, and fill the record's summary fields."""
        config = self.bundle.config.summary_config
        if config is None:
            record.summary_status = SummaryStatus.DISABLED
            return
        record.threshold = config.threshold
        if config.watermark == "cumulative":
            watermark = record.cumulative_tokens
        else:
            watermark = record.reported_context_tokens or record.estimated_context_tokens
        record.watermark = watermark
        status = decide_summary(config, turn_index, self._state.last_summary_turn, watermark)
        record.summary_status = status
        if status is SummaryStatus.FIRED:
            started = time.perf_counter()
            record.summary_status = await self._summarise(config, turn_index, record)
            record.summary_latency_s = time.perf_counter() - started
        record.context_tokens_after = self.estimate_context_tokens()

    async def _summarise(
        self, config: SummaryConfig, turn_index: int, record: TurnRecord
    ) -> SummaryStatus:
        slot = self.slot
        messages, upto = summary_input(slot, config, self._state.summaries.get(slot.id))
        try:
            response = await request_summary(
                self.bundle.provider,
                messages,
                config,
                hook_executor=self.bundle.hook_executor,
                turn_index=turn_index,
            )
            if response is None:
                return SummaryStatus.EMPTY
            text = response.text().strip()
            if not text:
                raise ProviderError(
                    "the model returned an empty summary; check summary_prompt and summary_model",
                    provider=getattr(self.bundle.provider, "name", None),
                )
            state = self._state.copy()
            state.last_summary_turn = turn_index
            state.summary_cost.add(response.usage)
            state.summaries[slot.id] = SlotSummary(text, upto)
            new_config = slot.config
            if slot.config.mode is SlotMode.FOCUSED:
                focused = slot.focused.model_copy(
                    update={"summary_override": text, "summary_upto": upto}
                )
                new_config = slot.config.model_copy(update={"focused": focused})
            ops: list[StoreOp] = [
                *slot.save_ops(config=new_config),
                PutValue(self.session_id, MEMORY_NAMESPACE, CONVERSATION_SUMMARY_KEY, text),
                self._state_op(state),
            ]
            await self.bundle.store.commit(ops)
        except Exception as e:
            logger.error(
                "automatic summary failed (session=%s, turn=%d): %s: %s; the turn goes on "
                "and nothing was changed",
                self.session_id,
                turn_index,
                type(e).__name__,
                e,
            )
            record.summary_error = f"{type(e).__name__}: {e}"
            return SummaryStatus.FAILED
        # Committed: now the in-memory state follows.
        slot.mark_saved(config=new_config)
        self._state = state
        record.summary = text
        record.summary_tokens = response.usage.total_tokens
        await self._emit(
            HookEvent.SUMMARY,
            turn_index,
            summary=text,
            summary_upto=upto,
            slot_id=slot.id,
            usage=response.usage,
            messages_summarised=len(messages),
        )
        return SummaryStatus.FIRED


__all__ = ["SummaryCheckpoint", "summary_input"]
