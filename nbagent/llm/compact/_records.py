"""What a microcompact run reports: one record per message, the plan and the report.

A :class:`CompactPlan` holds the totals and the changes a pass decided; its records are built
the first time they are read (from decisions taken during the pass), so a pass nobody tabulates
stays cheap. A :class:`CompactReport` is a plan and the history it was applied to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from nbagent.llm.compact._policy import CompactAction
from nbagent.llm.messages import Message

M = TypeVar("M", bound=Message)


# A block's decision, not a message's: a CompactRecord sums its units and shows the largest.
class UnitRecord(NamedTuple):
    """The decision for one tool result or thinking block."""

    block: int | None
    """Index in the message's content; None for a tool-result message's whole content."""
    kind: str
    tool_call_id: str | None
    tool_name: str | None
    chars: int
    tokens_before: int
    tokens_after: int
    score: float | None
    semantic: float | None
    content: float | None
    decay: float | None
    reference: float | None
    age_turns: int | None
    """Turns since the result was last referenced (or produced)."""
    action: CompactAction
    reason: str
    content_reason: str = ""
    """What the content heuristics saw, e.g. ``list-like data (JSON array)``."""


class CompactRecord(NamedTuple):
    """One message in a compaction run; ``units`` holds the per-block decisions behind it.

    A named tuple: cheap to build (a run makes one per message) and immutable, so runs can share
    records. ``pandas.DataFrame(records)`` works; :meth:`to_row` gives the flat table form.
    """

    index: int  # type: ignore[assignment]  # the field shadows tuple.index, which nobody needs here
    role: str
    tool_name: str | None
    tool_call_id: str | None
    chars: int
    tokens_before: int
    tokens_after: int
    score: float | None
    semantic: float | None
    content: float | None
    decay: float | None
    reference: float | None
    age_turns: int | None
    action: CompactAction
    reason: str
    units: tuple[UnitRecord, ...] = ()

    @property
    def freed_tokens(self) -> int:
        return self.tokens_before - self.tokens_after

    def to_row(self) -> dict[str, Any]:
        """A flat dict (action as its name, no ``units``): one DataFrame row."""
        row = self._asdict()
        del row["units"]
        row["action"] = self.action.name
        row["freed_tokens"] = self.tokens_before - self.tokens_after
        return row


Change = tuple[int, str]
"""(block index, or -1 for a tool-result message's whole content; the new text)."""


class CompactPlan:
    """The decision pass over a history: totals and changes now, one record per message on read.

    Records are built the first time :attr:`records` (or a row method) is read, from decisions
    taken during the pass, so the pass itself stays cheap when nobody looks at the table.
    """

    __slots__ = (
        "_after",
        "_build",
        "_records",
        "changes",
        "estimator",
        "estimator_key",
        "size",
        "tokens_after",
        "tokens_before",
    )

    def __init__(
        self,
        *,
        tokens_before: int,
        tokens_after: int,
        estimator: str,
        changes: dict[int, tuple[Change, ...]],
        changed_tokens: dict[int, int],
        size: int,
        build_records: Callable[[], list[CompactRecord]],
        estimator_key: str | None = None,
    ) -> None:
        self.size = size
        """How many messages the plan covers."""
        self.tokens_before = tokens_before
        self.tokens_after = tokens_after
        self.estimator = estimator
        """The name of the estimator behind every token count."""
        self.estimator_key = estimator_key
        """Its :func:`~nbagent.llm.tokens.estimator_key`: what the messages the plan builds
        remember their counts under (``None``: a plan read back, which builds none)."""
        self.changes = changes
        """Message index -> the new texts :func:`apply_plan` builds in."""
        self._after = changed_tokens
        self._build: Callable[[], list[CompactRecord]] | None = build_records
        self._records: list[CompactRecord] | None = None

    def __repr__(self) -> str:
        return (
            f"CompactPlan(tokens_before={self.tokens_before}, tokens_after={self.tokens_after}, "
            f"changed={len(self.changes)})"
        )

    @property
    def records(self) -> list[CompactRecord]:
        """One record per message, in order."""
        if self._records is None:
            assert self._build is not None
            self._records, self._build = self._build(), None
        return self._records

    @property
    def freed_tokens(self) -> int:
        return self.tokens_before - self.tokens_after

    def message_tokens_after(self, index: int) -> int:
        """Estimated tokens of message ``index`` once the plan is applied."""
        after = self._after.get(index)
        return self.records[index].tokens_after if after is None else after

    def to_rows(self) -> list[dict[str, Any]]:
        """One dict per message, ready for ``pandas.DataFrame(plan.to_rows())``."""
        return [r.to_row() for r in self.records]

    def unit_rows(self) -> list[dict[str, Any]]:
        """One dict per tool result or thinking block, with its message ``index``."""
        rows = []
        for record in self.records:
            for unit in record.units:
                row = {"index": record.index, "role": record.role, **unit._asdict()}
                row["action"] = unit.action.name
                rows.append(row)
        return rows


@dataclass(frozen=True, slots=True)
class CompactReport(Generic[M]):
    """The compacted history and the plan that made it."""

    messages: list[M]
    plan: CompactPlan

    @property
    def records(self) -> list[CompactRecord]:
        return self.plan.records

    @property
    def freed_tokens(self) -> int:
        return self.plan.freed_tokens

    @property
    def tokens_before(self) -> int:
        return self.plan.tokens_before

    @property
    def tokens_after(self) -> int:
        return self.plan.tokens_after

    def to_rows(self) -> list[dict[str, Any]]:
        return self.plan.to_rows()

    def to_dict(self) -> dict[str, Any]:
        """Totals and rows as plain data (JSON-friendly)."""
        return {
            "tokens_before": self.tokens_before,
            "tokens_after": self.tokens_after,
            "freed_tokens": self.freed_tokens,
            "rows": self.to_rows(),
        }
