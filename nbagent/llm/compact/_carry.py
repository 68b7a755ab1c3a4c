"""Between compactions: a request carries the last compaction's decisions, byte for byte.

Providers cache a request's prefix and bill its repeat at a fraction of the price; a request
that changes an early message pays full price from there on. So once a compaction is made, the
requests after it send the very messages it built for the history it covered — a result that
aged by a decay step keeps its old form — and the messages added since as they are, until the
history no longer fits and the next worthwhile compaction decides everything again (see
``CompactConfig.stable_prefix``).
"""

from __future__ import annotations

from collections.abc import Sequence

from nbagent.llm.compact._estimates import PassEstimator
from nbagent.llm.compact._index import CompactState
from nbagent.llm.compact._policy import SKIP
from nbagent.llm.compact._records import CompactPlan, CompactRecord, CompactReport, M
from nbagent.llm.tokens import TokenEstimator

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


__all__ = ["HELD_REASON", "carried_report"]
